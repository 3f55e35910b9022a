//! `Polyline` against `Ray`, `Line`, `Polygon` and another `Polyline`, and `Classify`: hand
//! cases with exact answers, every query against brute force over the segment pairs on random
//! polylines, sweeps touching at `t_first` and apart just before, and exact rigid motions and
//! power-of-two scalings of both shapes.

use isect::Real;
use isect::d2::{
    Classify, Contact, Distance, Intersects, Line, PointQuery, Polygon, Polyline, Ray, Segment,
    Side, Sweep,
};
use isect::math::Vec2;
use proptest::prelude::*;

use super::common::{Map, tol, v};
use super::polyline_props::{polyline, segments};
use super::strategy::{self as st, point};

fn chain(points: &[(Real, Real)]) -> Polyline {
    Polyline::chain(points.iter().map(|&(x, y)| v(x, y)).collect()).unwrap()
}

#[test]
fn polylines_touching_crossing_and_overlapping() {
    let a = chain(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]);
    // End to end: touching at (2, 2).
    let b = chain(&[(2.0, 2.0), (4.0, 3.0)]);
    assert!(a.intersects(&b) && b.intersects(&a));
    let cp = a.closest_points(&b);
    assert_eq!((cp.distance, cp.a, cp.b), (0.0, v(2.0, 2.0), v(2.0, 2.0)));
    // Crossing in the middle of a segment.
    let c = chain(&[(1.0, -1.0), (1.0, 1.0)]);
    assert!(a.intersects(&c));
    assert_eq!(c.distance(&a), 0.0);
    // Collinear and overlapping: on top of the first segment's right half.
    let d = chain(&[(1.0, 0.0), (3.0, 0.0)]);
    assert!(a.intersects(&d) && d.intersects(&a));
    assert_eq!(a.distance(&d), 0.0);
    // Parallel, one apart.
    let e = chain(&[(-1.0, -1.0), (1.5, -1.0)]);
    assert!(!a.intersects(&e));
    let cp = e.closest_points(&a);
    assert_eq!(cp.distance, 1.0);
    assert_eq!(cp.a.y, -1.0);
    assert_eq!(cp.b.y, 0.0);
    // A polyline inside a closed loop does not meet it: neither has an inside.
    let square =
        Polyline::closed(vec![v(-5.0, -5.0), v(5.0, -5.0), v(5.0, 5.0), v(-5.0, 5.0)]).unwrap();
    assert!(!square.intersects(&a));
    assert_eq!(a.distance(&square), 3.0);
    // Zero-length segments are points.
    let dot = Polyline::new(vec![v(2.0, 1.0)], vec![[0, 0]]).unwrap();
    assert!(dot.intersects(&a));
    let off = Polyline::new(vec![v(3.0, 1.0)], vec![[0, 0]]).unwrap();
    assert_eq!(off.distance(&a), 1.0);
    assert_eq!(off.distance(&dot), 1.0);
}

#[test]
fn polylines_inside_and_across_a_polygon() {
    let room = Polygon::new(vec![
        v(0.0, 0.0),
        v(8.0, 0.0),
        v(8.0, 8.0),
        v(4.0, 4.0),
        v(0.0, 8.0),
    ])
    .unwrap();
    // Wholly inside: the polygon is solid.
    let inside = chain(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]);
    assert!(room.intersects(&inside) && inside.intersects(&room));
    assert_eq!(room.distance(&inside), 0.0);
    // In the notch, touching its tip from above.
    let notch = chain(&[(3.0, 6.0), (4.0, 4.0), (5.0, 6.0)]);
    assert!(notch.intersects(&room));
    // Above the notch's tip by one, so √½ from its edges, and apart from its tip by one.
    let above = chain(&[(3.0, 7.0), (4.0, 5.0), (5.0, 7.0)]);
    assert!(!above.intersects(&room));
    let cp = above.closest_points(&room);
    assert!((cp.distance - Real::sqrt(0.5)).abs() <= tol(1.0), "{cp:?}");
    assert_eq!(cp.a, v(4.0, 5.0));
    let under = chain(&[(-1.0, -1.0), (9.0, -1.0)]);
    assert_eq!(room.distance(&under), 1.0);
    // A polygon dropped onto a floor touches at t = 1/2.
    let floor = chain(&[(-10.0, -4.0), (10.0, -4.0)]);
    let hit = room.sweep(v(0.0, -8.0), &floor, Vec2::ZERO).unwrap();
    assert!((hit.t_first - 0.5).abs() <= tol(1.0), "{hit:?}");
    // From the floor towards the polygon.
    assert!((hit.normal - Vec2::Y).length() <= tol(1.0), "{hit:?}");
    let back = floor.sweep(Vec2::ZERO, &room, v(0.0, -8.0)).unwrap();
    assert_eq!(back.t_first, hit.t_first);
    assert_eq!(back.normal, -hit.normal);
    // The floor is still inside the polygon at the end of the motion.
    assert_eq!(hit.t_last, 1.0);
    let short = room.sweep(v(0.0, -16.0), &floor, Vec2::ZERO).unwrap();
    assert!((short.t_last - 0.75).abs() <= tol(1.0), "{short:?}");
}

#[test]
fn rays_and_lines_against_a_polyline() {
    let floor = chain(&[(-4.0, 0.0), (0.0, 0.0), (4.0, 0.0)]);
    // Along a segment.
    let along = Ray::new(v(-6.0, 0.0), Vec2::X);
    assert!(along.intersects(&floor) && floor.intersects(&along));
    assert_eq!(along.distance(&floor), 0.0);
    assert!(along.contact(&floor).is_some());
    // Starting past the end, pointing away: one apart.
    let away = Ray::new(v(5.0, 0.0), Vec2::X);
    assert!(!away.intersects(&floor));
    let cp = away.closest_points(&floor);
    assert_eq!((cp.distance, cp.a, cp.b), (1.0, v(5.0, 0.0), v(4.0, 0.0)));
    // Above, pointing up, and a parallel line above.
    let up = Ray::new(v(1.0, 2.0), Vec2::Y);
    assert_eq!(floor.distance(&up), 2.0);
    let over = Line::new(v(0.0, 3.0), Vec2::X);
    assert!(!over.intersects(&floor));
    assert_eq!(over.distance(&floor), 3.0);
    // A line through the shared vertex.
    let through = Line::new(Vec2::ZERO, v(1.0, 1.0));
    assert!(through.intersects(&floor));
    // A ray dropped onto the floor from above, moving down: touches at t = 1/2.
    let ray = Ray::new(v(1.0, 2.0), v(1.0, 1.0));
    let hit = ray.sweep(v(0.0, -4.0), &floor, Vec2::ZERO).unwrap();
    assert!((hit.t_first - 0.5).abs() <= tol(1.0), "{hit:?}");
    // A ray resting on the floor pointing up, sunk by 1/4: the face normal, depth 1/4.
    let sunk = Ray::new(v(1.0, -0.25), Vec2::Y);
    let c = sunk.contact(&floor).unwrap();
    assert!((c.normal - Vec2::Y).length() <= tol(1.0), "{c:?}");
    assert!((c.depth - 0.25).abs() <= tol(1.0), "{c:?}");
    // A ray down through the shared vertex of the flat floor from one above: pushed down by
    // one it touches (the normal from the ray towards the floor is +Y); no sideways push.
    let down = Ray::new(v(0.0, 1.0), Vec2::NEG_Y);
    let c = floor.contact(&down).unwrap();
    assert!((c.normal - Vec2::Y).length() <= tol(1.0), "{c:?}");
    assert_eq!(c.depth, 1.0);
}

#[test]
fn polylines_classify_as_sets_of_segments() {
    let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    // The box of a V straddles the axis, its vertices do not.
    let v_shape = chain(&[(-2.0, 3.0), (0.0, 0.5), (2.0, 3.0)]);
    assert_eq!(v_shape.classify(&x_axis), Side::Front);
    assert_eq!(
        v_shape.classify(&Line::new(v(0.0, 0.5), v(1.0, 1.0))),
        Side::Straddle
    );
    let below = chain(&[(-2.0, -3.0), (0.0, -0.5), (2.0, -3.0)]);
    assert_eq!(below.classify(&x_axis), Side::Back);
    assert_eq!(
        below.classify(&Line::new(v(0.0, 1.0), v(1.0, -0.25))),
        Side::Back
    );
    assert_eq!(
        below.classify(&Line::new(v(0.0, -0.5), v(1.0, 0.5))),
        Side::Straddle
    );
    // Unused vertices do not count.
    let p = Polyline::new(vec![v(0.0, 1.0), v(0.0, -9.0), v(1.0, 1.0)], vec![[0, 2]]).unwrap();
    assert_eq!(p.classify(&x_axis), Side::Front);
    // Touching straddles; an invalid line straddles.
    assert_eq!(
        chain(&[(0.0, 0.0), (1.0, 1.0)]).classify(&x_axis),
        Side::Straddle
    );
    let nan = Line::new(v(Real::NAN, 0.0), Vec2::X);
    assert_eq!(v_shape.classify(&nan), Side::Straddle);
}

#[test]
fn invalid_rays_and_lines_are_the_empty_set() {
    let floor = chain(&[(-4.0, 0.0), (0.0, 0.0), (4.0, 0.0)]);
    for ray in [
        Ray::new(v(Real::NAN, 0.0), Vec2::X),
        Ray::new(Vec2::ZERO, Vec2::ZERO),
        Ray::new(Vec2::ZERO, v(Real::INFINITY, 0.0)),
    ] {
        assert!(!ray.intersects(&floor) && !floor.intersects(&ray));
        assert_eq!(ray.distance(&floor), Real::INFINITY);
        assert!(ray.contact(&floor).is_none());
        assert!(ray.sweep(Vec2::Y, &floor, Vec2::ZERO).is_none());
        let line = Line::new(ray.origin, ray.dir);
        assert!(!line.intersects(&floor));
        assert_eq!(floor.distance(&line), Real::INFINITY);
        assert!(floor.sweep(Vec2::ZERO, &line, Vec2::Y).is_none());
    }
    let other = chain(&[(0.0, 1.0), (1.0, 1.0)]);
    assert!(other.sweep(v(Real::NAN, 0.0), &floor, Vec2::ZERO).is_none());
    assert!(
        floor
            .sweep(Vec2::ZERO, &other, v(0.0, Real::INFINITY))
            .is_none()
    );
    let room = Polygon::new(vec![v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap();
    assert!(room.sweep(v(Real::NAN, 0.0), &floor, Vec2::ZERO).is_none());
}

/// Every pair query of two polylines against brute force over the segment pairs.
fn check_polylines(a: &Polyline, b: &Polyline, motion: Vec2) -> Result<(), TestCaseError> {
    let (sa, sb) = (segments(a), segments(b));
    let meets = sa.iter().any(|s| sb.iter().any(|t| s.intersects(t)));
    prop_assert_eq!(a.intersects(b), meets);
    prop_assert_eq!(b.intersects(a), meets);
    let brute = sa
        .iter()
        .flat_map(|s| sb.iter().map(|t| s.distance(t)))
        .fold(Real::INFINITY, Real::min);
    let cp = a.closest_points(b);
    prop_assert_eq!(cp.distance, brute);
    prop_assert_eq!(b.distance(a), brute);
    prop_assert_eq!(cp.distance == 0.0, meets);
    let scale = a.aabb_size() + b.aabb_size();
    prop_assert!(a.distance_to_point(cp.a) <= tol(scale), "{cp:?}");
    prop_assert!(b.distance_to_point(cp.b) <= tol(scale), "{cp:?}");
    // Sweeps: `a` moving, `b` moving the other way.
    let other_motion = -0.5 * motion;
    let hits: Vec<_> = sa
        .iter()
        .flat_map(|s| sb.iter().map(move |t| s.sweep(motion, t, other_motion)))
        .flatten()
        .collect();
    let first = hits
        .iter()
        .map(|h| h.t_first)
        .fold(Real::INFINITY, Real::min);
    let last = hits.iter().map(|h| h.t_last).fold(0.0, Real::max);
    let got = a.sweep(motion, b, other_motion);
    prop_assert_eq!(
        got.map(|h| (h.t_first, h.t_last)),
        (!hits.is_empty()).then_some((first, last))
    );
    // The other order: the same times, within rounding (each segment pair's sweep is run in
    // the other order; among equal times the pair named first may differ).
    let back = b.sweep(other_motion, a, motion);
    prop_assert_eq!(back.is_some(), got.is_some());
    if let (Some(g), Some(h)) = (got, back) {
        prop_assert!(
            (g.t_first - h.t_first).abs() <= tol(1.0) && (g.t_last - h.t_last).abs() <= tol(1.0),
            "{g:?} {h:?}"
        );
    }
    Ok(())
}

/// Every pair query of a polygon and a polyline against brute force over the segments.
fn check_polygon(p: &Polyline, g: &Polygon, motion: Vec2) -> Result<(), TestCaseError> {
    let segs = segments(p);
    let meets = segs.iter().any(|s| g.intersects(s));
    prop_assert_eq!(g.intersects(p), meets);
    prop_assert_eq!(p.intersects(g), meets);
    let brute = segs
        .iter()
        .map(|s| g.distance(s))
        .fold(Real::INFINITY, Real::min);
    prop_assert_eq!(g.distance(p), brute);
    prop_assert_eq!(p.closest_points(g).distance, brute);
    prop_assert_eq!(brute == 0.0, meets);
    let hits: Vec<_> = segs
        .iter()
        .filter_map(|s| g.sweep(motion, s, Vec2::ZERO))
        .collect();
    let first = hits
        .iter()
        .map(|h| h.t_first)
        .fold(Real::INFINITY, Real::min);
    let last = hits.iter().map(|h| h.t_last).fold(0.0, Real::max);
    let got = g.sweep(motion, p, Vec2::ZERO);
    prop_assert_eq!(
        got.map(|h| (h.t_first, h.t_last)),
        (!hits.is_empty()).then_some((first, last))
    );
    let back = p.sweep(Vec2::ZERO, g, motion);
    prop_assert_eq!(
        back.map(|h| (h.t_first, -h.normal)),
        got.map(|h| (h.t_first, h.normal))
    );
    Ok(())
}

trait Size {
    fn aabb_size(&self) -> Real;
}

impl Size for Polyline {
    fn aabb_size(&self) -> Real {
        let b = isect::d2::Bounded::aabb(self);
        b.min.abs().max(b.max.abs()).max_element()
    }
}

/// The polyline moved by `m` (exactly, for the maps used).
fn mapped(p: &Polyline, m: &Map) -> Polyline {
    Polyline::new(
        p.vertices().iter().map(|&q| m.point(q)).collect(),
        p.segments().to_vec(),
    )
    .unwrap()
}

proptest! {
    #[test]
    fn polyline_pairs_agree_with_brute_force(
        a in polyline(),
        b in polyline(),
        g in st::polygon(),
        motion in (point(), 0.0 as Real..2.0).prop_map(|(p, k)| p * k),
    ) {
        check_polylines(&a, &b, motion)?;
        check_polylines(&a, &a, motion)?;
        check_polygon(&a, &g, motion)?;
    }

    #[test]
    fn classify_agrees_with_the_segments(p in polyline(), line in st::line()) {
        let sides: Vec<Side> = segments(&p).iter().map(|s| s.classify(&line)).collect();
        let expected = if sides.iter().all(|&s| s == Side::Front) {
            Side::Front
        } else if sides.iter().all(|&s| s == Side::Back) {
            Side::Back
        } else {
            Side::Straddle
        };
        prop_assert_eq!(p.classify(&line), expected);
    }

    /// Two polylines swept into each other touch at `t_first` and are apart a little before.
    #[test]
    fn polyline_sweeps_touch_at_t_first(
        a in polyline(),
        b in polyline(),
        motion in (point(), 0.5 as Real..3.0).prop_map(|(p, k)| p * k),
    ) {
        if a.intersects(&b) {
            return Ok(());
        }
        let Some(hit) = a.sweep(motion, &b, Vec2::ZERO) else {
            return Ok(());
        };
        let at = |t: Real| mapped(&a, &Map::shift(motion * t));
        let scale = a.aabb_size() + b.aabb_size() + motion.length();
        prop_assert!(at(hit.t_first).distance(&b) <= tol(scale) * 4.0, "{hit:?}");
        let before = hit.t_first - 1e-2;
        if before > 0.0 {
            prop_assert!(!at(before).intersects(&b), "{hit:?}");
        }
        // The contact point lies on both at that time.
        prop_assert!(b.distance_to_point(hit.point) <= tol(scale) * 4.0, "{hit:?}");
    }

    /// Exact quarter turns, shifts, the mirror and power-of-two scalings of both shapes.
    #[test]
    fn polyline_pairs_follow_exact_motions(
        a in polyline(),
        b in polyline(),
        g in st::polygon(),
        ray in st::ray(),
        turns in 0u8..4,
        shift in (-4i32..=4, -4i32..=4),
        k in -3i32..=3,
    ) {
        let maps = [
            Map::quarter(turns),
            Map::shift(v(shift.0 as Real, shift.1 as Real)),
            Map::scale(k),
            Map::mirror(),
        ];
        for m in maps {
            let (ma, mb) = (mapped(&a, &m), mapped(&b, &m));
            let mg = Polygon::new(g.points().iter().map(|&q| m.point(q)).collect::<Vec<_>>()).unwrap();
            let mray = Ray::new(m.point(ray.origin), m.dir(ray.dir));
            prop_assert_eq!(ma.intersects(&mb), a.intersects(&b));
            prop_assert_eq!(mg.intersects(&ma), g.intersects(&a));
            prop_assert_eq!(mray.intersects(&ma), ray.intersects(&a));
            for (d, md) in [
                (a.distance(&b), ma.distance(&mb)),
                (g.distance(&a), mg.distance(&ma)),
                (ray.distance(&a), mray.distance(&ma)),
            ] {
                prop_assert!((md - d * m.factor).abs() <= tol(d * m.factor), "{d} {md}");
            }
        }
    }
}

// Keep the segment import honest: the segment pair queries are the reference.
const _: fn(&Segment, &Segment) -> bool = |a, b| Intersects::<Segment>::intersects(a, b);
