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

/// A unit direction at the angles `phi` and `psi`, and the same turned by `theta` about an axis
/// square to it (at the angle `chi` about it), both rounded to [`Real`]: full-mantissa
/// coordinates, whose rounded cross product cancels to `ε` of them.
fn nearly_parallel(phi: f64, psi: f64, chi: f64, theta: f64) -> (Vec3, Vec3) {
    let u = [phi.cos() * psi.cos(), phi.sin() * psi.cos(), psi.sin()];
    // Two unit vectors square to u, and the axis between them.
    let e1 = [-phi.sin(), phi.cos(), 0.0];
    let e2 = [-phi.cos() * psi.sin(), -phi.sin() * psi.sin(), psi.cos()];
    let turned: [f64; 3] = core::array::from_fn(|i| {
        u[i] * theta.cos() + (e1[i] * chi.cos() + e2[i] * chi.sin()) * theta.sin()
    });
    (pf(u), pf(turned))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Two lines through the origin, along nearly parallel directions `d_p`, `d_q` with
    /// full-mantissa coordinates (`nearly_parallel`, `θ` from `2⁻³` to `2⁻¹⁴`, where the
    /// rounded cross product was used; each direction scaled by its own power of two), given
    /// by the points `−2ᵐ d_p` and `−2ⁿ d_q` (exact, so the lines meet exactly at the origin:
    /// both closest points are the origin). Turned by a quarter turn with signs and scaled by
    /// `2ʲ`: both closest points within `16 ε |q₀ − p₀| / sin θ` of the origin (the conditioning:
    /// a rounding of the inputs moves the crossing that far along the lines), as lines in both
    /// orders and as rays towards the crossing. The old crossing parameter (the rounded `f32`
    /// cross product `n`, whose coordinates cancel to an error of `ε |d_p| |d_q|`) put them about
    /// `ε |q₀ − p₀| / sin² θ` off, `1 / sin θ` times that, in both precisions (`isect-f64` rounded
    /// its cross product the same way above `sin² θ = 1/16`). Integer directions (this property's
    /// first generator) have cross products exact in `f32`, and passed on the old code.
    #[test]
    fn nearly_parallel_points_follow_the_conditioning(
        k in 3..=14i32,
        frac in 0.0..1.0f64,
        phi in -3.2..3.2f64,
        psi in -1.5..1.5f64,
        chi in -3.2..3.2f64,
        j in -40..=40i32,
        m in 0..=12i32,
        n in 0..=12i32,
        pe in -12..=12i32,
        qe in -12..=12i32,
        perm in 0..6usize,
        bits in 0..8u8,
    ) {
        let theta = (2.0f64).powi(-k) * (1.0 + frac);
        let (u, t) = nearly_parallel(phi, psi, chi, theta);
        let signs = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0];
        let sc = pow2(j);
        let at = |x: Vec3| turn(x, perm, signs) * sc;
        let (origin_p, origin_q) = (at(-u * pow2(m)), at(-t * pow2(n)));
        let (dir_p, dir_q) = (at(u) * pow2(pe), at(t) * pow2(qe));
        let gap = (origin_q - origin_p).abs().max_element();
        let tol = 16.0 * Real::EPSILON * gap / rf(theta.sin());
        let what = format!(
            "k {k}, theta {theta}, 2^{j}, u {u}, t {t}, m {m}, n {n}, turn {perm}/{bits}, tol {tol}"
        );
        let close = |x: Vec3| x.abs().max_element() <= tol;
        let (p, q) = (Line::new(origin_p, dir_p), Line::new(origin_q, dir_q));
        let cp = p.closest_points(&q);
        prop_assert!(close(cp.a) && close(cp.b), "{what}: {cp:?}");
        let cp = q.closest_points(&p);
        prop_assert!(close(cp.a) && close(cp.b), "{what}: {cp:?}");
        // Rays from the given points towards the crossing.
        let (p, q) = (Ray::new(origin_p, dir_p), Ray::new(origin_q, dir_q));
        let cp = p.closest_points(&q);
        prop_assert!(close(cp.a) && close(cp.b), "rays {what}: {cp:?}");
    }
}
