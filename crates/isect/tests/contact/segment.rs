//! Segment–triangle contacts: hand cases with exact depths (through the face, sideways off an
//! edge, touching, lying in the plane, degenerate shapes, invalid input, huge and tiny
//! magnitudes), and properties against the f64 reference distance of `common::flat_reference`
//! (a crossing is its exact 0): moving the segment by a little more than the depth clears the
//! triangle, by a little less does not.

use isect::math::Vec3;
use isect::{Contact, Intersects, PointQuery, Real, Segment, Triangle};
use proptest::prelude::*;

use super::Case;
use crate::common::flat_reference::{
    dv, segment_triangle_crossing_depth, segment_triangle_distance,
};
use crate::common::{strategy, v};

/// The reference separation: the f64 distance when apart; when the segment crosses the
/// triangle (where the reference distance is an exact 0), minus the depth of the crossing, so
/// that a contact that leaves them crossing fails, and "no contact" fails for a crossing deeper
/// than the tolerance. A shallower crossing may be answered either way: on a sliver triangle
/// (seeds in proptest-regressions/contact/segment.txt, whose triangle's angle is 8e-5 rad) the
/// plane itself is only known to about ε over that angle, and isect answers a segment crossing
/// by 1.1e-4 as 4.4e-6 apart (within its documented distance accuracy).
fn gap(s: &Segment, t: &Triangle) -> Real {
    let d = segment_triangle_distance(dv(s.a), dv(s.b), t);
    if d == 0.0 {
        -(segment_triangle_crossing_depth(dv(s.a), dv(s.b), t) as Real)
    } else {
        d as Real
    }
}

fn check(s: &Segment, t: &Triangle) -> Option<isect::ContactInfo> {
    Case {
        a: s,
        b: t,
        gap: &gap,
        dist_a: &|s: &Segment, p| s.distance_to_point(p),
        dist_b: &|t: &Triangle, p| t.distance_to_point(p),
        scale: 20.0,
        no_unique_normal: false,
    }
    .check()
}

fn floor() -> Triangle {
    Triangle::new(v(-4.0, 0.0, -4.0), v(4.0, 0.0, -4.0), v(0.0, 0.0, 4.0))
}

#[test]
fn through_the_face_and_off_an_edge() {
    let floor = floor();
    // Standing through the floor, 1 below and 3 above: out upwards by 1; upside down, downwards.
    let stick = Segment::new(v(0.0, -1.0, 0.0), v(0.0, 3.0, 0.0));
    let c = check(&stick, &floor).unwrap();
    assert_eq!((c.point, c.normal, c.depth), (Vec3::ZERO, Vec3::Y, 1.0));
    let m = floor.contact(&stick).unwrap();
    assert_eq!((m.point, m.normal, m.depth), (Vec3::ZERO, -Vec3::Y, 1.0));
    let c = check(&Segment::new(v(0.0, 1.0, 0.0), v(0.0, -3.0, 0.0)), &floor).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::Y, 1.0));
    // Crossing a quarter inside the edge z = -4: sideways off the edge is shorter than through
    // the face (0.25 against 2).
    let near_edge = Segment::new(v(1.0, -2.0, -3.75), v(1.0, 2.0, -3.75));
    let c = check(&near_edge, &floor).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (v(1.0, 0.0, -3.75), -Vec3::Z, 0.25)
    );
    // A slanted stick: the crossing point, and the face push of its lower end.
    let slanted = Segment::new(v(-1.0, -0.5, 0.0), v(1.0, 1.5, 0.0));
    let c = check(&slanted, &floor).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (v(-0.5, 0.0, 0.0), Vec3::Y, 0.5)
    );
}

#[test]
fn touching_gives_depth_zero() {
    let floor = floor();
    // An end on the face, on an edge, on a corner.
    for end in [v(0.5, 0.0, 0.5), v(0.0, 0.0, -4.0), v(0.0, 0.0, 4.0)] {
        let s = Segment::new(end, end + v(0.25, 2.0, 0.5));
        let c = check(&s, &floor).unwrap_or_else(|| panic!("{end}"));
        assert_eq!((c.point, c.depth), (end, 0.0), "{end}");
        assert_eq!(c.normal, Vec3::Y, "{end}");
    }
    // Lying in the triangle's plane, across it and beyond: touching, pushed off the plane.
    let lying = Segment::new(v(-6.0, 0.0, 0.0), v(6.0, 0.0, 0.5));
    let c = check(&lying, &floor).unwrap();
    assert_eq!(c.depth, 0.0);
    assert_eq!(c.normal.abs(), Vec3::Y);
    // Grazing the edge z = -4 from outside, in a plane across the floor.
    let graze = Segment::new(v(0.0, -1.0, -5.0), v(0.0, 1.0, -3.0));
    assert!(check(&graze, &floor).unwrap().depth <= crate::common::tol(1.0));
    // Apart: an end just above the face, beside the edge, and a point above.
    let above = Segment::new(v(0.5, 1.0 / 1024.0, 0.5), v(0.5, 2.0, 0.5));
    assert!(check(&above, &floor).is_none());
    let beside = Segment::new(graze.a, graze.b - v(0.0, 0.0, 1.0 / 1024.0));
    assert!(check(&beside, &floor).is_none());
    let point = v(0.5, 0.25, 0.5);
    assert!(check(&Segment::new(point, point), &floor).is_none());
}

#[test]
fn degenerate_shapes() {
    let floor = floor();
    // A zero-length segment on the face is a point touching it.
    let p = v(0.5, 0.0, 0.5);
    let c = check(&Segment::new(p, p), &floor).unwrap();
    assert_eq!((c.point, c.depth), (p, 0.0));
    // A collinear triangle (the segment from -X to +X) and a stick through its middle: they
    // meet at the origin, depth 0, the normal across both (perpendicular to X and Y).
    let flat = Triangle::new(v(-2.0, 0.0, 0.0), v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    let stick = Segment::new(v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0));
    let c = stick.contact(&flat).unwrap();
    assert_eq!((c.point, c.depth), (Vec3::ZERO, 0.0));
    assert_eq!(c.normal.abs(), Vec3::Z);
    let m = flat.contact(&stick).unwrap();
    assert_eq!((m.normal, m.depth), (-c.normal, 0.0));
    assert!(
        Segment::new(v(0.0, 1.0, 0.0), v(0.0, 2.0, 0.0))
            .contact(&flat)
            .is_none()
    );
    // A point triangle on the segment.
    let dot = Triangle::new(v(0.0, 0.5, 0.0), v(0.0, 0.5, 0.0), v(0.0, 0.5, 0.0));
    let c = stick.contact(&dot).unwrap();
    assert_eq!((c.point, c.depth), (v(0.0, 0.5, 0.0), 0.0));
    assert!((c.normal.length() - 1.0).abs() <= 1e-6);
    assert_eq!(c.normal.y, 0.0);
}

#[test]
fn invalid_input_is_no_contact() {
    let floor = floor();
    let stick = Segment::new(v(0.0, -1.0, 0.0), v(0.0, 3.0, 0.0));
    for bad in crate::common::NON_FINITE {
        let s = Segment::new(v(0.0, -1.0, 0.0), v(0.0, bad, 0.0));
        assert!(s.contact(&floor).is_none(), "{bad}");
        assert!(floor.contact(&s).is_none(), "{bad}");
        let t = Triangle::new(floor.a, v(bad, 0.0, -4.0), floor.c);
        assert!(stick.contact(&t).is_none(), "{bad}");
        assert!(t.contact(&stick).is_none(), "{bad}");
    }
}

#[test]
fn huge_and_tiny_magnitudes_scale_exactly() {
    let floor = floor();
    let near_edge = Segment::new(v(1.0, -2.0, -3.75), v(1.0, 2.0, -3.75));
    let want = near_edge.contact(&floor).unwrap();
    for k in [-100, -60, 60, 100] {
        let s = (2.0 as Real).powi(k);
        let big = Triangle::new(floor.a * s, floor.b * s, floor.c * s);
        let seg = Segment::new(near_edge.a * s, near_edge.b * s);
        let c = seg.contact(&big).unwrap_or_else(|| panic!("2^{k}"));
        assert_eq!(
            (c.point, c.normal, c.depth),
            (want.point * s, want.normal, want.depth * s),
            "2^{k}"
        );
    }
}

/// A segment through a point of the triangle (barycentric weights), along `dir`, reaching `lo`
/// before and `hi` after it: mostly crossing.
fn through(t: &Triangle, w: (Real, Real), dir: Vec3, lo: Real, hi: Real) -> Segment {
    let (u, v) = if w.0 + w.1 > 1.0 {
        (1.0 - w.0, 1.0 - w.1)
    } else {
        w
    };
    let p = t.a + (t.b - t.a) * u + (t.c - t.a) * v;
    Segment::new(p - dir * lo, p + dir * hi)
}

proptest! {
    #[test]
    fn segment_triangle(s in strategy::segment(), t in strategy::triangle()) {
        let c = check(&s, &t);
        prop_assert_eq!(c.is_some(), s.intersects(&t) || isect::Distance::distance(&s, &t) == 0.0);
    }

    #[test]
    fn segment_through_a_triangle(
        t in strategy::triangle(),
        w in (0.0 as Real..1.0, 0.0 as Real..1.0),
        dir in strategy::direction(),
        lo in 0.0 as Real..1.0,
        hi in 0.0 as Real..1.0,
    ) {
        check(&through(&t, w, dir, lo, hi), &t);
    }
}
