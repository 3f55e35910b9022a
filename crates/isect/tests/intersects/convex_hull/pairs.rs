//! Every shape against a convex hull: exactly touching cases and the same moved apart,
//! degenerate hulls, invalid input, and agreement with GJK's distance (`gjk_closest_points`,
//! which never sees the hull's planes) where the answer is clear of the boundary.

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{
    Aabb, Capsule, ConvexHull, Line, Obb, Plane, Ray, Real, Segment, Sphere, SupportMap, Triangle,
};
use proptest::prelude::*;

use super::cube_hull;
use crate::common::clearance::clear_answer;
use crate::common::strategy::{
    aabb, camera_frustum, capsule, convex_hull, line, obb, plane, ray, segment, sphere, triangle,
};
use crate::common::{aabb_frustum, clip_to_box, intersects_both, non_finite_points, tol, v};

const OFF: Real = 1.0 / 1024.0;

fn unit() -> ConvexHull {
    cube_hull(Vec3::ZERO, Vec3::ONE)
}

/// Asserts that `a` touches the unit cube's hull and `apart` does not.
#[track_caller]
fn touch<S>(a: S, apart: S)
where
    S: isect::Intersects<ConvexHull> + core::fmt::Debug + crate::common::transform::Exact,
    ConvexHull: isect::Intersects<S>,
{
    let hull = unit();
    assert!(intersects_both(&a, &hull), "{a:?} touches");
    assert!(!intersects_both(&apart, &hull), "{apart:?} is apart");
}

#[test]
fn touching_and_apart() {
    let x = v(OFF, 0.0, 0.0);
    let d = v(OFF, OFF, OFF);
    touch(
        Sphere::new(v(2.0, 0.5, 0.5), 1.0),
        Sphere::new(v(2.0, 0.5, 0.5) + x, 1.0),
    );
    touch(
        Sphere::new(v(1.25, 1.5, 1.5), 0.75),
        Sphere::new(v(1.25, 1.5, 1.5) + d, 0.75),
    );
    touch(
        Aabb::new(v(1.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
        Aabb::new(v(1.0, 0.0, 0.0) + x, v(2.0, 1.0, 1.0)),
    );
    touch(
        Aabb::new(Vec3::ONE, v(2.0, 2.0, 2.0)),
        Aabb::new(Vec3::ONE + d, v(2.0, 2.0, 2.0)),
    );
    let b = Aabb::new(v(1.0, 1.0, 0.25), v(2.0, 2.0, 0.5));
    touch(
        Obb::from_aabb(&b),
        Obb::from_aabb(&Aabb::new(b.min + d, b.max + d)),
    );
    touch(
        Capsule::new(v(2.0, 0.5, 0.5), v(3.0, 0.5, 0.5), 1.0),
        Capsule::new(v(2.0, 0.5, 0.5) + x, v(3.0, 0.5, 0.5), 1.0),
    );
    touch(
        Triangle::new(Vec3::ONE, v(2.0, 1.0, 1.0), v(1.0, 2.0, 2.0)),
        Triangle::new(Vec3::ONE + d, v(2.0, 1.0, 1.0) + d, v(1.0, 2.0, 2.0) + d),
    );
    touch(
        Segment::new(v(1.0, 0.5, 0.5), v(2.0, 0.5, 0.5)),
        Segment::new(v(1.0, 0.5, 0.5) + x, v(2.0, 0.5, 0.5)),
    );
    touch(
        Segment::new(v(0.0, 2.0, 0.5), v(2.0, 0.0, 0.5)),
        Segment::new(v(0.0, 2.0, 0.5) + d, v(2.0, 0.0, 0.5) + d),
    );
    touch(
        Ray::new(v(-1.0, 1.0, 0.5), Vec3::X),
        Ray::new(v(-1.0, 1.0 + OFF, 0.5), Vec3::X),
    );
    touch(
        Ray::new(v(3.0, 0.5, 0.5), -Vec3::X),
        Ray::new(v(3.0, 0.5, 0.5), Vec3::X),
    );
    touch(
        Line::new(v(5.0, 1.0, 1.0), Vec3::X),
        Line::new(v(5.0, 1.0, 1.0 + OFF), Vec3::X),
    );
    touch(Plane::new(Vec3::X, 1.0), Plane::new(Vec3::X, 1.0 + OFF));
    touch(Plane::new(-Vec3::Z, 0.0), Plane::new(-Vec3::Z, OFF));
    touch(
        aabb_frustum(&Aabb::new(Vec3::ONE, v(2.0, 2.0, 2.0))),
        aabb_frustum(&Aabb::new(Vec3::ONE + d, v(2.0, 2.0, 2.0))),
    );
    touch(
        cube_hull(v(1.0, 0.0, 0.5), v(2.0, 1.0, 1.5)),
        cube_hull(v(1.0 + OFF, 0.0, 0.5), v(2.0, 1.0, 1.5)),
    );
}

#[test]
fn degenerate_hulls() {
    let point = ConvexHull::new(vec![v(0.5, 0.5, 0.5)]);
    let unit_box = Aabb::new(Vec3::ZERO, Vec3::ONE);
    assert!(intersects_both(&unit_box, &point));
    assert!(intersects_both(&Sphere::new(v(1.5, 0.5, 0.5), 1.0), &point));
    assert!(!intersects_both(
        &Sphere::new(v(1.5, 0.5, 0.5), 1.0 - OFF),
        &point
    ));
    assert!(intersects_both(
        &Segment::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)),
        &point
    ));
    let square = ConvexHull::new(vec![
        v(0.0, 0.0, 1.0),
        v(1.0, 0.0, 1.0),
        v(1.0, 1.0, 1.0),
        v(0.0, 1.0, 1.0),
    ]);
    assert!(intersects_both(
        &Segment::new(v(0.5, 0.5, 0.0), v(0.5, 0.5, 2.0)),
        &square
    ));
    assert!(intersects_both(
        &Segment::new(v(0.0, 0.5, 1.0), v(1.0, 0.5, 1.0)),
        &square
    ));
    assert!(!intersects_both(
        &Segment::new(v(0.0, 0.5, 1.0 + OFF), v(1.0, 0.5, 1.0 + OFF)),
        &square
    ));
    assert!(!intersects_both(
        &Segment::new(v(1.0 + OFF, 0.5, 0.0), v(1.0 + OFF, 0.5, 2.0)),
        &square
    ));
    assert!(intersects_both(
        &Ray::new(v(0.5, 0.5, 3.0), -Vec3::Z),
        &square
    ));
    assert!(intersects_both(
        &Line::new(v(1.0, 1.0, 3.0), Vec3::Z),
        &square
    ));
    assert!(intersects_both(&Plane::new(Vec3::Z, 1.0), &square));
    assert!(!intersects_both(&Plane::new(Vec3::Z, 1.0 + OFF), &square));
    assert!(intersects_both(&unit_box, &square));
    assert!(intersects_both(&square, &unit()));
    let stick = ConvexHull::new(vec![v(0.0, 0.0, 2.0), v(0.0, 0.0, 4.0), v(0.0, 0.0, 3.0)]);
    assert!(intersects_both(
        &Segment::new(v(-1.0, 0.0, 3.0), v(1.0, 0.0, 3.0)),
        &stick
    ));
    assert!(!intersects_both(
        &Segment::new(v(-1.0, OFF, 3.0), v(1.0, OFF, 3.0)),
        &stick
    ));
    assert!(intersects_both(&Sphere::new(v(0.0, 0.0, 1.0), 1.0), &stick));
    assert!(!intersects_both(
        &Sphere::new(v(0.0, 0.0, 1.0 - OFF), 1.0),
        &stick
    ));
}

#[test]
fn invalid_input_is_false() {
    let hull = unit();
    let unit_box = Aabb::new(Vec3::ZERO, Vec3::ONE);
    for p in non_finite_points() {
        let bad = ConvexHull::new(vec![Vec3::ZERO, p, Vec3::ONE]);
        assert!(!intersects_both(&unit_box, &bad));
        assert!(!intersects_both(&Sphere::new(Vec3::ZERO, 1.0), &bad));
        assert!(!intersects_both(&Segment::new(Vec3::ZERO, Vec3::ONE), &bad));
        assert!(!intersects_both(&Plane::new(Vec3::X, 0.5), &bad));
        assert!(!intersects_both(&hull, &bad));
        assert!(!intersects_both(&Sphere::new(p, 1.0), &hull));
        assert!(!intersects_both(&Aabb::new(p, Vec3::ONE), &hull));
        assert!(!intersects_both(&Obb::from_aabb(&Aabb::new(p, p)), &hull));
        assert!(!intersects_both(&Capsule::new(p, Vec3::ONE, 1.0), &hull));
        assert!(!intersects_both(
            &Triangle::new(p, Vec3::ONE, Vec3::ZERO),
            &hull
        ));
        assert!(!intersects_both(&Segment::new(p, Vec3::ONE), &hull));
        assert!(!intersects_both(&Ray::new(p, Vec3::ONE), &hull));
        assert!(!intersects_both(&Ray::new(Vec3::ZERO, p), &hull));
        assert!(!intersects_both(&Line::new(Vec3::ZERO, p), &hull));
        assert!(!intersects_both(&Plane::new(p, 0.0), &hull));
    }
    let empty = ConvexHull::new(Vec::new());
    assert!(!intersects_both(&unit_box, &empty));
    assert!(!intersects_both(&empty, &empty));
    assert!(!intersects_both(&Ray::new(Vec3::ZERO, Vec3::ZERO), &hull));
    assert!(!intersects_both(&Line::new(Vec3::ZERO, Vec3::ZERO), &hull));
    assert!(!intersects_both(&Sphere::new(Vec3::ZERO, -1.0), &hull));
    assert!(!intersects_both(&Aabb::new(Vec3::ONE, Vec3::ZERO), &hull));
}

/// GJK's distance between `shape` and the hull, with the hull known only by its points.
fn distance<S: SupportMap>(shape: &S, hull: &ConvexHull) -> Real {
    gjk_closest_points(shape, hull, Vec3::X).distance
}

/// Asserts the answer where the reference distance `d` (minus `radius`) is clear of 0.
fn check(exact: bool, d: Real, radius: Real, what: &str) -> Result<(), TestCaseError> {
    let t = tol(20.0);
    if d > radius + t {
        prop_assert!(!exact, "{what}: apart by {}", d - radius);
    }
    if d + t < radius {
        prop_assert!(exact, "{what}: overlap by {}", radius - d);
    }
    Ok(())
}

/// GJK's distance from the part of `origin + t dir`, `t` in `[from, 1] · 100 / |dir|` (the reach
/// of shapes in `[-10, 10]³`), that lies near the hull; `∞` when none does.
fn reach_distance(origin: Vec3, dir: Vec3, from: Real, hull: &ConvexHull) -> Real {
    let t = 100.0 / dir.length();
    clip_to_box(origin, dir, from * t, t, isect::Bounded::aabb(hull), 1.0)
        .map_or(Real::INFINITY, |s| distance(&s, hull))
}

proptest! {
    #[test]
    fn agrees_with_gjk_distance(
        hull in convex_hull(), s in sphere(), b in aabb(), o in obb(), c in capsule(),
        t in triangle(), seg in segment(), r in ray(), l in line(), other in convex_hull(),
    ) {
        check(intersects_both(&s, &hull), distance(&s.center, &hull), s.radius, "sphere")?;
        check(intersects_both(&c, &hull), distance(&Segment::new(c.a, c.b), &hull), c.radius, "capsule")?;
        // Apart by more than the tolerance: false; overlapping GJK's way with room to spare
        // (`clear_answer`: a bare distance 0 is not enough, as GJK near touching is good to
        // about √ε of the size, and a triangle 6e-5 from a flat hull reads 0 in f32): true
        // (for the solids; the clipped linear pairs are checked below).
        for (exact, d, what) in [
            (intersects_both(&seg, &hull), distance(&seg, &hull), "segment"),
            (intersects_both(&r, &hull), reach_distance(r.origin, r.dir, 0.0, &hull), "ray"),
            (intersects_both(&l, &hull), reach_distance(l.origin, l.dir, -1.0, &hull), "line"),
        ] {
            prop_assert!(!(d > tol(20.0) && exact), "{what}: apart by {d}");
        }
        for (exact, d, deep, what) in [
            (intersects_both(&b, &hull), distance(&b, &hull), clear_answer(&b, &hull) == Some(true), "aabb"),
            (intersects_both(&o, &hull), distance(&o, &hull), clear_answer(&o, &hull) == Some(true), "obb"),
            (intersects_both(&t, &hull), distance(&t, &hull), clear_answer(&t, &hull) == Some(true), "triangle"),
            (intersects_both(&other, &hull), distance(&other, &hull), clear_answer(&other, &hull) == Some(true), "hull"),
        ] {
            prop_assert!(!(d > tol(20.0) && exact), "{what}: apart by {d}");
            prop_assert!(!deep || exact, "{what}: GJK overlaps by a margin");
        }
    }

    #[test]
    fn linear_pairs_agree_with_gjk_when_overlapping(hull in convex_hull(), seg in segment()) {
        // Clipping (with its tolerance) must find what GJK finds at distance 0.
        let d = distance(&seg, &hull);
        if d == 0.0 {
            prop_assert!(intersects_both(&seg, &hull));
        }
    }

    #[test]
    fn plane_agrees_with_the_points(hull in convex_hull(), p in plane()) {
        let s: Vec<Real> = hull.points().iter().map(|&x| p.signed_distance(x)).collect();
        let lo = s.iter().copied().fold(Real::INFINITY, Real::min);
        let hi = s.iter().copied().fold(Real::NEG_INFINITY, Real::max);
        prop_assert_eq!(intersects_both(&p, &hull), lo <= 0.0 && hi >= 0.0);
    }

    #[test]
    fn frustum_agrees_with_gjk(hull in convex_hull(), f in camera_frustum()) {
        let corners = ConvexHull::new(f.corners().unwrap().to_vec());
        let d = distance(&corners, &hull);
        let exact = intersects_both(&f, &hull);
        prop_assert!(!(d > tol(20.0) && exact), "apart by {d}");
        let inside = hull.points().iter().any(|&p| isect::PointQuery::contains_point(&f, p));
        prop_assert!(!inside || exact);
    }
}
