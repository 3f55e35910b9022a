//! Triangle–triangle hand cases and `Triangle::intersection_segment`.

use isect::math::Vec3;
use isect::{Segment, Triangle};

use super::{APART, base, invalid_triangles, shifted};
use crate::common::{intersects_both, v};

/// The segment's ends, sorted, for comparison with an expected segment in either direction.
fn ends(s: Segment) -> [Vec3; 2] {
    let key = |p: Vec3| (p.x, p.y, p.z);
    if key(s.a) <= key(s.b) {
        [s.a, s.b]
    } else {
        [s.b, s.a]
    }
}

/// Whether `self.intersection_segment(other)` (both orders) is `expected`, exactly.
#[track_caller]
fn check_segment(t1: &Triangle, t2: &Triangle, expected: Option<[Vec3; 2]>) {
    let mut sorted = expected;
    if let Some(e) = &mut sorted {
        *e = ends(Segment::new(e[0], e[1]));
    }
    assert_eq!(
        t1.intersection_segment(t2).map(ends),
        sorted,
        "{t1:?} ∩ {t2:?}"
    );
    assert_eq!(
        t2.intersection_segment(t1).map(ends),
        sorted,
        "{t2:?} ∩ {t1:?}"
    );
}

/// `(other triangle, direction that moves it apart, expected intersection)` against `base()`.
fn touching_cases() -> Vec<(Triangle, Vec3, Option<[Vec3; 2]>)> {
    vec![
        // Coplanar, sharing the hypotenuse.
        (
            Triangle::new(v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0), v(4.0, 4.0, 0.0)),
            v(1.0, 1.0, 0.0),
            Some([v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0)]),
        ),
        // Coplanar, sharing a piece of an edge (the other's edge is longer).
        (
            Triangle::new(v(-2.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, -2.0, 0.0)),
            v(0.0, -1.0, 0.0),
            Some([v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0)]),
        ),
        // Coplanar, sharing only a vertex.
        (
            Triangle::new(v(4.0, 0.0, 0.0), v(8.0, -4.0, 0.0), v(8.0, 4.0, 0.0)),
            v(1.0, 0.0, 0.0),
            Some([v(4.0, 0.0, 0.0), v(4.0, 0.0, 0.0)]),
        ),
        // Coplanar, a vertex on the other's edge.
        (
            Triangle::new(v(2.0, 0.0, 0.0), v(3.0, -2.0, 0.0), v(1.0, -2.0, 0.0)),
            v(0.0, -1.0, 0.0),
            Some([v(2.0, 0.0, 0.0), v(2.0, 0.0, 0.0)]),
        ),
        // A vertex on the face, the rest above.
        (
            Triangle::new(v(1.0, 1.0, 0.0), v(1.0, 2.0, 4.0), v(2.0, 1.0, 4.0)),
            v(0.0, 0.0, 1.0),
            Some([v(1.0, 1.0, 0.0), v(1.0, 1.0, 0.0)]),
        ),
        // An edge lying on the face, the third vertex above.
        (
            Triangle::new(v(1.0, 1.0, 0.0), v(2.0, 1.0, 0.0), v(1.0, 1.0, 4.0)),
            v(0.0, 0.0, 1.0),
            Some([v(1.0, 1.0, 0.0), v(2.0, 1.0, 0.0)]),
        ),
        // Edge on edge at one point: in the plane x = 2, the hypotenuse y + z = 0 touching
        // edge ab (y = z = 0) at (2, 0, 0).
        (
            Triangle::new(v(2.0, -1.0, 1.0), v(2.0, 1.0, -1.0), v(2.0, -1.0, -1.0)),
            v(0.0, -1.0, 0.0),
            Some([v(2.0, 0.0, 0.0), v(2.0, 0.0, 0.0)]),
        ),
        // Edge on edge along a piece: the plane y + z = 0 meets the plane z = 0 in edge ab's
        // line, and the other triangle covers x in [2, 2.5] of it.
        (
            Triangle::new(v(2.0, -1.0, 1.0), v(2.0, 1.0, -1.0), v(3.0, -1.0, 1.0)),
            v(0.0, -1.0, 0.0),
            Some([v(2.0, 0.0, 0.0), v(2.5, 0.0, 0.0)]),
        ),
        // Vertex on vertex, out of plane.
        (
            Triangle::new(v(0.0, 0.0, 0.0), v(-1.0, 0.0, 2.0), v(0.0, -1.0, 2.0)),
            v(-1.0, -1.0, 0.0),
            Some([v(0.0, 0.0, 0.0), v(0.0, 0.0, 0.0)]),
        ),
    ]
}

#[test]
fn touching_configurations_and_moved_apart() {
    let t = base();
    for (other, away, expected) in touching_cases() {
        assert!(intersects_both(&t, &other), "{t:?} should touch {other:?}");
        check_segment(&t, &other, expected);
        let moved = shifted(&other, away * APART);
        assert!(!intersects_both(&t, &moved), "{t:?} should miss {moved:?}");
        check_segment(&t, &moved, None);
        // Reordered corners (orientation flipped) change nothing.
        let flipped = Triangle::new(other.a, other.c, other.b);
        assert!(intersects_both(&Triangle::new(t.b, t.a, t.c), &flipped));
        assert!(!intersects_both(
            &Triangle::new(t.c, t.b, t.a),
            &shifted(&flipped, away * APART)
        ));
    }
}

#[test]
fn crossing_overlapping_and_apart() {
    let t = base();
    // Piercing: the plane y = 1 through the face.
    let pierce = Triangle::new(v(1.0, 1.0, -1.0), v(1.0, 1.0, 1.0), v(2.0, 1.0, 0.0));
    assert!(intersects_both(&t, &pierce));
    check_segment(&t, &pierce, Some([v(1.0, 1.0, 0.0), v(2.0, 1.0, 0.0)]));
    // Piercing through both: each clips the other.
    let through = Triangle::new(v(-1.0, 1.0, -1.0), v(-1.0, 1.0, 1.0), v(8.0, 1.0, 0.0));
    check_segment(&t, &through, Some([v(0.0, 1.0, 0.0), v(3.0, 1.0, 0.0)]));
    // Coplanar overlap with area: intersecting, no segment.
    let overlap = Triangle::new(v(1.0, 1.0, 0.0), v(5.0, 1.0, 0.0), v(1.0, 5.0, 0.0));
    assert!(intersects_both(&t, &overlap));
    check_segment(&t, &overlap, None);
    // Coplanar, one inside the other.
    let inner = Triangle::new(v(1.0, 1.0, 0.0), v(2.0, 1.0, 0.0), v(1.0, 2.0, 0.0));
    assert!(intersects_both(&t, &inner));
    assert!(intersects_both(&t, &t));
    // Coplanar and apart; parallel planes; crossing planes beside the triangle.
    assert!(!intersects_both(&t, &shifted(&t, v(5.0, 0.0, 0.0))));
    assert!(!intersects_both(&t, &shifted(&t, v(0.0, 0.0, APART))));
    let beside = Triangle::new(v(3.0, 3.0, -1.0), v(3.0, 3.0, 1.0), v(5.0, 1.0, 0.0));
    assert!(!intersects_both(&t, &beside));
    // The other's plane cuts t, but its triangle stops short.
    let short = Triangle::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 3.0), v(2.0, 1.0, 2.0));
    assert!(!intersects_both(&t, &short));
    check_segment(&t, &short, None);
}

#[test]
fn degenerate_triangles() {
    let t = base();
    // Collinear (a segment) piercing the face, touching it, beside it.
    let pierce = Triangle::new(v(1.0, 1.0, -1.0), v(1.0, 1.0, 1.0), v(1.0, 1.0, 3.0));
    assert!(intersects_both(&t, &pierce));
    let on_face = Triangle::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 1.0), v(1.0, 1.0, 2.0));
    assert!(intersects_both(&t, &on_face));
    assert!(!intersects_both(&t, &shifted(&on_face, v(0.0, 0.0, APART))));
    // In the plane, crossing the hypotenuse; and ending on it.
    let across = Triangle::new(v(3.0, 3.0, 0.0), v(1.0, 1.0, 0.0), v(2.0, 2.0, 0.0));
    assert!(intersects_both(&t, &across));
    let ending = Triangle::new(v(3.0, 3.0, 0.0), v(2.0, 2.0, 0.0), v(4.0, 4.0, 0.0));
    assert!(intersects_both(&t, &ending));
    assert!(!intersects_both(
        &t,
        &shifted(&ending, v(APART, APART, 0.0))
    ));
    // Through an edge from outside, out of plane.
    let through_edge = Triangle::new(v(2.0, 0.0, -1.0), v(2.0, 0.0, 1.0), v(2.0, 0.0, 0.0));
    assert!(intersects_both(&t, &through_edge));
    assert!(!intersects_both(
        &t,
        &shifted(&through_edge, v(0.0, -APART, 0.0))
    ));
    // Points: on the face, on an edge, on a vertex, above.
    for p in [v(1.0, 1.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 4.0, 0.0)] {
        assert!(intersects_both(&t, &Triangle::new(p, p, p)), "{p}");
        let q = p + v(0.0, 0.0, APART);
        assert!(!intersects_both(&t, &Triangle::new(q, q, q)), "{q}");
    }
    let q = v(2.0, 2.0 + APART, 0.0);
    assert!(!intersects_both(&t, &Triangle::new(q, q, q)));
    // Two segments: crossing, touching at an end, collinear overlapping, collinear apart, skew.
    let s1 = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 2.0, 0.0), v(1.0, 1.0, 0.0));
    let s2 = Triangle::new(v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0), v(2.0, 0.0, 0.0));
    assert!(intersects_both(&s1, &s2));
    assert!(!intersects_both(&s1, &shifted(&s2, v(0.0, 0.0, APART))));
    let end = Triangle::new(v(2.0, 2.0, 0.0), v(3.0, 5.0, 1.0), v(3.0, 5.0, 1.0));
    assert!(intersects_both(&s1, &end));
    assert!(!intersects_both(&s1, &shifted(&end, v(APART, 0.0, 0.0))));
    let collinear = Triangle::new(v(2.0, 2.0, 0.0), v(3.0, 3.0, 0.0), v(4.0, 4.0, 0.0));
    assert!(intersects_both(&s1, &collinear));
    assert!(!intersects_both(
        &s1,
        &shifted(&collinear, v(APART, APART, 0.0))
    ));
    // Two points.
    let p = Triangle::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0));
    assert!(intersects_both(&p, &p));
    assert!(!intersects_both(&p, &shifted(&p, v(0.0, APART, 0.0))));
    // No segment for degenerate triangles.
    assert_eq!(t.intersection_segment(&pierce), None);
}

#[test]
fn invalid_input_is_false() {
    let t = base();
    for bad in invalid_triangles() {
        assert!(!intersects_both(&t, &bad));
        assert!(!intersects_both(&bad, &bad));
        assert_eq!(t.intersection_segment(&bad), None);
        assert_eq!(bad.intersection_segment(&t), None);
    }
}

/// Regression: a sliver (proper for the exact predicates, its rounded normal zero) in the plane
/// x = 0 and a triangle meeting that plane along an edge. The ends were ordered along the
/// rounded n1 × n2, which was zero: one argument order returned the whole edge instead of the
/// sliver's tiny crossing with it.
#[test]
#[cfg_attr(
    not(isect_f64),
    expect(
        clippy::excessive_precision,
        reason = "the f64 input the property test found"
    )
)]
fn sliver_intersection_segment_is_the_same_in_both_orders() {
    let t1 = Triangle::new(
        v(0.0, 0.0, -6.407405260082306),
        v(0.0, 2.4038618971034755, -1.1100084751796615),
        v(0.0, 2.0, -2.0),
    );
    let t2 = Triangle::new(
        v(3.837907220128029, 0.0, -6.011111773681198),
        v(0.0, 0.0, 0.0),
        v(0.0, 2.7815829261365046, -4.544752505928327),
    );
    let expected = v(0.0, 1.669649361622237, -2.72799457062885);
    for s in [t1.intersection_segment(&t2), t2.intersection_segment(&t1)] {
        let s = s.expect("they cross");
        crate::common::assert_near_vec(s.a, expected, "end a");
        crate::common::assert_near_vec(s.b, expected, "end b");
    }
}
