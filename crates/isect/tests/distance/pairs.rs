//! Every closed-form distance pair: sphere and capsule pairs, shapes against planes.

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, ConvexHull, Distance, Intersects, Line, Plane, Ray, Real, Segment, Sphere,
    Triangle,
};
use proptest::prelude::*;

use super::{check, check_convex, samples};
use crate::common::{strategy, v};

#[test]
fn hand_cases() {
    let ball = Sphere::new(Vec3::ZERO, 1.0);
    let cp = ball.closest_points(&Sphere::new(v(4.0, 0.0, 0.0), 2.0));
    assert_eq!(
        (cp.a, cp.b, cp.distance),
        (v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0), 1.0)
    );
    // Touching: distance 0 at the touching point; 1/1024 apart: positive.
    let cp = ball.closest_points(&Sphere::new(v(3.0, 0.0, 0.0), 2.0));
    assert_eq!((cp.a, cp.distance), (v(1.0, 0.0, 0.0), 0.0));
    assert!(ball.distance(&Sphere::new(v(3.0 + 1.0 / 1024.0, 0.0, 0.0), 2.0)) > 0.0);
    // Sphere–box: a corner region.
    let cube = Aabb::new(v(2.0, 2.0, 2.0), v(3.0, 3.0, 3.0));
    let cp = Sphere::new(Vec3::ZERO, 0.5).closest_points(&cube);
    assert_eq!(cp.b, v(2.0, 2.0, 2.0));
    assert!((cp.distance - (12.0 as Real).sqrt() + 0.5).abs() <= 1e-6);
    // Capsules side by side, parallel: distance 2 − 1.
    let a = Capsule::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), 0.5);
    let b = Capsule::new(v(1.0, 2.0, 0.0), v(5.0, 2.0, 0.0), 0.5);
    assert_eq!(a.distance(&b), 1.0);
    // Plane pairs: a box above the ground, a segment crossing it, a parallel line.
    let ground = Plane::new(Vec3::Y, 0.0);
    let cp = Aabb::new(v(-1.0, 2.0, -1.0), v(1.0, 3.0, 1.0)).closest_points(&ground);
    assert_eq!(
        (cp.a, cp.b, cp.distance),
        (v(0.0, 2.0, 0.0), Vec3::ZERO, 2.0)
    );
    let cp = Segment::new(v(1.0, -1.0, 0.0), v(1.0, 3.0, 0.0)).closest_points(&ground);
    assert_eq!((cp.a, cp.distance), (v(1.0, 0.0, 0.0), 0.0));
    assert_eq!(Line::new(v(0.0, 2.0, 0.0), Vec3::X).distance(&ground), 2.0);
    assert_eq!(Ray::new(v(0.0, 2.0, 0.0), Vec3::Y).distance(&ground), 2.0);
    assert_eq!(Ray::new(v(0.0, 2.0, 0.0), -Vec3::Y).distance(&ground), 0.0);
    let tri = Triangle::new(v(0.0, 1.0, 0.0), v(2.0, 3.0, 0.0), v(0.0, 5.0, 2.0));
    assert_eq!(tri.closest_points(&ground).a, v(0.0, 1.0, 0.0));
    // Box–segment: the segment's end nearest the box's face; crossing: 0.
    let cp = cube.closest_points(&Segment::new(v(4.0, 2.5, 2.5), v(6.0, 2.5, 2.5)));
    assert_eq!(
        (cp.a, cp.b, cp.distance),
        (v(3.0, 2.5, 2.5), v(4.0, 2.5, 2.5), 1.0)
    );
    assert_eq!(
        cube.distance(&Segment::new(v(2.5, 0.0, 2.5), v(2.5, 5.0, 2.5))),
        0.0
    );
    let cp = cube.closest_points(&Capsule::new(v(4.0, 2.5, 0.0), v(4.0, 2.5, 5.0), 0.5));
    assert_eq!((cp.a.x, cp.b.x, cp.distance), (3.0, 3.5, 0.5));
    // Invalid input: NONE.
    assert!(Sphere::new(Vec3::ZERO, -1.0).distance(&ball).is_infinite());
    assert!(
        ball.distance(&Plane {
            normal: Vec3::ZERO,
            d: 0.0
        })
        .is_infinite()
    );
    assert!(
        Segment::new(v(Real::NAN, 0.0, 0.0), Vec3::ONE)
            .distance(&ground)
            .is_infinite()
    );
    assert!(
        a.distance(&Capsule::new(Vec3::ZERO, Vec3::ONE, Real::NAN))
            .is_infinite()
    );
}

fn hull() -> impl Strategy<Value = ConvexHull> {
    strategy::hull_points().prop_map(ConvexHull::new)
}

/// Each plane pair checks its own shape (the shared plane routine checks only the plane). Every
/// invalid shape here would otherwise reach the plane (a box with `min > max` or a negative half
/// extent, a capsule with a negative radius) or index an empty hull; each follows a control, the
/// valid shape in its place touching the plane.
#[test]
fn invalid_shapes_against_a_plane_have_no_distance() {
    fn pair<S: Distance<Plane> + core::fmt::Debug>(valid: &S, invalid: &S)
    where
        Plane: Distance<S>,
    {
        let ground = Plane::new(Vec3::Y, 0.0);
        assert!(
            valid.distance(&ground) == 0.0 && ground.distance(valid) == 0.0,
            "control {valid:?}"
        );
        let cp = invalid.closest_points(&ground);
        assert!(
            cp.distance.is_infinite() && !cp.a.is_finite() && !cp.b.is_finite(),
            "{invalid:?}: {cp:?}"
        );
        assert!(ground.distance(invalid).is_infinite(), "{invalid:?}");
    }
    let (down, up) = (v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0));
    pair(
        &Aabb::new(-Vec3::ONE, Vec3::ONE),
        &Aabb::new(v(1.0, -1.0, 1.0), v(-1.0, 1.0, -1.0)),
    );
    pair(
        &isect::Obb::new(Vec3::ZERO, Vec3::ONE, isect::math::Mat3::IDENTITY),
        &isect::Obb::new(Vec3::ZERO, v(1.0, 1.0, -1.0), isect::math::Mat3::IDENTITY),
    );
    pair(&Capsule::new(down, up, 0.5), &Capsule::new(down, up, -0.5));
    pair(
        &ConvexHull::new(vec![down, up, Vec3::X, Vec3::Z]),
        &ConvexHull::new(Vec::new()),
    );
}

proptest! {
    #[test]
    fn sphere_sphere(a in strategy::sphere(), b in strategy::sphere(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn sphere_aabb(a in strategy::sphere(), b in strategy::aabb(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn sphere_obb(a in strategy::sphere(), b in strategy::obb(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn sphere_capsule(a in strategy::sphere(), b in strategy::capsule(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn sphere_triangle(a in strategy::sphere(), b in strategy::triangle(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn sphere_segment(a in strategy::sphere(), b in strategy::segment(), s in samples()) { check_convex(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn sphere_ray(a in strategy::sphere(), b in strategy::ray(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn sphere_line(a in strategy::sphere(), b in strategy::line(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn sphere_plane(a in strategy::sphere(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, None); }
    #[test]
    fn sphere_convex_hull(a in strategy::sphere(), b in hull(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn capsule_capsule(a in strategy::capsule(), b in strategy::capsule(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn capsule_segment(a in strategy::capsule(), b in strategy::segment(), s in samples()) { check_convex(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn capsule_ray(a in strategy::capsule(), b in strategy::ray(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn capsule_line(a in strategy::capsule(), b in strategy::line(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn aabb_segment(a in strategy::aabb(), b in strategy::segment(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn obb_segment(a in strategy::obb(), b in strategy::segment(), s in samples()) { check_convex(&a, &b, &s, None); }
    #[test]
    fn aabb_capsule(a in strategy::aabb(), b in strategy::capsule(), s in samples()) { check_convex(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn obb_capsule(a in strategy::obb(), b in strategy::capsule(), s in samples()) { check_convex(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn capsule_plane(a in strategy::capsule(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, None); }
    #[test]
    fn aabb_plane(a in strategy::aabb(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, None); }
    #[test]
    fn obb_plane(a in strategy::obb(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, None); }
    #[test]
    fn triangle_plane(a in strategy::triangle(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, None); }
    #[test]
    fn convex_hull_plane(a in hull(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, None); }
    #[test]
    fn segment_plane(a in strategy::segment(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn ray_plane(a in strategy::ray(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
    #[test]
    fn line_plane(a in strategy::line(), b in strategy::plane(), s in samples()) { check(&a, &b, &s, Some(a.intersects(&b))); }
}
