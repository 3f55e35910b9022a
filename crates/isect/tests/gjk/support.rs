//! The `SupportMap` impls: the support point along `dir` lies in the shape and maximises
//! `dir · x` over it: over its vertices (brute force, for polytopes), its closed form (round
//! shapes) and its sampled points.

use isect::math::{Mat3, NO_POINT, Vec3};
use isect::{
    Aabb, Capsule, ConvexHull, Obb, PointQuery, Real, Segment, Sphere, SupportMap, Triangle,
};
use proptest::prelude::*;

use super::scale_of;
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{aabb, capsule, convex_hull, obb, segment, sphere, triangle, unit};
use crate::common::{aabb_corners, obb_corners, tol, v};

/// Directions: unit, long, short, along the axes (ties between corners), and zero.
fn dir() -> impl Strategy<Value = Vec3> {
    prop_oneof![
        4 => unit(),
        1 => (unit(), crate::common::strategy::real(1e-4, 1e4)).prop_map(|(u, s)| u * s),
        1 => (0usize..6).prop_map(|i| [Vec3::X, Vec3::Y, Vec3::Z, -Vec3::X, -Vec3::Y, -Vec3::Z][i]),
        1 => (0usize..4).prop_map(|i| [v(1.0, 1.0, 0.0), v(0.0, -1.0, 1.0), v(1.0, 0.0, 0.0), v(-1.0, 0.0, -1.0)][i]),
        1 => Just(Vec3::ZERO),
    ]
}

/// The support point of `shape` along `d` is in the shape, reaches `expected_max` (the maximum
/// of `d · x` by another computation), and no sample goes further.
fn check<S>(shape: &S, d: Vec3, expected_max: Real, us: &[Vec3]) -> Result<(), TestCaseError>
where
    S: SupportMap + PointQuery + Sample + core::fmt::Debug,
{
    let s = shape.support(d);
    let scale = scale_of(&[s, shape.sample(Vec3::ZERO), shape.sample(Vec3::ONE)]);
    prop_assert!(s.is_finite());
    prop_assert!(
        shape.distance_to_point(s) <= tol(scale),
        "{:?}: support {} along {} is {} off",
        shape,
        s,
        d,
        shape.distance_to_point(s)
    );
    let slack = tol(scale) * d.length();
    prop_assert!(
        (d.dot(s) - expected_max).abs() <= slack,
        "{:?} along {}: {} vs {}",
        shape,
        d,
        d.dot(s),
        expected_max
    );
    for &u in us {
        let x = shape.sample(u);
        prop_assert!(
            d.dot(x) <= d.dot(s) + slack,
            "{:?}: sample {} beyond support {} along {}",
            shape,
            x,
            s,
            d
        );
    }
    // The blanket impl for references answers the same.
    prop_assert_eq!(<&S as SupportMap>::support(&shape, d), s);
    Ok(())
}

fn max_dot(d: Vec3, points: &[Vec3]) -> Real {
    points
        .iter()
        .map(|p| d.dot(*p))
        .fold(Real::NEG_INFINITY, Real::max)
}

fn samples(u: Vec3) -> Vec<Vec3> {
    let mut out = vec![u, Vec3::splat(0.5)];
    for i in 0..8 {
        out.push(v(
            (i & 1) as Real,
            ((i >> 1) & 1) as Real,
            ((i >> 2) & 1) as Real,
        ));
    }
    out
}

#[test]
fn hand_cases() {
    let b = Aabb::new(v(-1.0, 2.0, 0.0), v(3.0, 4.0, 1.0));
    assert_eq!(b.support(v(1.0, -1.0, 1.0)), v(3.0, 2.0, 1.0));
    assert_eq!(b.support(v(-1.0, 1.0, -2.0)), v(-1.0, 4.0, 0.0));
    let s = Sphere::new(v(1.0, 2.0, 3.0), 2.0);
    assert_eq!(s.support(v(0.0, 0.0, 5.0)), v(1.0, 2.0, 5.0));
    assert_eq!(s.support(Vec3::ZERO), s.center);
    let c = Capsule::new(v(0.0, 0.0, 0.0), v(0.0, 4.0, 0.0), 1.0);
    assert_eq!(c.support(v(0.0, 3.0, 0.0)), v(0.0, 5.0, 0.0));
    assert_eq!(c.support(v(-2.0, 0.0, 0.0)).x, -1.0);
    let seg = Segment::new(v(0.0, 0.0, 0.0), v(1.0, 2.0, 3.0));
    assert_eq!(seg.support(Vec3::ONE), seg.b);
    assert_eq!(seg.support(-Vec3::ONE), seg.a);
    let t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 3.0, 0.0));
    assert_eq!(t.support(Vec3::X), t.b);
    assert_eq!(t.support(Vec3::Y), t.c);
    assert_eq!(t.support(-Vec3::ONE), t.a);
    let o = Obb::new(
        v(1.0, 1.0, 1.0),
        v(1.0, 2.0, 3.0),
        Mat3::from_cols(Vec3::Y, -Vec3::X, Vec3::Z),
    );
    // Local x is world y, local y is world -x: the corner along (1, 1, 1) in world is local
    // (+1, -2, +3), at world (1 + 2, 1 + 1, 1 + 3).
    assert_eq!(o.support(Vec3::ONE), v(3.0, 2.0, 4.0));
    let p = v(1.0, 2.0, 3.0);
    assert_eq!(p.support(Vec3::X), p);
    let h = ConvexHull::new(vec![v(0.0, 0.0, 0.0), v(2.0, 1.0, 0.0), v(-1.0, 3.0, 1.0)]);
    assert_eq!(h.support(Vec3::X), v(2.0, 1.0, 0.0));
    assert_eq!(h.support(Vec3::Y), v(-1.0, 3.0, 1.0));
    assert_eq!(ConvexHull::new(Vec::new()).support(Vec3::X), NO_POINT);
}

/// A hull with a NaN or infinite point reports it whatever the direction and wherever the
/// point is, so that GJK sees invalid input.
#[test]
fn hull_support_surfaces_non_finite_points() {
    for bad in crate::common::non_finite_points() {
        for at in 0..4 {
            let mut points = vec![v(0.0, 0.0, 0.0), v(2.0, 1.0, 0.0), v(-1.0, 3.0, 1.0)];
            points.insert(at, bad);
            let h = ConvexHull::new(points);
            for d in [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Z, Vec3::ONE, Vec3::ZERO] {
                assert!(
                    !h.support(d).is_finite(),
                    "{bad} at {at} along {d}: {}",
                    h.support(d)
                );
            }
        }
    }
}

proptest! {
    #[test]
    fn sphere_support(s in sphere(), d in dir(), u in unit_cube()) {
        let expected = d.dot(s.center) + s.radius * d.length();
        check(&s, d, expected, &samples(u))?;
    }

    #[test]
    fn aabb_support(b in aabb(), d in dir(), u in unit_cube()) {
        check(&b, d, max_dot(d, &aabb_corners(&b)), &samples(u))?;
        // A corner, exactly.
        let s = b.support(d);
        prop_assert!(aabb_corners(&b).contains(&s));
    }

    #[test]
    fn obb_support(o in obb(), d in dir(), u in unit_cube()) {
        check(&o, d, max_dot(d, &obb_corners(&o)), &samples(u))?;
    }

    #[test]
    fn capsule_support(c in capsule(), d in dir(), u in unit_cube()) {
        let expected = max_dot(d, &[c.a, c.b]) + c.radius * d.length();
        check(&c, d, expected, &samples(u))?;
    }

    #[test]
    fn segment_support(s in segment(), d in dir(), u in unit_cube()) {
        check(&s, d, max_dot(d, &[s.a, s.b]), &samples(u))?;
        prop_assert!([s.a, s.b].contains(&s.support(d)));
    }

    #[test]
    fn triangle_support(t in triangle(), d in dir(), u in unit_cube()) {
        check(&t, d, max_dot(d, &t.vertices()), &samples(u))?;
        let s = t.support(d);
        prop_assert!(t.vertices().contains(&s));
        // Exactly a maximum among the corners.
        prop_assert_eq!(d.dot(s), max_dot(d, &t.vertices()));
    }

    /// One of the points, with the largest `dir · p` exactly (the hull's own points, not
    /// GJK-based point queries, are the reference).
    #[test]
    fn convex_hull_support(h in convex_hull(), d in dir(), u in unit_cube()) {
        let s = h.support(d);
        prop_assert!(h.points().contains(&s));
        prop_assert_eq!(d.dot(s), max_dot(d, h.points()));
        for u in samples(u) {
            let x = h.sample(u);
            prop_assert!(d.dot(x) <= d.dot(s) + tol(10.0) * d.length());
        }
    }
}
