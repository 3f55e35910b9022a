//! Contacts among spheres, capsules and boxes.

use isect::math::{Quat, Vec3};
use isect::{Aabb, Capsule, Contact, Distance, Obb, PointQuery, Real, Segment, Sphere, Triangle};
use proptest::prelude::*;

use super::Case;
use crate::common::{strategy, v};

pub fn sphere_gap(a: &Sphere, b: &Sphere) -> Real {
    a.center.distance(b.center) - (a.radius + b.radius)
}

fn core(c: &Capsule) -> Segment {
    Segment::new(c.a, c.b)
}

pub fn sphere_capsule_gap(a: &Sphere, b: &Capsule) -> Real {
    core(b).distance_to_point(a.center) - (a.radius + b.radius)
}

pub fn capsule_gap(a: &Capsule, b: &Capsule) -> Real {
    core(a).distance(&core(b)) - (a.radius + b.radius)
}

/// Signed distance from a point to a box given by the point's coordinates in the box frame
/// (negative inside: minus the distance to the nearest face).
fn box_signed(local: Vec3, half: Vec3) -> Real {
    let q = local.abs() - half;
    q.max(Vec3::ZERO).length() + q.max_element().min(0.0)
}

pub fn sphere_aabb_gap(a: &Sphere, b: &Aabb) -> Real {
    box_signed(a.center - b.center(), b.half_extents()) - a.radius
}

pub fn sphere_obb_gap(a: &Sphere, b: &Obb) -> Real {
    box_signed(
        b.rotation.transpose() * (a.center - b.center),
        b.half_extents,
    ) - a.radius
}

fn check<A, B>(a: &A, b: &B, gap: &dyn Fn(&A, &B) -> Real, no_unique_normal: bool)
where
    A: Contact<B>
        + PointQuery
        + crate::sweep::Translated
        + crate::common::transform::Exact
        + core::fmt::Debug,
    B: Contact<A> + PointQuery + crate::common::transform::Exact + core::fmt::Debug,
{
    Case {
        a,
        b,
        gap,
        dist_a: &|s: &A, p| s.distance_to_point(p),
        dist_b: &|s: &B, p| s.distance_to_point(p),
        scale: 20.0,
        no_unique_normal,
    }
    .check();
}

#[test]
fn spheres() {
    let a = Sphere::new(Vec3::ZERO, 2.0);
    let b = Sphere::new(v(3.0, 0.0, 0.0), 2.0);
    let c = a.contact(&b).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (v(1.5, 0.0, 0.0), -Vec3::X, 1.0)
    );
    // Touching: depth 0 at the touching point; 1/1024 apart: none.
    let touching = Sphere::new(v(4.0, 0.0, 0.0), 2.0);
    let c = a.contact(&touching).unwrap();
    assert_eq!((c.point, c.depth), (v(2.0, 0.0, 0.0), 0.0));
    assert!(
        a.contact(&Sphere::new(v(4.0 + 1.0 / 1024.0, 0.0, 0.0), 2.0))
            .is_none()
    );
    // Coincident centers: +Y, depth r1 + r2.
    let c = a.contact(&Sphere::new(Vec3::ZERO, 1.0)).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 3.0));
    // A small sphere inside a big one: the point is in both.
    let small = Sphere::new(v(0.5, 0.0, 0.0), 0.25);
    let c = small.contact(&a).unwrap();
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec3::X, 1.75, v(0.5, 0.0, 0.0))
    );
    for bad in [Real::NAN, Real::INFINITY] {
        assert!(Sphere::new(v(bad, 0.0, 0.0), 1.0).contact(&a).is_none());
        assert!(a.contact(&Sphere::new(Vec3::ZERO, bad)).is_none());
    }
    assert!(a.contact(&Sphere::new(Vec3::ZERO, -1.0)).is_none());
}

#[test]
fn capsules() {
    // Crossing cores at right angles, 1 apart, radii 1: depth 1 along the common normal.
    let a = Capsule::new(v(-2.0, 0.0, 1.0), v(2.0, 0.0, 1.0), 1.0);
    let b = Capsule::new(v(0.0, -2.0, 0.0), v(0.0, 2.0, 0.0), 1.0);
    let c = a.contact(&b).unwrap();
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec3::Z, 1.0, v(0.0, 0.0, 0.5))
    );
    // Parallel, touching side by side.
    let side = Capsule::new(v(-2.0, 2.0, 1.0), v(2.0, 2.0, 1.0), 1.0);
    assert_eq!(a.contact(&side).unwrap().depth, 0.0);
    let y = 2.0 + 1.0 / 1024.0;
    let apart = Capsule::new(v(-2.0, y, 1.0), v(2.0, y, 1.0), 1.0);
    assert!(a.contact(&apart).is_none());
    // Cores that cross: normal along d1 × d2, depth r1 + r2.
    let flat = Capsule::new(v(-2.0, 0.0, 0.0), v(2.0, 0.0, 0.0), 1.0);
    let c = flat.contact(&b).unwrap();
    assert_eq!((c.normal.abs(), c.depth), (Vec3::Z, 2.0));
    // End caps: a zero-length capsule is a sphere.
    let dot = Capsule::new(v(3.0, 0.0, 1.0), v(3.0, 0.0, 1.0), 1.0);
    let c = dot.contact(&a).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::X, 1.0));
    let ball = Sphere::new(v(0.0, 0.0, 3.0), 1.0);
    let c = ball.contact(&a).unwrap();
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec3::Z, 0.0, v(0.0, 0.0, 2.0))
    );
}

#[test]
fn sphere_and_boxes() {
    let unit = Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    // Face, edge, corner regions.
    let c = Sphere::new(v(2.5, 0.0, 0.0), 2.0).contact(&unit).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (v(1.0, 0.0, 0.0), Vec3::X, 0.5)
    );
    let c = Sphere::new(v(4.0, 5.0, 0.0), 5.0).contact(&unit).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (v(1.0, 1.0, 0.0), v(0.6, 0.8, 0.0), 0.0)
    );
    assert!(Sphere::new(v(2.0, 2.0, 2.0), 1.5).contact(&unit).is_none());
    // Center inside: out through the nearest face.
    let c = Sphere::new(v(0.0, 0.75, 0.0), 0.5).contact(&unit).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.75));
    // The same in an oriented box turned a quarter turn about z.
    let obb = Obb::from_quat(
        Vec3::ZERO,
        v(1.0, 2.0, 1.0),
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real),
    );
    let c = Sphere::new(v(3.0, 0.0, 0.0), 1.5).contact(&obb).unwrap();
    assert!(
        (c.depth - 0.5).abs() <= 1e-5 && c.normal.distance(Vec3::X) <= 1e-5,
        "{c:?}"
    );
    // Mirror.
    let m = unit.contact(&Sphere::new(v(2.5, 0.0, 0.0), 2.0)).unwrap();
    assert_eq!((m.normal, m.depth), (-Vec3::X, 0.5));
}

#[test]
fn triangles() {
    let floor = Triangle::new(v(-4.0, 0.0, -4.0), v(4.0, 0.0, -4.0), v(0.0, 0.0, 4.0));
    let c = Sphere::new(v(0.0, 0.5, 0.0), 1.0).contact(&floor).unwrap();
    assert_eq!((c.point, c.normal, c.depth), (Vec3::ZERO, Vec3::Y, 0.5));
    // Beside an edge: the normal runs from the edge to the center.
    let c = Sphere::new(v(0.0, 0.0, -4.5), 1.0).contact(&floor).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (v(0.0, 0.0, -4.0), -Vec3::Z, 0.5)
    );
    assert!(
        Sphere::new(v(0.0, 1.0 + 1.0 / 1024.0, 0.0), 1.0)
            .contact(&floor)
            .is_none()
    );
    // A capsule lying above the floor, and one standing through it.
    let lying = Capsule::new(v(-1.0, 0.25, 0.0), v(1.0, 0.25, 0.0), 0.5);
    let c = lying.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    let through = Capsule::new(v(0.0, -1.0, 0.0), v(0.0, 3.0, 0.0), 0.5);
    let c = through.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 1.5));
    let m = floor.contact(&through).unwrap();
    assert_eq!((m.normal, m.depth), (-Vec3::Y, 1.5));
}

#[test]
fn capsule_and_sphere_through_a_sliver() {
    // Found by `capsule_triangle` (50,000-case run, f32): a triangle 4e-6 in area, 18 long, with
    // a corner on the capsule's axis. Its computed normal is the rounding noise of the cross
    // product (+X here), so pushing out by the plane's height at one corner left the capsule
    // through the triangle; the push now clears the highest corner along that normal.
    let sliver = Triangle::new(
        v(-8.082027, 8.400968, -7.563223),
        v(5.1844444, -3.8706536, 3.4846718),
        v(1.0, 0.0, 0.0),
    );
    let capsule = Capsule::new(v(4.0, 0.0, 0.0), v(-8.732517, 0.0, 0.0), 4.0672126);
    check(
        &capsule,
        &sliver,
        &|c: &Capsule, t: &Triangle| t.distance(&core(c)) - c.radius,
        true,
    );
    let ball = Sphere::new(v(1.0, 0.0, 0.0), 4.0);
    check(
        &ball,
        &sliver,
        &|s: &Sphere, t: &Triangle| t.distance_to_point(s.center) - s.radius,
        true,
    );
}

proptest! {
    #[test]
    fn sphere_triangle(a in strategy::sphere(), b in strategy::triangle()) {
        let on = b.distance_to_point(a.center) == 0.0;
        check(&a, &b, &|s: &Sphere, t: &Triangle| t.distance_to_point(s.center) - s.radius, on);
    }

    #[test]
    fn capsule_triangle(a in strategy::capsule(), b in strategy::triangle()) {
        // The depth is the shortest push (SAT) whether or not the core crosses the triangle.
        check(&a, &b, &|c: &Capsule, t: &Triangle| t.distance(&core(c)) - c.radius, false);
    }

    #[test]
    fn sphere_sphere(a in strategy::sphere(), b in strategy::sphere()) {
        check(&a, &b, &sphere_gap, a.center == b.center);
    }

    #[test]
    fn sphere_capsule(a in strategy::sphere(), b in strategy::capsule()) {
        check(&a, &b, &sphere_capsule_gap, core(&b).distance_to_point(a.center) == 0.0);
    }

    #[test]
    fn capsule_capsule(a in strategy::capsule(), b in strategy::capsule()) {
        check(&a, &b, &capsule_gap, core(&a).distance(&core(&b)) == 0.0);
    }

    #[test]
    fn sphere_aabb(a in strategy::sphere(), b in strategy::aabb()) {
        check(&a, &b, &sphere_aabb_gap, false);
    }

    #[test]
    fn sphere_obb(a in strategy::sphere(), b in strategy::obb()) {
        check(&a, &b, &sphere_obb_gap, false);
    }
}
