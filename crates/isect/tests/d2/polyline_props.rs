//! `Polyline` property tests: every query against brute force over the segments on random
//! polylines (soups and chains, with repeated vertices and zero-length segments), invariance
//! under exact rigid motions and power-of-two scalings, and the ghost-vertex property on long
//! collinear chains.

use isect::Real;
use isect::d2::{
    Aabb, Bounded, Capsule, Circle, Contact, ConvexPolygon, Distance, Intersects, Line, Obb,
    PointQuery, Polyline, PolylineShape, Ray, RayCast, Segment, Sweep, Triangle,
};
use isect::math::Vec2;
use proptest::prelude::*;

use super::common::{Map, TestShape, tol, v};
use super::strategy::{self as st, point};

/// A random polyline: a soup of segments between random vertices, or a chain (open or closed)
/// through random points, on the lattice part of the time (shared vertices, collinear runs,
/// zero-length segments).
pub(super) fn polyline() -> impl Strategy<Value = Polyline> {
    prop_oneof![
        (
            proptest::collection::vec(point(), 1..30),
            proptest::collection::vec((0u32..1000, 0u32..1000), 1..40)
        )
            .prop_map(|(vs, ss)| {
                let n = vs.len() as u32;
                Polyline::new(vs, ss.into_iter().map(|(a, b)| [a % n, b % n]).collect()).unwrap()
            }),
        (proptest::collection::vec(point(), 2..40), any::<bool>()).prop_map(|(vs, closed)| {
            if closed {
                Polyline::closed(vs)
            } else {
                Polyline::chain(vs)
            }
            .unwrap()
        }),
    ]
}

/// Earlier time first (`-0 == 0`: a cast may report either at the origin), then lower index.
fn first_then_index(a: (Real, u32), b: (Real, u32)) -> core::cmp::Ordering {
    a.0.partial_cmp(&b.0)
        .unwrap_or(core::cmp::Ordering::Equal)
        .then(a.1.cmp(&b.1))
}

pub(super) fn segments(p: &Polyline) -> Vec<Segment> {
    (0..p.segment_count() as u32)
        .map(|i| p.segment(i))
        .collect()
}

/// Whether a box (as a query box) and the segment's box overlap.
fn boxes_meet(a: &Aabb, s: &Segment) -> bool {
    let (lo, hi) = (s.a.min(s.b), s.a.max(s.b));
    a.min.cmple(hi).all() && lo.cmple(a.max).all()
}

/// Checks every pair query of `shape` with `p` against brute force over the segments.
fn check_shape<S>(p: &Polyline, shape: &S) -> Result<(), TestCaseError>
where
    S: PolylineShape
        + Intersects<Segment>
        + Distance<Segment>
        + Sweep<Segment>
        + Intersects<Polyline>
        + Distance<Polyline>
        + Sweep<Polyline>
        + Contact<Polyline>
        + core::fmt::Debug,
    Polyline: Intersects<S> + Distance<S>,
{
    let segs = segments(p);
    let meets = segs.iter().any(|s| shape.intersects(s));
    prop_assert_eq!(shape.intersects(p), meets);
    prop_assert_eq!(p.intersects(shape), meets);
    prop_assert_eq!(shape.contact(p).is_some(), meets);
    let brute = segs
        .iter()
        .map(|s| shape.distance(s))
        .fold(Real::INFINITY, Real::min);
    let d = shape.distance(p);
    prop_assert_eq!(d, brute, "distance");
    prop_assert_eq!(p.distance(shape), brute);
    let cp = p.closest_points(shape);
    prop_assert_eq!(cp.distance, brute);
    prop_assert_eq!(d == 0.0, meets);
    // Sweeps: the first time and its segment, and the trait's first and last times.
    let motion = v(3.0, -2.0);
    let hits: Vec<_> = segs
        .iter()
        .map(|s| shape.sweep(motion, s, Vec2::ZERO))
        .collect();
    let first = hits
        .iter()
        .enumerate()
        .filter_map(|(i, h)| h.map(|h| (h.t_first, i as u32)))
        .min_by(|a, b| first_then_index(*a, *b));
    let got = p.sweep_segment(shape, motion);
    prop_assert_eq!(got.map(|h| (h.t, h.segment)), first);
    let trait_hit = shape.sweep(motion, p, Vec2::ZERO);
    prop_assert_eq!(trait_hit.map(|h| h.t_first), first.map(|f| f.0));
    let last = hits.iter().flatten().map(|h| h.t_last).fold(0.0, Real::max);
    if let Some(h) = trait_hit {
        prop_assert_eq!(h.t_last, last);
    }
    Ok(())
}

proptest! {
    #[test]
    fn queries_agree_with_brute_force(
        p in polyline(),
        c in st::circle(),
        b in st::aabb(),
        o in st::obb(),
        k in st::capsule(),
        t in st::triangle(),
        s in st::segment(),
        h in st::convex_polygon(),
        ray in st::ray(),
        line in st::line(),
    ) {
        check_shape(&p, &ray)?;
        check_shape(&p, &line)?;
        check_shape(&p, &c)?;
        check_shape(&p, &b)?;
        check_shape(&p, &o)?;
        check_shape(&p, &k)?;
        check_shape(&p, &t)?;
        check_shape(&p, &s)?;
        check_shape(&p, &h)?;
    }

    #[test]
    fn rays_points_and_boxes_agree_with_brute_force(
        p in polyline(),
        ray in st::ray(),
        max_t in prop_oneof![Just(Real::INFINITY), 0.0 as Real..5.0],
        q in point(),
        b in st::aabb(),
    ) {
        let segs = segments(&p);
        // Ray: the least t over the segments and the lowest index there.
        let best = segs
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.raycast(&ray, max_t).map(|h| (h.t, i as u32)))
            .min_by(|a, b| first_then_index(*a, *b));
        let hit = p.raycast_segment(&ray, max_t);
        prop_assert_eq!(hit.map(|h| (h.t, h.segment)), best);
        if let Some(h) = hit {
            let s = segs[h.segment as usize].raycast(&ray, max_t).unwrap();
            prop_assert_eq!((h.point, h.normal), (s.point, s.normal));
            prop_assert_eq!(p.raycast(&ray, max_t).map(|r| r.t), Some(h.t));
        }
        // Points.
        let brute = segs.iter().map(|s| s.distance_to_point(q)).fold(Real::INFINITY, Real::min);
        prop_assert_eq!(p.distance_to_point(q), brute);
        prop_assert_eq!(p.contains_point(q), segs.iter().any(|s| s.contains_point(q)));
        let on = p.closest_point(q);
        prop_assert!(p.contains_point(on), "{on:?}");
        // Boxes.
        let mut found = vec![];
        p.query_aabb(&b, |i| found.push(i));
        found.sort_unstable();
        let expected: Vec<u32> = (0..segs.len() as u32).filter(|&i| boxes_meet(&b, &segs[i as usize])).collect();
        prop_assert_eq!(found, expected);
        let bounds = p.aabb();
        for s in &segs {
            prop_assert!(bounds.contains_point(s.a) && bounds.contains_point(s.b));
        }
    }

    #[test]
    fn answers_follow_exact_rigid_motions_and_scalings(
        p in polyline(),
        c in st::circle(),
        h in st::convex_polygon(),
        ray in st::ray(),
        turns in 0u8..4,
        shift in (-4i32..=4, -4i32..=4),
        k in -3i32..=3,
    ) {
        // Quarter turns, integer shifts and powers of two are exact on these coordinates.
        let maps = [
            Map::quarter(turns),
            Map::shift(v(shift.0 as Real, shift.1 as Real)),
            Map::scale(k),
            Map::mirror(),
        ];
        for m in maps {
            let vs: Vec<Vec2> = p.vertices().iter().map(|&q| m.point(q)).collect();
            let q = Polyline::new(vs, p.segments().to_vec()).unwrap();
            let (mc, mh) = (c.mapped(&m).unwrap(), h.mapped(&m).unwrap());
            prop_assert_eq!(mc.intersects(&q), c.intersects(&p));
            prop_assert_eq!(mh.intersects(&q), h.intersects(&p));
            let (d, md) = (c.distance(&p), mc.distance(&q));
            prop_assert!((md - d * m.factor).abs() <= tol(d * m.factor), "{d} {md}");
            let (d, md) = (h.distance(&p), mh.distance(&q));
            prop_assert!((md - d * m.factor).abs() <= tol(d * m.factor), "{d} {md}");
            let mray = Ray::new(m.point(ray.origin), m.dir(ray.dir));
            let (a, b) = (p.raycast_segment(&ray, 100.0), q.raycast_segment(&mray, 100.0));
            prop_assert_eq!(a.is_some(), b.is_some());
            if let (Some(a), Some(b)) = (a, b) {
                prop_assert!((a.t - b.t).abs() <= tol(a.t), "{a:?} {b:?}");
            }
        }
    }

    /// A circle or a box resting on (or sunk into) a long straight chain of random segment
    /// lengths, farther from its ends than it is deep, meets only the face normal, at every segment and every shared vertex, with the
    /// depth below the line; rotated by quarter turns, the normal turns with it.
    #[test]
    fn flat_chains_give_only_the_face_normal(
        lengths in proptest::collection::vec(prop_oneof![0.01 as Real..2.0, (1i32..4).prop_map(|k| k as Real * 0.25)], 8..60),
        at in 0.1 as Real..0.9,
        radius in 0.05 as Real..3.0,
        sink in 0.0 as Real..0.9,
        half in (0.05 as Real..2.0, 0.05 as Real..2.0),
        turns in 0u8..4,
        reversed in any::<bool>(),
    ) {
        let mut x = 0.0;
        let mut pts = vec![v(0.0, 0.0)];
        for l in &lengths {
            x += l;
            pts.push(v(x, 0.0));
        }
        if reversed {
            pts.reverse();
        }
        let m = Map::quarter(turns);
        let chain = Polyline::chain(pts.iter().map(|&q| m.point(q)).collect()).unwrap();
        let up = m.dir(Vec2::Y);
        let cx = x * at;
        // Away from the chain's free ends, which are real corners: within the depth of one, the
        // least push is sideways off it (a box sunk 1.6 whose side is 0.24 from the end).
        prop_assume!(cx.min(x - cx) > radius.max(half.1));
        // Exactly representable heights keep the expected depth exact enough.
        let ball = Circle::new(m.point(v(cx, radius * (1.0 - sink))), radius);
        let boxy = Aabb::new(v(cx - half.0, -half.1 * sink), v(cx + half.0, 2.0 * half.1 - half.1 * sink));
        let boxy = boxy.mapped(&m).unwrap();
        let obb = Obb::new(m.point(v(cx, half.1 * (1.0 - sink))), half.into(), m.linear);
        for (name, depth, contacts, deepest) in [
            ("circle", radius * sink, all(&chain, &ball), ball.contact(&chain)),
            ("box", half.1 * sink, all(&chain, &boxy), boxy.contact(&chain)),
            ("obb", half.1 * sink, all(&chain, &obb), obb.contact(&chain)),
        ] {
            prop_assert!(!contacts.is_empty(), "{name}: no contact");
            for (seg, n, d) in &contacts {
                prop_assert!((*n - up).length() <= tol(1.0), "{name}: segment {seg} normal {n:?}");
                prop_assert!((d - depth).abs() <= tol(x), "{name}: segment {seg} depth {d} vs {depth}");
            }
            let c = deepest.unwrap();
            prop_assert!((c.normal - up).length() <= tol(1.0), "{name}: deepest {c:?}");
        }
    }
}

fn all<S: PolylineShape>(p: &Polyline, shape: &S) -> Vec<(u32, Vec2, Real)> {
    let mut out = vec![];
    p.contacts(shape, 0.0, |c| out.push((c.segment, c.normal, c.depth)));
    out
}

// Keep the unused-shape imports honest: every convex shape implements the polyline bound.
const _: fn() = || {
    fn bound<S: PolylineShape>() {}
    bound::<Circle>();
    bound::<Aabb>();
    bound::<Obb>();
    bound::<Capsule>();
    bound::<Triangle>();
    bound::<Segment>();
    bound::<ConvexPolygon>();
    bound::<Ray>();
    bound::<Line>();
};
