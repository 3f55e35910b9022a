//! `ContactManifold` between two `Polyline`s: hand cases with exact answers (a bathtub chain
//! sunk into a floor by its two sides, a W dipping into a floor in two places, flat on flat, a
//! single crossing, corner to corner, apart), both orders, exact quarter turns and
//! power-of-two scalings, and properties over random polylines (the contact's normal, points on
//! both chains within half their depth, depths within the contact's, both orders).

use isect::Real;
use isect::d2::{Contact, ContactManifold, Manifold, ManifoldPoint, PointQuery, Polyline};
use isect::math::Vec2;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, tol, v};
use super::polyline_props::polyline;

/// The points as (point, depth), sorted by x then y.
fn sorted(m: &Manifold) -> Vec<(Vec2, Real)> {
    let mut p: Vec<_> = m.points().iter().map(|p| (p.point, p.depth)).collect();
    p.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    p
}

fn chain(points: &[(Real, Real)]) -> Polyline {
    Polyline::chain(points.iter().map(|&(x, y)| v(x, y)).collect()).unwrap()
}

/// The chain with its points mapped.
fn mapped(p: &Polyline, map: &Map) -> Polyline {
    let vs = p.vertices().iter().map(|&q| map.point(q)).collect();
    Polyline::new(vs, p.segments().to_vec()).unwrap()
}

/// `a`'s manifold against `b` is `want` (normal and points exactly, any order), in both orders,
/// the chains run either way and under exact quarter turns, shifts and power-of-two scalings.
fn exact(a: &Polyline, b: &Polyline, want: &Manifold) {
    let reversed = |p: &Polyline| {
        let s = p.segments().iter().map(|&[i, j]| [j, i]).rev().collect();
        Polyline::new(p.vertices().to_vec(), s).unwrap()
    };
    for (a, b) in [
        (a.clone(), b.clone()),
        (reversed(a), b.clone()),
        (a.clone(), reversed(b)),
    ] {
        for map in [
            Map::quarter(0),
            Map::quarter(1),
            Map::quarter(2),
            Map::quarter(3),
            Map::shift(v(8.0, -4.0)),
            Map::scale(5),
            Map::scale(-7),
        ] {
            let (a, b) = (mapped(&a, &map), mapped(&b, &map));
            let got = a.contact_manifold(&b);
            let mut pts: Vec<ManifoldPoint> = want.points().to_vec();
            for p in &mut pts {
                p.point = map.point(p.point);
                p.depth *= map.factor;
            }
            let want = Manifold::new(map.dir(want.normal) / map.factor, &pts);
            assert_eq!(got.normal, want.normal, "{map:?}: {got:?} {want:?}");
            assert_eq!(sorted(&got), sorted(&want), "{map:?}: {got:?}");
            let back = b.contact_manifold(&a);
            assert_eq!(back.normal, -want.normal, "{map:?}: {back:?}");
            assert_eq!(sorted(&back), sorted(&want), "{map:?}: {back:?}");
        }
    }
}

fn point(x: Real, y: Real, depth: Real) -> ManifoldPoint {
    ManifoldPoint {
        point: v(x, y),
        depth,
    }
}

fn floor() -> Polyline {
    chain(&[(-4.0, 0.0), (0.0, 0.0), (4.0, 0.0)])
}

#[test]
fn a_bathtub_sunk_into_a_floor_gets_both_sides() {
    // Its sides cross the floor at x = ±1 and reach 0.5 below it; the bottom is clear of it.
    let tub = chain(&[(-1.0, 1.0), (-1.0, -0.5), (1.0, -0.5), (1.0, 1.0)]);
    let want = Manifold::new(Vec2::Y, &[point(-1.0, -0.25, 0.5), point(1.0, -0.25, 0.5)]);
    exact(&tub, &floor(), &want);
    assert_eq!(tub.contact(&floor()).unwrap().depth, 0.5);
}

#[test]
fn a_w_dipping_into_a_floor_twice_gets_one_point_in_each_dip() {
    // Dips 0.25 deep at x = −2 (over the floor's first segment) and 0.5 deep at x = 2 (over its
    // second): the deeper dip's normal, each dip's tip with its own depth.
    let w = chain(&[
        (-3.0, 1.0),
        (-2.0, -0.25),
        (-1.0, 1.0),
        (1.0, 1.0),
        (2.0, -0.5),
        (3.0, 1.0),
    ]);
    let want = Manifold::new(
        Vec2::Y,
        &[point(-2.0, -0.125, 0.25), point(2.0, -0.25, 0.5)],
    );
    exact(&w, &floor(), &want);
}

#[test]
fn a_plank_crossing_the_floor_gets_its_end_below() {
    // The plank from (1, 1) to (3, −0.5) crosses the floor's second segment: its lower end is
    // 0.5 below, the least push along the floor's normal.
    let plank = chain(&[(1.0, 1.0), (3.0, -0.5)]);
    let want = Manifold::new(Vec2::Y, &[point(3.0, -0.25, 0.5)]);
    exact(&plank, &floor(), &want);
}

#[test]
fn flat_on_flat_touches_along_the_overlap() {
    // A chain lying on the floor from x = −1 to 3, across the floor's shared vertex: depth 0,
    // the overlap's ends.
    let lying = chain(&[(-1.0, 0.0), (1.0, 0.0), (3.0, 0.0)]);
    let m = lying.contact_manifold(&floor());
    assert_eq!(m.normal.x, 0.0);
    assert_eq!(m.normal.y.abs(), 1.0);
    assert_eq!(sorted(&m), vec![(v(-1.0, 0.0), 0.0), (v(3.0, 0.0), 0.0)]);
    let back = floor().contact_manifold(&lying);
    assert_eq!(back.normal, -m.normal);
    assert_eq!(sorted(&back), sorted(&m));
}

#[test]
fn corner_to_corner_is_the_segment_pair_manifold() {
    // Two Vs touching tip to tip at the origin, the tips' own segments only (no face normal):
    // one point at the tips, depth 0.
    let up = chain(&[(-1.0, 2.0), (0.0, 0.0), (1.0, 2.0)]);
    let down = chain(&[(-1.0, -2.0), (0.0, 0.0), (2.0, -1.0)]);
    let m = up.contact_manifold(&down);
    let c = up.contact(&down).unwrap();
    assert_eq!(m.normal, c.normal);
    assert_eq!(sorted(&m), vec![(v(0.0, 0.0), 0.0)]);
    let back = down.contact_manifold(&up);
    assert_eq!(back.normal, -m.normal);
    assert_eq!(sorted(&back), sorted(&m));
}

#[test]
fn apart_is_empty() {
    let high = chain(&[(-1.0, 0.5), (1.0, 0.25)]);
    assert!(high.contact_manifold(&floor()).is_empty());
    assert!(floor().contact_manifold(&high).is_empty());
    // One ulp above the floor's line at a point exactly representable: still apart.
    let just = chain(&[(0.5, Real::MIN_POSITIVE), (1.0, 1.0)]);
    assert!(just.contact_manifold(&floor()).is_empty());
    // Touching exactly counts.
    let touch = chain(&[(0.5, 0.0), (1.0, 1.0)]);
    let m = touch.contact_manifold(&floor());
    assert_eq!(sorted(&m), vec![(v(0.5, 0.0), 0.0)]);
}

/// The properties of `a`'s manifold against `b`.
fn check(a: &Polyline, b: &Polyline) -> Result<(), TestCaseError> {
    let size = a
        .vertices()
        .iter()
        .chain(b.vertices())
        .map(|p| p.abs().max_element())
        .fold(10.0, Real::max);
    let t = tol(size) * 4.0;
    let m = a.contact_manifold(b);
    let c = a.contact(b);
    prop_assert_eq!(m.is_empty(), c.is_none(), "{:?} {:?}", m, c);
    let back = b.contact_manifold(a);
    prop_assert_eq!(back.normal, -m.normal);
    prop_assert_eq!(sorted(&back), sorted(&m));
    let Some(c) = c else {
        return Ok(());
    };
    prop_assert_eq!(m.normal, c.normal);
    // A run takes in segments within 1/1024 of the face normal (the ghost rule's tolerance):
    // a point may sit that fraction of a segment's length off the midway.
    let longest = |p: &Polyline| {
        (0..p.segment_count() as u32)
            .map(|i| {
                let s = p.segment(i);
                (s.b - s.a).length()
            })
            .fold(0.0, Real::max)
    };
    let run = longest(a).max(longest(b)) / 1024.0;
    for q in m.points() {
        prop_assert!(q.depth >= 0.0 && q.depth <= c.depth + t, "{:?} {:?}", m, c);
        let reach = q.depth * 0.5 + t + run;
        prop_assert!(
            a.distance_to_point(q.point) <= reach && b.distance_to_point(q.point) <= reach,
            "point off the chains: {:?} {:?} ({} and {}) {:?} {:?}",
            m,
            c,
            a.distance_to_point(q.point),
            b.distance_to_point(q.point),
            (0..a.segment_count() as u32)
                .map(|i| a.segment(i))
                .collect::<Vec<_>>(),
            (0..b.segment_count() as u32)
                .map(|i| b.segment(i))
                .collect::<Vec<_>>()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn manifolds_between_random_polylines(a in polyline(), b in polyline()) {
        check(&a, &b)?;
    }

    /// A random chain pushed into a straight floor from above: the floor's normal, every point
    /// on or below the floor by its depth, the deepest as deep as the contact.
    #[test]
    fn random_chains_dipping_into_a_floor(
        ys in proptest::collection::vec(-8i32..=16, 2..12),
        turns in 0u8..4,
    ) {
        let pts: Vec<(Real, Real)> = ys
            .iter()
            .enumerate()
            .map(|(i, &y)| (i as Real - 5.0, y as Real / 8.0))
            .collect();
        prop_assume!(pts.iter().any(|p| p.1 < 0.0) && pts.iter().any(|p| p.1 >= 0.0));
        let map = Map::quarter(turns);
        let w = mapped(&chain(&pts), &map);
        let ground = mapped(&chain(&[(-8.0, 0.0), (0.0, 0.0), (8.0, 0.0)]), &map);
        let m = w.contact_manifold(&ground);
        let c = w.contact(&ground).unwrap();
        prop_assert_eq!(m.normal, c.normal);
        check(&w, &ground)?;
        let deepest = m.deepest().unwrap().depth;
        prop_assert_eq!(deepest, c.depth, "{:?} {:?}", m, c);
    }
}
