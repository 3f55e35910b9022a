//! The face planes cached at construction: every point behind or on every plane, each plane
//! touching the points, containment by the planes agreeing with GJK's, degenerate hulls.

use isect::math::Vec3;
use isect::{ConvexHull, PointQuery, Real};
use proptest::prelude::*;

use super::cube_hull;
use crate::common::strategy::{convex_hull, point};
use crate::common::{tol, v};

fn scale(hull: &ConvexHull) -> Real {
    hull.points()
        .iter()
        .fold(1.0, |s: Real, p| s.max(p.abs().max_element()))
}

#[test]
fn cube_has_six_axis_planes() {
    let hull = cube_hull(Vec3::ZERO, Vec3::ONE);
    assert_eq!(hull.dimension(), 3);
    let mut planes: Vec<(Vec3, Real)> = hull.planes().iter().map(|p| (p.normal, p.d)).collect();
    planes.sort_by(|a, b| a.0.to_array().partial_cmp(&b.0.to_array()).unwrap());
    assert_eq!(
        planes,
        vec![
            (-Vec3::X, 0.0),
            (-Vec3::Y, 0.0),
            (-Vec3::Z, 0.0),
            (Vec3::Z, 1.0),
            (Vec3::Y, 1.0),
            (Vec3::X, 1.0),
        ]
    );
    // Interior points change nothing.
    let mut points = hull.points().to_vec();
    points.extend([v(0.5, 0.5, 0.5), v(0.25, 0.75, 0.5), v(1.0, 0.5, 0.5)]);
    assert_eq!(ConvexHull::new(points).planes().len(), 6);
}

#[test]
fn degenerate_hulls_are_what_they_are() {
    let point = ConvexHull::new(vec![v(1.0, 2.0, 3.0); 3]);
    assert_eq!(point.dimension(), 0);
    assert_eq!(point.planes().len(), 6);
    let segment = ConvexHull::new(vec![v(0.0, 0.0, 0.0), v(2.0, 2.0, 2.0), v(1.0, 1.0, 1.0)]);
    assert_eq!(segment.dimension(), 1);
    let square = ConvexHull::new(vec![
        v(0.0, 0.0, 1.0),
        v(1.0, 0.0, 1.0),
        v(1.0, 1.0, 1.0),
        v(0.0, 1.0, 1.0),
        v(0.5, 0.5, 1.0),
    ]);
    assert_eq!(square.dimension(), 2);
    // Two sides and four edges.
    assert_eq!(square.planes().len(), 6);
    for hull in [&point, &segment, &square] {
        for p in hull.points() {
            for plane in hull.planes() {
                assert!(
                    plane.signed_distance(*p) <= tol(4.0),
                    "{p} in front of {plane:?}"
                );
            }
        }
    }
    let invalid = ConvexHull::new(vec![v(0.0, Real::NAN, 0.0), Vec3::ONE]);
    assert!(invalid.planes().is_empty());
    assert!(ConvexHull::new(Vec::new()).planes().is_empty());
}

/// Regression: three nearly collinear points once made a "solid" of one plane (their plane's
/// normal, known only to 1e-2 rad, put them 1e-1 off it, above the solid threshold).
#[test]
fn nearly_collinear_points_are_not_a_solid() {
    let hull = ConvexHull::new(vec![
        v(-6.585367, 8.793262, -2.3991108),
        v(1.4529972, 0.33576286, 0.52934045),
        v(7.222068, -5.6711955, 2.6310668),
    ]);
    assert!(hull.dimension() < 3);
    for p in hull.points() {
        assert!(
            hull.planes()
                .iter()
                .all(|plane| plane.signed_distance(*p) <= tol(10.0))
        );
    }
    assert!(hull.planes().len() >= 4);
}

proptest! {
    #[test]
    fn planes_bound_the_points_and_touch_them(hull in convex_hull()) {
        let t = tol(scale(&hull)) * 1e-2;
        for plane in hull.planes() {
            prop_assert!((plane.normal.length() - 1.0).abs() < 1e-3);
            let worst = hull.points().iter().map(|&p| plane.signed_distance(p)).fold(Real::NEG_INFINITY, Real::max);
            // Each plane passes through a point (its offset is the points' maximum) ...
            prop_assert!(worst.abs() <= t, "plane {plane:?} is {worst} from the points");
        }
    }

    #[test]
    fn containment_by_the_planes_agrees_with_gjk(hull in convex_hull(), p in point()) {
        // ... and they bound the hull: a point behind every plane by a margin is inside
        // (GJK's answer), one in front of a plane by a margin is outside.
        let t = tol(scale(&hull).max(p.abs().max_element()));
        let worst = hull.planes().iter().map(|plane| plane.signed_distance(p)).fold(Real::NEG_INFINITY, Real::max);
        if worst < -t {
            prop_assert!(hull.contains_point(p), "{p} behind every plane by {worst}");
        }
        if worst > t {
            prop_assert!(!hull.contains_point(p));
            prop_assert!(hull.distance_to_point(p) >= worst - t);
        }
    }
}
