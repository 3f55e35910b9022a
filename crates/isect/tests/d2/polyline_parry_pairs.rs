//! `Polyline` pairs against parry2d (parry2d-f64 for isect-f64): overlap and distance of a
//! polyline with a segment, another polyline and a convex polygon, on random chains, compared
//! away from the boundary (cases where either distance is within a relative 1e-4 of touching
//! are skipped: parry's GJK stops at a relative tolerance, and exact touching is tested in
//! `polyline_pairs.rs`). Every distance is also checked against an independent reference: the
//! least distance over every pair of segments (and, for the polygon, a polyline vertex inside
//! it), in `f64` by brute force. Where parry's distance is off that reference, the fault is
//! parry's and it is not compared (it measures a polyline–segment pair from the wrong end of the segment:
//! 0.6936 for 0.6917, 0.2257 for 0.2244 in the saved seeds).

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

/// `x` in `f64` (the identity in the `f64` build).
#[cfg_attr(
    isect_f64,
    expect(clippy::useless_conversion, reason = "the identity in the f64 build")
)]
fn wide(x: Real) -> f64 {
    f64::from(x)
}

/// The distance from `p` to the segment `a`–`b`, in `f64`.
fn point_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (d, w) = ([b[0] - a[0], b[1] - a[1]], [p[0] - a[0], p[1] - a[1]]);
    let dd = d[0] * d[0] + d[1] * d[1];
    let t = if dd > 0.0 {
        ((w[0] * d[0] + w[1] * d[1]) / dd).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (w[0] - t * d[0]).hypot(w[1] - t * d[1])
}

/// The sign of the turn `a → b → c`, in `f64` (exact for `f32` input; a reference for `f64`).
fn turn(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).signum()
}

/// The distance between the segments `a` and `b`: 0 when they cross or touch, else the least
/// of their ends' distances to the other.
fn segment_segment(a: [[f64; 2]; 2], b: [[f64; 2]; 2]) -> f64 {
    let (s1, s2) = (turn(a[0], a[1], b[0]), turn(a[0], a[1], b[1]));
    let (s3, s4) = (turn(b[0], b[1], a[0]), turn(b[0], b[1], a[1]));
    if s1 * s2 < 0.0 && s3 * s4 < 0.0 {
        return 0.0;
    }
    point_segment(a[0], b[0], b[1])
        .min(point_segment(a[1], b[0], b[1]))
        .min(point_segment(b[0], a[0], a[1]))
        .min(point_segment(b[1], a[0], a[1]))
}

/// The segments of a chain (`closed`: a loop), in `f64`.
fn segments(points: &[Vec2], closed: bool) -> Vec<[[f64; 2]; 2]> {
    let p: Vec<[f64; 2]> = points.iter().map(|q| [wide(q.x), wide(q.y)]).collect();
    let mut out: Vec<_> = p.windows(2).map(|w| [w[0], w[1]]).collect();
    if closed && p.len() > 2 {
        out.push([p[p.len() - 1], p[0]]);
    }
    out
}

/// The brute-force distance between two sets of segments.
fn reference(a: &[[[f64; 2]; 2]], b: &[[[f64; 2]; 2]]) -> f64 {
    a.iter()
        .flat_map(|&x| b.iter().map(move |&y| segment_segment(x, y)))
        .fold(f64::INFINITY, f64::min)
}

/// Compares isect's distance with `exact` (the brute-force reference) and its overlap and
/// distance with parry's for one pair; `what` names it. Where parry's distance is off the
/// reference, parry is not compared.
fn compare(
    what: &str,
    meet: bool,
    ours: Real,
    a: &dyn Shape,
    b: &dyn Shape,
    exact: f64,
) -> Result<(), TestCaseError> {
    let theirs = pq::distance(&Pose::IDENTITY, a, &Pose::IDENTITY, b)
        .expect("supported pair")
        .distance;
    let hit = pq::intersection_test(&Pose::IDENTITY, a, &Pose::IDENTITY, b)
        .expect("supported pair")
        .intersecting;
    // Coordinates are within 10: a relative 1e-4 of the scale of the inputs.
    const NEAR: Real = 1e-4 * 20.0;
    prop_assert!(
        (wide(ours) - exact).abs() <= 1e-5 * (1.0 + exact),
        "{}: distance {}, reference {}",
        what,
        ours,
        exact
    );
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
    // isect matched the reference above: a larger difference is parry's.
    if (wide(theirs) - exact).abs() > 1e-3 * (1.0 + exact) {
        return Ok(());
    }
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
        let chain = segments(&p, false);
        // A segment (parry's needs a length).
        if s.length() > 0.05 {
            let ps_ = ps::Segment::new(pv(s.a), pv(s.b));
            let exact = reference(&segments(&[s.a, s.b], false), &chain);
            compare("segment", s.intersects(&ours), s.distance(&ours), &ps_, &theirs, exact)?;
            compare("segment, other order", ours.intersects(&s), ours.distance(&s), &theirs, &ps_, exact)?;
        }
        // Another polyline.
        let (ours_q, theirs_q) = (Polyline::chain(q.clone()).unwrap(), parry_polyline(&q));
        let exact = reference(&chain, &segments(&q, false));
        compare("polyline", ours.intersects(&ours_q), ours.distance(&ours_q), &theirs, &theirs_q, exact)?;
        // A convex polygon with sides parry's hull keeps.
        let v = h.vertices();
        let n = v.len();
        if n >= 3 && (0..n).all(|i| v[i].distance(v[(i + 1) % n]) > 0.05) {
            if let Some(ph) = ps::ConvexPolygon::from_convex_polyline_unmodified(v.iter().map(|&x| pv(x)).collect()) {
                // Counter-clockwise: a polyline vertex on the inner side of every edge is in it.
                let edges = segments(v, true);
                let inside = p.iter().any(|x| {
                    let x = [wide(x.x), wide(x.y)];
                    edges.iter().all(|e| turn(e[0], e[1], x) >= 0.0)
                });
                let exact = if inside { 0.0 } else { reference(&edges, &chain) };
                compare("convex polygon", h.intersects(&ours), h.distance(&ours), &ph, &theirs, exact)?;
            }
        }
    }
}
