//! Contacts of spheres, boxes and capsules with planes.

use isect::math::{Mat3, Vec3};
use isect::query::SupportMap;
use isect::{Aabb, Capsule, Contact, ConvexHull, Obb, Plane, PointQuery, Real, Sphere, Triangle};
use proptest::prelude::*;

use super::Case;
use crate::common::{strategy, v};
use crate::sweep::plane::plane_gap;

fn check<S>(shape: &S, plane: &Plane)
where
    S: SupportMap + PointQuery + Contact<Plane> + crate::sweep::Translated + core::fmt::Debug,
    Plane: Contact<S>,
{
    Case {
        a: shape,
        b: plane,
        gap: &|s: &S, p: &Plane| plane_gap(s, p),
        dist_a: &|s: &S, q| s.distance_to_point(q),
        dist_b: &|p: &Plane, q| p.signed_distance(q).abs(),
        scale: 20.0,
        // The plane pairs' other order is the mirror: the normal always flips.
        no_unique_normal: false,
    }
    .check();
}

#[test]
fn hand_cases() {
    let ground = Plane::new(Vec3::Y, 0.0);
    let c = Sphere::new(v(0.0, 0.5, 0.0), 1.0).contact(&ground).unwrap();
    assert_eq!((c.point, c.normal, c.depth), (Vec3::ZERO, Vec3::Y, 0.5));
    let c = Sphere::new(v(0.0, -0.25, 0.0), 1.0)
        .contact(&ground)
        .unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::Y, 0.75));
    assert_eq!(
        Sphere::new(v(0.0, 1.0, 0.0), 1.0)
            .contact(&ground)
            .unwrap()
            .depth,
        0.0
    );
    assert!(
        Sphere::new(v(0.0, 1.0 + 1.0 / 1024.0, 0.0), 1.0)
            .contact(&ground)
            .is_none()
    );
    // A box resting flat, half sunk: the point is the middle of the section.
    let c = Aabb::new(v(0.0, -0.5, 0.0), v(2.0, 1.5, 2.0))
        .contact(&ground)
        .unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.5));
    assert_eq!(c.point, v(1.0, 0.0, 1.0));
    let obb = Obb::new(v(0.0, 0.5, 0.0), Vec3::ONE, isect::math::Mat3::IDENTITY);
    assert_eq!(obb.contact(&ground).unwrap().depth, 0.5);
    let lying = Capsule::new(v(-1.0, 0.5, 0.0), v(1.0, 0.5, 0.0), 1.0);
    let c = lying.contact(&ground).unwrap();
    assert_eq!((c.point, c.normal, c.depth), (Vec3::ZERO, Vec3::Y, 0.5));
    // Mirror: the plane against the shape.
    let m = ground.contact(&lying).unwrap();
    assert_eq!((m.normal, m.depth), (-Vec3::Y, 0.5));
    // A triangle crossing the plane: depth to lift it to touching from its middle's side.
    let t = Triangle::new(v(0.0, -1.0, 0.0), v(3.0, 2.0, 0.0), v(0.0, 2.0, 3.0));
    let c = t.contact(&ground).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 1.0));
    assert_eq!(c.point.y, 0.0);
    let cube = ConvexHull::new(
        (0..8)
            .map(|i| {
                v(
                    (i & 1) as Real,
                    ((i >> 1) & 1) as Real - 0.25,
                    ((i >> 2) & 1) as Real,
                )
            })
            .collect::<Vec<_>>(),
    );
    let c = cube.contact(&ground).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    assert!(
        cube.distance_to_point(c.point) <= 1e-6 && c.point.y.abs() <= 1e-6,
        "{c:?}"
    );
    assert!(
        Sphere::new(Vec3::ZERO, 1.0)
            .contact(&Plane {
                normal: Vec3::ZERO,
                d: 0.0
            })
            .is_none()
    );
    assert!(
        Sphere::new(Vec3::ZERO, 1.0)
            .contact(&Plane {
                normal: Vec3::Y,
                d: Real::NAN
            })
            .is_none()
    );
}

/// Each plane pair checks its own shape (the shared plane routine checks only the plane). Every
/// invalid shape here would otherwise reach the plane (an infinite radius, a box with
/// `min > max` or a negative half extent, a capsule with a negative radius) or index an empty
/// hull; each follows a control, the valid shape in its place touching the plane.
#[test]
fn invalid_shapes_against_a_plane_have_no_contact() {
    fn pair<S: Contact<Plane> + core::fmt::Debug>(valid: &S, invalid: &S)
    where
        Plane: Contact<S>,
    {
        let ground = Plane::new(Vec3::Y, 0.0);
        assert!(
            valid.contact(&ground).is_some() && ground.contact(valid).is_some(),
            "control {valid:?}"
        );
        assert!(
            invalid.contact(&ground).is_none() && ground.contact(invalid).is_none(),
            "{invalid:?}"
        );
    }
    let (down, up) = (v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0));
    pair(
        &Sphere::new(Vec3::ZERO, 1.0),
        &Sphere::new(Vec3::ZERO, Real::INFINITY),
    );
    pair(
        &Aabb::new(-Vec3::ONE, Vec3::ONE),
        &Aabb::new(v(1.0, -1.0, 1.0), v(-1.0, 1.0, -1.0)),
    );
    pair(
        &Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::IDENTITY),
        &Obb::new(Vec3::ZERO, v(1.0, 1.0, -1.0), Mat3::IDENTITY),
    );
    pair(&Capsule::new(down, up, 0.5), &Capsule::new(down, up, -0.5));
    pair(
        &ConvexHull::new(vec![down, up, Vec3::X, Vec3::Z]),
        &ConvexHull::new(Vec::new()),
    );
}

proptest! {
    #[test]
    fn sphere_plane(s in strategy::sphere(), p in strategy::plane()) { check(&s, &p); }

    #[test]
    fn aabb_plane(s in strategy::aabb(), p in strategy::plane()) { check(&s, &p); }

    #[test]
    fn obb_plane(s in strategy::obb(), p in strategy::plane()) { check(&s, &p); }

    #[test]
    fn triangle_plane(s in strategy::triangle(), p in strategy::plane()) { check(&s, &p); }

    #[test]
    fn convex_hull_plane(s in strategy::hull_points(), p in strategy::plane()) { check(&ConvexHull::new(s), &p); }

    #[test]
    fn capsule_plane(s in strategy::capsule(), p in strategy::plane()) { check(&s, &p); }
}
