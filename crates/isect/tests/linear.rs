//! Linear queries: closest points and distances among lines, rays and segments (all nine ordered
//! pairs), `Line::closest_parameters`, and where planes meet (`Plane::intersection_line`,
//! `three_planes`). Answers are checked against hand computations and against the brute-force
//! f64 references of `common::flat_reference`, never against the library's own formulas.

use core::fmt::Debug;

use isect::math::{NO_POINT, Vec3, on_set_tolerance};
use isect::{ClosestPoints, Distance, Line, Plane, PointQuery, Ray, Real, Segment, three_planes};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::common::flat_reference::{
    AsRefLinear, RefLinear, dv, linear_closest, linear_distance, scale_of, ulps, wide,
};
use crate::common::strategy::{
    coord, line, motion, nearly_parallel_segments, point, ray, segment, unit, vec3,
};
use crate::common::transform::Moved;
use crate::common::{Motion, assert_near, assert_near_vec, tol, v};

/// Checks `x.closest_points(y)` and `y.closest_points(x)`: the distance, the points when the
/// closest pair is unique (`Some`), and otherwise that the points lie on their shapes at that
/// distance.
#[track_caller]
fn check<A, B>(x: &A, y: &B, distance: Real, points: Option<(Vec3, Vec3)>)
where
    A: Distance<B> + PointQuery + Debug,
    B: Distance<A> + PointQuery + Debug,
{
    let forward = x.closest_points(y);
    let backward = y.closest_points(x);
    let what = format!("{x:?} / {y:?}");
    assert_near(forward.distance, distance, &what);
    assert_near(backward.distance, distance, &what);
    assert_eq!(x.distance(y), forward.distance, "{what}");
    assert_eq!(y.distance(x), backward.distance, "{what}");
    if let Some((a, b)) = points {
        assert_near_vec(forward.a, a, &what);
        assert_near_vec(forward.b, b, &what);
        assert_near_vec(backward.a, b, &what);
        assert_near_vec(backward.b, a, &what);
    }
    for pair in [forward, backward.swapped()] {
        assert!(
            x.contains_point(pair.a),
            "{what}: {} not on the first",
            pair.a
        );
        assert!(
            y.contains_point(pair.b),
            "{what}: {} not on the second",
            pair.b
        );
        assert_eq!(pair.a.distance(pair.b), pair.distance, "{what}");
    }
}

/// Both orders give exactly this pair (exact input, exact answer).
#[track_caller]
fn check_exact<A, B>(x: &A, y: &B, a: Vec3, b: Vec3)
where
    A: Distance<B> + Debug,
    B: Distance<A> + Debug,
{
    let expected = ClosestPoints {
        a,
        b,
        distance: a.distance(b),
    };
    assert_eq!(x.closest_points(y), expected, "{x:?} / {y:?}");
    assert_eq!(y.closest_points(x), expected.swapped(), "{y:?} / {x:?}");
}

fn x_axis() -> Line {
    Line::new(Vec3::ZERO, Vec3::X)
}

fn seg(a: Vec3, b: Vec3) -> Segment {
    Segment::new(a, b)
}

#[test]
fn line_line() {
    let l = x_axis();
    // Crossing at (3, 0, 0).
    check_exact(
        &l,
        &Line::new(v(3.0, -2.0, 0.0), Vec3::Y),
        v(3.0, 0.0, 0.0),
        v(3.0, 0.0, 0.0),
    );
    // Skew, 2 apart along z.
    let skew = Line::new(v(3.0, -1.0, 2.0), v(0.0, 2.0, 0.0));
    check_exact(&l, &skew, v(3.0, 0.0, 0.0), v(3.0, 0.0, 2.0));
    // Skew at an angle: the common perpendicular is along z.
    let diagonal = Line::new(v(1.0, 1.0, -4.0), v(1.0, 1.0, 0.0));
    check(&l, &diagonal, 4.0, Some((Vec3::ZERO, v(0.0, 0.0, -4.0))));
    // Parallel (and anti-parallel) at 5: no unique pair.
    check(
        &l,
        &Line::new(v(0.0, 3.0, 4.0), v(-2.0, 0.0, 0.0)),
        5.0,
        None,
    );
    check(
        &l,
        &Line::new(v(9.0, 3.0, 4.0), v(0.5, 0.0, 0.0)),
        5.0,
        None,
    );
    // Coincident.
    check(
        &l,
        &Line::new(v(5.0, 0.0, 0.0), v(3.0, 0.0, 0.0)),
        0.0,
        None,
    );
}

#[test]
fn line_ray() {
    let l = x_axis();
    // Crossing in front of the ray's origin.
    let crossing = Ray::new(v(3.0, -2.0, 0.0), Vec3::Y);
    check_exact(&l, &crossing, v(3.0, 0.0, 0.0), v(3.0, 0.0, 0.0));
    // Skew, the foot in front of the origin.
    let skew = Ray::new(v(3.0, -2.0, 2.0), Vec3::Y);
    check_exact(&l, &skew, v(3.0, 0.0, 0.0), v(3.0, 0.0, 2.0));
    // Pointing away from the line: the origin is closest.
    let away = Ray::new(v(3.0, 2.0, 1.0), Vec3::Y);
    check_exact(&l, &away, v(3.0, 0.0, 0.0), v(3.0, 2.0, 1.0));
    // Parallel, both senses.
    check(&l, &Ray::new(v(1.0, 3.0, 4.0), Vec3::X), 5.0, None);
    check(&l, &Ray::new(v(1.0, 3.0, 4.0), -Vec3::X), 5.0, None);
    // On the line.
    check(&l, &Ray::new(v(1.0, 0.0, 0.0), -Vec3::X), 0.0, None);
}

#[test]
fn line_segment() {
    let l = x_axis();
    let crossing = seg(v(2.0, -1.0, 0.0), v(4.0, 1.0, 0.0));
    check_exact(&l, &crossing, v(3.0, 0.0, 0.0), v(3.0, 0.0, 0.0));
    // The segment's line would cross below its end: the end is closest.
    let short = seg(v(3.0, 1.0, 2.0), v(3.0, 5.0, 2.0));
    check_exact(&l, &short, v(3.0, 0.0, 0.0), v(3.0, 1.0, 2.0));
    check_exact(
        &l,
        &seg(short.b, short.a),
        v(3.0, 0.0, 0.0),
        v(3.0, 1.0, 2.0),
    );
    // Parallel.
    check(&l, &seg(v(1.0, 3.0, 4.0), v(2.0, 3.0, 4.0)), 5.0, None);
    // A zero-length segment is a point.
    let point = seg(v(7.0, 3.0, 4.0), v(7.0, 3.0, 4.0));
    check_exact(&l, &point, v(7.0, 0.0, 0.0), v(7.0, 3.0, 4.0));
    // On the line, partly.
    check(&l, &seg(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), 0.0, None);
}

#[test]
fn ray_ray() {
    let r = Ray::new(Vec3::ZERO, Vec3::X);
    // Crossing.
    check_exact(
        &r,
        &Ray::new(v(3.0, -2.0, 0.0), Vec3::Y),
        v(3.0, 0.0, 0.0),
        v(3.0, 0.0, 0.0),
    );
    // Pointing away from each other along a line: the origins.
    let back = Ray::new(Vec3::ZERO, -Vec3::X);
    check_exact(
        &back,
        &Ray::new(v(2.0, 0.0, 1.0), Vec3::X),
        Vec3::ZERO,
        v(2.0, 0.0, 1.0),
    );
    // Their lines cross behind both origins: the origins.
    check_exact(
        &r,
        &Ray::new(v(-3.0, 1.0, 0.0), Vec3::Y),
        Vec3::ZERO,
        v(-3.0, 1.0, 0.0),
    );
    // Their lines cross behind one origin: that origin and its foot on the other ray.
    check_exact(
        &r,
        &Ray::new(v(3.0, 1.0, 0.0), Vec3::Y),
        v(3.0, 0.0, 0.0),
        v(3.0, 1.0, 0.0),
    );
    // Collinear and opposite: overlapping, then disjoint (exactly 2 apart).
    check(&r, &Ray::new(v(5.0, 0.0, 0.0), -Vec3::X), 0.0, None);
    check_exact(
        &back,
        &Ray::new(v(2.0, 0.0, 0.0), Vec3::X),
        Vec3::ZERO,
        v(2.0, 0.0, 0.0),
    );
    // Parallel, same sense: 5 apart, not unique.
    check(&r, &Ray::new(v(5.0, 3.0, 4.0), Vec3::X), 5.0, None);
    // Parallel, opposite senses, pointing away: the origins.
    check_exact(
        &back,
        &Ray::new(v(2.0, 3.0, 4.0), Vec3::X),
        Vec3::ZERO,
        v(2.0, 3.0, 4.0),
    );
}

#[test]
fn ray_segment() {
    let r = Ray::new(Vec3::ZERO, Vec3::X);
    check_exact(
        &r,
        &seg(v(3.0, -1.0, 0.0), v(3.0, 1.0, 0.0)),
        v(3.0, 0.0, 0.0),
        v(3.0, 0.0, 0.0),
    );
    // Behind the origin.
    check_exact(
        &r,
        &seg(v(-3.0, -1.0, 1.0), v(-3.0, 1.0, 1.0)),
        Vec3::ZERO,
        v(-3.0, 0.0, 1.0),
    );
    // Beside the segment's end.
    check_exact(
        &r,
        &seg(v(3.0, 1.0, 0.0), v(3.0, 5.0, 0.0)),
        v(3.0, 0.0, 0.0),
        v(3.0, 1.0, 0.0),
    );
    // A zero-length segment behind the origin, and in front.
    let behind = seg(v(-3.0, 4.0, 0.0), v(-3.0, 4.0, 0.0));
    check_exact(&r, &behind, Vec3::ZERO, v(-3.0, 4.0, 0.0));
    let front = seg(v(6.0, 3.0, 4.0), v(6.0, 3.0, 4.0));
    check_exact(&r, &front, v(6.0, 0.0, 0.0), v(6.0, 3.0, 4.0));
    // Collinear: overlapping, and wholly behind (the origin and the nearer end, exactly).
    check(&r, &seg(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), 0.0, None);
    check_exact(
        &r,
        &seg(v(-5.0, 0.0, 0.0), v(-2.0, 0.0, 0.0)),
        Vec3::ZERO,
        v(-2.0, 0.0, 0.0),
    );
    // Parallel beside the ray.
    check(&r, &seg(v(1.0, 3.0, 4.0), v(2.0, 3.0, 4.0)), 5.0, None);
}

#[test]
fn segment_segment() {
    // Crossing (the crate example), skew, T-junction.
    let s = seg(Vec3::ZERO, v(2.0, 2.0, 0.0));
    check_exact(
        &s,
        &seg(v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0)),
        v(1.0, 1.0, 0.0),
        v(1.0, 1.0, 0.0),
    );
    let s = seg(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0));
    check_exact(
        &s,
        &seg(v(0.0, -1.0, 2.0), v(0.0, 1.0, 2.0)),
        Vec3::ZERO,
        v(0.0, 0.0, 2.0),
    );
    let s = seg(Vec3::ZERO, v(2.0, 0.0, 0.0));
    check_exact(
        &s,
        &seg(v(1.0, 0.0, 0.0), v(1.0, 3.0, 0.0)),
        v(1.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
    );
    // Ends closest: end to end, and end to interior.
    let unit = seg(Vec3::ZERO, Vec3::X);
    check_exact(
        &unit,
        &seg(v(2.0, 1.0, 0.0), v(3.0, 5.0, 0.0)),
        Vec3::X,
        v(2.0, 1.0, 0.0),
    );
    check_exact(
        &unit,
        &seg(v(3.0, -1.0, 0.0), v(3.0, 1.0, 0.0)),
        Vec3::X,
        v(3.0, 0.0, 0.0),
    );
}

#[test]
fn parallel_and_collinear_segments() {
    let unit = seg(Vec3::ZERO, Vec3::X);
    // Collinear, disjoint: exactly the facing ends, whatever the orientations.
    for other in [
        seg(v(3.0, 0.0, 0.0), v(5.0, 0.0, 0.0)),
        seg(v(5.0, 0.0, 0.0), v(3.0, 0.0, 0.0)),
    ] {
        for first in [unit, seg(unit.b, unit.a)] {
            check_exact(&first, &other, Vec3::X, v(3.0, 0.0, 0.0));
        }
    }
    // Collinear, overlapping: a common point, in the overlap [2, 4].
    let long = seg(Vec3::ZERO, v(4.0, 0.0, 0.0));
    let overlapping = seg(v(2.0, 0.0, 0.0), v(6.0, 0.0, 0.0));
    check(&long, &overlapping, 0.0, None);
    let pair = long.closest_points(&overlapping);
    assert_eq!(pair.a, pair.b);
    assert!((2.0..=4.0).contains(&pair.a.x), "{pair:?}");
    // Collinear, touching end to end; one inside the other.
    check_exact(
        &seg(Vec3::ZERO, v(2.0, 0.0, 0.0)),
        &seg(v(2.0, 0.0, 0.0), v(5.0, 0.0, 0.0)),
        v(2.0, 0.0, 0.0),
        v(2.0, 0.0, 0.0),
    );
    check(&long, &seg(v(1.0, 0.0, 0.0), v(3.0, 0.0, 0.0)), 0.0, None);
    // Parallel, overlapping: 2 apart, the pair inside the overlap.
    let above = seg(v(1.0, 2.0, 0.0), v(3.0, 2.0, 0.0));
    check(&long, &above, 2.0, None);
    let pair = long.closest_points(&above);
    assert_near_vec(pair.b - pair.a, v(0.0, 2.0, 0.0), "perpendicular");
    // Parallel and anti-parallel, disjoint: the facing ends.
    check_exact(
        &unit,
        &seg(v(3.0, 1.0, 0.0), v(5.0, 1.0, 0.0)),
        Vec3::X,
        v(3.0, 1.0, 0.0),
    );
    check_exact(
        &unit,
        &seg(v(5.0, 1.0, 0.0), v(3.0, 1.0, 0.0)),
        Vec3::X,
        v(3.0, 1.0, 0.0),
    );
}

#[test]
fn zero_length_segments() {
    let p = seg(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0));
    let q = seg(v(4.0, 6.0, 3.0), v(4.0, 6.0, 3.0));
    check_exact(&p, &q, p.a, q.a);
    assert_eq!(p.distance(&q), 5.0);
    check_exact(&p, &p, p.a, p.a);
    // A point beside a segment, and on it.
    let s = seg(v(-5.0, 2.0, -1.0), v(5.0, 2.0, -1.0));
    check_exact(&p, &s, p.a, v(1.0, 2.0, -1.0));
    check_exact(
        &seg(v(2.0, 2.0, -1.0), v(2.0, 2.0, -1.0)),
        &s,
        v(2.0, 2.0, -1.0),
        v(2.0, 2.0, -1.0),
    );
    // Beyond the segment's end.
    check_exact(
        &seg(v(9.0, 5.0, 3.0), v(9.0, 5.0, 3.0)),
        &s,
        v(9.0, 5.0, 3.0),
        s.b,
    );
}

/// Two segments (or lines) in the planes z = 0 and z = h whose projections cross, at a tiny angle:
/// the distance is exactly h, since their z coordinates are exact. Textbook formulas, which solve
/// for the parameters with a denominator ~ sin² of the angle, lose it.
#[test]
fn nearly_parallel_segments_at_a_known_distance() {
    let h: Real = 0.5;
    for angle in [1e-3, 1e-4, 1e-5, 1e-6, 1e-7] {
        for half_length in [1.0, 100.0, 1e4] {
            let a = seg(v(-half_length, 0.0, 0.0), v(half_length, 0.0, 0.0));
            // The crossing at a third of the way, not at a symmetric spot.
            let pivot = v(-half_length / 3.0, 0.0, h);
            let dir = v((angle as Real).cos(), (angle as Real).sin(), 0.0) * half_length;
            let b = seg(pivot - dir, pivot + dir);
            let what = format!("angle {angle}, half-length {half_length}");
            let pair = a.closest_points(&b);
            let slack = ulps(64.0, half_length);
            assert!((pair.distance - h).abs() <= slack, "{what}: {pair:?}");
            assert!((b.distance(&a) - h).abs() <= slack, "{what}");
            assert!(
                a.contains_point(pair.a) && b.contains_point(pair.b),
                "{what}: {pair:?}"
            );
            // The infinite lines and rays through them too.
            let (la, lb) = (Line::through(a.a, a.b), Line::through(b.a, b.b));
            assert!((la.distance(&lb) - h).abs() <= slack, "{what}: lines");
            let (ra, rb) = (Ray::new(a.a, a.b - a.a), Ray::new(b.a, b.b - b.a));
            assert!((ra.distance(&rb) - h).abs() <= slack, "{what}: rays");
            assert!((la.distance(&b) - h).abs() <= slack, "{what}: line-segment");
            assert!((ra.distance(&b) - h).abs() <= slack, "{what}: ray-segment");
        }
    }
}

/// Regression: two segments crossing at 8e-4 rad, 60 long, were reported 1.7e-3 apart in f32:
/// the parameters from the two line–line formulas drifted apart along the segments. As lines,
/// `closest_parameters` had the same fault.
#[test]
fn regression_nearly_parallel_crossing_segments_drifted_apart() {
    let a = seg(
        v(17.959917, -24.711449, -2.1175349),
        v(-17.959917, 24.711449, 2.1175349),
    );
    let b = seg(
        v(6.5382986, -9.032499, -0.7715254),
        v(-24.306332, 33.479927, 2.8664362),
    );
    let slack = wide(ulps(64.0, 42.0));
    let expected = linear_distance(&a.reference(), &b.reference());
    assert!(
        (wide(a.distance(&b)) - expected).abs() <= slack,
        "{} vs {expected}",
        a.distance(&b)
    );
    assert!((wide(b.distance(&a)) - expected).abs() <= slack);
    let (x, y) = (Line::through(a.a, a.b), Line::through(b.a, b.b));
    let (s, t) = x.closest_parameters(&y).unwrap();
    let expected = linear_distance(&x.reference(), &y.reference());
    let found = wide(x.point_at(s).distance(y.point_at(t)));
    assert!((found - expected).abs() <= slack, "{found} vs {expected}");
}

/// Regression: the pair of a's end and the other segment's point given by the line–line
/// formula (not the end's foot) was within rounding of the minimum distance and won, leaving
/// b 2e-3 from the true closest point (f32). Each point of the answer is now the other's foot.
#[test]
fn regression_closest_point_off_along_a_flat_direction() {
    let a = seg(
        v(4.9074297, -2.9862096, 6.42815),
        v(9.126306, -0.6794175, 1.2976652),
    );
    let b = seg(
        v(-0.26294485, -1.3461723, -6.4795637),
        v(7.6688786, 8.5049305, 3.8889227),
    );
    let pair = a.closest_points(&b);
    assert_eq!(pair.a, a.b);
    let foot = RefLinear::segment(&b).closest(dv(a.b));
    assert!(
        dv(pair.b).distance(foot) <= wide(ulps(64.0, 10.0)),
        "{} vs {foot}",
        pair.b
    );
}

#[test]
fn long_segments_far_from_the_origin() {
    // 2e4 long, 1e4 from the origin; skew at 1.5 apart.
    let a = seg(v(0.0, 1e4, 0.0), v(2e4, 1e4, 0.0));
    let b = seg(v(7000.0, 0.0, 1.5), v(7000.0, 2e4, 1.5));
    check_exact(&a, &b, v(7000.0, 1e4, 0.0), v(7000.0, 1e4, 1.5));
    // Collinear far out, 0.25 apart end to end.
    let c = seg(v(2e4 + 0.25, 1e4, 0.0), v(3e4, 1e4, 0.0));
    check_exact(&a, &c, a.b, c.a);
}

#[test]
fn invalid_input_is_empty() {
    let lines = [
        Line::new(Vec3::ZERO, Vec3::ZERO),
        Line::new(v(Real::NAN, 0.0, 0.0), Vec3::X),
        Line::new(Vec3::ZERO, v(0.0, Real::INFINITY, 0.0)),
    ];
    let rays = [
        Ray::new(Vec3::ONE, Vec3::ZERO),
        Ray::new(v(0.0, 0.0, Real::NEG_INFINITY), Vec3::X),
        Ray::new(Vec3::ZERO, v(Real::NAN, 1.0, 0.0)),
    ];
    let segments = [
        seg(v(Real::NAN, 0.0, 0.0), Vec3::X),
        seg(Vec3::ZERO, v(0.0, Real::INFINITY, 0.0)),
    ];
    let (good_line, good_ray, good_segment) = (
        x_axis(),
        Ray::new(Vec3::Y, Vec3::Z),
        seg(Vec3::Z, Vec3::ONE),
    );
    let none = ClosestPoints::NONE;
    for l in lines {
        for pair in [
            l.closest_points(&good_line),
            good_line.closest_points(&l),
            l.closest_points(&good_ray),
            good_ray.closest_points(&l),
            l.closest_points(&good_segment),
            good_segment.closest_points(&l),
            l.closest_points(&l),
        ] {
            assert_eq!(pair, none, "{l:?}");
        }
        assert_eq!(l.distance(&good_segment), Real::INFINITY);
        assert_eq!(l.closest_parameters(&good_line), None);
        assert_eq!(good_line.closest_parameters(&l), None);
    }
    for r in rays {
        for pair in [
            r.closest_points(&good_line),
            good_line.closest_points(&r),
            r.closest_points(&good_ray),
            good_ray.closest_points(&r),
            r.closest_points(&good_segment),
            good_segment.closest_points(&r),
        ] {
            assert_eq!(pair, none, "{r:?}");
        }
        assert_eq!(good_ray.distance(&r), Real::INFINITY);
    }
    for s in segments {
        for pair in [
            s.closest_points(&good_line),
            good_line.closest_points(&s),
            s.closest_points(&good_ray),
            good_ray.closest_points(&s),
            s.closest_points(&good_segment),
            good_segment.closest_points(&s),
        ] {
            assert_eq!(pair, none, "{s:?}");
            assert_eq!(pair.a, NO_POINT);
        }
        assert_eq!(s.distance(&good_segment), Real::INFINITY);
    }
}

#[test]
fn closest_parameters() {
    let l = x_axis();
    assert_eq!(
        l.closest_parameters(&Line::new(v(3.0, -1.0, 2.0), Vec3::Y)),
        Some((3.0, 1.0))
    );
    // In units of each `dir`.
    assert_eq!(
        l.closest_parameters(&Line::new(v(3.0, -1.0, 2.0), v(0.0, 4.0, 0.0))),
        Some((3.0, 0.25))
    );
    assert_eq!(
        Line::new(v(1.0, 0.0, 0.0), v(-0.5, 0.0, 0.0))
            .closest_parameters(&Line::new(v(3.0, -1.0, 2.0), Vec3::Y)),
        Some((-4.0, 1.0))
    );
    // Crossing: both parameters give the crossing point.
    let (s, t) = l
        .closest_parameters(&Line::new(v(-2.0, 5.0, 0.0), v(0.0, -1.0, 0.0)))
        .unwrap();
    assert_eq!((s, t), (-2.0, 5.0));
    // Parallel, anti-parallel, coincident: no unique pair.
    for other in [
        Line::new(v(0.0, 3.0, 4.0), v(2.0, 0.0, 0.0)),
        Line::new(v(0.0, 3.0, 4.0), v(-1.0, 0.0, 0.0)),
        Line::new(v(5.0, 0.0, 0.0), Vec3::X),
        // Parallel to within an ulp of the direction.
        Line::new(v(0.0, 3.0, 4.0), v(1.0, Real::EPSILON, 0.0)),
    ] {
        assert_eq!(l.closest_parameters(&other), None, "{other:?}");
        assert_eq!(other.closest_parameters(&l), None, "{other:?}");
    }
    // Nearly parallel but clearly not: the crossing far away.
    let slanted = Line::new(v(0.0, 1.0, 0.0), v(1.0, -1e-3, 0.0));
    let (s, t) = l.closest_parameters(&slanted).unwrap();
    assert_near(s, 1000.0, "s");
    assert_near(t, 1000.0, "t");
    // Any non-zero length of `dir`.
    for length in [1e-12, 1e12] {
        let other = Line::new(v(1.0, 0.0, 5.0), v(length, length, 0.0));
        let (s, t) = Line::new(v(0.0, 0.0, 2.0), v(0.0, 0.0, length))
            .closest_parameters(&other)
            .unwrap();
        assert_near(s * length, 3.0, "s");
        assert_near(t * length, -0.5, "t");
    }
}

#[test]
fn closest_points_with_very_short_and_very_long_directions() {
    // The z-axis and the line through (1, 0, 5) along (1, 1, 0): sqrt(1/2) apart.
    for length in [1e-30, 1e-12, 1e12, 1e30] {
        let a = Line::new(v(0.0, 0.0, 2.0), v(0.0, 0.0, length));
        let b = Line::new(v(1.0, 0.0, 5.0), v(length, length, 0.0));
        let expected = (0.5 as Real).sqrt();
        assert_near(a.distance(&b), expected, "line-line");
        let pair = a.closest_points(&b);
        assert_near_vec(pair.a, v(0.0, 0.0, 5.0), "a");
        assert_near_vec(pair.b, v(0.5, -0.5, 5.0), "b");
        let ray = Ray::new(v(1.0, 0.0, 5.0), v(-length, -length, 0.0));
        assert_near(a.distance(&ray), expected, "line-ray");
        let s = seg(v(1.0, 0.0, 5.0), v(-1.0, -2.0, 5.0));
        assert_near(
            Ray::new(a.origin, a.dir).distance(&s),
            expected,
            "ray-segment",
        );
    }
}

#[test]
fn three_planes_exact() {
    let (x, y, z) = (
        Plane::new(Vec3::X, 1.0),
        Plane::new(Vec3::Y, 2.0),
        Plane::new(Vec3::Z, 3.0),
    );
    let p = v(1.0, 2.0, 3.0);
    // Every order, and facing either way.
    assert_eq!(three_planes(&x, &y, &z), Some(p));
    assert_eq!(three_planes(&z, &x, &y), Some(p));
    assert_eq!(three_planes(&y, &x, &z), Some(p));
    assert_eq!(three_planes(&x.flipped(), &y, &z.flipped()), Some(p));
    // Slanted planes through a known point.
    let corner = v(1.0, -2.0, 5.0);
    let planes = [v(1.0, 1.0, 0.0), v(0.0, 1.0, -1.0), v(1.0, 0.0, 2.0)]
        .map(|n| Plane::from_point_normal(corner, n));
    assert_near_vec(
        three_planes(&planes[0], &planes[1], &planes[2]).unwrap(),
        corner,
        "slanted",
    );
}

#[test]
fn three_planes_without_a_point() {
    let (x, y) = (Plane::new(Vec3::X, 1.0), Plane::new(Vec3::Y, 2.0));
    let cases = [
        // Two parallel, coincident, or anti-parallel.
        (x, Plane::new(Vec3::X, 4.0), y),
        (x, x, y),
        (x, y, x.flipped()),
        // All three through the z-axis.
        (
            Plane::new(Vec3::X, 0.0),
            Plane::new(Vec3::Y, 0.0),
            Plane::new(v(1.0, 1.0, 0.0), 0.0),
        ),
        // Three parallel.
        (x, Plane::new(Vec3::X, 2.0), Plane::new(-Vec3::X, 3.0)),
        // Invalid.
        (x, y, Plane::new(Vec3::ZERO, 1.0)),
        (x, y, Plane::new(Vec3::Z, Real::NAN)),
        (
            Plane::new(v(Real::INFINITY, 0.0, 0.0), 1.0),
            y,
            Plane::new(Vec3::Z, 0.0),
        ),
    ];
    for (a, b, c) in cases {
        assert_eq!(three_planes(&a, &b, &c), None, "{a:?} {b:?} {c:?}");
    }
}

#[test]
fn three_nearly_parallel_planes() {
    // Planes through (1, 2, 3) whose normals differ by 1e-3 rad: the point is found and lies on
    // all three within rounding scaled by how far the planes are from meeting in a line.
    let corner = v(1.0, 2.0, 3.0);
    let normals = [Vec3::X, v(1.0, 1e-3, 0.0), v(1.0, 0.0, 1e-3)];
    let planes = normals.map(|n| Plane::from_point_normal(corner, n));
    let p = three_planes(&planes[0], &planes[1], &planes[2]).unwrap();
    for plane in planes {
        assert!(
            plane.signed_distance(p).abs() <= tol(10.0),
            "{plane:?}: {p}"
        );
    }
    assert!(p.distance(corner) <= tol(10.0) * 1e3, "{p}");
}

#[test]
fn intersection_line_exact() {
    let floor = Plane::new(Vec3::Z, 0.0);
    let wall = Plane::new(Vec3::X, 2.0);
    assert_eq!(
        floor.intersection_line(&wall),
        Some(Line::new(v(2.0, 0.0, 0.0), Vec3::Y))
    );
    // The other order reverses the direction.
    assert_eq!(
        wall.intersection_line(&floor),
        Some(Line::new(v(2.0, 0.0, 0.0), -Vec3::Y))
    );
    // Offset planes: z = 3 and y = -4; the origin is the line's point nearest the world origin.
    let line = Plane::new(v(0.0, 0.0, 2.0), 6.0)
        .intersection_line(&Plane::new(-Vec3::Y, 4.0))
        .unwrap();
    assert_eq!(line.origin, v(0.0, -4.0, 3.0));
    assert_eq!(line.dir, Vec3::X);
}

#[test]
fn intersection_line_without_a_line() {
    let floor = Plane::new(Vec3::Z, 0.0);
    for other in [
        Plane::new(Vec3::Z, 1.0),
        floor,
        floor.flipped(),
        Plane::new(-Vec3::Z, 5.0),
        Plane::new(Vec3::ZERO, 1.0),
        Plane::new(Vec3::Z, Real::NAN),
        Plane::new(v(0.0, Real::NAN, 1.0), 0.0),
        // Parallel to within an ulp.
        Plane::new(v(0.0, Real::EPSILON, 1.0), 0.0),
    ] {
        assert_eq!(floor.intersection_line(&other), None, "{other:?}");
        assert_eq!(other.intersection_line(&floor), None, "{other:?}");
    }
}

#[test]
fn intersection_line_of_nearly_parallel_planes() {
    let floor = Plane::new(Vec3::Z, 1.0);
    for angle in [1e-2, 1e-3, 1e-4] {
        let tilted = Plane::from_point_normal(
            v(0.0, 0.0, 1.0),
            v((angle as Real).sin(), 0.0, (angle as Real).cos()),
        );
        let line = floor.intersection_line(&tilted).unwrap();
        let scale = line.origin.abs().max_element();
        for t in [0.0, 1.0, -100.0] {
            let p = line.point_at(t);
            for plane in [floor, tilted] {
                assert!(
                    plane.signed_distance(p).abs() <= tol(scale),
                    "angle {angle}: {p} is {} off {plane:?}",
                    plane.signed_distance(p)
                );
            }
        }
        assert_near_vec(line.dir.abs(), Vec3::Y, "dir");
    }
}

/// The checks of every ordered pair against the f64 reference: the distance is the reference
/// minimum; the points lie on their shapes at that distance; the other argument order agrees;
/// moving both rigidly changes nothing.
fn check_pair<A, B>(x: &A, y: &B, m: &Motion, ulps_allowed: Real) -> Result<(), TestCaseError>
where
    A: Distance<B> + AsRefLinear + Moved + Debug,
    B: Distance<A> + AsRefLinear + Moved + Debug,
{
    let (rx, ry) = (x.reference(), y.reference());
    let pair = x.closest_points(y);
    let (ref_a, ref_b, expected) = linear_closest(&rx, &ry);
    // Rounding of the coordinates involved, the reference's closest points included: for lines
    // parallel to within a few ulps they are far away, and the distance is only determined to
    // within rounding there.
    let scale = scale_of(&[pair.a, pair.b])
        .max(reference_scale(&rx))
        .max(reference_scale(&ry))
        .max(ref_a.max_abs().max(ref_b.max_abs()) as Real);
    let slack = wide(ulps(ulps_allowed, scale));
    prop_assert!(
        (wide(pair.distance) - expected).abs() <= slack,
        "{x:?} / {y:?}: {pair:?}, reference {expected}"
    );
    prop_assert!(
        rx.distance_to(dv(pair.a)) <= slack,
        "{pair:?}: a off the first"
    );
    prop_assert!(
        ry.distance_to(dv(pair.b)) <= slack,
        "{pair:?}: b off the second"
    );
    // The distance is |a - b|, or, for lines and rays whose closest pair is inside both (far out
    // when nearly parallel), the lines' distance from their directions, which the rounded points'
    // |a - b| gives within their on-set tolerance (`ClosestPoints::distance`).
    prop_assert!(
        (pair.a.distance(pair.b) - pair.distance).abs() <= on_set_tolerance([pair.a, pair.b]),
        "{:?}: |a - b| = {}",
        pair,
        pair.a.distance(pair.b)
    );
    let back = y.closest_points(x);
    prop_assert!(
        (wide(back.distance) - expected).abs() <= slack,
        "reversed: {back:?}"
    );
    let moved = x.moved(m).distance(&y.moved(m));
    prop_assert!(
        (moved - pair.distance).abs() <= tol(scale + m.translation.length()),
        "moved: {moved}"
    );
    Ok(())
}

fn reference_scale(r: &RefLinear) -> Real {
    // The defining points: a segment's ends, a line's or ray's origin (and its direction, whose
    // size enters the rounding of points along it).
    let end = if r.hi.is_finite() {
        r.origin + r.dir
    } else {
        r.dir
    };
    r.origin.max_abs().max(end.max_abs()) as Real
}

macro_rules! pair_properties {
    ($($name:ident: $x:expr, $y:expr;)+) => {
        proptest! {
            $(
                #[test]
                fn $name(x in $x, y in $y, m in motion()) {
                    check_pair(&x, &y, &m, 256.0)?;
                }
            )+
        }
    };
}

pair_properties! {
    line_line_matches_the_reference: line(), line();
    line_ray_matches_the_reference: line(), ray();
    line_segment_matches_the_reference: line(), segment();
    ray_line_matches_the_reference: ray(), line();
    ray_ray_matches_the_reference: ray(), ray();
    ray_segment_matches_the_reference: ray(), segment();
    segment_line_matches_the_reference: segment(), line();
    segment_ray_matches_the_reference: segment(), ray();
    segment_segment_matches_the_reference: segment(), segment();
}

proptest! {
    #[test]
    fn nearly_parallel_segments_match_the_reference((a, b) in nearly_parallel_segments(), m in motion()) {
        check_pair(&a, &b, &m, 256.0)?;
    }

    /// The same pairs as lines, rays and mixed pairs.
    #[test]
    fn nearly_parallel_lines_and_rays_match_the_reference((a, b) in nearly_parallel_segments()) {
        let m = Motion { rotation: Default::default(), translation: Vec3::ZERO };
        let (la, lb) = (Line::through(a.a, a.b), Line::through(b.a, b.b));
        let (ra, rb) = (Ray::new(a.a, a.b - a.a), Ray::new(b.b, b.a - b.b));
        check_pair(&la, &lb, &m, 256.0)?;
        check_pair(&ra, &rb, &m, 256.0)?;
        check_pair(&la, &rb, &m, 256.0)?;
        check_pair(&ra, &b, &m, 256.0)?;
        check_pair(&a, &lb, &m, 256.0)?;
    }

    /// Non-parallel lines: the parameters give the pair `closest_points` finds, and the segment
    /// between them is perpendicular to both lines.
    #[test]
    fn closest_parameters_agree_with_closest_points(x in line(), y in line()) {
        let (dx, dy) = (x.dir.normalize(), y.dir.normalize());
        prop_assume!(dx.cross(dy).length() > 1e-2);
        let (s, t) = x.closest_parameters(&y).unwrap();
        let (a, b) = (x.point_at(s), y.point_at(t));
        let pair = x.closest_points(&y);
        let scale = scale_of(&[a, b, x.origin, y.origin]);
        let slack = tol(scale);
        assert_near_vec(a, pair.a, "a");
        assert_near_vec(b, pair.b, "b");
        prop_assert!((b - a).dot(dx).abs() <= slack && (b - a).dot(dy).abs() <= slack);
        let expected = linear_distance(&x.reference(), &y.reference());
        prop_assert!((wide(a.distance(b)) - expected).abs() <= wide(slack));
    }

    /// Nearly parallel lines (above the parallel threshold): the parameters still give a pair at
    /// the closest distance, the second point the foot of the first.
    #[test]
    fn closest_parameters_of_nearly_parallel_lines((a, b) in nearly_parallel_segments()) {
        let (x, y) = (Line::through(a.a, a.b), Line::through(b.a, b.b));
        let Some((s, t)) = x.closest_parameters(&y) else {
            // Only when parallel to within a few ulps.
            let sine = x.dir.normalize().cross(y.dir.normalize()).length();
            prop_assert!(sine < 64.0 * Real::EPSILON, "None at sine {sine}");
            return Ok(());
        };
        let (p, q) = (x.point_at(s), y.point_at(t));
        let (ref_a, ref_b, expected) = linear_closest(&x.reference(), &y.reference());
        let scale = scale_of(&[p, q, a.a, a.b, b.a, b.b]).max(ref_a.max_abs().max(ref_b.max_abs()) as Real);
        let slack = wide(ulps(256.0, scale));
        prop_assert!((wide(p.distance(q)) - expected).abs() <= slack, "{p} {q}: {} vs {expected}", p.distance(q));
    }

    #[test]
    fn parallel_lines_have_no_closest_parameters(x in line(), offset in vec3(), k in -4.0 as Real..4.0) {
        prop_assume!(k != 0.0);
        // Exactly parallel: the same direction scaled by a power of two.
        let scaled = x.dir * (2.0 as Real).powi(k as i32) * k.signum();
        prop_assert_eq!(x.closest_parameters(&Line::new(x.origin + offset, scaled)), None);
    }

    /// Three planes through a known point, with normals far from sharing a line.
    #[test]
    fn three_planes_meet_at_the_point(corner in point(), n1 in unit(), n2 in unit(), n3 in unit()) {
        let n2 = if n1.cross(n2).length() > 0.3 { n2 } else { n1.any_orthonormal_vector() };
        let n3 = if n1.dot(n2.cross(n3)).abs() > 0.1 { n3 } else { n1.cross(n2).normalize() };
        let triple = n1.dot(n2.cross(n3));
        let planes = [n1, n2, n3].map(|n| Plane::from_point_normal(corner, n));
        let p = three_planes(&planes[0], &planes[1], &planes[2]).unwrap();
        prop_assert!(p.distance(corner) <= tol(10.0) / triple.abs(), "{p} vs {corner}");
        for plane in planes {
            prop_assert!(plane.signed_distance(p).abs() <= tol(10.0), "{}", plane.signed_distance(p));
        }
        // Any order.
        let q = three_planes(&planes[2], &planes[0], &planes[1]).unwrap();
        assert_near_vec(p, q, "order");
    }

    /// The line lies on both planes, runs along `n1 × n2`, starts at its point nearest the world
    /// origin, and passes through the point where a third plane meets the two.
    #[test]
    fn intersection_line_lies_on_both_planes(
        n1 in unit(), d1 in coord(), n2 in unit(), d2 in coord(), n3 in unit(), d3 in coord(),
    ) {
        prop_assume!(n1.cross(n2).length() > 1e-2);
        let (p1, p2) = (Plane::new(n1, d1), Plane::new(n2, d2));
        let line = p1.intersection_line(&p2).unwrap();
        let scale = line.origin.abs().max_element().max(10.0);
        for t in [-10.0, 0.0, 10.0] {
            let x = line.point_at(t);
            prop_assert!(p1.signed_distance(x).abs() <= tol(scale) && p2.signed_distance(x).abs() <= tol(scale));
        }
        assert_near(line.dir.length(), 1.0, "unit dir");
        prop_assert!(line.dir.dot(p1.normal.cross(p2.normal)) > 0.0);
        prop_assert!(line.origin.dot(line.dir).abs() <= tol(scale), "not nearest the origin");
        let p3 = Plane::new(n3, d3);
        if n3.dot(line.dir).abs() > 0.1 {
            let corner = three_planes(&p1, &p2, &p3).unwrap();
            prop_assert!(line.distance_to_point(corner) <= tol(scale.max(corner.abs().max_element())));
        }
    }
}
