//! Triangle–segment distance and capsule–triangle overlap.

use isect::math::Vec3;
use isect::{Capsule, Distance, Real, Segment, Triangle};
use proptest::prelude::*;

use super::{APART, base, invalid_triangles};
use crate::common::flat_reference::{RefLinear, convex_min, dv, triangle_distance, wide};
use crate::common::{
    NON_FINITE, assert_near, intersects_both, non_finite_points, strategy, tol, v,
};

/// The distance from the segment to the triangle by brute force in f64: the distance to the
/// triangle is convex along the segment.
fn reference_distance(t: &Triangle, s: &Segment) -> f64 {
    let seg = RefLinear::segment(s);
    convex_min(|x| triangle_distance(t, seg.at(x)), 0.0, 1.0).1
}

#[test]
fn distance_known_cases() {
    let t = base();
    let cases: [(Segment, Real); 9] = [
        // Crossing the face: 0, at the crossing point.
        (Segment::new(v(1.0, 1.0, -1.0), v(1.0, 1.0, 3.0)), 0.0),
        // Parallel above the face.
        (Segment::new(v(1.0, 1.0, 2.0), v(2.0, 1.0, 2.0)), 2.0),
        // An end above the face, pointing away.
        (Segment::new(v(1.0, 1.0, 3.0), v(1.0, 1.0, 5.0)), 3.0),
        // Skew above edge ab (y = 0), crossing it at height 1.
        (Segment::new(v(2.0, -1.0, 1.0), v(2.0, 1.0, 1.0)), 1.0),
        // Skew beside edge ab in the plane z = 0 ... below: the closest pair is edge to segment.
        (Segment::new(v(1.0, -3.0, -1.0), v(1.0, -3.0, 1.0)), 3.0),
        // In the plane, crossing an edge: 0.
        (Segment::new(v(-1.0, 1.0, 0.0), v(1.0, 1.0, 0.0)), 0.0),
        // In the plane, beyond the hypotenuse x + y = 4, parallel to it at distance √2·... : an
        // end-to-vertex case instead (beyond b along x).
        (Segment::new(v(6.0, 0.0, 0.0), v(9.0, 0.0, 0.0)), 2.0),
        // A point segment above the face.
        (Segment::new(v(1.0, 2.0, 4.0), v(1.0, 2.0, 4.0)), 4.0),
        // Through vertex c.
        (Segment::new(v(0.0, 4.0, -1.0), v(0.0, 4.0, 1.0)), 0.0),
    ];
    for (s, expected) in cases {
        let d = t.distance(&s);
        assert_eq!(d, expected, "{t:?} to {s:?}");
        let cp = t.closest_points(&s);
        assert_eq!(cp.distance, expected);
        assert_eq!(s.distance(&t), expected);
        assert_eq!(s.closest_points(&t).a, cp.b);
    }
    // Crossing point.
    let cp = t.closest_points(&Segment::new(v(1.0, 1.0, -1.0), v(1.0, 1.0, 3.0)));
    assert_eq!((cp.a, cp.b), (v(1.0, 1.0, 0.0), v(1.0, 1.0, 0.0)));
    // Degenerate triangles: a segment and a point.
    let seg_t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    assert_eq!(
        seg_t.distance(&Segment::new(v(2.0, 1.0, -3.0), v(2.0, 1.0, 3.0))),
        1.0
    );
    let point_t = Triangle::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0));
    assert_eq!(
        point_t.distance(&Segment::new(v(-1.0, 1.0, 3.0), v(3.0, 1.0, 3.0))),
        2.0
    );
}

#[test]
fn distance_invalid_input() {
    let t = base();
    let s = Segment::new(v(0.0, 0.0, 1.0), v(1.0, 1.0, 1.0));
    for p in non_finite_points() {
        assert_eq!(t.distance(&Segment::new(p, s.b)), Real::INFINITY);
        assert_eq!(t.distance(&Segment::new(s.a, p)), Real::INFINITY);
    }
    for bad in invalid_triangles() {
        let cp = bad.closest_points(&s);
        assert_eq!(cp.distance, Real::INFINITY);
        assert!(!cp.a.is_finite() && !cp.b.is_finite());
    }
}

proptest! {
    #[test]
    fn distance_matches_the_reference(t in strategy::triangle(), s in strategy::segment()) {
        let cp = t.closest_points(&s);
        let expected = reference_distance(&t, &s);
        let scale = crate::common::flat_reference::scale_of(&[t.a, t.b, t.c, s.a, s.b]);
        prop_assert!((wide(cp.distance) - expected).abs() <= wide(tol(scale)),
            "distance {} vs reference {expected}", cp.distance);
        // The points lie on their shapes and are `distance` apart.
        prop_assert!(triangle_distance(&t, dv(cp.a)) <= wide(tol(scale)));
        prop_assert!(RefLinear::segment(&s).distance_to(dv(cp.b)) <= wide(tol(scale)));
        assert_near(cp.a.distance(cp.b), cp.distance, "|a - b|");
    }
}

#[test]
fn capsule_touching_and_apart() {
    let t = base();
    // (capsule, direction that moves it apart)
    let cases: [(Capsule, Vec3); 7] = [
        // Lying above the face.
        (
            Capsule::new(v(1.0, 1.0, 2.0), v(2.0, 1.0, 2.0), 2.0),
            v(0.0, 0.0, 1.0),
        ),
        // Standing on the face.
        (
            Capsule::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 5.0), 1.0),
            v(0.0, 0.0, 1.0),
        ),
        // Parallel to edge ab, beside it in the plane.
        (
            Capsule::new(v(1.0, -1.0, 0.0), v(3.0, -1.0, 0.0), 1.0),
            v(0.0, -1.0, 0.0),
        ),
        // Skew across edge ab, below the plane.
        (
            Capsule::new(v(2.0, -2.0, -1.0), v(2.0, 2.0, -1.0), 1.0),
            v(0.0, 0.0, -1.0),
        ),
        // Beyond vertex b along x.
        (
            Capsule::new(v(6.0, 0.0, 0.0), v(9.0, 0.0, 0.0), 2.0),
            v(1.0, 0.0, 0.0),
        ),
        // Zero radius: a segment touching the face at an end.
        (
            Capsule::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 5.0), 0.0),
            v(0.0, 0.0, 1.0),
        ),
        // Zero length: a sphere on vertex c.
        (
            Capsule::new(v(0.0, 5.0, 0.0), v(0.0, 5.0, 0.0), 1.0),
            v(0.0, 1.0, 0.0),
        ),
    ];
    for (c, away) in cases {
        assert!(intersects_both(&c, &t), "{c:?} should touch {t:?}");
        let moved = Capsule::new(c.a + away * APART, c.b + away * APART, c.radius);
        assert!(!intersects_both(&moved, &t), "{moved:?} should miss {t:?}");
        if c.radius > 0.0 {
            let thinner = Capsule::new(c.a, c.b, c.radius - APART);
            assert!(
                !intersects_both(&thinner, &t),
                "{thinner:?} should miss {t:?}"
            );
        }
    }
    // Piercing the face with no end near it.
    assert!(intersects_both(
        &Capsule::new(v(1.0, 1.0, -5.0), v(1.0, 1.0, 5.0), 0.0),
        &t
    ));
    // Degenerate triangles.
    let seg_t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    let c = Capsule::new(v(2.0, 1.0, -3.0), v(2.0, 1.0, 3.0), 1.0);
    assert!(intersects_both(&c, &seg_t));
    assert!(!intersects_both(
        &Capsule::new(c.a, c.b, 1.0 - APART),
        &seg_t
    ));
    let p = v(1.0, 1.0, 1.0);
    let point_t = Triangle::new(p, p, p);
    assert!(intersects_both(
        &Capsule::new(v(-1.0, 1.0, 3.0), v(3.0, 1.0, 3.0), 2.0),
        &point_t
    ));
    assert!(!intersects_both(
        &Capsule::new(v(-1.0, 1.0, 3.0 + APART), v(3.0, 1.0, 3.0 + APART), 2.0),
        &point_t
    ));
}

#[test]
fn capsule_invalid_input_is_false() {
    let t = base();
    for p in non_finite_points() {
        assert!(!intersects_both(
            &Capsule::new(p, v(1.0, 1.0, 0.0), 1.0),
            &t
        ));
        assert!(!intersects_both(
            &Capsule::new(v(1.0, 1.0, 0.0), p, 1.0),
            &t
        ));
    }
    for r in NON_FINITE.into_iter().chain([-1.0]) {
        assert!(!intersects_both(
            &Capsule::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 1.0), r),
            &t
        ));
    }
    let good = Capsule::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 1.0), 10.0);
    for bad in invalid_triangles() {
        assert!(!intersects_both(&good, &bad));
    }
}
