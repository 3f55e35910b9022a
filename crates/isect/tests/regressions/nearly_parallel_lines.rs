//! Issue 24, fuzz (`query_driver`, seed 2615): two lines `10⁻¹⁵` from parallel whose distance
//! was 12 % off at a quarter of the size. The cross product of their directions (its length is
//! `|dₚ| |d_q| sin θ`) squared underflowed to 0, and the lines were measured as parallel, from
//! one origin; its square is now taken at a power-of-two scale of its own.

#![allow(
    clippy::excessive_precision,
    reason = "the exact distance to f64's digits, rounded in the f32 crate"
)]

use isect::math::Vec3;
use isect::{Distance, Line, PointQuery, Real};
use proptest::prelude::*;

use super::{pow2, turn};
use crate::common::v;

/// `ε` times `x`: the unit of the tolerances below.
fn eps(x: Real) -> Real {
    Real::EPSILON * x
}

/// `Line((-5.4375, 2.625, -8), (3.6875, -9.88107e-16, -1.2158455e-15))` against
/// `Line((7.125, -2.6875, 4.375), (2.5, 0, 0))`: exactly (rational arithmetic on the `f32`
/// numbers) 11.927409822344138 apart, their closest points at `x ≈ −1.47e16`. At scale 1 `f32`
/// gave 11.92741; at `4⁻⁸` (directions `5.6e-5` and `3.8e-5` long, `|n|² ≈ 5e-49`) 13.4674, the
/// distance of the first line's origin to the second line, `sqrt(5.3125² + 12.375²)`. Every
/// scale now gives the exact distance to a few ulp of the lines' size in `f32`, in both argument
/// orders and with either direction reversed.
#[test]
fn nearly_parallel_lines_distance_underflowed_to_the_origins() {
    let exact = 11.927409822344138 as Real;
    let p0 = v(-5.4375, 2.625, -8.0);
    let pd = v(3.6875, -9.88107e-16, -1.2158455e-15);
    let q0 = v(7.125, -2.6875, 4.375);
    let qd = v(2.5, 0.0, 0.0);
    // In `f32` the lines along `x` keep every scale to a few ulp of their size (the closest
    // points' `x` cancel exactly). The directions are `3e-16` from parallel, below `f64`'s `ε`
    // too, where the accuracy is a few ulp of the closest points' coordinates (`1.47e16`): each
    // scale's answer within rounding of the directions, not of one another (at `2⁻⁶⁰` the
    // directions are normalized, at 1 not: 12.09 and 11.93).
    let accuracy = if cfg!(isect_f64) {
        eps(16.0 * 1.5e16)
    } else {
        eps(64.0 * 16.0)
    };
    for k in (-60..=60).step_by(2) {
        let s = pow2(k);
        for (p_dir, q_dir) in [(pd, qd), (-pd, qd), (pd, -qd)] {
            let p = Line::new(p0 * s, p_dir * s);
            let q = Line::new(q0 * s, q_dir * s);
            for cp in [p.closest_points(&q), q.closest_points(&p)] {
                let d = cp.distance / s;
                assert!(
                    (d - exact).abs() <= accuracy,
                    "k = {k}: distance {d} (scaled back), exactly {exact}: {cp:?}"
                );
                assert!(cp.a.is_finite() && cp.b.is_finite(), "k = {k}: {cp:?}");
            }
        }
    }
}

/// The largest `k` of the angle `2⁻ᵏ` tried: 50 in `f32`, where the squared cross product of
/// directions `2⁻¹⁵` long underflows from `k = 45` (and is subnormal from 33); 500 in `f64`,
/// where it does from about 480.
const MAX_K: i32 = if cfg!(isect_f64) { 500 } else { 50 };

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Lines at an angle `2⁻ᵏ` from origins near 0, as in the fuzz case: `p` through `(0, y₀, 0)`
    /// along `(a, a 2⁻ᵏ, 0)`, `q` through `(x_q, 0, h)` along `x`; exactly `h` apart (at the
    /// origins `sqrt(h² + y₀²)`), closest at `x = −y₀ 2ᵏ`, far from the origins. Directions
    /// `2⁻¹⁵` to `2¹⁵` long, turned by a quarter turn with signs and shifted by a multiple of
    /// `1/4` (exact), in both argument orders, at scale 1 and `2ʲ`.
    ///
    /// Scaled by a power of two the answer is the same, scaled (the bits, up to an ulp); before
    /// the fix, short directions at `k ≥ 45` (`f32`; `k ≥ 480` in `f64`) measured from `p`'s
    /// origin at one scale only. Against the exact answer: the distance is `h` to a few ulp of
    /// the closest points' coordinates (`|y₀| 2ᵏ`, which nearly parallel lines' conditioning
    /// allows: a rounding of a direction turns them by `ε`, moving them `ε |y₀| 2ᵏ` apart there),
    /// and the points a closest pair to that accuracy.
    #[test]
    fn lines_at_angle_two_to_the_minus_k_keep_their_distance(
        k in 1..=MAX_K,
        j in -40..=40i32,
        a_exp in -15..=15i32,
        a_int in 1..16i32,
        q_exp in -15..=15i32,
        q_int in 1..16i32,
        h_int in 1..64i32,
        y_int in -64..64i32,
        xq_int in -64..64i32,
        shift in prop::array::uniform3(-8..8i32),
        perm in 0..6usize,
        signs in prop::array::uniform3(any::<bool>()),
        swap in any::<bool>(),
    ) {
        let h = h_int as Real / 16.0;
        let t = pow2(-k);
        let y0 = y_int as Real / 16.0;
        let a = a_int as Real * pow2(a_exp);
        let p_dir = v(a, a * t, 0.0);
        let p0 = v(0.0, y0, 0.0);
        let q_dir = v(q_int as Real * pow2(q_exp), 0.0, 0.0);
        let q0 = v(xq_int as Real / 16.0, 0.0, h);
        let shift = v(shift[0] as Real, shift[1] as Real, shift[2] as Real) / 4.0;
        let place = |p: Vec3| turn(p, perm, signs) + shift;
        let dir = |d: Vec3| turn(d, perm, signs);
        let lines = |s: Real| {
            let p = Line::new(place(p0) * s, dir(p_dir) * s);
            let q = Line::new(place(q0) * s, dir(q_dir) * s);
            if swap { q.closest_points(&p) } else { p.closest_points(&q) }
        };
        let cp = lines(1.0);
        let scaled = lines(pow2(j));
        let size = h + y0.abs() + 8.0;
        let back = scaled.distance * pow2(-j);
        prop_assert!(
            (back - cp.distance).abs() <= eps(2.0 * cp.distance),
            "k = {}, j = {}: distance {} at scale 1, {} scaled back", k, j, cp.distance, back
        );
        let c = -y0 * pow2(k);
        let tolerance = eps(16.0 * (size + c.abs()));
        prop_assert!(
            (cp.distance - h).abs() <= tolerance,
            "k = {}: distance {} vs {}: {:?}", k, cp.distance, h, cp
        );
        // The points: a closest pair within that tolerance (where the angle is within rounding
        // of 0, any pair of feet is one), each on its line.
        let (on_p, on_q) = if swap { (cp.b, cp.a) } else { (cp.a, cp.b) };
        let (p, q) = (Line::new(place(p0), dir(p_dir)), Line::new(place(q0), dir(q_dir)));
        prop_assert!(p.distance_to_point(on_p) <= tolerance && q.distance_to_point(on_q) <= tolerance,
            "k = {}: points {} {} off their lines", k, on_p, on_q);
        prop_assert!(((on_p - on_q).length() - h).abs() <= tolerance,
            "k = {}: points {} {} apart by {}", k, on_p, on_q, (on_p - on_q).length());
    }
}
