//! Issue 24: a shape's sweep against a mesh far from unit scale.

use isect::math::Mat3;
use isect::{Aabb, Capsule, ConvexHull, Obb, Real, Segment, Sphere, Sweep, Triangle};

use crate::common::mesh::scaled_floor;
use crate::common::v;

/// The mesh sweep called the pair sweeps' closed forms on the mesh's triangles as given, while
/// the pair sweeps themselves first bring their input into the window where their products
/// neither over- nor underflow (`query/algo/scale`). A ball falling on a floor of two triangles
/// `2³⁰` across (or `2⁻⁴⁰`) in `f32` lost its face contact at `t = 0.6` and reported the
/// diagonal edge's, later and tilted: `t = 0.6007`, normal `(0.067, 0.995, −0.067)`; a
/// capsule the same. The triangles are now tested in coordinates times a power of two there.
#[test]
fn shapes_land_on_a_floor_at_every_scale() {
    let e = Real::MAX_EXP;
    for k in [0, -(e / 4), e / 4, -(e * 5 / 8), e * 5 / 8, -(e - 8), e - 8] {
        let s = (2.0 as Real).powi(k);
        let p = |x: Real, y: Real, z: Real| v(x, y, z) * s;
        let floor = scaled_floor(s);
        let motion = p(0.5, -2.0, 0.1);
        // Each shape's lowest point is `2 t` above the floor.
        let check = |name: &str, hit: Option<isect::SweepHit>, t: Real| {
            let hit = hit.unwrap_or_else(|| panic!("2^{k} {name}: no hit"));
            assert!((hit.t_first - t).abs() < 1e-5, "2^{k} {name}: {hit:?}");
            assert!(
                (hit.normal - v(0.0, 1.0, 0.0)).length() < 1e-5,
                "2^{k} {name}: {hit:?}"
            );
            assert!((hit.point.y / s).abs() < 1e-5, "2^{k} {name}: {hit:?}");
        };
        let z = v(0.0, 0.0, 0.0);
        let ball = Sphere::new(p(0.1, 1.5, 0.3), 0.3 * s);
        check("sphere", ball.sweep(motion, &floor, z), 0.6);
        // Through the floor (a surface): the ball's top leaves it at 1.8 / 2.
        let t_last = ball.sweep(motion, &floor, z).unwrap().t_last;
        assert!((t_last - 0.9).abs() < 1e-5, "2^{k}: t_last {t_last}");
        let capsule = Capsule::new(p(-0.5, 1.5, 0.0), p(0.5, 1.5, 0.0), 0.2 * s);
        check("capsule", capsule.sweep(motion, &floor, z), 0.65);
        check(
            "aabb",
            Aabb::new(p(-0.3, 1.0, -0.2), p(0.3, 1.6, 0.4)).sweep(motion, &floor, z),
            0.5,
        );
        let obb = Obb::new(
            p(0.0, 1.4, 0.0),
            p(0.3, 0.4, 0.2),
            Mat3::from_rotation_y(0.7),
        );
        check("obb", obb.sweep(motion, &floor, z), 0.5);
        let segment = Segment::new(p(0.0, 1.0, 0.0), p(0.3, 1.2, 0.1));
        check("segment", segment.sweep(motion, &floor, z), 0.5);
        let triangle = Triangle::new(p(0.0, 1.0, 0.0), p(0.4, 1.4, 0.0), p(0.0, 1.4, 0.4));
        check("triangle", triangle.sweep(motion, &floor, z), 0.5);
        let hull = ConvexHull::new(vec![
            p(0.0, 1.0, 0.0),
            p(0.4, 1.6, 0.0),
            p(-0.3, 1.6, 0.3),
            p(0.0, 1.6, -0.4),
        ]);
        check("hull", hull.sweep(motion, &floor, z), 0.5);
    }
}
