//! `Polyline` pairs against parry2d (parry2d-f64 for isect-f64): overlap and distance of a
//! polyline with a segment, another polyline and a convex polygon, on random chains, compared
//! away from the boundary (cases where either distance is within a relative 1e-4 of touching
//! are skipped: parry's GJK stops at a relative tolerance, and exact touching is tested in
//! `polyline_pairs.rs`).

use isect::Real;
use isect::d2::{Distance, Intersects, Polyline};
use isect::math::Vec2;
use parry2d::math::Pose;
use parry2d::query as pq;
use parry2d::shape::{self as ps, Shape};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::strategy::{self as st, point};

type PVec = parry2d::math::Vector;

fn pv(v: Vec2) -> PVec {
    PVec::from_array(v.to_array())
}

fn parry_polyline(points: &[Vec2]) -> ps::Polyline {
    ps::Polyline::new(points.iter().map(|&p| pv(p)).collect(), None)
}

/// Compares isect's overlap and distance with parry's for one pair; `what` names it.
fn compare(
    what: &str,
    meet: bool,
    ours: Real,
    a: &dyn Shape,
    b: &dyn Shape,
) -> Result<(), TestCaseError> {
    let theirs = pq::distance(&Pose::IDENTITY, a, &Pose::IDENTITY, b)
        .expect("supported pair")
        .distance;
    let hit = pq::intersection_test(&Pose::IDENTITY, a, &Pose::IDENTITY, b)
        .expect("supported pair")
        .intersecting;
    // Coordinates are within 10: a relative 1e-4 of the scale of the inputs.
    const NEAR: Real = 1e-4 * 20.0;
    if ours.min(theirs) <= NEAR && !(ours == 0.0 && theirs == 0.0) {
        return Ok(());
    }
    prop_assert_eq!(
        meet,
        hit,
        "{}: overlap, distances {} vs parry {}",
        what,
        ours,
        theirs
    );
    prop_assert!(
        (ours - theirs).abs() <= 1e-3 * (1.0 + theirs),
        "{}: distance {} vs parry {}",
        what,
        ours,
        theirs
    );
    Ok(())
}

proptest! {
    #[test]
    fn polyline_pairs_agree_with_parry(
        p in proptest::collection::vec(point(), 2..20),
        q in proptest::collection::vec(point(), 2..20),
        s in st::segment(),
        h in st::convex_polygon(),
    ) {
        let (ours, theirs) = (Polyline::chain(p.clone()).unwrap(), parry_polyline(&p));
        // A segment (parry's needs a length).
        if s.length() > 0.05 {
            let ps_ = ps::Segment::new(pv(s.a), pv(s.b));
            compare("segment", s.intersects(&ours), s.distance(&ours), &ps_, &theirs)?;
            compare("segment, other order", ours.intersects(&s), ours.distance(&s), &theirs, &ps_)?;
        }
        // Another polyline.
        let (ours_q, theirs_q) = (Polyline::chain(q.clone()).unwrap(), parry_polyline(&q));
        compare("polyline", ours.intersects(&ours_q), ours.distance(&ours_q), &theirs, &theirs_q)?;
        // A convex polygon with sides parry's hull keeps.
        let v = h.vertices();
        let n = v.len();
        if n >= 3 && (0..n).all(|i| v[i].distance(v[(i + 1) % n]) > 0.05) {
            if let Some(ph) = ps::ConvexPolygon::from_convex_polyline_unmodified(v.iter().map(|&x| pv(x)).collect()) {
                compare("convex polygon", h.intersects(&ours), h.distance(&ours), &ph, &theirs)?;
            }
        }
    }
}
