//! Point queries on `ConvexHull` (GJK): closest point, distance and containment.
//!
//! The hull is only known through its support map, so its answers are checked against closed
//! forms of the same point sets: the hull of a box's corners must answer like the box, of a
//! segment's ends like the segment, of a triangle's corners like the triangle; and against the
//! obtuse-angle criterion of the projection, which needs only the points.

use isect::math::{NO_POINT, Quat, Vec3};
use isect::{Aabb, ConvexHull, Obb, PointQuery, Real, Segment, ShapeError, Triangle};
use proptest::prelude::*;

use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{aabb, convex_hull, motion, obb, point, segment, triangle};
use crate::common::transform::Moved;
use crate::common::{
    aabb_corners, assert_is_projection, assert_near, assert_near_vec, gjk_distance_tolerance,
    gjk_point_tolerance, non_finite_points, obb_corners, tol, v,
};

/// Asserts the answers for a point outside, up to GJK's tolerance.
#[track_caller]
fn assert_outside(hull: &ConvexHull, p: Vec3, closest: Vec3, distance: Real) {
    assert!(!hull.contains_point(p), "{p} should be outside");
    assert_near_vec(hull.closest_point(p), closest, &format!("closest to {p}"));
    assert_near(
        hull.distance_to_point(p),
        distance,
        &format!("distance of {p}"),
    );
}

#[track_caller]
fn assert_contains(hull: &ConvexHull, p: Vec3) {
    assert!(hull.contains_point(p), "{p} should be inside");
    assert_eq!(hull.distance_to_point(p), 0.0, "distance of {p}");
    assert_eq!(hull.closest_point(p), p, "closest to {p}");
}

/// Asserts that `hull` answers like a closed-form shape at `p`: distance and closest point up to
/// GJK's accuracy, containment wherever the answer is clear of the boundary by more.
#[track_caller]
fn assert_like<S: PointQuery>(hull: &ConvexHull, shape: &S, p: Vec3) {
    let d = shape.distance_to_point(p);
    let scale = p.abs().max_element().max(10.0);
    let t = gjk_distance_tolerance(d, scale);
    let hd = hull.distance_to_point(p);
    assert!(
        (hd - d).abs() <= t,
        "distance of {p}: {hd} vs {d} (tolerance {t})"
    );
    let (q, expected) = (hull.closest_point(p), shape.closest_point(p));
    let t = gjk_point_tolerance(d, scale);
    assert!(
        q.distance(expected) <= t,
        "closest to {p}: {q} vs {expected} (distance {}, tolerance {t})",
        q.distance(expected)
    );
    if d > gjk_distance_tolerance(d, scale) {
        assert!(!hull.contains_point(p), "{p} at distance {d} is contained");
    }
    if shape.contains_point(p) {
        assert!(hull.contains_point(p), "{p} is not contained");
    }
}

/// Powers of two for the distances of far points.
#[cfg(not(isect_f64))]
const FAR_EXPONENTS: core::ops::RangeInclusive<i32> = 4..=14;
#[cfg(isect_f64)]
const FAR_EXPONENTS: core::ops::RangeInclusive<i32> = 4..=30;

fn tetrahedron() -> ConvexHull {
    ConvexHull::new([Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z])
}

#[test]
fn tetrahedron_by_hand() {
    let t = tetrahedron();
    let third = 1.0 / 3.0;
    // Face regions: the slanted face and the bottom.
    assert_outside(
        &t,
        v(1.0, 1.0, 1.0),
        Vec3::splat(third),
        2.0 / (3.0 as Real).sqrt(),
    );
    assert_outside(&t, v(0.25, 0.25, -2.0), v(0.25, 0.25, 0.0), 2.0);
    // An edge region: p − q = (1/2, 1/2, -1) = 3/2·(0, 0, -1) + 1/2·(1, 1, 1).
    assert_outside(
        &t,
        v(1.0, 1.0, -1.0),
        v(0.5, 0.5, 0.0),
        (1.5 as Real).sqrt(),
    );
    // A vertex region: p − q = (1, -1, -1) = 2·(0, -1, 0) + 2·(0, 0, -1) + (1, 1, 1).
    assert_outside(&t, v(2.0, -1.0, -1.0), Vec3::X, (3.0 as Real).sqrt());
    assert_outside(&t, v(-1.0, -2.0, -2.0), Vec3::ZERO, 3.0);
    // Inside, on a face, an edge and a vertex.
    for p in [
        v(0.1, 0.2, 0.3),
        v(0.25, 0.25, 0.5),
        v(0.25, 0.0, 0.25),
        v(0.5, 0.5, 0.0),
        Vec3::Z,
        Vec3::ZERO,
    ] {
        assert_contains(&t, p);
    }
    assert!(!t.contains_point(v(0.25, 0.25, 0.501)));
    assert!(!t.contains_point(v(0.25, -1e-3, 0.25)));
}

#[test]
fn hull_of_box_corners_answers_like_the_box() {
    let aabb = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    let mut points = aabb_corners(&aabb).to_vec();
    // Interior points and duplicates change nothing.
    points.extend([
        aabb.center(),
        v(0.0, 1.5, -3.0),
        aabb.min,
        aabb.max,
        aabb.min,
    ]);
    let hull = ConvexHull::new(points);
    for i in -12..=12 {
        for j in -12..=12 {
            for k in -12..=12 {
                let p = v(i as Real, j as Real, k as Real) * 0.5;
                assert_like(&hull, &aabb, p);
                // On this grid every point is on the box or half a unit away.
                assert_eq!(hull.contains_point(p), aabb.contains_point(p), "{p}");
            }
        }
    }
}

#[test]
fn one_point_is_a_point() {
    let c = v(1.0, -2.0, 3.0);
    let hull = ConvexHull::new([c]);
    assert_eq!(hull.is_valid(), Ok(()));
    assert_contains(&hull, c);
    assert!(!hull.contains_point(c + v(0.0, 1e-3, 0.0)));
    assert_outside(&hull, c + v(3.0, 4.0, 0.0), c, 5.0);
    assert_outside(&hull, c + v(-2.0, 3.0, 6.0), c, 7.0);
    // The same point many times.
    let hull = ConvexHull::new([c; 5]);
    assert_contains(&hull, c);
    assert_outside(&hull, c + v(0.0, -4.0, 3.0), c, 5.0);
}

#[test]
fn two_points_are_a_segment() {
    let (a, b) = (v(1.0, 0.0, -1.0), v(-3.0, 2.0, 4.0));
    let segment = Segment::new(a, b);
    for hull in [
        ConvexHull::new([a, b]),
        ConvexHull::new([b, a, a, b, b]),
        ConvexHull::new([a, a.lerp(b, 0.25), b, a.lerp(b, 0.5)]),
    ] {
        for i in -4..=4 {
            for j in -4..=4 {
                for k in -4..=4 {
                    assert_like(&hull, &segment, v(i as Real, j as Real, k as Real) * 1.5);
                }
            }
        }
        assert_contains(&hull, a);
        assert_contains(&hull, b);
        assert!(hull.contains_point(a.lerp(b, 0.375)));
        assert!(!hull.contains_point(a.lerp(b, 0.375) + v(0.0, 0.0, 1e-2)));
        assert!(!hull.contains_point(a.lerp(b, 1.01)));
    }
    // Axis-aligned: exact answers.
    let hull = ConvexHull::new([v(0.0, 0.0, 1.0), v(4.0, 0.0, 1.0)]);
    assert_outside(&hull, v(2.0, 3.0, 5.0), v(2.0, 0.0, 1.0), 5.0);
    assert_outside(&hull, v(-3.0, 0.0, 5.0), v(0.0, 0.0, 1.0), 5.0);
    assert_contains(&hull, v(2.5, 0.0, 1.0));
}

#[test]
fn coplanar_points_are_a_polygon() {
    let square = [
        Vec3::ZERO,
        v(2.0, 0.0, 0.0),
        v(2.0, 2.0, 0.0),
        v(0.0, 2.0, 0.0),
        v(1.0, 1.0, 0.0),
        v(0.5, 1.5, 0.0),
    ];
    let hull = ConvexHull::new(square);
    assert_outside(&hull, v(1.0, 1.0, 3.0), v(1.0, 1.0, 0.0), 3.0);
    assert_outside(&hull, v(0.5, 1.5, -2.0), v(0.5, 1.5, 0.0), 2.0);
    assert_outside(&hull, v(5.0, 1.0, 0.0), v(2.0, 1.0, 0.0), 3.0);
    assert_outside(&hull, v(5.0, 6.0, 0.0), v(2.0, 2.0, 0.0), 5.0);
    assert_outside(
        &hull,
        v(3.0, 1.0, 4.0),
        v(2.0, 1.0, 0.0),
        (17.0 as Real).sqrt(),
    );
    for p in [
        v(1.0, 1.0, 0.0),
        v(0.25, 1.75, 0.0),
        v(2.0, 0.5, 0.0),
        v(0.0, 0.0, 0.0),
    ] {
        assert_contains(&hull, p);
    }
    assert!(!hull.contains_point(v(1.0, 1.0, 1e-3)));
    assert!(!hull.contains_point(v(2.001, 1.0, 0.0)));
    // The same polygon turned and moved: answers like the two triangles that tile it.
    let q = Quat::from_axis_angle(v(1.0, -2.0, 0.5).normalize(), 0.9);
    let t = v(3.0, -1.0, 2.0);
    let moved: Vec<Vec3> = square.iter().map(|&p| q * p + t).collect();
    let hull = ConvexHull::new(moved.clone());
    let halves = [
        Triangle::new(moved[0], moved[1], moved[2]),
        Triangle::new(moved[0], moved[2], moved[3]),
    ];
    for i in -4..=4 {
        for j in -4..=4 {
            for k in -4..=4 {
                let p = t + v(i as Real, j as Real, k as Real);
                let d = halves[0]
                    .distance_to_point(p)
                    .min(halves[1].distance_to_point(p));
                assert!(
                    (hull.distance_to_point(p) - d).abs() <= gjk_distance_tolerance(d, 10.0),
                    "{p}"
                );
            }
        }
    }
}

#[test]
fn three_points_are_a_triangle() {
    let tri = Triangle::new(v(1.0, 0.0, 0.5), v(-2.0, 3.0, 1.0), v(0.5, -1.0, 4.0));
    let hull = ConvexHull::new([tri.a, tri.b, tri.c]);
    for i in -4..=4 {
        for j in -4..=4 {
            for k in -4..=4 {
                assert_like(&hull, &tri, v(i as Real, j as Real, k as Real) * 1.25);
            }
        }
    }
    assert!(hull.contains_point(tri.centroid()));
    assert!(hull.contains_point((tri.a + tri.b) * 0.5));
}

#[test]
fn interior_points_change_nothing() {
    let q = Quat::from_axis_angle(v(2.0, 1.0, -1.0).normalize(), 0.6);
    let obb = Obb::from_quat(v(0.5, 1.0, -1.0), v(1.0, 2.0, 0.5), q);
    let corners = obb_corners(&obb).to_vec();
    let mut with_inner = corners.clone();
    for i in 0..20 {
        let u = v(
            (i as Real * 0.37).fract(),
            (i as Real * 0.61).fract(),
            (i as Real * 0.83).fract(),
        );
        with_inner.insert(i % with_inner.len(), obb.sample(u * 0.9 + 0.05));
    }
    let (a, b) = (ConvexHull::new(corners), ConvexHull::new(with_inner));
    for i in -3..=3 {
        for j in -3..=3 {
            for k in -3..=3 {
                let p = v(i as Real, j as Real, k as Real) * 1.5;
                assert_like(&a, &obb, p);
                assert_like(&b, &obb, p);
            }
        }
    }
}

/// Regression: GJK stopped with its simplex a large, nearly flat triangle around the query
/// point, 1e-3 from it in f32 (below its rounding floor), and the hull did not contain one of
/// its own points.
#[test]
fn own_point_with_nearly_coplanar_neighbours_is_contained() {
    let points = [
        v(0.0, -8.985558, 0.0),
        Vec3::ZERO,
        Vec3::ZERO,
        v(-8.388372, -1.2729363, -1.6689187),
        v(-4.313968, -2.8424227, 4.851954),
        v(-3.847861, -9.740088, 7.731289),
        v(-3.2560434, 9.551941, 2.4726639),
    ];
    let hull = ConvexHull::new(points);
    for p in points {
        assert_contains(&hull, p);
    }
}

/// Regression: GJK stopped once its distance was within `GJK_RELATIVE_TOLERANCE`, with its
/// closest point only within `√(2ε)·d` of the true one (in f32, 9e-3 here: 5 % of the segment).
#[test]
fn closest_point_of_a_short_segment_far_away_is_exact() {
    let (a, b) = (
        v(8.091147, -3.7336981, -6.5002847),
        v(8.058364, -3.8611977, -6.6037116),
    );
    let p = v(-4.961172, -0.33591554, -6.8043475);
    let segment = Segment::new(a, b);
    let hull = ConvexHull::new([a, b]);
    assert_near_vec(hull.closest_point(p), segment.closest_point(p), "closest");
}

/// Regression (issue 24): the point 4096·(1, 1, 1) above (0.5, −0.25, −0.25), inside the
/// triangle 0, (1, −1, 0), (1, 0, −1), was answered with the corner (1, −1, 0), 0.935 away, by
/// the hull of the triangle and by a tetrahedron on it (the distance was right): GJK stopped as
/// soon as its distance was within its relative tolerance, which 7000 away leaves the whole
/// triangle, and the gain of the step to its face, 0.78 in a squared distance of 5e7, rounded
/// away.
#[test]
fn regression_far_point_answered_with_a_corner() {
    let corners = [Vec3::ZERO, v(1.0, -1.0, 0.0), v(1.0, 0.0, -1.0)];
    let foot = v(0.5, -0.25, -0.25);
    let p = foot + Vec3::splat(4096.0);
    let tetrahedron = ConvexHull::new([corners[0], corners[1], corners[2], v(0.0, -1.0, -1.0)]);
    for hull in [ConvexHull::new(corners), tetrahedron] {
        let q = hull.closest_point(p);
        assert!(q.distance(foot) <= 4.0 * Real::EPSILON * p.length(), "{q}");
        assert_near(hull.distance_to_point(p), p.distance(foot), "distance");
    }
}

#[test]
fn invalid_hulls_are_empty() {
    let cases = [
        (ConvexHull::new(Vec::new()), ShapeError::Empty),
        (
            ConvexHull::new([Vec3::ZERO, Vec3::X, v(Real::NAN, 0.0, 0.0)]),
            ShapeError::NonFinitePoint { index: 2 },
        ),
        (
            ConvexHull::new([v(0.0, Real::INFINITY, 0.0), Vec3::X]),
            ShapeError::NonFinitePoint { index: 0 },
        ),
        (
            ConvexHull::new([
                Vec3::ZERO,
                v(0.0, 0.0, Real::NEG_INFINITY),
                Vec3::Y,
                Vec3::NAN,
            ]),
            ShapeError::NonFinitePoint { index: 1 },
        ),
        (
            ConvexHull::new([Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z, Vec3::NAN]),
            ShapeError::NonFinitePoint { index: 4 },
        ),
    ];
    for (hull, why) in cases {
        assert_eq!(hull.is_valid(), Err(why), "{hull:?}");
        assert_eq!(ConvexHull::try_new(hull.points().to_vec()), Err(why));
        for p in [Vec3::ZERO, v(0.1, 0.1, 0.1), v(5.0, 5.0, 5.0)] {
            assert!(!hull.contains_point(p), "{hull:?} contains {p}");
            assert_eq!(hull.distance_to_point(p), Real::INFINITY, "{hull:?}");
            assert_eq!(hull.closest_point(p), NO_POINT, "{hull:?}");
        }
    }
}

#[test]
fn try_new_accepts_valid_hulls() {
    let points = vec![Vec3::ZERO, Vec3::X, Vec3::Y];
    assert_eq!(
        ConvexHull::try_new(points.clone()),
        Ok(ConvexHull::new(points))
    );
    assert_eq!(
        ConvexHull::try_new([Vec3::ONE]).map(|h| h.points().len()),
        Ok(1)
    );
}

#[test]
fn non_finite_points_are_not_contained() {
    for hull in [
        tetrahedron(),
        ConvexHull::new([Vec3::ONE]),
        ConvexHull::new([
            Vec3::splat(-1e6),
            Vec3::splat(1e6),
            v(1e6, -1e6, 0.0),
            v(0.0, 0.0, 1e6),
        ]),
    ] {
        for p in non_finite_points() {
            assert!(!hull.contains_point(p), "{hull:?} contains {p}");
            assert_eq!(hull.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(hull.closest_point(p), NO_POINT, "{p}");
        }
    }
}

proptest! {
    #[test]
    fn closest_point_is_the_projection(hull in convex_hull(), p in point()) {
        let q = hull.closest_point(p);
        prop_assert!(hull.distance_to_point(q) <= tol(10.0), "{} not in the hull", q);
        assert_is_projection(p, q, hull.points(), "hull");
        assert_near(hull.distance_to_point(p), q.distance(p), "distance = |p - q|");
    }

    #[test]
    fn contains_iff_distance_is_zero(hull in convex_hull(), p in point()) {
        let d = hull.distance_to_point(p);
        prop_assert_eq!(hull.contains_point(p), d == 0.0, "distance {}", d);
        if hull.contains_point(p) {
            prop_assert_eq!(hull.closest_point(p), p);
        }
    }

    #[test]
    fn every_point_of_the_set_is_contained(hull in convex_hull(), i in any::<prop::sample::Index>()) {
        let p = hull.points()[i.index(hull.points().len())];
        prop_assert!(hull.contains_point(p));
        prop_assert_eq!(hull.closest_point(p), p);
    }

    #[test]
    fn no_sampled_point_is_closer(hull in convex_hull(), p in point(), u in unit_cube()) {
        let sample = hull.sample(u);
        prop_assert!(hull.distance_to_point(sample) <= tol(10.0));
        prop_assert!(sample.distance(p) >= hull.distance_to_point(p) - tol(10.0));
    }

    #[test]
    fn motion_changes_nothing(hull in convex_hull(), p in point(), m in motion()) {
        let moved = hull.moved(&m);
        let (d, scale) = (hull.distance_to_point(p), 20.0);
        let d_moved = moved.distance_to_point(m.apply(p));
        prop_assert!((d_moved - d).abs() <= 2.0 * gjk_distance_tolerance(d, scale), "{} vs {}", d_moved, d);
        let q = moved.closest_point(m.apply(p));
        prop_assert!(q.distance(m.apply(hull.closest_point(p))) <= 2.0 * gjk_point_tolerance(d, scale));
    }

    #[test]
    fn the_order_of_the_points_changes_nothing(hull in convex_hull(), p in point()) {
        let mut reversed = hull.points().to_vec();
        reversed.reverse();
        let reversed = ConvexHull::new(reversed);
        let (d, scale) = (hull.distance_to_point(p), 10.0);
        let d_reversed = reversed.distance_to_point(p);
        prop_assert!((d_reversed - d).abs() <= 2.0 * gjk_distance_tolerance(d, scale), "{} vs {}", d_reversed, d);
        let q = reversed.closest_point(p);
        prop_assert!(q.distance(hull.closest_point(p)) <= 2.0 * gjk_point_tolerance(d, scale));
    }

    #[test]
    fn hull_of_an_obb_answers_like_the_obb(b in obb(), p in point()) {
        assert_like(&ConvexHull::new(obb_corners(&b).to_vec()), &b, p);
    }

    #[test]
    fn hull_of_an_aabb_answers_like_the_aabb(b in aabb(), p in point()) {
        assert_like(&ConvexHull::new(aabb_corners(&b).to_vec()), &b, p);
    }

    #[test]
    fn hull_of_a_segment_answers_like_the_segment(s in segment(), p in point()) {
        assert_like(&ConvexHull::new([s.a, s.b]), &s, p);
    }

    /// Points far from a hull (up to 2^14 times its size in f32, 2^30 in f64): GJK reaches the
    /// closest feature, so the closest point is the box's within rounding of the coordinates
    /// (`ε |p|`), not within `√(2ε)` of the distance.
    #[test]
    fn far_points_are_answered_at_the_closest_feature(b in obb(), dir in crate::common::strategy::unit(), k in FAR_EXPONENTS) {
        let hull = ConvexHull::new(obb_corners(&b).to_vec());
        let p = b.center + dir * (2.0 as Real).powi(k);
        let (q, expected) = (hull.closest_point(p), b.closest_point(p));
        let t = 64.0 * Real::EPSILON * p.abs().max_element().max(10.0);
        prop_assert!(q.distance(expected) <= t, "{} vs {}: {}", q, expected, q.distance(expected));
    }

    #[test]
    fn hull_of_a_triangle_answers_like_the_triangle(t in triangle(), p in point()) {
        let hull = ConvexHull::new([t.a, t.b, t.c]);
        let d = t.distance_to_point(p);
        prop_assert!((hull.distance_to_point(p) - d).abs() <= gjk_distance_tolerance(d, 10.0));
        let t_q = gjk_point_tolerance(d, 10.0);
        prop_assert!(hull.closest_point(p).distance(t.closest_point(p)) <= t_q,
            "{} vs {}", hull.closest_point(p), t.closest_point(p));
    }
}
