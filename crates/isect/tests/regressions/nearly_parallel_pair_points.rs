//! Issue 24 (s16, g3, 2026-11-28): the closest points of nearly parallel lines and rays were off
//! along the lines by about `ε |q₀ − p₀| / sin² θ`, `1 / sin θ` times what a rounding of the
//! inputs explains, wherever the crossing's normal `n = dₚ × d_q` was the rounded cross product
//! (`sin² θ` above `2¹⁶ ε²` and `|n|²` in range), whose coordinates cancel to an error of
//! `ε |dₚ| |d_q|`; right where `|n|²` left the range and exact products were taken. So the AFL
//! `query_distance` hour ended with eight line–line and ray–ray pairs whose distances agreed
//! between scale 1 and `4ᵏ` and whose points did not. The line through `(24.75, −14.75, −16.25)`
//! and the ray from `(−8, −1.25, −4.4375)`, `9.8e-5` rad apart (rational arithmetic on the `f32`
//! numbers): closest points `(9456.2488, −61633.875, −22023.080)` and `(9429.1789, −61641.744,
//! −22012.648)`, 30.058896 apart; at scale 1 the pair came out 14.7 off in `y` (524 times
//! `ε |q₀ − p₀| / sin θ`), at `4⁻³` right to `0.003`.
//!
//! Now `n` and `s` are computed in `f64` from the `f32` numbers (exact products, one rounding per
//! coordinate: no rescaling, the same at every scale), and `isect-f64` takes the exact products
//! below `sin² θ = 1/16`.

use isect::math::Vec3;
use isect::{Distance, Line, Ray, Real};
use proptest::prelude::*;

use super::{f as vf, pow2, turn};

/// An `f64` number rounded to the nearest [`Real`].
fn rf(x: f64) -> Real {
    x as Real
}

/// A point from `f64` coordinates (rounded to the nearest [`Real`]).
fn pf(p: [f64; 3]) -> Vec3 {
    Vec3::new(p[0] as Real, p[1] as Real, p[2] as Real)
}

/// `ulps` units of `ε` of the largest coordinate of `a`, `b` and `size`.
fn tolerance(ulps: Real, size: Real, points: &[Vec3]) -> Real {
    let m = points
        .iter()
        .fold(size, |m, p| m.max(p.abs().max_element()));
    ulps * Real::EPSILON * m
}

#[test]
fn fuzz_line_ray_pair() {
    let (p0, pd) = (
        vf(24.75, -14.75, -16.25),
        vf(0.003_662_109_4, -0.023_925_781, -0.008_544_922),
    );
    let (q0, qd) = (
        vf(-8.0, -1.25, -4.4375),
        vf(0.001_831_547_9, -0.011_963_058, -0.004_271_307_5),
    );
    // Exactly (rationals on these numbers), to the nearest f64.
    let a = pf([9456.248764189595, -61633.87525937203, -22023.080449775724]);
    let b = pf([9429.178862607157, -61641.744444544645, -22012.648117684865]);
    let exact = rf(30.058_895_518_926_4);
    for k in [-12, -3, 0, 3, 12] {
        let s = pow2(2 * k);
        let (p, q) = (Line::new(p0 * s, pd * s), Ray::new(q0 * s, qd * s));
        let tol = tolerance(16.0, 0.0, &[a * s]);
        for (x, swap) in [(p.closest_points(&q), false), (q.closest_points(&p), true)] {
            let (xa, xb) = if swap { (x.b, x.a) } else { (x.a, x.b) };
            assert!(
                (xa - a * s).abs().max_element() <= tol && (xb - b * s).abs().max_element() <= tol,
                "4^{k}, swapped {swap}: {x:?}, exactly {} and {}",
                a * s,
                b * s
            );
            assert!(
                (x.distance - exact * s).abs() <= tolerance(16.0, 32.0 * s, &[]),
                "4^{k}: distance {} for exactly {}",
                x.distance,
                exact * s
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Lines along `(a, b, c)` and `(a, b, c + 2⁻ᵏ)` (each scaled by its own power of two),
    /// through `p₀` and `p₀ + w` (multiples of 1/16), `k` where the rounded cross product was
    /// used (`sin θ` from `2⁻³` to `2⁻¹⁴`): `n = 2⁻ᵏ (b, −a, 0)`, so the closest parameters are
    /// `s = ((c + 2⁻ᵏ)(a w_x + b w_y) − (a² + b²) w_z) 2ᵏ / (a² + b²)` and `t` the same with `c`,
    /// exact in `f64` but for the division. Turned by a quarter turn with signs and scaled by
    /// `2ʲ`: both closest points within 16 ulp of their largest coordinate (they were up to
    /// `2ᵏ` times that off), as lines in both orders and as rays towards the pair.
    #[test]
    fn nearly_parallel_points_follow_the_conditioning(
        k in 3..=14i32,
        j in -40..=40i32,
        abc in prop::array::uniform3(1..8i32),
        pe in -12..=12i32,
        qe in -12..=12i32,
        w in prop::array::uniform3(-64..64i32),
        p0 in prop::array::uniform3(-64..64i32),
        perm in 0..6usize,
        bits in 0..8u8,
    ) {
        let [a, b, c] = abc.map(f64::from);
        let delta = (2.0f64).powi(-k);
        let w = w.map(|x| f64::from(x) / 16.0);
        let p0 = p0.map(|x| f64::from(x) / 16.0);
        let ab = a * a + b * b;
        let along = a * w[0] + b * w[1];
        let s = ((c + delta) * along - ab * w[2]) / (delta * ab);
        let t = (c * along - ab * w[2]) / (delta * ab);
        let exact_a = [p0[0] + s * a, p0[1] + s * b, p0[2] + s * c];
        let exact_b = [
            p0[0] + w[0] + t * a,
            p0[1] + w[1] + t * b,
            p0[2] + w[2] + t * (c + delta),
        ];
        let signs = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0];
        let sc = pow2(j);
        let at = |x: [f64; 3]| turn(pf(x), perm, signs) * sc;
        let (pa, pb) = (at(exact_a), at(exact_b));
        let origin_p = at(p0);
        let origin_q = at([p0[0] + w[0], p0[1] + w[1], p0[2] + w[2]]);
        let dir_p = at([a, b, c]) * pow2(pe);
        let dir_q = at([a, b, c + delta]) * pow2(qe);
        let size = 8.0 * sc;
        let tol = tolerance(16.0, size, &[pa, pb]);
        let what = format!("k {k}, 2^{j}, ({a}, {b}, {c}), w {w:?}, p0 {p0:?}, turn {perm}/{bits}");
        let close = |x: Vec3, y: Vec3| (x - y).abs().max_element() <= tol;
        let (p, q) = (Line::new(origin_p, dir_p), Line::new(origin_q, dir_q));
        let cp = p.closest_points(&q);
        prop_assert!(close(cp.a, pa) && close(cp.b, pb), "{what}: {cp:?}, exactly {pa} {pb}");
        let cp = q.closest_points(&p);
        prop_assert!(close(cp.b, pa) && close(cp.a, pb), "{what}: {cp:?}, exactly {pa} {pb}");
        // Rays from the origins towards the pair.
        let toward = |d: Vec3, u: f64| if u < 0.0 { -d } else { d };
        let (p, q) = (
            Ray::new(origin_p, toward(dir_p, s)),
            Ray::new(origin_q, toward(dir_q, t)),
        );
        let cp = p.closest_points(&q);
        prop_assert!(close(cp.a, pa) && close(cp.b, pb), "rays {what}: {cp:?}, exactly {pa} {pb}");
    }
}
