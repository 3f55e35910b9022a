//! Issue 24: lines whose closest pair lies beyond `Real::MAX`. The line `(0, 0, 0) + s (1, 0, 0)`
//! and the line `(0, 8, 1) + t (1, m, 0)` with `m = Real::MIN_POSITIVE` (`2⁻¹²⁶` in `f32`,
//! `2⁻¹⁰²²` in `f64`) have the common normal `z` and are exactly 1 apart; their directions cross
//! at an angle of about `m`, so the closest pair is at `s = t = −8 / m` (`−2¹²⁹`, `−2¹⁰²⁵`),
//! beyond the float range: the points `(−8 / m, 0, 0)` and `(−8 / m, 0, 1)`. The crossing
//! parameter overflowed and `closest_parameters` fell back to the candidates at the origins,
//! which are not the answer: finite points near the origins, distance `√65 ≈ 8.06`. Now the pair
//! is reported where it lies, at infinity along the lines (`x = −∞`, the other coordinates
//! exact), with the lines' distance 1 (`line_line_distance`), for rays too where the pair lies
//! ahead of both origins; a ray pointing away from it still gets its origin's pair (`√65`).

use isect::math::Vec3;
use isect::{Distance, Intersects, Line, Ray, Real};

use super::pow2;

#[test]
fn closest_pair_beyond_range_is_at_infinity() {
    let m = Real::MIN_POSITIVE;
    let mut failures = Vec::new();
    // Scale 2ᵏ: computed as given (k ≤ 20 in `f32`) and rescaled (k = 30); the pair overflows
    // from `k = −1` on in `f32` (`2¹²⁸`).
    for k in [-1, 0, 1, 10, 30] {
        let u = pow2(k);
        let (p_origin, q_origin) = (Vec3::ZERO, Vec3::new(0.0, 8.0 * u, u));
        let q_dir = Vec3::new(1.0, m, 0.0);
        let expected_a = Vec3::new(Real::NEG_INFINITY, 0.0, 0.0);
        let expected_b = Vec3::new(Real::NEG_INFINITY, 0.0, u);
        let lines = (Line::new(p_origin, Vec3::X), Line::new(q_origin, q_dir));
        // Rays towards the pair (along −x).
        let rays = (Ray::new(p_origin, -Vec3::X), Ray::new(q_origin, -q_dir));
        for (what, cp) in [
            ("line-line", lines.0.closest_points(&lines.1)),
            ("line-ray", lines.0.closest_points(&rays.1)),
            ("ray-line", rays.0.closest_points(&lines.1)),
            ("ray-ray", rays.0.closest_points(&rays.1)),
        ] {
            if !(cp.distance == u && cp.a == expected_a && cp.b == expected_b) {
                failures.push(format!(
                    "scale 2^{k}, {what}: {cp:?}, expected {expected_a}, {expected_b}, {u}"
                ));
            }
        }
        for (what, d) in [
            ("line-line distance", lines.0.distance(&lines.1)),
            ("ray-ray distance", rays.1.distance(&rays.0)),
        ] {
            if d != u {
                failures.push(format!("scale 2^{k}, {what}: {d}, expected {u}"));
            }
        }
        if lines.0.intersects(&lines.1) || rays.0.intersects(&rays.1) {
            failures.push(format!("scale 2^{k}: lines 1 apart intersect"));
        }
        // A ray leaving the pair (along +x): its origin's pair, `√65 · 2ᵏ` apart.
        let away = Ray::new(p_origin, Vec3::X);
        let cp = away.closest_points(&lines.1);
        if !(cp.a == p_origin && (cp.distance / u - (65.0 as Real).sqrt()).abs() < 1e-4) {
            failures.push(format!("scale 2^{k}, ray away: {cp:?}, expected √65"));
        }
        // Not representable: `None`.
        if let Some(st) = lines.0.closest_parameters(&lines.1) {
            failures.push(format!(
                "scale 2^{k}, closest_parameters: {st:?}, expected None"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
