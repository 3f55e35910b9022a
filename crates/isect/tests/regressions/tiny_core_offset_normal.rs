//! Issue 24, fuzz (AFL `query_contact`, 2026-11-27): a point-like capsule (core at
//! `(2.3e-15, 2.3e-15, 2.3e-15)`, radius `4.2e10`) around a radius-0 sphere at the origin got the
//! fallback normal `(0, -1, 0)` at scale 1 and the centers' direction `(1, 1, 1) / √3` at scale
//! `4⁻⁸`. At scale 1 the radius takes the pair out of the rescaling window; scaled in, the core's
//! offset from the center (`1e-25`) and its rounding tolerance squared to 0 in `f32`, so the two
//! points counted as one. The offset is 2⁵⁰ times its rounding: its direction is the normal.

use isect::math::Vec3;
use isect::{Capsule, Contact, Real, Sphere, Triangle};

use super::pow2;
use crate::common::v;

/// Offsets of the core from the center far above their rounding, beside radii that take the pair
/// out of the rescaling window (or not), at every power-of-two scale the precision holds.
#[test]
fn tiny_core_offset_beside_a_huge_radius_lost_its_direction() {
    let (min, max) = (Real::MIN_EXP, Real::MAX_EXP);
    let mut failures = Vec::new();
    for offset_exp in [-50, -20, min / 2, min + 40] {
        for radius_exp in [0, 20, 35, max / 2, max - 4] {
            // Rescaling the radius into the window must leave the offset a normal number.
            if radius_exp - offset_exp > 100 {
                continue;
            }
            for (dir, perpendicular) in [
                (v(1.0, 1.0, 1.0), v(1.0, -1.0, 0.0)),
                (v(-1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)),
                (v(0.0, 3.0, -4.0), v(0.0, 4.0, 3.0)),
            ] {
                let c = dir * pow2(offset_exp);
                let r = pow2(radius_exp);
                let at = format!("core {c}, radius 2^{radius_exp}");
                let expected = dir / dir.length();
                let mut check = |what: &str, normal: Option<Vec3>| match normal {
                    Some(n) if (n - expected).abs().max_element() <= 8.0 * Real::EPSILON => {}
                    _ => failures.push(format!(
                        "{at}, {what}: normal {normal:?}, expected {expected}"
                    )),
                };
                let capsule = Capsule::new(c, c, r);
                let sphere = Sphere::new(Vec3::ZERO, 0.0);
                // Normals point from the second shape to the first: from the sphere's center to
                // the core for the capsule first.
                check("capsule-sphere", capsule.contact(&sphere).map(|x| x.normal));
                check(
                    "sphere-capsule",
                    sphere.contact(&capsule).map(|x| -x.normal),
                );
                // A core square to the offset through the same closest point (the exact
                // perpendicular `across`), however far the radius takes the pair out of the
                // rescaling window: the core's squared length then underflows, and its ends were
                // taken for the closest point (issue 24).
                let across = perpendicular * pow2(offset_exp);
                let long = Capsule::new(c - across, c + across, r);
                check(
                    "long capsule-sphere",
                    long.contact(&sphere).map(|x| x.normal),
                );
                check(
                    "sphere-long capsule",
                    sphere.contact(&long).map(|x| -x.normal),
                );
                let point_capsule = Capsule::new(Vec3::ZERO, Vec3::ZERO, 0.0);
                check(
                    "long capsule-point capsule",
                    long.contact(&point_capsule).map(|x| x.normal),
                );
                check(
                    "point capsule-long capsule",
                    point_capsule.contact(&long).map(|x| -x.normal),
                );
                let point_triangle = Triangle::new(Vec3::ZERO, Vec3::ZERO, Vec3::ZERO);
                check(
                    "long capsule-point triangle",
                    long.contact(&point_triangle).map(|x| x.normal),
                );
                let ball = Sphere::new(c, r);
                check(
                    "sphere-triangle",
                    ball.contact(&point_triangle).map(|x| x.normal),
                );
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
