//! `Contact` between two `Polyline`s: hand cases (end to end, crossing, collinear overlap,
//! apart), both orders, and brute force over every segment pair on random soups of separate
//! segments (no shared ends, so no ghost vertex applies) and random chains.

use isect::Real;
use isect::d2::{Contact, Intersects, Polyline, Segment};
use isect::math::Vec2;
use proptest::prelude::*;

use super::common::{Map, tol, v};
use super::polyline_props::{polyline, segments};
use super::strategy as st;

/// A polyline of separate segments (each with its own two vertices).
fn soup(s: &[Segment]) -> Polyline {
    let vs = s.iter().flat_map(|s| [s.a, s.b]).collect();
    let ids = (0..s.len() as u32).map(|i| [2 * i, 2 * i + 1]).collect();
    Polyline::new(vs, ids).unwrap()
}

#[test]
fn end_to_end_crossing_overlapping_and_apart() {
    let a = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0), v(4.0, 1.0)]).unwrap();
    // End to end: touching at (4, 1), depth 0.
    let b = Polyline::chain(vec![v(4.0, 1.0), v(6.0, 3.0)]).unwrap();
    let c = a.contact(&b).unwrap();
    assert_eq!(c.depth, 0.0);
    assert_eq!(c.point, v(4.0, 1.0));
    let d = b.contact(&a).unwrap();
    assert_eq!((d.depth, d.normal), (0.0, -c.normal));
    // Crossing the first segment at right angles: what the two segments' contact gives.
    let x = Polyline::chain(vec![v(1.0, -0.25), v(1.0, 1.0)]).unwrap();
    let c = a.contact(&x).unwrap();
    let pair = Segment::new(v(0.0, 0.0), v(2.0, 0.0))
        .contact(&Segment::new(v(1.0, -0.25), v(1.0, 1.0)))
        .unwrap();
    assert_eq!(c.depth, pair.depth);
    assert_eq!(c.depth, 0.25);
    let d = x.contact(&a).unwrap();
    assert_eq!((d.depth, d.normal), (c.depth, -c.normal));
    // Collinear overlap: depth 0, a normal across the line.
    let o = Polyline::chain(vec![v(1.0, 0.0), v(3.0, 0.0)]).unwrap();
    let c = a.contact(&o).unwrap();
    assert_eq!(c.depth, 0.0);
    assert_eq!(c.normal.x, 0.0);
    let d = o.contact(&a).unwrap();
    assert_eq!((d.depth, d.normal), (0.0, -c.normal));
    // Apart.
    let far = Polyline::chain(vec![v(0.0, 1.0), v(1.0, 1.5)]).unwrap();
    assert!(a.contact(&far).is_none());
    assert!(far.contact(&a).is_none());
}

#[test]
fn a_chain_lying_flat_on_a_chain_gets_the_face_normal() {
    // A short flat chain sunk to its vertex at (2, 0) into a long straight one, and a V whose
    // tip touches the shared vertex: the face normal, never a vertex normal.
    let floor = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0), v(4.0, 0.0)]).unwrap();
    let v_shape = Polyline::chain(vec![v(1.0, 1.0), v(2.0, 0.0), v(3.0, 1.0)]).unwrap();
    let c = v_shape.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.0));
    let d = floor.contact(&v_shape).unwrap();
    assert_eq!((d.normal, d.depth), (-Vec2::Y, 0.0));
}

#[test]
fn a_chain_dipping_through_another_keeps_the_crossing() {
    // The chain lies flat on the floor from x = −5 to −1, rises, then crosses it down to
    // (1, −0.125) and runs on below it. The crossing segment's lower end is where it turns
    // into a segment wholly below the floor, which meets nothing: the crossing's own contact
    // (0.125 up, the end's depth) stands; the ghost rule used to leave it to that neighbour
    // and answer the flat part's depth 0.
    let floor = Polyline::chain(vec![v(-8.0, 0.0), v(0.0, 0.0), v(8.0, 0.0)]).unwrap();
    let dip = Polyline::chain(vec![
        v(-5.0, 0.0),
        v(-1.0, 0.0),
        v(0.0, 0.875),
        v(1.0, -0.125),
        v(2.0, -0.25),
    ])
    .unwrap();
    let c = dip.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.125));
    let d = floor.contact(&dip).unwrap();
    assert_eq!((d.normal, d.depth), (-Vec2::Y, 0.125));
    // Where the neighbour below meets the floor too, it is the one reported: the same depth.
    let through = Polyline::chain(vec![v(0.0, 0.875), v(1.0, -0.125), v(2.0, 0.5)]).unwrap();
    let c = through.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.125));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Separate segments: the deepest pair's segment contact over every pair (brute force),
    /// in both orders, and under exact maps.
    #[test]
    fn soups_give_the_deepest_segment_pair(
        sa in proptest::collection::vec(st::segment(), 1..12),
        sb in proptest::collection::vec(st::segment(), 1..12),
        turns in 0u8..4,
        k in -2i32..=2,
    ) {
        let (a, b) = (soup(&sa), soup(&sb));
        let brute = sa
            .iter()
            .flat_map(|x| sb.iter().filter_map(move |y| x.contact(y)))
            .map(|c| c.depth)
            .reduce(Real::max);
        let c = a.contact(&b);
        prop_assert_eq!(c.is_some(), brute.is_some(), "{:?} {:?}", c, brute);
        if let (Some(c), Some(d)) = (c, brute) {
            prop_assert!((c.depth - d).abs() <= tol(d), "{:?} {}", c, d);
            let back = b.contact(&a).unwrap();
            prop_assert_eq!(back.depth, c.depth);
            prop_assert!(c.depth == 0.0 || back.normal == -c.normal, "{:?} {:?}", c, back);
            prop_assert!((c.normal.length() - 1.0).abs() <= tol(1.0));
        }
        for map in [Map::quarter(turns), Map::scale(k)] {
            let ma: Vec<Segment> = sa.iter().map(|s| Segment::new(map.point(s.a), map.point(s.b))).collect();
            let mb: Vec<Segment> = sb.iter().map(|s| Segment::new(map.point(s.a), map.point(s.b))).collect();
            let mc = soup(&ma).contact(&soup(&mb));
            prop_assert_eq!(mc.is_some(), c.is_some());
            if let (Some(c), Some(mc)) = (c, mc) {
                prop_assert!((mc.depth - c.depth * map.factor).abs() <= tol(20.0 * map.factor), "{:?} {:?}", c, mc);
            }
        }
    }

    /// Random chains and soups with shared vertices: a contact exactly when some segments
    /// meet, both orders with the same depth, depth >= 0.
    #[test]
    fn chains_meet_exactly_when_segments_do(p in polyline(), q in polyline()) {
        let meets = segments(&p)
            .iter()
            .any(|x| segments(&q).iter().any(|y| x.intersects(y)));
        let c = p.contact(&q);
        prop_assert_eq!(c.is_some(), meets, "{:?}", c);
        if let Some(c) = c {
            let back = q.contact(&p).unwrap();
            prop_assert!(c.depth >= 0.0);
            prop_assert_eq!(back.depth, c.depth);
            prop_assert!(c.depth == 0.0 || back.normal == -c.normal, "{:?} {:?}", c, back);
            prop_assert!(p.intersects(&q));
        }
    }
}
