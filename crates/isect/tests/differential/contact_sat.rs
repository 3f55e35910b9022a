//! Box–box, box–triangle, capsule–box and segment–triangle contacts against parry's `query::contact` (GJK/EPA for
//! these pairs in parry 0.31; its SAT cuboid routine is disabled in the dispatcher). Penetration
//! depth is parry's `-dist`; parry's `normal1` points from shape 1 towards shape 2, so isect's
//! normal (from `other` towards `self`) is `-normal1`.
//!
//! Compared where the depth is clearly positive. Both answers are judged by the exact overlap
//! test where they differ: a depth is a separating translation when moving `self` by a little
//! more than it along its normal separates the pair, and isect's depth must be the smaller of
//! two valid ones (parry's EPA stops short of deep contacts, see `contact.rs`: then parry's
//! translation does not separate).

use isect::math::{Quat, Vec3};
use isect::{Aabb, Contact, ContactInfo, Intersects, Obb, Real, Segment};
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::parry_conv::{
    self as parry_conv, capsule_posed as parry_capsule, cuboid as parry_obb, to_parry, translation,
};
use crate::common::{strategy, tol};
use crate::sweep::Translated;

/// parry's `(depth, normal)` in isect's convention.
fn parry_contact(
    p1: parry::math::Pose,
    g1: &dyn ps::Shape,
    p2: parry::math::Pose,
    g2: &dyn ps::Shape,
) -> Option<(Real, Vec3)> {
    parry_conv::contact(&p1, g1, &p2, g2)
}

/// Whether moving `a` by `normal * depth * (1 + 1e-3)` (plus rounding) separates it from `b`.
fn separates<A: Intersects<B> + Translated, B>(a: &A, b: &B, normal: Vec3, depth: Real) -> bool {
    !a.translated(normal * (depth * 1.001 + tol(1.0)))
        .intersects(b)
}

/// isect against parry where the depth is clearly positive: the same depth and normal, or, where
/// they differ, isect's is a separating translation no longer than parry's when parry's is one.
fn compare<A: Intersects<B> + Translated + core::fmt::Debug, B: core::fmt::Debug>(
    a: &A,
    b: &B,
    ours: Option<ContactInfo>,
    theirs: Option<(Real, Vec3)>,
) -> Result<(), TestCaseError> {
    let (Some(c), Some((depth, normal))) = (ours, theirs) else {
        return Ok(());
    };
    prop_assume!(depth > 1e-2 && c.depth > 1e-2);
    let what = format!("{a:?} against {b:?}: {c:?} vs parry {depth} {normal}");
    let t = 2e-3 * depth.max(1.0);
    if (c.depth - depth).abs() <= t {
        if c.normal.distance(normal) > 1e-2 {
            // Two axes with the same least overlap: both must separate.
            prop_assert!(
                separates(a, b, normal, depth),
                "parry's normal does not separate: {}",
                what
            );
        }
        return Ok(());
    }
    prop_assert!(
        separates(a, b, c.normal, c.depth),
        "isect's contact does not separate: {}",
        what
    );
    if separates(a, b, normal, depth) {
        prop_assert!(
            c.depth <= depth + t,
            "isect's depth is not the least: {}",
            what
        );
    }
    Ok(())
}

fn near(o: &Obb, to: Vec3) -> Obb {
    Obb::new(to, o.half_extents, o.rotation)
}

fn nearby() -> impl Strategy<Value = Vec3> {
    (-3.0 as Real..3.0, -3.0 as Real..3.0, -3.0 as Real..3.0)
        .prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

/// A box with every half extent at least 0.1 (parry's cuboids have no flat case worth comparing).
fn solid_obb() -> impl Strategy<Value = Obb> {
    (
        strategy::point(),
        strategy::real(0.1, 5.0),
        strategy::real(0.1, 5.0),
        strategy::real(0.1, 5.0),
        strategy::rotation(),
    )
        .prop_map(|(c, x, y, z, q)| Obb::from_quat(c, Vec3::new(x, y, z), q))
}

proptest! {
    /// A segment through a point of a proper triangle (so that most cross it).
    #[test]
    fn segment_triangle_matches_parry(
        t in strategy::triangle(),
        w in (0.0 as Real..1.0, 0.0 as Real..1.0),
        dir in strategy::direction(),
        lo in 0.0 as Real..1.0,
        hi in 0.0 as Real..1.0,
    ) {
        prop_assume!(t.normal().is_some());
        let (u, v) = if w.0 + w.1 > 1.0 { (1.0 - w.0, 1.0 - w.1) } else { w };
        let p = t.a + (t.b - t.a) * u + (t.c - t.a) * v;
        let s = Segment::new(p - dir * lo, p + dir * hi);
        let ps_ = ps::Segment::new(to_parry(s.a), to_parry(s.b));
        let pt = ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c));
        let id = translation(Vec3::ZERO);
        compare(&s, &t, s.contact(&t), parry_contact(id, &ps_, id, &pt))?;
    }

    #[test]
    fn obb_obb_matches_parry(a in solid_obb(), b in solid_obb(), off in nearby()) {
        let b = near(&b, a.center + off);
        let ((pa, ca), (pb, cb)) = (parry_obb(&a), parry_obb(&b));
        compare(&a, &b, a.contact(&b), parry_contact(pa, &ca, pb, &cb))?;
    }

    #[test]
    fn aabb_aabb_matches_parry(a in solid_obb(), b in solid_obb(), off in nearby()) {
        let a = Aabb::from_center_half_extents(a.center, a.half_extents);
        let b = Aabb::from_center_half_extents(a.center() + off, b.half_extents);
        let cuboid = |x: &Aabb| ps::Cuboid::new(to_parry(x.half_extents()));
        let theirs = parry_contact(translation(a.center()), &cuboid(&a), translation(b.center()), &cuboid(&b));
        compare(&a, &b, a.contact(&b), theirs)?;
    }

    #[test]
    fn aabb_obb_matches_parry(a in solid_obb(), b in solid_obb(), off in nearby()) {
        let a = Aabb::from_center_half_extents(a.center, a.half_extents);
        let b = near(&b, a.center() + off);
        let ca = ps::Cuboid::new(to_parry(a.half_extents()));
        let (pb, cb) = parry_obb(&b);
        compare(&a, &b, a.contact(&b), parry_contact(translation(a.center()), &ca, pb, &cb))?;
    }

    #[test]
    fn obb_triangle_matches_parry(a in solid_obb(), t in strategy::triangle(), off in nearby()) {
        prop_assume!(t.normal().is_some());
        let t = t.translated(a.center + off - t.centroid());
        let (pa, ca) = parry_obb(&a);
        let pt = ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c));
        compare(&a, &t, a.contact(&t), parry_contact(pa, &ca, translation(Vec3::ZERO), &pt))?;
    }

    #[test]
    fn capsule_obb_matches_parry(c in strategy::capsule(), b in solid_obb(), off in nearby()) {
        let c = c.translated(b.center + off - (c.a + c.b) * 0.5);
        let ((pc, cc), (pb, cb)) = (parry_capsule(&c), parry_obb(&b));
        compare(&c, &b, c.contact(&b), parry_contact(pc, &cc, pb, &cb))?;
    }
}

#[test]
fn stacked_boxes_by_hand_match_parry() {
    let a = Obb::from_quat(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    let b = Obb::from_quat(
        Vec3::new(0.25, 1.75, 0.0),
        Vec3::ONE,
        Quat::from_rotation_y(0.5),
    );
    let ((pa, ca), (pb, cb)) = (parry_obb(&a), parry_obb(&b));
    let (depth, normal) = parry_contact(pb, &cb, pa, &ca).unwrap();
    let ours = b.contact(&a).unwrap();
    assert!(
        (ours.depth - 0.25).abs() <= 1e-5 && (depth - 0.25).abs() <= 1e-4,
        "{ours:?} {depth}"
    );
    assert!(ours.normal.distance(Vec3::Y) <= 1e-5 && normal.distance(Vec3::Y) <= 1e-3);
}
