//! 2D queries that once gave wrong answers, each named after the bug (found by the fixed-seed
//! CI run of the property tests).

use isect::Real;
use isect::d2::{
    Aabb, Circle, Contact, ContactInfo, ConvexPolygon, Distance, Intersects, Line, Obb, PointQuery,
    Polygon, Polyline, Ray, RayCast, Segment, Sweep,
};
use isect::math::{Mat2, Vec2};

use super::common::{tol, v};

/// A segment's corner slides onto another segment's side. Conservative advancement stepped to
/// the contact up to rounding (a gap of 1.2e-5 at coordinates near 8), then took the direction
/// between the two almost coincident closest points as the normal: noise, pointing away from
/// the motion, so the sweep "moved apart" and missed in one argument order while the other
/// hit at t = 0.4976. The tolerance now counts the moved coordinates' own rounding (`v t`
/// as well as the result), and a direction between points within rounding is not taken.
/// Found by the fixed-seed CI run of `d2::sweep::sweep_segment_segment`.
#[test]
fn segment_sweep_missed_a_corner_sliding_onto_a_side() {
    let a = Segment::new(v(0.0, 0.0), v(4.0, -2.0));
    let b = Segment::new(v(2.7858737, -8.60548), v(7.239884, 7.6946945));
    let (m, n) = (v(-7.6383495, 8.379033), v(-13.227029, -7.728161));
    let forward = a.sweep(m, &b, n).expect("a's corner reaches b's side");
    let backward = b.sweep(n, &a, m).expect("the same contact, other order");
    // The side's unit normal, towards a.
    let side = (b.b - b.a).normalize();
    let normal = Vec2::new(-side.y, side.x);
    for (t, got) in [
        (forward.t_first, forward.normal),
        (backward.t_first, -backward.normal),
    ] {
        assert!((t - 0.497_561).abs() <= 1e-4, "t_first {t}");
        assert!((got - normal).length() <= tol(1.0), "normal {got:?}");
        let at = |s: &Segment, w: Vec2| Segment::new(s.a + w * t, s.b + w * t);
        let gap = at(&a, m).distance(&at(&b, n));
        assert!(gap <= tol(16.0), "apart by {gap} at t_first");
    }
    assert!(!a.intersects(&b));
}

/// Two coincident lines touch everywhere (depth 0); the contact point was the other line's
/// origin, so the two argument orders named different points. Now the lesser origin (by x,
/// then y), the same point in either order and exactly on both lines.
#[test]
fn coincident_lines_contact_at_different_points_by_order() {
    let a = Line::new(v(0.0, 3.0), v(-1.0, 0.0));
    let b = Line::new(v(-1.0, 3.0), v(-1.0, 0.0));
    let (c, d) = (a.contact(&b).unwrap(), b.contact(&a).unwrap());
    assert_eq!((c.depth, d.depth), (0.0, 0.0));
    assert_eq!(c.point, v(-1.0, 3.0));
    assert_eq!(d.point, c.point);
}

/// `f32` literals in both precisions: the seeds were found in `f32`.
fn f(x: f32) -> Real {
    Real::from(x)
}

/// parry2d's solid cast on this triangle (a GJK cast on its support map) answered `t = 0.016675`,
/// a point 6e-4 outside the triangle; in rationals the ray enters through the edge from the third
/// corner to the first at `t = 0.0173629` (Cyrus–Beck on the exact inputs), as isect says, and
/// leaves through the first edge at `t = 0.377687`. Not an isect bug: the differential test now
/// accepts parry's earlier time where its point is outside. Found by
/// `d2::differential_moving::raycasts_agree_with_parry`.
#[test]
fn convex_polygon_ray_enters_where_parry_stops_short() {
    let corners = [
        v(f(-5.937_949_7), f(-4.985_075)),
        v(0.0, 0.0),
        v(f(-0.096_683_815), f(6.918_806)),
    ];
    let p = ConvexPolygon::new(corners.to_vec());
    let ray = Ray::new(v(-4.0, -1.0), v(f(-3.492_436_6), f(-9.175_564)));
    let hit = p
        .raycast(&ray, f(2.705_748))
        .expect("the ray crosses the triangle");
    assert!((hit.t - 0.017_362_89).abs() <= 1e-6, "t {}", hit.t);
    let edge = (corners[0] - corners[2]).normalize();
    let outward = Vec2::new(edge.y, -edge.x);
    assert!(
        (hit.normal - outward).length() <= tol(1.0),
        "normal {:?}",
        hit.normal
    );
    assert!(p.distance_to_point(hit.point) <= tol(8.0));
    // parry's point is outside.
    assert!(!p.contains_point(ray.point_at(0.016_675)));
    let exit = p.raycast_surface(&ray, 2.0).expect("the exit");
    assert!(
        (exit.t - hit.t).abs() <= 1e-6,
        "the entry is the first boundary point"
    );
}

/// A flat oriented box (a segment) whose exact center is a convex corner of an L-shaped
/// polygon, turned so that it passes the corner through the two quadrants outside. In `f32` its
/// corners round so that the segment passes 2.95e-8 below the corner (exact orientation of the
/// rounded corners): apart, at a distance that rounds to 0 (the projection's rounding is 1e-7)
/// and is reported as the smallest positive number at every scale. `pairs::obb_polygon`
/// expected that floor to double under scaling by 2; the property now knows the floor. In
/// `f64` the corners are exact and the segment touches the corner. Found by
/// `d2::pairs::obb_polygon`.
#[test]
fn flat_box_past_a_polygon_corner_is_apart_by_its_rounded_corners() {
    let rotation = Mat2::from_cols(
        v(f(-0.989_769), f(-0.142_679_07)),
        v(f(-0.142_679_07), f(0.989_769)),
    );
    let l = [
        v(0.0, -1.0),
        v(0.0, 1.0),
        v(-2.0, 1.0),
        v(-2.0, 0.0),
        v(-3.0, 0.0),
        v(-3.0, -1.0),
        v(-2.0, -1.0),
    ];
    for s in [1.0, 2.0, 0.0625, 16.0] {
        let b = Obb::new(v(0.0, -s), v(f(1.117_718_6) * s, 0.0), rotation);
        let p = Polygon::new(l.iter().map(|&q| q * s).collect::<Vec<_>>()).unwrap();
        let meet = b.intersects(&p);
        assert_eq!(meet, p.intersects(&b));
        assert_eq!(meet, cfg!(isect_f64), "scale {s}");
        let d = b.distance(&p);
        assert_eq!(d, p.distance(&b));
        assert_eq!(d == 0.0, meet);
        assert!(d <= tol(4.0 * s), "distance {d} at scale {s}");
    }
}

/// An inverted box (its `min.x` a smallest normal number above `max.x = 0`) against a circle of
/// radius 0 at the origin: invalid input. Its `min.y` lies far outside the window, so the
/// circle's contact scaled the pair down by a power of two, which flushed `min.x` to 0: a valid
/// flat box, and a contact with a normal for invalid input. Scaling now keeps an inverted box
/// inverted and a negative radius negative (as the 3D rescaling does). Found by the 2D fuzz
/// target `d2_contact` (`query_driver --family d2-contact`).
#[test]
fn inverted_box_made_valid_by_the_window() {
    let far = -Real::MAX / 4.0;
    let inverted = Aabb::new(v(Real::MIN_POSITIVE, far), v(0.0, 0.0));
    let point = Circle::new(v(0.0, 0.0), 0.0);
    assert!(point.contact(&inverted).is_none());
    assert!(inverted.contact(&point).is_none());
    assert!(!point.intersects(&inverted));
    assert_eq!(point.distance(&inverted), Real::INFINITY);
    // A negative radius the same way.
    let negative = Circle::new(v(0.0, far), -Real::MIN_POSITIVE);
    let b = Aabb::new(v(-1.0, far), v(1.0, 0.0));
    assert!(negative.contact(&b).is_none());
}

/// A segment crossing a polygon's edge, at coordinates whose products overflow (`2⁷⁰` in `f32`,
/// `2⁵¹⁸` in `f64`): the closest points of shapes that meet are a common point, but the
/// crossing's parameter `(q.o − o) × q.d / (d × q.d)` was `∞ / ∞`, taken as 0, and the
/// edge's first corner, `4s` off the segment, came back as the common point. The parameter is
/// now computed on the sets brought into the window. Found by the 2D fuzz target `d2_distance`.
#[test]
fn segment_polygon_common_point_off_the_segment_at_large_scale() {
    let big = f(2.0).powi(Real::MAX_EXP / 2 + 6);
    for s in [1.0, big] {
        let polygon =
            Polygon::new(vec![v(-4.0, 1.0) * s, v(4.0, 3.0) * s, v(0.0, 8.0) * s]).unwrap();
        let segment = Segment::new(v(0.0, 0.0), v(0.0, 16.0) * s);
        for cp in [
            segment.closest_points(&polygon),
            polygon.closest_points(&segment).swapped(),
        ] {
            assert_eq!(cp.distance, 0.0);
            assert_eq!(cp.a, cp.b);
            assert_eq!(cp.a.x, 0.0, "{cp:?} at scale {s}");
            assert!((0.0..=16.0 * s).contains(&cp.a.y), "{cp:?} at scale {s}");
        }
    }
}

/// A circle resting on a chain's first segment, at coordinates whose squares overflow (`2⁷⁰` in
/// `f32`, `2⁵¹⁸` in `f64`): the ghost-vertex rule's face normal was `e.perp().normalize()`,
/// whose squared length overflowed to a zero vector, so the contact came back with normal
/// `(0, 0)` and depth 0 (and the feature test's slack, `|e|`, was `+∞`). The face normal and
/// the segment lengths are now formed at any magnitude. Found by the 2D fuzz target
/// `d2_contact`.
#[test]
fn polyline_face_normal_at_large_scale() {
    let big = f(2.0).powi(Real::MAX_EXP / 2 + 6);
    for s in [1.0, big] {
        let chain = Polyline::chain(vec![v(0.0, 0.0), v(4.0, 0.0) * s, v(4.0, 4.0) * s]).unwrap();
        let ball = Circle::new(v(2.0, 0.5) * s, s);
        for c in [
            ball.contact(&chain),
            chain.contact(&ball).map(|c| ContactInfo {
                normal: -c.normal,
                ..c
            }),
        ] {
            let c = c.expect("the ball sinks into the floor");
            assert_eq!(
                (c.normal, c.depth),
                (Vec2::Y, 0.5 * s),
                "{c:?} at scale {s}"
            );
        }
    }
}

/// A polygon and a box reaching to `3.4e38`: a point overflowed on the way and the segment's
/// closest point, which halves coordinates whose differences overflow, halved an infinite
/// point forever (a stack overflow). Non-finite input now gives NaN there. Found by the 2D fuzz
/// target `d2_contact`.
#[test]
fn polygon_box_contact_near_the_float_limit_returns() {
    let polygon = Polygon::new(vec![
        v(6.501_934_6e22, 3.402_823_5e38),
        v(-6.789_774e34, 4.6875),
        v(-3.048_362_8e38, 5.5625),
        v(5.3125, -6.0625),
        v(3.394_796e38, 7.9375),
        v(13_323_059.0, 1.006_663_7e30),
    ])
    .unwrap();
    let rotation = Mat2::from_cols(v(0.853_021, -0.521_876_5), v(0.521_876_5, 0.853_021));
    let b = Obb::new(
        v(6.3125, 3.396_151_4e38),
        v(5.6875, 14_660_155_000_000.0),
        rotation,
    );
    let meet = polygon.intersects(&b);
    assert_eq!(polygon.contact(&b).is_some(), meet);
    assert_eq!(b.contact(&polygon).is_some(), meet);
}

/// A flat box through the origin whose corners came out as `(0, −e)` and `(−0, e)` (a `−0`
/// from the corner sums) against a segment crossing it at its middle: apart, at ordinary
/// magnitudes. The hull's sort ordered by `total_cmp`, which puts `−0` before `+0`, so
/// `(−0, e)` came before `(0, −e)`, the monotone chain dropped a corner and the box became the
/// point `(−0, e)`. Found by the 2D fuzz target `d2_contact` (two flat boxes at scale `2⁻¹⁶`).
#[test]
fn signed_zero_corners_kept_by_the_hull() {
    let hull = ConvexPolygon::new(vec![v(0.0, -1.0), v(-0.0, 1.0), v(0.0, 1.0)]);
    assert_eq!(hull.vertices().len(), 2, "{:?}", hull.vertices());
    assert!(hull.contains_point(v(0.0, 0.0)));
    let e = f(1.525_878_9e-5);
    let flat = Obb::new(
        v(-0.0, -0.0),
        v(-0.0, e),
        Mat2::from_cols(v(1.0, 0.0), v(-0.0, 1.0)),
    );
    let crossing = Segment::new(v(0.25, -0.5) * e, v(-0.25, 0.5) * e);
    assert!(flat.intersects(&crossing));
    assert!(flat.contact(&crossing).is_some());
}

/// A clockwise polygon whose lowest points include `(5, −0)` between `(0, 0)` and `(10, 0)`: the
/// "lowest, then leftmost" corner that decides the winding was chosen by `total_cmp`, which
/// took the middle point (`−0` first); the turn there is 0, so the clockwise polygon was kept
/// clockwise and every query saw it inside out.
#[test]
fn signed_zero_lowest_point_decides_the_winding() {
    let clockwise = Polygon::new(vec![
        v(0.0, 5.0),
        v(10.0, 5.0),
        v(10.0, 0.0),
        v(5.0, -0.0),
        v(0.0, 0.0),
    ])
    .unwrap();
    assert_eq!(clockwise.area(), 50.0);
    assert!(clockwise.contains_point(v(5.0, 2.5)));
    assert!(!clockwise.contains_point(v(5.0, 7.5)));
}

/// A box at the origin and a circle `2.2·10¹⁶` off it with a radius of `1.5·10¹⁶`, at coordinates
/// whose squares overflow (times `2¹²` in `f32`, `2⁴⁷⁰` more in `f64`): the overlap test
/// compared the squared distance from the center to the box with the squared radius, both
/// `+∞`, and `∞ <= ∞` said they meet (issue 24's item 10, left in the 2D circle–box pair); the
/// sweep then hit at `t = 0`. Squares out of range are now compared scaled. Found by the 2D
/// fuzz target `d2_sweep`.
#[test]
fn circle_box_overlap_at_squares_beyond_the_range() {
    for s in [1.0, f(2.0).powi(12), f(2.0).powi(Real::MAX_EXP / 2 - 40)] {
        let b = Aabb::new(v(-0.375, -1.661_731_6) * s, v(0.0, 0.0));
        let c = Circle::new(v(1.536_514_2e16, 1.536_522_2e16) * s, 1.536_522_2e16 * s);
        assert!(!c.intersects(&b), "at scale {s}");
        assert!(!b.intersects(&c), "at scale {s}");
        assert!(
            c.sweep(v(0.0, 0.0), &b, v(1.466e13, 0.0) * s).is_none(),
            "at scale {s}"
        );
    }
}

/// A circle of radius `−0` (valid: `−0 >= 0`) at the origin on a box's corner: the circle–box
/// distance took its radius check from the bits (`[+0, +∞)`), which put `−0` with the invalid
/// radii, with no other path to go to: `ClosestPoints::NONE` and distance `+∞` while
/// `intersects` said they meet, and the sweep, which takes its start point from the closest
/// points, answered `None`. Found by the 2D fuzz target `d2_sweep`.
#[test]
fn circle_of_radius_negative_zero_on_a_box() {
    let c = Circle::new(v(-0.0, -0.0), -0.0);
    let b = Aabb::new(v(-0.0, -0.0), v(1.0, 0.0));
    assert!(c.intersects(&b));
    let cp = c.closest_points(&b);
    assert_eq!((cp.a, cp.b, cp.distance), (v(0.0, 0.0), v(0.0, 0.0), 0.0));
    assert_eq!(b.distance(&c), 0.0);
    let hit = c
        .sweep(v(0.0, 0.0), &b, v(0.0, 0.0))
        .expect("they touch at the start");
    assert_eq!((hit.t_first, hit.t_last), (0.0, 1.0));
    let apart = Aabb::new(v(3.0, 4.0), v(5.0, 5.0));
    assert_eq!(c.distance(&apart), 5.0);
}

/// A point `5 · 2⁻⁸⁰` from a zero-length segment, a segment, a ray and a line (`f32`), or
/// `5 · MIN_POSITIVE / 64` (both precisions): `contains_point` compared squared distances,
/// which underflowed to 0 against a
/// tolerance squared to 0, so every point that near counted as on the set, while the distance
/// was positive. Input out of the window is now scaled into it first. Found by the 2D fuzz
/// target `d2_point`.
#[test]
fn linear_contains_tiny_offsets() {
    for s in [1.0, f(2.0).powi(-80), Real::MIN_POSITIVE / 64.0] {
        let p = v(3.0, 4.0) * s;
        let point = Segment::new(v(0.0, 0.0), v(0.0, 0.0));
        let segment = Segment::new(v(-8.0, 0.0) * s, v(8.0, 0.0) * s);
        let ray = Ray::new(v(-8.0, 0.0) * s, v(1.0, 0.0));
        let line = Line::new(v(0.0, 0.0), v(1.0, 0.0));
        assert!(!point.contains_point(p), "at scale {s}");
        assert_eq!(point.distance_to_point(p), 5.0 * s, "at scale {s}");
        for (name, inside) in [
            ("segment", segment.contains_point(p)),
            ("ray", ray.contains_point(p)),
            ("line", line.contains_point(p)),
        ] {
            assert!(!inside, "{name} at scale {s}");
        }
        assert!(segment.contains_point(v(3.0, 0.0) * s));
    }
}

/// A circle of radius `Real::MAX` whose center is `0.9 · MAX` above a short chain at the
/// origin: it covers the chain, but its box reaches past the float range, and the polyline's
/// walk took the infinite box for an invalid one and tested no segment: apart, distance `+∞`.
/// Found by the 2D fuzz pass (`query_driver --family d2-intersects`).
#[test]
fn polyline_against_a_shape_whose_box_overflows() {
    let chain = Polyline::chain(vec![v(-1.0, 0.0), v(1.0, 0.0)]).unwrap();
    let big = Circle::new(v(0.0, Real::MAX / 10.0 * 9.0), Real::MAX);
    assert!(big.intersects(&chain));
    assert!(chain.intersects(&big));
    assert_eq!(big.distance(&chain), 0.0);
    assert!(big.contact(&chain).is_some());
}
