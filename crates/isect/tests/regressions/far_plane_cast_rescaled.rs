//! Issue 24: `Plane::raycast` formed the hit's `t` in the rescaled frame, where it overflowed.
//! The plane `2⁻¹³⁹ x + y = 0` (a subnormal normal coordinate, the normal's length rounding to
//! one) and a ray from `(0, y, 0)` along `−x` cross exactly at `x = −y · 2¹³⁹`, `t = y · 2¹³⁹`.
//! With `y = 2⁻²⁰ · 4⁻³` (below the window's bottom `2⁻²⁰` in `f32`) that is `t = 2¹¹³`,
//! representable, but the cast ran on the input scaled up by `2²⁶` into the window, where
//! `t = 2¹³⁹` overflowed `f32` and the cast missed (`None`). In `f64` the same with the window's
//! bottom `2⁻¹⁵⁰` and a normal coordinate `2⁻¹⁰³⁵`. The frame's `t` is now scaled back as a
//! quotient and a power of two, the point applied at the input's scale (`scale::crossing`).
//!
//! Exact values: `n · o = y` exactly (`0 · 2⁻¹³⁹ + y · 1`), `n · dir = −2⁻¹³⁹` exactly, so
//! `t = y · 2¹³⁹` and the point `(−y · 2¹³⁹, y, 0)` are powers of two, compared with `==`.

use isect::math::Vec3;
use isect::{Ray, RayCast, Real};

use super::{low_exp, pow2, tilted_plane};

#[test]
fn far_plane_cast_overflowed_in_the_rescaled_frame() {
    let (plane, tiny_exp) = tilted_plane();
    let mut failures = Vec::new();
    // From scale 1 (computed as given) down to 4⁻⁸, and up as far as `t` stays finite (`2¹²⁷`
    // in `f32`).
    for j in -8..=4 {
        let y = pow2(low_exp() + 2 * j);
        let t = pow2(low_exp() + 2 * j - tiny_exp);
        let expected = Vec3::new(-t, y, 0.0);
        let ray = Ray::new(Vec3::new(0.0, y, 0.0), -Vec3::X);
        for (what, hit) in [
            ("raycast", plane.raycast(&ray, Real::MAX)),
            ("raycast_surface", plane.raycast_surface(&ray, Real::MAX)),
            ("raycast_front", plane.raycast_front(&ray, Real::MAX)),
            ("raycast at max_t = t", plane.raycast(&ray, t)),
        ] {
            let right = hit.is_some_and(|h| h.t == t && h.point == expected && h.normal.y == 1.0);
            if !right {
                failures.push(format!("scale 4^{j}, {what}: {hit:?}, expected t = {t:e}"));
            }
        }
        // Just short of the crossing, and the ray leaving it (along +x): no hit.
        let short = t * (1.0 - Real::EPSILON);
        let away = Ray::new(ray.origin, Vec3::X);
        for (what, hit) in [
            ("max_t below t", plane.raycast(&ray, short)),
            ("ray along +x", plane.raycast(&away, Real::MAX)),
        ] {
            if hit.is_some() {
                failures.push(format!("scale 4^{j}, {what}: {hit:?}, expected None"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
