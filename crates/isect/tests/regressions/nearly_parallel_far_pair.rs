//! Issue 24 (lead, 2026-11-27): lines and rays so nearly parallel that their closest pair lies
//! far out were measured by the distance between that pair's points, which carry an ulp of
//! *their* coordinates each, and "met" within the on-set tolerance of those coordinates. Two
//! lines through ordinary points, `1e-6` rad from parallel and exactly 0.78928972 apart (rational
//! arithmetic on the `f32` numbers), measured 0.77118516 and `intersects` said `true` (their pair
//! lies 1.7e6 out, where the tolerance was 1.6); turned `6e-8` rad apart (below `f32`'s `ε`, the
//! rounded cross product of the directions all rounding error) they measured 1.9039434, the
//! distance from one origin to the other line, for the exact 0.91691608.
//!
//! Now the crossing's normal comes from exact products where the lines are that close to
//! parallel (`algo::linear::normalized_exact_cross`), the crossing inside both sets is taken as
//! the closest pair without measuring it against the ends, its distance is the lines' distance
//! from that normal (right to the origins' ulp), and the touching test uses the sets' own
//! tolerance, not that of the far pair.

use isect::math::{Vec3, on_set_tolerance};
use isect::{Distance, Intersects, Line, PointQuery, Ray, Real};
use proptest::prelude::*;

use super::{pow2, turn};
use crate::common::v;

/// `ε` times `x`: the unit of the tolerances below.
fn eps(x: Real) -> Real {
    Real::EPSILON * x
}

/// The two lines' answers against the exact distance `exact` (times the scale `s` they were
/// built at), to a few ulp of the inputs' size `size`; the closest points a pair on the lines
/// whose `|a − b|` is the distance within their own on-set tolerance.
fn check_pair<A, B>(p: &A, q: &B, exact: Real, size: Real, what: &str)
where
    A: Distance<B> + Intersects<B> + core::fmt::Debug,
    B: PointQuery + core::fmt::Debug,
{
    let cp = p.closest_points(q);
    assert_eq!(p.distance(q), cp.distance, "{what}: {cp:?}");
    assert!(
        (cp.distance - exact).abs() <= eps(64.0 * size),
        "{what}: distance {} for exactly {exact} (size {size}): {p:?} {q:?} {cp:?}",
        cp.distance
    );
    assert_eq!(p.intersects(q), exact == 0.0, "{what}: {p:?} {q:?} {cp:?}");
    assert!(cp.a.is_finite() && cp.b.is_finite(), "{what}: {cp:?}");
    let far = on_set_tolerance([cp.a, cp.b]);
    assert!(
        (cp.a.distance(cp.b) - cp.distance).abs() <= far,
        "{what}: |a - b| = {} for distance {}",
        cp.a.distance(cp.b),
        cp.distance
    );
    assert!(q.distance_to_point(cp.b) <= far, "{what}: b off q: {cp:?}");
}

/// `p` through `(1, 2, 3)` along `(3, 4, 12)`, `q` through `p₀ + w` along `(3, 4, 12 + δ)`:
/// `n = δ (4, −3, 0)`, so exactly `|4 w_x − 3 w_y| / 5` apart, their closest pair about
/// `|w| / sin θ` out (`sin θ = 5δ / 169`): `w = (1, 3, 7)` is 1 apart with the pair 2.5e6 out
/// (`δ = 2⁻²⁰`), `w = (3, 4, 7)` crosses 6.3e7 out. `δ = 2⁻⁴⁸` in `f64`, where `2⁻²⁰` is an
/// ordinary angle. Every quarter turn with signs, both argument orders, either line reversed,
/// rays along the lines towards the pair, scales `2⁻⁶⁰..2⁶⁰`.
#[test]
fn nearly_parallel_lines_far_pair_keep_their_distance() {
    let delta = if cfg!(isect_f64) {
        pow2(-48)
    } else {
        pow2(-20)
    };
    let p0 = v(1.0, 2.0, 3.0);
    let pd = v(3.0, 4.0, 12.0);
    let qd = v(3.0, 4.0, 12.0 + delta);
    for (w, exact) in [(v(1.0, 3.0, 7.0), 1.0), (v(3.0, 4.0, 7.0), 0.0)] {
        for j in (-60..=60).step_by(12) {
            let s = pow2(j);
            for perm in 0..6 {
                for bits in 0..8u8 {
                    let signs = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0];
                    let at = |x: Vec3| turn(x, perm, signs) * s;
                    let (a0, b0) = (at(p0), at(p0 + w));
                    let (ad, bd) = (at(pd), at(qd));
                    let what = format!("w = {w}, 2^{j}, turn {perm}/{bits}");
                    let size = 16.0 * s;
                    for (p, q) in [
                        (Line::new(a0, ad), Line::new(b0, bd)),
                        (Line::new(a0, -ad), Line::new(b0, bd)),
                        (Line::new(a0, ad), Line::new(b0, -bd)),
                    ] {
                        check_pair(&p, &q, exact * s, size, &what);
                        check_pair(&q, &p, exact * s, size, &what);
                    }
                    // Both crossings lie ahead (s = 209715.8, t = 209715.2 for w = (1, 3, 7)).
                    let (p, q) = (Ray::new(a0, ad), Ray::new(b0, bd));
                    let line = Line::new(b0, bd);
                    check_pair(&p, &q, exact * s, size, &what);
                    check_pair(&q, &p, exact * s, size, &what);
                    check_pair(&p, &line, exact * s, size, &what);
                    // Pointing away, the rays' closest pair is at an origin: apart either way.
                    let (p, q) = (Ray::new(a0, -ad), Ray::new(b0, -bd));
                    assert!(!p.intersects(&q), "{what}");
                    assert!(p.distance(&q) >= s, "{what}: {}", p.distance(&q));
                }
            }
        }
    }
}

/// The largest `k` of the angle `2⁻ᵏ`: where `c + 2⁻ᵏ` is exact for `c < 4` (22 in `f32`, 50 in
/// `f64`).
const MAX_K: i32 = if cfg!(isect_f64) { 50 } else { 22 };

/// Pythagorean pairs `(a, b)` with `√(a² + b²)` an integer: the distance below is one division.
const PYTHAGOREAN: [(Real, Real, Real); 4] = [
    (3.0, 4.0, 5.0),
    (5.0, 12.0, 13.0),
    (8.0, 15.0, 17.0),
    (7.0, 24.0, 25.0),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Lines along `(a, b, c)` and `(a, b, c + 2⁻ᵏ)` (directions scaled by their own powers of
    /// two), origins `p₀` and `p₀ + w` (multiples of 1/16): exactly `|b w_x − a w_y| / √(a² +
    /// b²)` apart, their closest pair up to `|w| 2ᵏ` out. Turned by a quarter turn with signs and
    /// scaled by `2ʲ` (exact), in both argument orders: the distance to a few ulp of the origins'
    /// size, `intersects` exactly where it is 0 (the old pair's distance was off by an ulp of
    /// the pair's coordinates, 0.06 at `k = 20` in `f32`).
    #[test]
    fn nearly_parallel_lines_distance_follows_the_origins(
        k in 8..=MAX_K,
        j in -40..=40i32,
        abc in 0..4usize,
        c in 1..4i32,
        pe in -12..=12i32,
        qe in -12..=12i32,
        w in prop::array::uniform3(-64..64i32),
        p0 in prop::array::uniform3(-64..64i32),
        perm in 0..6usize,
        bits in 0..8u8,
    ) {
        let (a, b, hyp) = PYTHAGOREAN[abc];
        let c = c as Real;
        let w = v(w[0] as Real, w[1] as Real, w[2] as Real) / 16.0;
        let p0 = v(p0[0] as Real, p0[1] as Real, p0[2] as Real) / 16.0;
        let exact = (b * w.x - a * w.y).abs() / hyp;
        let signs = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0];
        let s = pow2(j);
        let at = |x: Vec3| turn(x, perm, signs) * s;
        let p = Line::new(at(p0), at(v(a, b, c) * pow2(pe)));
        let q = Line::new(at(p0 + w), at(v(a, b, c + pow2(-k)) * pow2(qe)));
        let size = 4.0 * (p0.abs().max_element() + w.abs().max_element() + 1.0) * s;
        for (x, y) in [(p, q), (q, p)] {
            let cp = x.closest_points(&y);
            prop_assert!(
                (cp.distance - exact * s).abs() <= eps(64.0 * size),
                "distance {} for exactly {}: {:?} {:?}", cp.distance, exact * s, x, y
            );
            if exact * s > eps(128.0 * size) {
                prop_assert!(!x.intersects(&y), "{:?} {:?} {:?}", x, y, cp);
            }
            if exact == 0.0 {
                prop_assert!(x.intersects(&y), "{:?} {:?} {:?}", x, y, cp);
            }
        }
    }
}
