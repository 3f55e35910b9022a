//! Issue 24 item 1: a segment past a sliver triangle, its line within rounding of an edge's
//! line, was decided by the watertight test's rounded edge functions: in `f32` one rounded to the
//! wrong sign, so a segment just outside edge `ca` was reported crossing (and, more often, one
//! just inside an edge was reported missing). The truth below is exact (Python `fractions`:
//! the orientations of the segment against the three edges and of its ends against the plane).
//! `linear_meets_triangle` now decides an edge function within its rounding bound of 0 by the
//! exact orientation. Both cases lie within `ON_SET_TOLERANCE` of the triangle's boundary, so the
//! fix makes them exact rather than moves them across the documented tolerance; in `f64` the
//! rounded signs were already right for these inputs (they run there as checks).

#![allow(
    clippy::excessive_precision,
    clippy::inconsistent_digit_grouping,
    clippy::unreadable_literal,
    reason = "the inputs written exactly as the f32 values found, which f64 reads unchanged"
)]

use isect::{Intersects, Segment, Triangle};

use super::corner_orders;
use crate::common::v;

/// The six corner orders of `t`, and `s` both ways: the answer must not depend on them.
fn every_order(t: &Triangle, s: &Segment) -> impl Iterator<Item = bool> {
    let segments = [Segment::new(s.a, s.b), Segment::new(s.b, s.a)];
    corner_orders(t)
        .into_iter()
        .flat_map(move |t| segments.into_iter().map(move |s| t.intersects(&s)))
}

/// The segment passes outside edge `ca` (exact orientations against the edges, times the
/// segment's direction: −4.7e-3, −3.6e-3, +7.9e-5), crossing the plane: no crossing.
#[test]
fn segment_just_outside_a_sliver_edge_misses() {
    let t = Triangle::new(
        v(1392.547_119_140_625, -53163.316_406_25, -21767.263_671_875),
        v(1394.028_076_171_875, -53163.160_156_25, -21767.300_781_25),
        v(1394.027_709_960_937_5, -53163.160_156_25, -21767.300_781_25),
    );
    let s = Segment::new(
        v(1440.769_042_968_75, -53223.640_625, -21824.365_234_375),
        v(1345.984_497_070_312_5, -53102.816_406_25, -21710.203_125),
    );
    assert!(every_order(&t, &s).all(|hit| !hit));
}

/// The segment passes just inside an edge of a sliver 1.6e7 from the origin: a crossing.
#[test]
fn segment_just_inside_a_far_sliver_edge_hits() {
    let t = Triangle::new(
        v(-15964262.0, 5320.402_343_75, 1755.980_224_609_375),
        v(-15964263.0, 5318.660_156_25, 1757.833_740_234_375),
        v(-15964263.0, 5318.660_156_25, 1757.833_496_093_75),
    );
    let s = Segment::new(
        v(-15964261.0, 5281.147_460_937_5, 1702.455_810_546_875),
        v(-15964265.0, 5356.172_851_562_5, 1813.211_547_851_562_5),
    );
    assert!(every_order(&t, &s).all(|hit| hit));
}
