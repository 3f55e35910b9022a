//! Issue 24: `Frustum::raycast` ran input outside the window in the frame scaled into it, where
//! the crossing's `t` overflowed, as `Plane::raycast` once did
//! (`regressions::far_plane_cast_rescaled`). A frustum of any six half-spaces can be unbounded:
//! the side `2ᵉ x + y <= 0` (`e` subnormal: `2⁻¹³⁹` in `f32`, `2⁻¹⁰³⁵` in `f64`) with `x <= 0`,
//! `y >= 0` and `|z| <= y` is a wedge, entered by a ray from `(0, y, 0)` along
//! `−x` at `t = y · 2⁻ᵉ`. With `y` below the window's bottom (`2⁻²⁰` in `f32`) the cast ran scaled
//! up into the window, where `t` overflowed, and missed (`None` at every `y` from `2⁻³⁶` to
//! `2⁻²²` in `f32`). Each plane's parameter is now formed at the input's scale.
//!
//! Exact values: `n · o = y` and `n · dir = −2ᵉ` exactly, so `t = y · 2⁻ᵉ` and the point
//! `(−t, y, 0)` are powers of two, compared with `==`.

use isect::math::Vec3;
use isect::{Frustum, Plane, Ray, RayCast, Real};

use super::{low_exp, pow2, tilted_plane};

#[test]
fn far_frustum_cast_overflowed_in_the_rescaled_frame() {
    let (tilted, tiny_exp) = tilted_plane();
    let mut failures = Vec::new();
    // From scale 1 (computed as given) down to 4⁻⁸, and up as far as `t` stays finite.
    for j in -8..=4 {
        let y = pow2(low_exp() + 2 * j);
        let t = pow2(low_exp() + 2 * j - tiny_exp);
        let frustum = Frustum::new([
            tilted,
            Plane::new(Vec3::X, 0.0),
            Plane::new(-Vec3::Y, 0.0),
            Plane::new(Vec3::Z, y),
            Plane::new(-Vec3::Z, y),
            Plane::new(Vec3::X, 0.0),
        ]);
        let expected = Vec3::new(-t, y, 0.0);
        let ray = Ray::new(Vec3::new(0.0, y, 0.0), -Vec3::X);
        for (what, hit) in [
            ("raycast", frustum.raycast(&ray, Real::MAX)),
            ("raycast_surface", frustum.raycast_surface(&ray, Real::MAX)),
            ("raycast at max_t = t", frustum.raycast(&ray, t)),
        ] {
            let right = hit.is_some_and(|h| h.t == t && h.point == expected && h.normal.y == 1.0);
            if !right {
                failures.push(format!("scale 4^{j}, {what}: {hit:?}, expected t = {t:e}"));
            }
        }
        if !frustum.raycast_any(&ray, Real::MAX) {
            failures.push(format!("scale 4^{j}: raycast_any missed"));
        }
        // Just short of the crossing, and the ray leaving it (along +x): no hit.
        let short = t * (1.0 - Real::EPSILON);
        let away = Ray::new(ray.origin, Vec3::X);
        for (what, hit) in [
            ("max_t below t", frustum.raycast(&ray, short)),
            ("ray along +x", frustum.raycast(&away, Real::MAX)),
        ] {
            if hit.is_some() {
                failures.push(format!("scale 4^{j}, {what}: {hit:?}, expected None"));
            }
        }
        // From inside, at `(−2t, y, 0)` along `+x`: the surface is the exit through the tilted
        // side at `t`; `raycast` answers the start.
        if 2.0 * t < Real::INFINITY {
            let from_inside = Ray::new(Vec3::new(-2.0 * t, y, 0.0), Vec3::X);
            let exit = frustum.raycast_surface(&from_inside, Real::MAX);
            if !exit.is_some_and(|h| h.t == t && h.point == expected && h.normal.y == 1.0) {
                failures.push(format!(
                    "scale 4^{j}, exit from inside: {exit:?}, t = {t:e}"
                ));
            }
            let start = frustum.raycast(&from_inside, Real::MAX);
            if !start.is_some_and(|h| h.t == 0.0 && h.point == from_inside.origin) {
                failures.push(format!("scale 4^{j}, start inside: {start:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
