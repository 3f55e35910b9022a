//! GJK between a point (`Vec3` is its own support map) and a shape, against the shape's
//! closed-form `PointQuery`.

use isect::math::{Mat3, Quat, Vec3};
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Aabb, Capsule, Obb, PointQuery, Real, Segment, Sphere, SupportMap, Triangle};
use proptest::prelude::*;

use super::{convexity_bound, initial_dir, scale_of};
use crate::common::strategy::{aabb, capsule, obb, point, segment, sphere, triangle};
use crate::common::{gjk_distance_tolerance, gjk_point_tolerance, tol, v};

/// GJK from `p` to `shape` (both orders) agrees with the shape's own point query: the distance
/// within GJK's tolerance; `a` (the point side) is `p`; `b` lies in the shape, and is as close
/// to the closest point `q` as convexity demands of a point of the shape that is not nearer to
/// `p` than it is (see `convexity_bound`).
fn check<S>(shape: &S, p: Vec3, dir: Vec3, defining: &[Vec3]) -> Result<(), TestCaseError>
where
    S: SupportMap + PointQuery + core::fmt::Debug,
{
    let mut all = defining.to_vec();
    all.push(p);
    let scale = scale_of(&all);
    let d = shape.distance_to_point(p);
    let q = shape.closest_point(p);
    let r = gjk_closest_points(&p, shape, dir);
    prop_assert!(
        (r.distance - d).abs() <= gjk_distance_tolerance(d, scale),
        "{:?}, p = {}: gjk {} vs {}",
        shape,
        p,
        r.distance,
        d
    );
    let off = shape.distance_to_point(r.b);
    prop_assert!(
        off <= tol(scale),
        "{:?}: b = {} is {} off the shape",
        shape,
        r.b,
        off
    );
    let excess = p.distance(r.b) - d;
    prop_assert!(
        excess <= gjk_distance_tolerance(d, scale),
        "{:?}: |p - b| - d = {}",
        shape,
        excess
    );
    prop_assert!(
        r.b.distance(q) <= convexity_bound(d, excess + off, scale) + off,
        "{:?}, p = {}: gjk point {} vs {} ({} apart, |p - b| - d = {})",
        shape,
        p,
        r.b,
        q,
        r.b.distance(q),
        excess
    );
    if r.distance == 0.0 {
        prop_assert_eq!(r.a, r.b);
    } else {
        prop_assert!(r.a.distance(p) <= tol(scale), "a = {} vs p = {}", r.a, p);
        prop_assert!((r.a.distance(r.b) - r.distance).abs() <= tol(scale));
    }
    // The other order gives the same pair, swapped.
    let m = gjk_closest_points(shape, &p, -dir);
    prop_assert!((m.distance - d).abs() <= gjk_distance_tolerance(d, scale));
    let excess = p.distance(m.a) - d;
    prop_assert!(m.a.distance(q) <= convexity_bound(d, excess, scale) + tol(scale));
    Ok(())
}

/// Hand cases against the unit cube, a ball and a capsule: outside faces, edges, corners,
/// inside, on the boundary.
#[test]
fn hand_cases() {
    let cube = Aabb::new(Vec3::ZERO, Vec3::ONE);
    let cases = [
        (v(3.0, 0.5, 0.5), v(1.0, 0.5, 0.5), 2.0),
        (v(0.5, -2.0, 0.5), v(0.5, 0.0, 0.5), 2.0),
        (v(2.0, 2.0, 0.5), v(1.0, 1.0, 0.5), (2.0 as Real).sqrt()),
        (v(-1.0, -1.0, -1.0), Vec3::ZERO, (3.0 as Real).sqrt()),
        (v(4.0, 5.0, 1.0), v(1.0, 1.0, 1.0), 5.0),
    ];
    for (p, q, d) in cases {
        for dir in [Vec3::X, -Vec3::X, Vec3::ONE, Vec3::ZERO, p] {
            let r = gjk_closest_points(&p, &cube, dir);
            assert!(
                (r.distance - d).abs() <= tol(d),
                "{p}: {} vs {d}",
                r.distance
            );
            assert!(r.b.distance(q) <= tol(1.0), "{p}: {} vs {q}", r.b);
            assert!(r.a.distance(p) <= tol(5.0), "{p}: {}", r.a);
        }
    }
    // Inside and on the boundary: distance 0, a == b, in the cube.
    for p in [
        v(0.5, 0.5, 0.5),
        v(1.0, 0.5, 0.5),
        v(1.0, 1.0, 1.0),
        Vec3::ZERO,
    ] {
        let r = gjk_closest_points(&p, &cube, Vec3::X);
        assert_eq!(r.distance, 0.0, "{p}");
        assert_eq!(r.a, r.b);
        assert!(r.a.distance(p) <= tol(1.0));
    }
    let ball = Sphere::new(v(1.0, 2.0, 3.0), 2.0);
    let r = gjk_closest_points(&v(1.0, 2.0, 8.0), &ball, Vec3::Z);
    assert!((r.distance - 3.0).abs() <= tol(3.0), "{r:?}");
    assert!(
        r.b.distance(v(1.0, 2.0, 5.0)) <= gjk_point_tolerance(3.0, 8.0),
        "{r:?}"
    );
    let r = gjk_closest_points(&v(1.0, 3.0, 3.0), &ball, Vec3::Z);
    assert_eq!(r.distance, 0.0);
    let pill = Capsule::new(v(0.0, 0.0, 0.0), v(0.0, 4.0, 0.0), 1.0);
    let r = gjk_closest_points(&v(3.0, 2.0, 0.0), &pill, Vec3::ONE);
    assert!((r.distance - 2.0).abs() <= tol(2.0), "{r:?}");
    assert!(
        r.b.distance(v(1.0, 2.0, 0.0)) <= gjk_point_tolerance(2.0, 4.0),
        "{r:?}"
    );
    let r = gjk_closest_points(&v(0.0, 7.0, 4.0), &pill, Vec3::ONE);
    assert!((r.distance - 4.0).abs() <= tol(4.0), "{r:?}");
    assert!(
        r.b.distance(v(0.0, 4.6, 0.8)) <= gjk_point_tolerance(4.0, 7.0),
        "{r:?}"
    );
}

/// A triangle's face, edge and vertex regions; a segment's interior and ends.
#[test]
fn flat_hand_cases() {
    let t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0));
    for (p, q) in [
        (v(1.0, 1.0, 3.0), v(1.0, 1.0, 0.0)),
        (v(1.0, 1.0, -2.0), v(1.0, 1.0, 0.0)),
        (v(3.0, 3.0, 0.0), v(2.0, 2.0, 0.0)),
        (v(-1.0, -2.0, 0.0), v(0.0, 0.0, 0.0)),
        (v(6.0, -1.0, 1.0), v(4.0, 0.0, 0.0)),
        (v(2.0, -3.0, 4.0), v(2.0, 0.0, 0.0)),
        (v(1.0, 1.0, 0.0), v(1.0, 1.0, 0.0)),
    ] {
        let r = gjk_closest_points(&p, &t, Vec3::Z);
        assert!(r.b.distance(q) <= tol(4.0), "{p}: {} vs {q}", r.b);
        assert!((r.distance - p.distance(q)).abs() <= tol(4.0), "{p}: {r:?}");
    }
    let s = Segment::new(v(-2.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    for (p, q) in [
        (v(0.5, 3.0, 4.0), v(0.5, 0.0, 0.0)),
        (v(-5.0, 4.0, 0.0), v(-2.0, 0.0, 0.0)),
        (v(3.0, 0.0, 0.0), v(2.0, 0.0, 0.0)),
        (v(1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)),
    ] {
        let r = gjk_closest_points(&p, &s, -Vec3::Y);
        assert!(r.b.distance(q) <= tol(4.0), "{p}: {} vs {q}", r.b);
        assert!((r.distance - p.distance(q)).abs() <= tol(4.0), "{p}: {r:?}");
    }
}

/// An OBB turned 45° about z: the closest point to a point off its corner is the corner.
#[test]
fn obb_hand_case() {
    let o = Obb::from_quat(
        Vec3::ZERO,
        v(1.0, 1.0, 1.0),
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_4 as Real),
    );
    let corner = v((2.0 as Real).sqrt(), 0.0, 1.0);
    let r = gjk_closest_points(&v(3.0, 0.0, 2.0), &o, Vec3::X);
    assert!(r.b.distance(corner) <= tol(3.0), "{r:?}");
    assert!((r.distance - v(3.0, 0.0, 2.0).distance(corner)).abs() <= tol(3.0));
    let flat = Obb::new(v(0.0, 0.0, 2.0), v(1.0, 2.0, 0.0), Mat3::IDENTITY);
    let r = gjk_closest_points(&v(0.5, 0.5, 5.0), &flat, Vec3::X);
    assert!((r.distance - 3.0).abs() <= tol(5.0), "{r:?}");
}

proptest! {
    #[test]
    fn point_sphere(s in sphere(), p in point(), dir in initial_dir()) {
        check(&s, p, dir, &[s.center + s.radius, s.center - s.radius])?;
    }

    #[test]
    fn point_aabb(b in aabb(), p in point(), dir in initial_dir()) {
        check(&b, p, dir, &[b.min, b.max])?;
    }

    #[test]
    fn point_obb(o in obb(), p in point(), dir in initial_dir()) {
        check(&o, p, dir, &[o.center + o.half_extents.length(), o.center - o.half_extents.length()])?;
    }

    #[test]
    fn point_capsule(c in capsule(), p in point(), dir in initial_dir()) {
        check(&c, p, dir, &[c.a + c.radius, c.b - c.radius, c.a - c.radius, c.b + c.radius])?;
    }

    #[test]
    fn point_segment(s in segment(), p in point(), dir in initial_dir()) {
        check(&s, p, dir, &[s.a, s.b])?;
    }

    #[test]
    fn point_triangle(t in triangle(), p in point(), dir in initial_dir()) {
        check(&t, p, dir, &t.vertices())?;
    }
}

/// Regression: three support points within 1e-3 of each other on a capsule's cap and a fourth
/// 15 away made a sliver tetrahedron whose face tests (rounding noise) all said "inside", with
/// barycentric weights of ±5·10⁶: GJK reported distance 0 (and a common point 1.3 away from the
/// capsule) for a point 0.112 outside it.
#[test]
fn sliver_tetrahedron_is_not_taken_for_an_overlap() {
    let c = Capsule::new(
        v(-7.9909296, -6.038054, 1.0454984),
        v(-2.5444639, 8.156736, 5.660712),
        4.0104313,
    );
    let p = v(-4.931553, -7.336656, 3.5627248);
    let dir = v(0.073081285, -0.9854232, 0.15362377);
    check(&c, p, dir, &[c.a, c.b]).unwrap();
    let r = gjk_closest_points(&p, &c, dir);
    assert!((r.distance - 0.11249304).abs() <= 1e-4, "{r:?}");
}
