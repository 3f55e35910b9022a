//! Issue 24, fuzz (AFL `query_contact`, 2026-11-28): a sphere `1.5e13` wide around a box (a
//! point box, or an oriented box of the same size) got contact normals one ulp apart at scale 1
//! and at `4⁻¹²`: at scale 1 the radius takes the pair out of the rescaling window, the offset
//! from the box to the center becomes `1e-13` and its square leaves the range the hot path
//! computes, so the cold path normalized it by multiplying with the reciprocal of its length,
//! where the hot path divides by the length. Both now divide.

use isect::math::{Mat3, Vec3};
use isect::{Aabb, Contact, Obb, Real, Sphere};

use super::{f, pow2};

/// The fuzzer's spheres around a point box and an oriented box: one normal, bit for bit, at
/// every scale from 4⁻¹⁶ to 1, in both argument orders.
#[test]
fn ball_box_normal_is_the_same_at_every_scale() {
    let spheres = [
        (f(-2.8125, 1.192_092_9e-7, 6.3125), 14_660_148_000_000.0f32),
        (f(-5.875, -5.875, 1.0625), 14_660_155_000_000.0),
    ];
    let obb = Obb::new(
        f(-3.8125, -2.75, 7.6875),
        f(6.6875, 6.3125, 14_660_148_000_000.0),
        Mat3::from_cols(
            f(-0.623_667_84, -0.552_737_95, 0.552_737_95),
            f(0.552_737_95, 0.188_166_08, 0.811_833_9),
            f(-0.552_737_95, 0.811_833_9, 0.188_166_08),
        ),
    );
    let point = Aabb::new(Vec3::ZERO, Vec3::ZERO);
    for (center, radius) in spheres {
        let at_scale = |k: i32| {
            let s = pow2(2 * k);
            let sphere = Sphere::new(center * s, Real::from(radius) * s);
            let moved = Obb::new(obb.center * s, obb.half_extents * s, obb.rotation);
            let normal = |c: Option<isect::ContactInfo>| c.map(|c| c.normal);
            [
                normal(sphere.contact(&point)),
                normal(point.contact(&sphere)).map(|n| -n),
                normal(moved.contact(&sphere)),
                normal(sphere.contact(&moved)).map(|n| -n),
            ]
        };
        let expected = at_scale(0);
        assert!(expected.iter().all(Option::is_some), "{expected:?}");
        for k in -16..0 {
            assert_eq!(at_scale(k), expected, "sphere at {center}, 4^{k}");
        }
    }
}
