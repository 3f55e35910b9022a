//! `Contact` between a concave `Polygon` and a `Polyline`: hand cases with exact answers (a
//! U-shaped polygon sunk into a flat chain across its shared vertices, resting on it, apart, over
//! a step's edge; an L across a riser), a convex `Polygon` giving exactly `ConvexPolygon`'s answers, and
//! every query against brute force over the segments on random polylines and polygons; the
//! manifold likewise (a U's two bottom corners, exact), and its properties on random input.

use isect::Real;
use isect::d2::{
    Contact, ContactManifold, ConvexPolygon, Distance, Intersects, Manifold, PointQuery, Polygon,
    Polyline, PolylineShape, Segment, Sweep,
};
use isect::math::Vec2;
use proptest::prelude::*;

use super::common::{tol, v};
use super::polyline::floor;
use super::polyline_props::{polyline, segments};
use super::strategy as st;

/// A U open upwards, 2 wide, its bar from `y = base` to `base + 0.5`, its legs to `base + 1.25`,
/// centred on `x`.
fn cup(x: Real, base: Real) -> Polygon {
    Polygon::new(vec![
        v(x - 1.0, base),
        v(x + 1.0, base),
        v(x + 1.0, base + 1.25),
        v(x + 0.5, base + 1.25),
        v(x + 0.5, base + 0.5),
        v(x - 0.5, base + 0.5),
        v(x - 0.5, base + 1.25),
        v(x - 1.0, base + 1.25),
    ])
    .unwrap()
}

/// Every contact of `shape` with `p` within `margin`, by segment.
fn all<S: PolylineShape>(p: &Polyline, shape: &S, margin: Real) -> Vec<(u32, Vec2, Real)> {
    let mut out = vec![];
    p.contacts(shape, margin, |c| out.push((c.segment, c.normal, c.depth)));
    out.sort_by_key(|c| c.0);
    out
}

#[test]
fn a_concave_polygon_on_a_flat_chain_meets_only_the_face_normal() {
    let p = floor();
    // Centred on the shared vertex (1, 0), on (0, 0), and between vertices.
    for x in [1.0, 0.0, 0.75, 1.25, -0.5, 2.5] {
        let u = cup(x, -0.25);
        let found = all(&p, &u, 0.0);
        assert!(!found.is_empty(), "x = {x}");
        for (i, n, depth) in found {
            assert_eq!((n, depth), (Vec2::Y, 0.25), "x = {x}, segment {i}");
        }
        let c = u.contact(&p).unwrap();
        assert_eq!((c.normal, c.depth), (Vec2::Y, 0.25), "x = {x}");
        let c = p.contact(&u).unwrap();
        assert_eq!((c.normal, c.depth), (Vec2::NEG_Y, 0.25), "x = {x}");
    }
    // Resting exactly on the floor: touching counts, depth 0.
    let u = cup(1.0, 0.0);
    let c = u.contact(&p).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.0));
    // Just clear: no contact, a gap within a margin.
    let u = cup(1.0, 0.125);
    assert!(u.contact(&p).is_none());
    assert!(p.contact(&u).is_none());
    for (_, n, depth) in all(&p, &u, 0.5) {
        assert_eq!((n, depth), (Vec2::Y, -0.125));
    }
}

#[test]
fn a_concave_polygon_over_a_steps_edge_is_pushed_up() {
    // A step: floor, riser, top; its corner (2, 1) is convex from above-right.
    let step = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, 1.0), v(4.0, 1.0)]).unwrap();
    // The cup's bar (x 1.5..3.5) sunk 0.25 into the top and over the edge: the riser's end and
    // the top's face both push it up by 0.25.
    let u = cup(2.5, 0.75);
    let found = all(&step, &u, 0.0);
    assert_eq!(
        found.iter().map(|c| c.0).collect::<Vec<_>>(),
        [1, 2],
        "{found:?}"
    );
    for (i, n, depth) in found {
        assert_eq!((n, depth), (Vec2::Y, 0.25), "segment {i}");
    }
    let c = u.contact(&step).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.25));
    // An L whose horizontal arm (y 0.5..0.75) crosses only the riser: the least push clears the
    // riser's top end, 0.5 up (left would be 1, down 0.75, right 0.5 but into the top).
    let l = Polygon::new(vec![
        v(1.75, 0.75),
        v(1.75, 3.0),
        v(1.5, 3.0),
        v(1.5, 0.5),
        v(3.0, 0.5),
        v(3.0, 0.75),
    ])
    .unwrap();
    let c = l.contact(&step).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 0.5), "{c:?}");
    assert_eq!(
        all(&step, &l, 0.0).iter().map(|c| c.0).collect::<Vec<_>>(),
        [1]
    );
}

#[test]
fn invalid_margins_give_nothing() {
    let p = floor();
    let u = cup(1.0, -0.25);
    assert!(all(&p, &u, Real::NAN).is_empty());
    assert!(all(&p, &u, -1.0).is_empty());
}

/// Checks every pair query of `g` with `p` against brute force over the segments.
fn check(p: &Polyline, g: &Polygon) -> Result<(), TestCaseError> {
    let segs = segments(p);
    let meets = segs.iter().any(|s| g.intersects(s));
    prop_assert_eq!(g.intersects(p), meets);
    prop_assert_eq!(g.contact(p).is_some(), meets);
    prop_assert_eq!(p.contact(g).is_some(), meets);
    if let (Some(a), Some(b)) = (g.contact(p), p.contact(g)) {
        prop_assert_eq!((a.normal, a.depth), (-b.normal, b.depth));
        prop_assert!(a.depth >= 0.0 && a.normal.is_normalized());
    }
    let brute = segs
        .iter()
        .map(|s| g.distance(s))
        .fold(Real::INFINITY, Real::min);
    prop_assert_eq!(g.distance(p), brute);
    // Every contact within a margin names a segment the polygon comes that close to.
    let margin = 0.5;
    let mut bad = None;
    p.contacts(g, margin, |c| {
        let s: Segment = segs[c.segment as usize];
        if g.distance(&s) > margin || !(c.depth >= -margin) {
            bad = Some(c);
        }
    });
    prop_assert!(bad.is_none(), "{:?}", bad);
    // The deepest contact is a kept contact of `contacts`, or (its fallback) a segment's own.
    if let Some(c) = g.contact(p) {
        let kept = all(p, g, 0.0);
        prop_assert!(
            kept.is_empty() || kept.iter().any(|k| k.2.max(0.0) == c.depth),
            "{:?} {:?}",
            c,
            kept
        );
    }
    // Sweeps: the first time, and with `sweep_segment` the lowest segment index at that time.
    let motion = v(3.0, -2.0);
    let first = segs
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            g.sweep(motion, s, Vec2::ZERO)
                .map(|h| (h.t_first, i as u32))
        })
        .fold(None, |a: Option<(Real, u32)>, b| match a {
            Some(a) if a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) => Some(a),
            _ => Some(b),
        });
    let hit = g.sweep(motion, p, Vec2::ZERO);
    prop_assert_eq!(hit.map(|h| h.t_first), first.map(|f| f.0));
    let named = p.sweep_segment(g, motion);
    prop_assert_eq!(named.map(|h| (h.t, h.segment)), first);
    Ok(())
}

proptest! {
    #[test]
    fn polygon_queries_agree_with_brute_force(p in polyline(), g in st::polygon()) {
        check(&p, &g)?;
    }

    /// A convex `Polygon` is answered as the `ConvexPolygon` of the same corners.
    #[test]
    fn a_convex_polygon_is_the_convex_polygons_answer(p in polyline(), h in st::convex_polygon()) {
        let Ok(g) = Polygon::new(h.vertices().to_vec()) else {
            return Ok(());
        };
        let h = ConvexPolygon::new(g.points().to_vec());
        prop_assert_eq!(g.contact(&p), h.contact(&p));
        prop_assert_eq!(p.contact(&g), p.contact(&h));
        prop_assert_eq!(all(&p, &g, 0.25), all(&p, &h, 0.25));
    }
}

/// The manifold's points and depths, sorted by x then y.
fn sorted(m: &Manifold) -> Vec<(Vec2, Real)> {
    let mut out: Vec<_> = m.points().iter().map(|p| (p.point, p.depth)).collect();
    out.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    out
}

#[test]
fn a_concave_polygons_manifold_on_a_flat_chain_is_its_bottom_corners() {
    let p = floor();
    // Sunk 0.25 across the shared vertex (1, 0): the two bottom corners, halfway up to the floor.
    for x in [1.0, 0.0, 2.5] {
        let m = cup(x, -0.25).contact_manifold(&p);
        assert_eq!(m.normal, Vec2::Y, "x = {x}");
        assert_eq!(
            sorted(&m),
            [(v(x - 1.0, -0.125), 0.25), (v(x + 1.0, -0.125), 0.25)],
            "x = {x}"
        );
        let back = p.contact_manifold(&cup(x, -0.25));
        assert_eq!(back.normal, Vec2::NEG_Y);
        assert_eq!(sorted(&back), sorted(&m));
    }
    // Resting exactly: the corners at depth 0.
    let m = cup(1.0, 0.0).contact_manifold(&p);
    assert_eq!(sorted(&m), [(v(0.0, 0.0), 0.0), (v(2.0, 0.0), 0.0)]);
    // Past the floor's end at x = -2: the corner beyond it is not a point; the floor's end is.
    let m = cup(-2.5, -0.25).contact_manifold(&p);
    assert_eq!(
        sorted(&m),
        [(v(-2.0, -0.125), 0.25), (v(-1.5, -0.125), 0.25)]
    );
    // Apart.
    assert!(cup(1.0, 0.125).contact_manifold(&p).is_empty());
}

proptest! {
    /// The manifold is empty exactly when there is no contact, has the contact's normal, is the
    /// same in both orders, and its points lie between the shapes with depths in [0, depth].
    #[test]
    fn polygon_manifolds_on_random_polylines(p in polyline(), g in st::polygon()) {
        let m = g.contact_manifold(&p);
        let c = g.contact(&p);
        prop_assert_eq!(m.is_empty(), c.is_none());
        let back = p.contact_manifold(&g);
        prop_assert_eq!(back.normal, -m.normal);
        prop_assert_eq!(sorted(&back), sorted(&m));
        let Some(c) = c else { return Ok(()) };
        prop_assert_eq!(m.normal, c.normal);
        let t = tol(20.0) * 4.0;
        for q in m.points() {
            prop_assert!(q.depth >= 0.0 && q.depth <= c.depth + t, "{:?} {:?}", m, c);
            let reach = q.depth + t;
            prop_assert!(
                g.distance_to_point(q.point) <= reach && p.distance_to_point(q.point) <= reach,
                "point off the shapes: {:?} {:?}", m, c
            );
        }
    }

    /// A convex `Polygon`'s manifold is the `ConvexPolygon`'s of the same corners.
    #[test]
    fn a_convex_polygons_manifold_is_the_convex_polygons(p in polyline(), h in st::convex_polygon()) {
        let Ok(g) = Polygon::new(h.vertices().to_vec()) else {
            return Ok(());
        };
        let h = ConvexPolygon::new(g.points().to_vec());
        prop_assert_eq!(g.contact_manifold(&p), h.contact_manifold(&p));
    }
}
