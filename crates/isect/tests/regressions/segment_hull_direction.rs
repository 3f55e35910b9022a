//! Issue 24, fuzz (`query_driver`, seed 2701, distance family): a one-point hull
//! `(6.125, −0.9375, −6.4e−5)` against the segment from `(298794.7, 2.35e−43, 0)` to the
//! origin: distance 0.9375 at scale 1 and 0 at `4⁴`. The point lies within the on-set
//! tolerance of the segment (64 ulp of its 3e5: 2.28; `Segment::contains_point` is true), but
//! the hull–segment overlap test moved the hull's planes out by 64 ulp of the segment's *first*
//! end only: from `(298794.7, 0, 0)` it met, from the origin it did not. And the distance, proven
//! apart by GJK's supports (the segment's end at the origin, won by the subnormal in a tie), did
//! not ask the overlap test, so distance and `intersects` disagreed at scale 1 and agreed at
//! `4⁴` (the subnormal flushed). Now the overlap test's slack follows both ends of the segment,
//! and the distance asks it wherever the gap is within four times that slack.
//!
//! Since then (a2) a segment against a hull is answered as the radius-0 capsule it is, by GJK,
//! whose touching band is per coordinate: across the segment (along y) it is a few ulp of the
//! point's 0.94, not 64 ulp of the segment's 3e5. The exact distance is `0.93750000217` (in
//! `f32`'s numbers, by rationals), so the pair is now apart in both directions and at every
//! scale, with distance 0.9375 (as the radius-0 capsule was already, and as
//! `Capsule::contains_point` says; `Segment::contains_point`, which keeps the on-set tolerance
//! of the segment's extent, still says the point is on it).

use isect::math::Vec3;
use isect::{ConvexHull, Distance, Intersects, Real, Segment};

use super::{PERMUTATIONS, pow2};
use crate::common::v;

/// `x` in `f32` (0.9375 is 0.41 of the on-set tolerance of a segment 298794.7 long), as many
/// ulps in `f64`.
fn offset(ulps_of_f32: Real) -> Real {
    ulps_of_f32 * Real::EPSILON / (f32::EPSILON as Real)
}

/// The hull, the segment's two directions and both argument orders agree on `intersects`, and
/// distance is 0 exactly when they meet, at every power-of-two scale with the axes permuted and
/// mirrored; `expected` is the overlap at scale 1. When apart, the distance is the point's
/// offset across the segment (to `1e-3` of it).
fn check(point: Vec3, far: Vec3, expected: bool) {
    for axes in PERMUTATIONS {
        for mirror in [v(1.0, 1.0, 1.0), v(-1.0, -1.0, 1.0)] {
            let turn = |p: Vec3| v(p[axes[0]], p[axes[1]], p[axes[2]]) * mirror;
            for k in (-60..=60).step_by(2) {
                let s = pow2(k);
                let hull = ConvexHull::new(vec![turn(point) * s]);
                let end = turn(far) * s;
                for segment in [Segment::new(end, Vec3::ZERO), Segment::new(Vec3::ZERO, end)] {
                    let at = format!("{segment:?}, axes {axes:?}, mirror {mirror}, 2^{k}");
                    let meet = hull.intersects(&segment);
                    assert_eq!(meet, expected, "{at}: intersects");
                    assert_eq!(segment.intersects(&hull), meet, "{at}: other order");
                    for cp in [hull.closest_points(&segment), segment.closest_points(&hull)] {
                        assert_eq!(cp.distance == 0.0, meet, "{at}: {cp:?}");
                        if meet {
                            assert_eq!(cp.a, cp.b, "{at}: a common point");
                        } else {
                            let gap = point.y.hypot(point.z) * s;
                            let d = cp.distance;
                            assert!((d - gap).abs() <= 1e-3 * gap, "{at}: {d} against {gap}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn segment_hull_overlap_depended_on_the_segments_direction() {
    let (y, z) = (offset(0.9375), offset(6.373321e-5));
    check(v(6.125, -y, -z), v(298_794.7, 2.35e-43, 0.0), false);
    // Without the subnormal, and with the segment tilted by a normal amount.
    check(v(6.125, -y, -z), v(298_794.7, 0.0, 0.0), false);
    check(v(6.125, -y, -z), v(298_794.7, 1e-30, 0.0), false);
}

/// Control: a point 4 ulp-units off (beyond the old tolerance, 2.28 in `f32`) is apart in every
/// direction, at its distance.
#[test]
fn segment_hull_direction_control_beyond_the_tolerance() {
    let y = offset(4.0);
    check(v(6.125, -y, 0.0), v(298_794.7, 2.35e-43, 0.0), false);
    let hull = ConvexHull::new(vec![v(6.125, -y, 0.0)]);
    for segment in [
        Segment::new(v(298_794.7, 0.0, 0.0), Vec3::ZERO),
        Segment::new(Vec3::ZERO, v(298_794.7, 0.0, 0.0)),
    ] {
        let d = hull.distance(&segment);
        assert!(
            (d - y).abs() <= 64.0 * Real::EPSILON * 298_794.7,
            "{d} against {y}"
        );
    }
}
