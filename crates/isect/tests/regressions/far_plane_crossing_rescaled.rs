//! Issue 24, fuzz (`query_driver`, distance family): a line nearly parallel to a plane whose
//! normal has a subnormal component, at the bottom of the rescaling window, got its crossing
//! (`2.76e32` away) at scale 1 and `∞` at scale `4⁻³`. Scaled into the window, the input was
//! multiplied by `2²⁶`, which took the crossing beyond `Real::MAX` in the scaled frame, though
//! at the input's scale it is representable: the crossing point is now applied at the input's
//! scale (`scale::crossing`).
//!
//! Rebuilt by hand: the plane `2⁻¹³⁹ x + y = 0` (the normal's length `√(1 + 2⁻²⁷⁸)` rounds
//! to one) and the line through `(0, LOW, 0)` along `x` (`LOW` the window's bottom, `2⁻²⁰` in `f32`,
//! `2⁻¹⁵⁰` in `f64`), which cross exactly at `(−LOW · 2¹³⁹, LOW, 0)`: `−2¹¹⁹` (`6.6e35`) in
//! `f32`; `2¹³⁹` and `2¹⁰³⁵` overflow both precisions, so any rescaling up overflowed.

use isect::math::Vec3;
use isect::{Distance, Line, Ray};

use super::{low_exp, pow2, tilted_plane};

#[test]
fn far_plane_crossing_overflowed_in_the_rescaled_frame() {
    let (plane, tiny_exp) = tilted_plane();
    let mut failures = Vec::new();
    // From scale 1 (computed as given) down to 4⁻⁸ (rescaled up by `2^(20 − 2j)` in `f32`), and
    // up as far as the crossing stays finite in `f32` (`2¹²⁷`).
    for j in -8..=4 {
        let y = pow2(low_exp() + 2 * j);
        let expected = Vec3::new(-pow2(low_exp() + 2 * j - tiny_exp), y, 0.0);
        let origin = Vec3::new(0.0, y, 0.0);
        let line = Line::new(origin, Vec3::X);
        let ray = Ray::new(origin, -Vec3::X);
        for (what, cp) in [
            ("line-plane", line.closest_points(&plane)),
            ("plane-line", plane.closest_points(&line)),
            ("ray-plane", ray.closest_points(&plane)),
            ("plane-ray", plane.closest_points(&ray)),
        ] {
            if !(cp.distance == 0.0 && cp.a == expected && cp.b == expected) {
                failures.push(format!("scale 4^{j}, {what}: {cp:?}, expected {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
