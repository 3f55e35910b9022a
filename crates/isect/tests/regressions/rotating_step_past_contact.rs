//! A rotating sweep's step taken from GJK's distance, an upper bound, went past the contact.
//!
//! A bar (half extents (4, 1/4, 1/4)) turning a half turn about z against a ball of radius 1/2
//! at (0, 3, 0) first touches it at `π_R t = acos(1/4)` (`π_R` the motion's angle, `π` rounded
//! to `Real`): exactly `t* = 0.419569365069252500…` in `f32` (50 digits by mpmath). With GJK's
//! triangle weights taken from the corner nearest the origin, GJK's path changed: at
//! `t = 0.41954413` the shapes are `2.3028e-4` apart (exact), just inside the stopping tolerance
//! `3.43e-4`, but GJK, converging slowly on the ball, reported `3.627e-4` with a direction 1e-3
//! off, along which the bar's length gave no gap. The fallback step `distance / fastest`
//! (`3.627e-4 / 12.615`) then went to `t_first = 0.4195729`, `3.52e-6` past `t*`, where the
//! shapes overlap by `3.2165e-5` (exact): past the contact the sweep promises never to pass
//! (and half the bar's on-set tolerance `6.5e-5`, by luck only: GJK's distance can be off by
//! `√ε` of the size, `1.4e-3` here). The step now uses the gap GJK's support points proved, a
//! lower bound, and stops where none is proved (here at `0.41954413`).

#![allow(
    clippy::unnecessary_cast,
    reason = "the times computed in Real and compared in f64 in both crates: no-ops in one"
)]

use isect::math::{Mat3, Vec3};
use isect::query::ROTATING_RELATIVE_TOLERANCE;
use isect::{Distance, Intersects, Obb, Real, RigidMotion, Sphere, SweepHit, sweep_rotating};

/// The motion's half turn, `π` rounded to `Real` (the angle the library turns by).
fn half_turn() -> Real {
    core::f64::consts::PI as Real
}

/// The exact gap between the bar and the ball when the bar has turned `π_R t` (in `f64`,
/// whose rounding, 1e-16, is far below the figures checked): the ball's center is `3 |cos θ|`
/// from the plane of the bar's nearer face (`y = ±1/4` in the bar's frame), `3 |sin θ| < 4`
/// along it.
fn gap_at(t: Real) -> f64 {
    3.0 * (half_turn() as f64 * t as f64).cos().abs() - 0.75
}

/// Checks a sweep of the bar against the ball (either order): `t_first` no later than the
/// exact first contact and apart there by no more than the tolerance; `t_last` no earlier
/// than the exact last contact; and the library's own queries agree with the exact gaps.
fn check(hit: Option<SweepHit>, at: &dyn Fn(Real) -> (Obb, Sphere), what: &str) {
    let h = hit.unwrap_or_else(|| panic!("no hit: {what}"));
    let pi = half_turn() as f64;
    let first = 0.25f64.acos() / pi;
    let last = (core::f64::consts::PI - 0.25f64.acos()) / pi;
    // What the sweep documents: within ROTATING_RELATIVE_TOLERANCE of the coordinates (4 and
    // the shift) of touching, or GJK's accuracy √ε of the size (8) for a curved shape.
    let (bar, _) = at(0.0);
    let magnitude = bar.center.abs().max_element() + 4.0;
    let tolerance =
        ((ROTATING_RELATIVE_TOLERANCE * magnitude).max(Real::EPSILON.sqrt() * 8.0)) as f64;
    assert!(
        h.t_first as f64 <= first,
        "t_first past {first}: {h:?} {what}"
    );
    let gap = gap_at(h.t_first);
    assert!(
        0.0 <= gap && gap <= tolerance,
        "gap {gap} at t_first: {h:?} {what}"
    );
    assert!(
        h.t_last as f64 >= last,
        "t_last before {last}: {h:?} {what}"
    );
    let gap = gap_at(h.t_last);
    assert!(
        0.0 <= gap && gap <= tolerance,
        "gap {gap} at t_last: {h:?} {what}"
    );
    // The library's queries on the shapes placed at t_first: apart (by the exact gap, to its
    // distance's accuracy), and overlapping a little later.
    let (bar, placed) = at(h.t_first);
    assert!(!bar.intersects(&placed), "{h:?} {what}");
    let d = bar.distance(&placed) as f64;
    assert!(
        (d - gap_at(h.t_first)).abs() <= 1e-5 + 1e-2 * d,
        "{d}: {what}"
    );
    let (bar, placed) = at((first + 1e-3) as Real);
    assert!(bar.intersects(&placed), "{what}");
}

#[test]
fn rotating_step_past_contact() {
    // The scene turned by quarter turns about z (exact matrices) and shifted by exact offsets.
    let quarter = Mat3::from_cols(Vec3::Y, -Vec3::X, Vec3::Z);
    let mut turn = Mat3::IDENTITY;
    for _ in 0..4 {
        for shift in [Vec3::ZERO, Vec3::new(16.0, -8.0, 4.0)] {
            for sign in [1.0, -1.0] {
                let half_extents = Vec3::new(4.0, 0.25, 0.25);
                let bar = Obb::new(shift, half_extents, turn);
                let ball = Sphere::new(shift + turn * Vec3::new(0.0, 3.0, 0.0), 0.5);
                let angular = Vec3::Z * (sign * half_turn());
                // The bar spinning; the ball still.
                let spin = RigidMotion::new(Vec3::ZERO, angular, shift);
                let at = |t: Real| {
                    let r = Mat3::from_quat(spin.rotation_at(t));
                    (Obb::new(shift, half_extents, r * turn), ball)
                };
                let what = format!("spin {sign} turn {turn:?} shift {shift}");
                check(
                    sweep_rotating(&bar, &spin, &ball, &RigidMotion::STILL),
                    &at,
                    &what,
                );
                // The ball orbiting the still bar the other way: the same relative motion.
                let orbit = RigidMotion::new(Vec3::ZERO, -angular, shift);
                let at = |t: Real| {
                    let c = orbit.point_at(ball.center, t);
                    (bar, Sphere::new(c, 0.5))
                };
                let hit = sweep_rotating(&ball, &orbit, &bar, &RigidMotion::STILL);
                check(hit, &at, &format!("orbit, {what}"));
            }
        }
        turn = quarter * turn;
    }
}
