//! GJK between two shapes with known distances, and between overlapping solids.
//!
//! Closed forms: spheres, `|c1 − c2| − r1 − r2`; boxes, the length of the per-axis gaps;
//! segments, the `Distance` impl for `Segment`; capsules, the segments' distance minus the radii;
//! the hull of a box's corners is the box.

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{
    Aabb, Capsule, ClosestPoints, ConvexHull, Distance, Obb, PointQuery, Real, Segment, Sphere,
    SupportMap,
};
use proptest::prelude::*;

use super::{convexity_bound, initial_dir, scale_of};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{aabb, capsule, obb, rotation, segment, sphere};
use crate::common::{aabb_corners, gjk_distance_tolerance, gjk_point_tolerance, tol, v};

/// The distance between two boxes: the length of the gaps between their extents on each axis.
fn aabb_gap(a: &Aabb, b: &Aabb) -> Real {
    let gap = (a.min - b.max).max(b.min - a.max).max(Vec3::ZERO);
    gap.length()
}

/// Asserts that `r` is a closest pair at distance `d` (within GJK's tolerances): the distance,
/// `a` in `sa`, `b` in `sb`, `|a − b|` the distance, and `a == b` when the distance is 0.
fn check_pair<A: PointQuery, B: PointQuery>(
    r: &ClosestPoints,
    sa: &A,
    sb: &B,
    d: Real,
    scale: Real,
) -> Result<(), TestCaseError> {
    prop_assert!(
        (r.distance - d).abs() <= gjk_distance_tolerance(d, scale),
        "gjk {} vs {}",
        r.distance,
        d
    );
    let on = gjk_point_tolerance(d, scale);
    prop_assert!(
        sa.distance_to_point(r.a) <= on,
        "a = {} off the first shape by {}",
        r.a,
        sa.distance_to_point(r.a)
    );
    prop_assert!(
        sb.distance_to_point(r.b) <= on,
        "b = {} off the second shape by {}",
        r.b,
        sb.distance_to_point(r.b)
    );
    if r.distance == 0.0 {
        prop_assert_eq!(r.a, r.b);
    } else {
        prop_assert!((r.a.distance(r.b) - r.distance).abs() <= tol(scale));
    }
    Ok(())
}

#[test]
fn hand_pairs() {
    // Spheres 10 apart with radii 1 and 2: 7, along x.
    let s1 = Sphere::new(v(0.0, 0.0, 0.0), 1.0);
    let s2 = Sphere::new(v(10.0, 0.0, 0.0), 2.0);
    let r = gjk_closest_points(&s1, &s2, -Vec3::X);
    assert!((r.distance - 7.0).abs() <= tol(7.0), "{r:?}");
    assert!(r.a.distance(v(1.0, 0.0, 0.0)) <= tol(10.0), "{r:?}");
    assert!(r.b.distance(v(8.0, 0.0, 0.0)) <= tol(10.0), "{r:?}");
    // Boxes apart along one axis (face to face), two (edge to edge) and three (corner to
    // corner).
    let b = Aabb::new(Vec3::ZERO, Vec3::ONE);
    for (other, d) in [
        (Aabb::new(v(3.0, 0.5, 0.5), v(4.0, 2.0, 2.0)), 2.0),
        (Aabb::new(v(4.0, 5.0, 0.0), v(5.0, 6.0, 1.0)), 5.0),
        (Aabb::new(v(2.0, 3.0, 3.0), v(3.0, 4.0, 4.0)), 3.0),
        (Aabb::new(v(1.0, 0.0, 0.0), v(2.0, 1.0, 1.0)), 0.0),
        (Aabb::new(v(1.0, 1.0, 1.0), v(2.0, 2.0, 2.0)), 0.0),
    ] {
        let r = gjk_closest_points(&b, &other, Vec3::X);
        assert!((r.distance - d).abs() <= tol(5.0), "{other:?}: {r:?}");
        assert!(b.distance_to_point(r.a) <= tol(5.0));
        assert!(other.distance_to_point(r.b) <= tol(5.0));
    }
    // Crossing segments meet at (1, 1, 0); skew ones are 3 apart.
    let s1 = Segment::new(v(0.0, 0.0, 0.0), v(2.0, 2.0, 0.0));
    let s2 = Segment::new(v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0));
    let r = gjk_closest_points(&s1, &s2, Vec3::Z);
    assert_eq!(r.distance, 0.0);
    assert!(r.a.distance(v(1.0, 1.0, 0.0)) <= tol(2.0), "{r:?}");
    let s3 = Segment::new(v(2.0, 0.0, 3.0), v(0.0, 2.0, 3.0));
    let r = gjk_closest_points(&s1, &s3, Vec3::Z);
    assert!((r.distance - 3.0).abs() <= tol(3.0), "{r:?}");
    assert!(r.a.distance(v(1.0, 1.0, 0.0)) <= tol(3.0), "{r:?}");
    assert!(r.b.distance(v(1.0, 1.0, 3.0)) <= tol(3.0), "{r:?}");
}

/// Translates a solid so that its center lands on `p`.
trait CenteredAt {
    fn centered_at(&self, p: Vec3) -> Self;
}

impl CenteredAt for Sphere {
    fn centered_at(&self, p: Vec3) -> Self {
        Sphere::new(p, self.radius)
    }
}

impl CenteredAt for Aabb {
    fn centered_at(&self, p: Vec3) -> Self {
        Aabb::from_center_half_extents(p, self.half_extents())
    }
}

impl CenteredAt for Obb {
    fn centered_at(&self, p: Vec3) -> Self {
        Obb::new(p, self.half_extents, self.rotation)
    }
}

impl CenteredAt for Capsule {
    fn centered_at(&self, p: Vec3) -> Self {
        let half = (self.b - self.a) * 0.5;
        Capsule::new(p - half, p + half, self.radius)
    }
}

/// Solids of size at least 0.5, so that a point sampled at `u` in `[1/4, 3/4]³` is inside
/// with room to spare.
fn fat_sphere() -> impl Strategy<Value = Sphere> {
    sphere().prop_map(|s| Sphere::new(s.center, s.radius + 0.5))
}

fn fat_aabb() -> impl Strategy<Value = Aabb> {
    aabb().prop_map(|b| b.expanded(0.5))
}

fn fat_obb() -> impl Strategy<Value = Obb> {
    obb().prop_map(|o| Obb::new(o.center, o.half_extents + 0.5, o.rotation))
}

fn fat_capsule() -> impl Strategy<Value = Capsule> {
    capsule().prop_map(|c| Capsule::new(c.a, c.b, c.radius + 0.5))
}

fn inner() -> impl Strategy<Value = Vec3> {
    (
        crate::common::strategy::real(0.25, 0.75),
        crate::common::strategy::real(0.25, 0.75),
        crate::common::strategy::real(0.25, 0.75),
    )
        .prop_map(|(x, y, z)| v(x, y, z))
}

/// Overlapping solids: the second centered on an inner point of the first. GJK must report
/// distance 0 and one common point, in both.
fn check_overlap<A, B>(sa: &A, sb: &B, u: Vec3, dir: Vec3) -> Result<(), TestCaseError>
where
    A: SupportMap + PointQuery + Sample + core::fmt::Debug,
    B: SupportMap + PointQuery + CenteredAt + core::fmt::Debug,
{
    let sb = sb.centered_at(sa.sample(u));
    let scale = scale_of(&[
        sa.support(Vec3::ONE),
        sa.support(-Vec3::ONE),
        sb.support(Vec3::ONE),
        sb.support(-Vec3::ONE),
    ]);
    for r in [
        gjk_closest_points(sa, &sb, dir),
        gjk_closest_points(&sb, sa, dir).swapped(),
    ] {
        prop_assert_eq!(r.distance, 0.0, "{:?} and {:?}: {:?}", sa, sb, r);
        prop_assert_eq!(r.a, r.b);
        prop_assert!(
            sa.distance_to_point(r.a) <= tol(scale),
            "{:?}: {} off",
            sa,
            r.a
        );
        prop_assert!(
            sb.distance_to_point(r.a) <= tol(scale),
            "{:?}: {} off",
            sb,
            r.a
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn sphere_sphere(a in sphere(), b in sphere(), dir in initial_dir()) {
        let d = (a.center.distance(b.center) - a.radius - b.radius).max(0.0);
        let scale = scale_of(&[a.center, b.center]) + a.radius + b.radius;
        let r = gjk_closest_points(&a, &b, dir);
        check_pair(&r, &a, &b, d, scale)?;
        if d > 0.0 {
            // The pair lies on the line of centers: `a − b` is the unique closest difference,
            // and a pair `excess` further apart is within the convexity bound of it (the
            // Minkowski difference is convex).
            let axis = (b.center - a.center).normalize();
            let expected = axis * -d;
            let excess = r.a.distance(r.b) - d;
            prop_assert!((r.a - r.b).distance(expected) <= convexity_bound(d, excess, scale) + tol(scale),
                "{} vs {}", r.a - r.b, expected);
        }
    }

    #[test]
    fn aabb_aabb(a in aabb(), b in aabb(), dir in initial_dir()) {
        let d = aabb_gap(&a, &b);
        let scale = scale_of(&[a.min, a.max, b.min, b.max]);
        check_pair(&gjk_closest_points(&a, &b, dir), &a, &b, d, scale)?;
        // The hull of the first box's corners is the box.
        let hull = ConvexHull::new(aabb_corners(&a).to_vec());
        check_pair(&gjk_closest_points(&hull, &b, dir), &a, &b, d, scale)?;
    }

    #[test]
    fn segment_segment(a in segment(), b in segment(), dir in initial_dir()) {
        let reference = a.closest_points(&b);
        let scale = scale_of(&[a.a, a.b, b.a, b.b]);
        check_pair(&gjk_closest_points(&a, &b, dir), &a, &b, reference.distance, scale)?;
    }

    #[test]
    fn capsule_capsule(a in capsule(), b in capsule(), dir in initial_dir()) {
        let core = a.segment().distance(&b.segment());
        let d = (core - a.radius - b.radius).max(0.0);
        let scale = scale_of(&[a.a, a.b, b.a, b.b]) + a.radius + b.radius;
        check_pair(&gjk_closest_points(&a, &b, dir), &a, &b, d, scale)?;
    }

    /// A point against an OBB and the same box as an AABB under a rotation of both: the box
    /// gap is invariant.
    #[test]
    fn rotated_boxes(a in aabb(), b in aabb(), q in rotation(), dir in initial_dir()) {
        let d = aabb_gap(&a, &b);
        let rot = isect::math::Mat3::from_quat(q);
        let turn = |x: &Aabb| Obb::new(rot * x.center(), x.half_extents(), rot);
        let (oa, ob) = (turn(&a), turn(&b));
        let scale = scale_of(&[a.min, a.max, b.min, b.max]);
        check_pair(&gjk_closest_points(&oa, &ob, dir), &oa, &ob, d, scale)?;
    }

    #[test]
    fn overlapping_spheres_and_boxes(
        s in fat_sphere(), b in fat_aabb(), o in fat_obb(), u in inner(), dir in initial_dir(),
    ) {
        check_overlap(&s, &b, u, dir)?;
        check_overlap(&b, &s, u, dir)?;
        check_overlap(&s, &o, u, dir)?;
        check_overlap(&o, &b, u, dir)?;
        check_overlap(&b, &o, u, dir)?;
        check_overlap(&s, &s, u, dir)?;
    }

    #[test]
    fn overlapping_capsules(
        c in fat_capsule(), s in fat_sphere(), o in fat_obb(), u in inner(), dir in initial_dir(),
    ) {
        check_overlap(&c, &s, u, dir)?;
        check_overlap(&o, &c, u, dir)?;
        check_overlap(&c, &c, u, dir)?;
    }

    /// Two shapes that share a sampled point (maybe only touching there): the distance is 0 up
    /// to GJK's floor, and a reported common point is in both.
    #[test]
    fn shapes_sharing_a_point(
        a in obb(), b in segment(), u in unit_cube(), w in unit_cube(), dir in initial_dir(),
    ) {
        let shift = a.sample(u) - b.sample(w);
        let b = Segment::new(b.a + shift, b.b + shift);
        let scale = scale_of(&[a.center, b.a, b.b]) + a.half_extents.length();
        let r = gjk_closest_points(&a, &b, dir);
        prop_assert!(r.distance <= gjk_distance_tolerance(0.0, scale), "{:?}", r);
        prop_assert!(a.distance_to_point(r.a) <= gjk_point_tolerance(0.0, scale));
        prop_assert!(b.distance_to_point(r.b) <= gjk_point_tolerance(0.0, scale));
    }
}
