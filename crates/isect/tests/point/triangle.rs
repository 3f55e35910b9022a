use isect::math::{NO_POINT, ON_SET_TOLERANCE, Vec3};
use isect::{PointQuery, Real, Segment, ShapeError, Triangle};
use proptest::prelude::*;

use crate::common::flat_reference::{
    DVec3, check_point_query, dv, scale_of, smallest_angle_sine, triangle_closest,
    triangle_distance, ulps, wide,
};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{motion, near_degenerate_triangle, point, triangle, unit, vec3};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, non_finite_points, tol, v};

/// The right triangle with legs 4 along x and y, counter-clockwise seen from +z.
fn right() -> Triangle {
    Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0))
}

/// Asserts the closest point and the distance of `p`, and that `p` is not contained.
#[track_caller]
fn assert_closest(t: &Triangle, p: Vec3, expected: Vec3) {
    assert_eq!(t.closest_point(p), expected, "{t:?}, p = {p}");
    assert_near(
        t.distance_to_point(p),
        expected.distance(p),
        &format!("distance from {p}"),
    );
    assert!(!t.contains_point(p), "{t:?} should not contain {p}");
}

#[test]
fn every_voronoi_region() {
    let t = right();
    let (a, b, c) = (t.a, t.b, t.c);
    let cases = [
        // Vertex regions, above, below and in the plane.
        (v(-1.0, -1.0, 3.0), a),
        (v(-2.0, -1.0, 0.0), a),
        (v(0.0, 0.0, 7.0), a),
        (v(6.0, -1.0, 0.0), b),
        (v(5.0, -2.0, -3.0), b),
        (v(-1.0, 6.0, 2.0), c),
        (v(0.0, 5.0, -1.0), c),
        // Edge regions.
        (v(2.0, -3.0, 1.0), v(2.0, 0.0, 0.0)),
        (v(-2.0, 1.0, 0.0), v(0.0, 1.0, 0.0)),
        (v(-2.0, 3.0, -6.0), v(0.0, 3.0, 0.0)),
        (v(3.0, 3.0, 5.0), v(2.0, 2.0, 0.0)),
        (v(4.0, 2.0, 0.0), v(3.0, 1.0, 0.0)),
        // The face, above and below.
        (v(1.0, 1.0, 5.0), v(1.0, 1.0, 0.0)),
        (v(1.0, 1.0, -5.0), v(1.0, 1.0, 0.0)),
        (v(0.5, 3.25, 0.125), v(0.5, 3.25, 0.0)),
        // On the boundaries between regions: both sides agree.
        (v(0.0, -3.0, 0.0), a),
        (v(-3.0, 0.0, 1.0), a),
        (v(4.0, -3.0, 2.0), b),
        (v(6.0, 2.0, 0.0), b),
        (v(-3.0, 4.0, 0.0), c),
        (v(2.0, 6.0, -1.0), c),
    ];
    for (p, expected) in cases {
        assert_closest(&t, p, expected);
    }
    assert_eq!(t.distance_to_point(v(1.0, 1.0, -5.0)), 5.0);
    assert_eq!(t.distance_to_point(v(3.0, 3.0, 5.0)), (27.0 as Real).sqrt());
}

#[test]
fn on_the_triangle_is_contained() {
    let t = right();
    for p in [
        // Corners, edges, interior.
        t.a,
        t.b,
        t.c,
        v(2.0, 0.0, 0.0),
        v(0.0, 3.0, 0.0),
        v(1.0, 3.0, 0.0),
        v(3.5, 0.5, 0.0),
        v(1.0, 1.0, 0.0),
        v(0.25, 0.5, 0.0),
    ] {
        assert!(t.contains_point(p), "{p}");
        assert_eq!(t.closest_point(p), p, "{p}");
        assert_eq!(t.distance_to_point(p), 0.0, "{p}");
    }
    // Just off the plane, or just outside an edge, by less than the tolerance.
    let tolerance = ON_SET_TOLERANCE * 4.0;
    assert!(t.contains_point(v(1.0, 1.0, 0.25 * tolerance)));
    assert!(t.contains_point(v(1.0, -0.25 * tolerance, 0.0)));
    assert!(!t.contains_point(v(1.0, 1.0, 4.0 * tolerance)));
    assert!(!t.contains_point(v(2.0, 2.0 + 4.0 * tolerance, 0.0)));
}

#[test]
fn orientation_does_not_matter() {
    let t = right();
    let p = v(3.0, 3.0, 5.0);
    for u in [
        Triangle::new(t.a, t.c, t.b),
        Triangle::new(t.b, t.c, t.a),
        Triangle::new(t.c, t.b, t.a),
    ] {
        assert_eq!(u.closest_point(p), v(2.0, 2.0, 0.0), "{u:?}");
        assert_eq!(u.closest_point(v(1.0, 1.0, -5.0)), v(1.0, 1.0, 0.0));
    }
}

#[test]
fn collinear_triangle_is_a_segment() {
    let (lo, mid, hi) = (v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    let segment = Segment::new(lo, hi);
    // The middle point in every position, so that the longest edge is each of the three.
    let triangles = [
        Triangle::new(lo, mid, hi),
        Triangle::new(lo, hi, mid),
        Triangle::new(mid, lo, hi),
        Triangle::new(hi, mid, lo),
        Triangle::new(mid, hi, lo),
    ];
    for t in triangles {
        assert_eq!(t.is_valid(), Ok(()));
        for p in [
            v(6.0, 1.0, 0.0),
            v(-3.0, 0.0, 4.0),
            v(1.0, 5.0, 0.0),
            v(3.0, -3.0, 4.0),
            v(3.0, 0.0, 0.0),
            v(-1.0, 0.0, 0.0),
        ] {
            assert_near_vec(t.closest_point(p), segment.closest_point(p), "closest");
            assert_near(
                t.distance_to_point(p),
                segment.distance_to_point(p),
                "distance",
            );
            assert_eq!(t.contains_point(p), segment.contains_point(p), "{t:?} {p}");
        }
        assert!(t.contains_point(v(3.0, 0.0, 0.0)));
        assert!(t.contains_point(hi) && t.contains_point(lo));
    }
    // Off the axes: the middle point listed last, rounded onto the line.
    let (lo, hi) = (v(1.0, 1.0, 1.0), v(3.0, 5.0, -1.0));
    let t = Triangle::new(lo, hi, lo.lerp(hi, 0.5));
    let segment = Segment::new(lo, hi);
    for p in [v(9.0, 9.0, 9.0), v(-4.0, 0.0, 2.0), v(2.0, 3.0, 4.0)] {
        assert_near_vec(t.closest_point(p), segment.closest_point(p), "closest");
    }
}

#[test]
fn coincident_corners() {
    let (p1, p2) = (v(1.0, 1.0, 1.0), v(3.0, 1.0, 1.0));
    // A segment, whichever two corners coincide.
    for t in [
        Triangle::new(p1, p1, p2),
        Triangle::new(p1, p2, p1),
        Triangle::new(p2, p1, p1),
    ] {
        assert_near_vec(t.closest_point(v(2.0, 4.0, 5.0)), v(2.0, 1.0, 1.0), "side");
        assert_near(t.distance_to_point(v(2.0, 4.0, 5.0)), 5.0, "side");
        assert_eq!(t.closest_point(v(5.0, 4.0, 5.0)), p2, "{t:?}");
        assert_eq!(t.closest_point(v(0.0, 4.0, 5.0)), p1, "{t:?}");
        assert!(t.contains_point(v(1.5, 1.0, 1.0)));
        assert!(!t.contains_point(v(1.5, 1.5, 1.0)));
    }
    // A point, when all three coincide.
    let c = v(1.0, 2.0, 3.0);
    let point = Triangle::new(c, c, c);
    assert_eq!(point.is_valid(), Ok(()));
    assert!(point.contains_point(c));
    assert_eq!(point.closest_point(v(4.0, 6.0, 3.0)), c);
    assert_eq!(point.distance_to_point(v(4.0, 6.0, 3.0)), 5.0);
    assert!(!point.contains_point(v(1.0, 2.0, 3.5)));
}

/// Two coincident corners and a point nearly square to the segment just past the corner: the
/// answer is the segment's point (parameter 8e-5 along a 16-long segment, 1.3e-3 from the
/// corner), not the corner, though both are equally near to rounding. Found by proptest.
#[test]
fn coincident_corners_point_nearly_square_to_the_segment() {
    let (a, c) = (v(3.0, 0.0, -3.0), v(-6.758_515, -9.076_968, 9.742_75));
    let p = v(-4.164_510_7, -1.435_298, -9.506_905);
    let on_segment = Segment::new(a, c).closest_point(p);
    assert!(on_segment.distance(a) > 1e-3);
    for t in [
        Triangle::new(a, a, c),
        Triangle::new(a, c, a),
        Triangle::new(c, a, a),
    ] {
        assert!(t.closest_point(p).distance(on_segment) < 1e-5, "{t:?}");
    }
}

#[test]
fn thin_slivers_match_the_reference() {
    let heights: &[Real] = &[1e-1, 1e-3, 1e-5, 1e-7];
    for &h in heights {
        let slivers = [
            // Flat along x, apex above the middle, near an end, and beyond an end.
            Triangle::new(v(0.0, 0.0, 0.0), v(10.0, 0.0, 0.0), v(5.0, h, 0.0)),
            Triangle::new(v(0.0, 0.0, 0.0), v(10.0, 0.0, 0.0), v(9.99, h, 0.0)),
            Triangle::new(v(0.0, 0.0, 0.0), v(10.0, 0.0, 0.0), v(12.0, h, 0.0)),
            // Tilted and away from the origin.
            Triangle::new(
                v(1.0, 2.0, 3.0),
                v(7.0, -1.0, 5.0),
                v(4.0, 0.5 + h, 4.0 + h),
            ),
        ];
        for t in slivers {
            for x in [-2.0, 0.0, 3.0, 5.0, 9.995, 11.0, 13.0] {
                for (y, z) in [
                    (0.0, 0.0),
                    (h * 0.5, 0.0),
                    (-1.0, 0.0),
                    (1.0, 0.0),
                    (0.0, 1.0),
                ] {
                    let p = v(x, y, z);
                    check_point_query(&t, p, &t.vertices());
                    let expected = triangle_closest(&t, dv(p));
                    let q = t.closest_point(p);
                    let slack = wide(ulps(256.0, scale_of(&[t.a, t.b, t.c, p])));
                    assert!(
                        dv(q).distance(expected) <= slack,
                        "{t:?}, p = {p}: {q} vs reference {expected}"
                    );
                }
            }
            // Points on the sliver itself, wherever it lies.
            for (s, r) in [(0.5, 0.25), (0.1, 0.8), (0.9, 0.05), (0.3, 0.3)] {
                assert_on_triangle(&t, t.a + (t.b - t.a) * s + (t.c - t.a) * r);
            }
        }
    }
}

/// Checks that `p`, computed to lie on `t`, is contained and is its own closest point to within
/// rounding (and agrees with the f64 reference).
#[track_caller]
fn assert_on_triangle(t: &Triangle, p: Vec3) {
    let slack = wide(ulps(64.0, scale_of(&[t.a, t.b, t.c, p])));
    assert!(
        triangle_distance(t, dv(p)) <= slack,
        "the test point is not on {t:?}"
    );
    assert!(t.contains_point(p), "{t:?} should contain {p}");
    assert!(
        dv(t.closest_point(p)).distance(dv(p)) <= slack,
        "{}",
        t.closest_point(p)
    );
    check_point_query(t, p, &t.vertices());
}

/// Regression: a point on a sliver (width 1e-3, length 10) was answered from barycentric
/// weights that cancel, 1.9e-4 off in f32, and not contained.
#[test]
fn regression_point_on_a_sliver_was_off_along_it() {
    let t = Triangle::new(
        Vec3::ZERO,
        v(-5.8170357, -8.597494, 0.0),
        v(-2.9085178, -4.297754, -0.00011695079),
    );
    assert_on_triangle(
        &t,
        t.a + (t.b - t.a) * 0.115_607_955 + (t.c - t.a) * 0.251_450_18,
    );
}

/// Regression: a point an ulp from the obtuse corner of a sliver in the plane y = 0 reached the
/// face branch with a zero weight, 4e-4 off in f32.
#[test]
fn regression_point_at_the_obtuse_corner_of_a_sliver() {
    let t = Triangle::new(
        v(-0.50229776, 0.0, 0.0),
        v(-5.931879, 0.0, -4.177558),
        v(-3.2160885, 0.0, -2.088779),
    );
    assert_on_triangle(&t, t.a + (t.c - t.a));
}

/// Regression: a triangle whose normal is rounding noise (c on the line ab to within an ulp)
/// used the noise's signed areas, 5.6e-4 off in f32.
#[test]
fn regression_triangle_flat_to_rounding() {
    let t = Triangle::new(
        v(0.0, -5.205761, 1.4345618),
        v(-1.0, -1.0, 0.0),
        v(-0.16691607, -4.5037518, 1.1951104),
    );
    assert_on_triangle(&t, t.a + (t.c - t.a) * (1.0 - 0.090_142_03));
}

/// Regression: a needle (b and c an ulp apart) passed the edge test of its tiny edge bc on
/// rounding noise, and a point on it was answered with c, 4 units away (f32).
#[test]
fn regression_needle_answered_by_its_far_corner() {
    let t = Triangle::new(
        v(-8.8542, -1.2868402, -3.3474731),
        v(6.852184, 9.79401, 7.8260446),
        v(6.8521833, 9.794009, 7.826044),
    );
    let p = t.a + (t.b - t.a) * 0.563_340_5 + (t.c - t.a) * 0.255_255_46;
    assert_on_triangle(&t, p);
}

/// Regression: with `a == b` the edge test of ab passed for every point (all its terms are 0),
/// and points beside the segment ac were answered with a.
#[test]
fn regression_coincident_a_and_b_answered_with_a() {
    let t = Triangle::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0), v(3.0, 1.0, 1.0));
    assert_eq!(t.closest_point(v(2.0, 4.0, 5.0)), v(2.0, 1.0, 1.0));
}

/// Heights (powers of two) of the far points the tests below place above triangles of size 1:
/// up to where a coordinate's ulp reaches a thousandth of the triangle.
#[cfg(not(isect_f64))]
const FAR_EXPONENTS: core::ops::RangeInclusive<i32> = 4..=14;
#[cfg(isect_f64)]
const FAR_EXPONENTS: core::ops::RangeInclusive<i32> = 4..=42;

/// Regression (issue 24): the point 4096·(1, 1, 1) above (0.5, −0.25, −0.25), inside the triangle
/// 0, (1, −1, 0), (1, 0, −1), was answered with (1, −0.5, −0.5), the middle of the edge bc (in
/// f64 from a height of about 1e8): the face-region weight `n · (bp × cp)` has terms of size
/// |p|² that cancel to the triangle's size squared.
#[test]
fn regression_far_above_the_face_answered_on_an_edge() {
    let t = Triangle::new(Vec3::ZERO, v(1.0, -1.0, 0.0), v(1.0, 0.0, -1.0));
    let foot = v(0.5, -0.25, -0.25);
    assert_eq!(t.closest_point(foot + Vec3::splat(4096.0)), foot);
    for k in FAR_EXPONENTS {
        // The normal is (1, 1, 1): p lies exactly above the foot.
        let p = foot + Vec3::splat((2.0 as Real).powi(k));
        let q = t.closest_point(p);
        assert!(
            q.distance(foot) <= 4.0 * Real::EPSILON * p.length(),
            "2^{k} above: {q}"
        );
    }
}

#[test]
fn invalid_triangles_are_empty() {
    let cases = [
        (
            Triangle::new(v(Real::NAN, 0.0, 0.0), Vec3::X, Vec3::Y),
            ShapeError::NonFinite { field: "a" },
        ),
        (
            Triangle::new(Vec3::ZERO, v(0.0, Real::INFINITY, 0.0), Vec3::Y),
            ShapeError::NonFinite { field: "b" },
        ),
        (
            Triangle::new(Vec3::ZERO, Vec3::X, v(0.0, 0.0, Real::NEG_INFINITY)),
            ShapeError::NonFinite { field: "c" },
        ),
        (
            Triangle::new(Vec3::ZERO, Vec3::splat(Real::NAN), Vec3::splat(Real::NAN)),
            ShapeError::NonFinite { field: "b" },
        ),
    ];
    for (t, why) in cases {
        assert_eq!(t.is_valid(), Err(why), "{t:?}");
        assert_eq!(Triangle::try_new(t.a, t.b, t.c), Err(why));
        for p in [Vec3::ZERO, Vec3::X, v(0.25, 0.25, 0.0)] {
            assert!(!t.contains_point(p), "{t:?}");
            assert_eq!(t.distance_to_point(p), Real::INFINITY, "{t:?}");
            assert_eq!(t.closest_point(p), NO_POINT, "{t:?}");
        }
        assert_eq!(t.normal(), None);
        assert_eq!(t.barycentric(Vec3::ZERO), None);
    }
    assert_eq!(
        Triangle::try_new(Vec3::ZERO, Vec3::X, Vec3::X),
        Ok(Triangle::new(Vec3::ZERO, Vec3::X, Vec3::X))
    );
}

#[test]
fn non_finite_points_are_not_contained() {
    for t in [right(), Triangle::new(Vec3::ZERO, Vec3::X, Vec3::X)] {
        for p in non_finite_points() {
            assert!(!t.contains_point(p), "{p}");
            assert_eq!(t.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(t.closest_point(p), NO_POINT, "{p}");
            assert_eq!(t.barycentric(p), None, "{p}");
        }
    }
}

#[test]
fn barycentric_coordinates() {
    let t = right();
    assert_eq!(t.barycentric(t.a), Some(v(1.0, 0.0, 0.0)));
    assert_eq!(t.barycentric(t.b), Some(v(0.0, 1.0, 0.0)));
    assert_eq!(t.barycentric(t.c), Some(v(0.0, 0.0, 1.0)));
    assert_eq!(t.barycentric(v(1.0, 1.0, 0.0)), Some(v(0.5, 0.25, 0.25)));
    // Off the plane: the coordinates of the projection.
    assert_eq!(t.barycentric(v(1.0, 1.0, 7.0)), Some(v(0.5, 0.25, 0.25)));
    assert_eq!(t.barycentric(v(2.0, 0.0, -3.0)), Some(v(0.5, 0.5, 0.0)));
    // Outside: a negative coordinate on the far side of an edge.
    assert_eq!(t.barycentric(v(-4.0, 1.0, 0.0)), Some(v(1.75, -1.0, 0.25)));
    // Degenerate triangles have no unique coordinates.
    for degenerate in [
        Triangle::new(Vec3::ZERO, Vec3::X, v(2.0, 0.0, 0.0)),
        Triangle::new(Vec3::ZERO, v(2.0, 0.0, 0.0), Vec3::X),
        Triangle::new(Vec3::ONE, Vec3::ONE, Vec3::X),
        Triangle::new(Vec3::ONE, Vec3::ONE, Vec3::ONE),
    ] {
        assert_eq!(degenerate.barycentric(Vec3::ZERO), None, "{degenerate:?}");
    }
}

#[test]
fn normal_is_counter_clockwise() {
    let t = right();
    assert_eq!(t.normal(), Some(Vec3::Z));
    assert_eq!(Triangle::new(t.a, t.c, t.b).normal(), Some(-Vec3::Z));
    assert_eq!(Triangle::new(t.b, t.c, t.a).normal(), Some(Vec3::Z));
    assert_eq!(t.area(), 8.0);
    // Degenerate: no normal.
    assert_eq!(
        Triangle::new(Vec3::ZERO, Vec3::X, v(2.0, 0.0, 0.0)).normal(),
        None
    );
    assert_eq!(Triangle::new(Vec3::ONE, Vec3::ONE, Vec3::X).normal(), None);
    // Thin but not degenerate.
    let thin = Triangle::new(Vec3::ZERO, v(10.0, 0.0, 0.0), v(5.0, 0.0, 1e-3));
    assert_near_vec(thin.normal().unwrap(), -Vec3::Y, "thin");
}

/// How far a thin triangle's closest point may be from the reference: 256 ulps of the
/// coordinates, plus the documented `ε · distance / sin θ` of a projection onto a needle's face
/// (θ the smallest angle, between the two longest sides; 50,000-case runs found a needle 17 long
/// and 0.024 wide whose closest point to a point 20 away was 4e-4 off in f32, and the same
/// tilt at 1e-13 in f64).
fn needle_slack(t: &Triangle, p: Vec3, expected: DVec3) -> f64 {
    let sine = smallest_angle_sine(t);
    // (A degenerate triangle is its segment: no face to project onto.)
    let tilt = if sine > 0.0 {
        8.0 * wide(Real::EPSILON) * dv(p).distance(expected) / sine
    } else {
        0.0
    };
    wide(ulps(256.0, scale_of(&[t.a, t.b, t.c, p]))) + tilt
}

proptest! {
    #[test]
    fn matches_the_f64_reference(t in triangle(), p in point()) {
        check_point_query(&t, p, &t.vertices());
    }

    #[test]
    fn closest_point_is_the_reference_closest_point(t in triangle(), p in point()) {
        let q = t.closest_point(p);
        let expected = triangle_closest(&t, dv(p));
        // (The strategy's lattice corners make near-collinear triangles now and then.)
        let slack = needle_slack(&t, p, expected);
        prop_assert!(dv(q).distance(expected) <= slack, "{q} vs {expected}");
    }

    #[test]
    fn near_degenerate_triangles_match_the_reference(t in near_degenerate_triangle(), p in point()) {
        check_point_query(&t, p, &t.vertices());
        let q = t.closest_point(p);
        let expected = triangle_closest(&t, dv(p));
        let slack = needle_slack(&t, p, expected);
        prop_assert!(dv(q).distance(expected) <= slack, "{q} vs {expected}");
    }

    /// Points on and just off thin triangles: the closest point is within rounding of the
    /// point itself (resp. of its offset), however thin the triangle.
    #[test]
    fn points_on_near_degenerate_triangles(
        t in near_degenerate_triangle(),
        u in unit_cube(),
        n in unit(),
        offset in prop_oneof![Just(0.0 as Real), crate::common::strategy::real(1e-3, 1.0)],
    ) {
        let on = t.sample(u);
        prop_assert!(t.contains_point(on), "{on}");
        let p = on + n * offset;
        check_point_query(&t, p, &t.vertices());
        let q = t.closest_point(p);
        let expected = triangle_closest(&t, dv(p));
        let slack = needle_slack(&t, p, expected);
        prop_assert!(dv(q).distance(expected) <= slack, "{q} vs {expected}");
    }

    /// Points far above (or below) a triangle's face, at heights up to 2^14 (f32) or 2^42
    /// (f64) times its size: the closest point is the reference's within rounding of the
    /// coordinates, `ε |p|` (and the tilt of a thin triangle's plane), not `ε |p|²`.
    #[test]
    fn far_points_match_the_reference(
        t in triangle(),
        u in unit_cube(),
        k in FAR_EXPONENTS,
        below in any::<bool>(),
    ) {
        let Some(n) = t.normal() else {
            return Ok(());
        };
        let side = if below { -1.0 } else { 1.0 };
        let h = (2.0 as Real).powi(k);
        let foot = t.sample(u);
        let p = foot + n * (side * h);
        let q = t.closest_point(p);
        // The foot is the answer: p lies on the face's normal through it, up to the rounding of
        // p and of n's direction (ε over the sine of the smallest angle, which tilts the normal
        // of a sliver: `needle_slack`). Not a reference computed from p: at these heights an f64
        // reference ranks a needle's edges by squared distances that differ below its own
        // rounding, so it picks either edge.
        let slack = needle_slack(&t, p, dv(foot));
        prop_assert!(dv(q).distance(dv(foot)) <= slack, "{q} vs {foot}: {}", q.distance(foot));
    }

    #[test]
    fn points_of_the_triangle_are_contained(t in triangle(), u in unit_cube()) {
        let p = t.sample(u);
        prop_assert!(t.contains_point(p), "{p}");
        prop_assert!(triangle_distance(&t, dv(p)) <= wide(ulps(16.0, scale_of(&t.vertices()))));
    }

    #[test]
    fn no_sampled_point_is_closer(t in triangle(), p in point(), u in unit_cube()) {
        let sample = t.sample(u);
        prop_assert!(sample.distance(p) >= t.distance_to_point(p) - tol(10.0) * 1e-2);
    }

    #[test]
    fn motion_changes_nothing(t in triangle(), p in point(), m in motion()) {
        let moved = t.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), t.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(m.apply(p)), m.apply(t.closest_point(p)), "closest");
    }

    /// The weights reconstruct the projection of `p` onto the plane and sum to 1; inside the
    /// triangle (all weights clear of 0) the projection is the closest point.
    #[test]
    fn barycentric_reconstructs_the_projection(a in vec3(), b in vec3(), c in vec3(), p in point()) {
        let t = Triangle::new(a, b, c);
        let n = dv(t.scaled_normal());
        prop_assume!(n.length() > 1e-2);
        let uvw = t.barycentric(p).unwrap();
        assert_near(uvw.x + uvw.y + uvw.z, 1.0, "sum");
        let (a, pd) = (dv(t.a), dv(p));
        let projection = pd - n * (n.dot(pd - a) / n.length_squared());
        let rebuilt = dv(t.a) * wide(uvw.x) + dv(t.b) * wide(uvw.y) + dv(t.c) * wide(uvw.z);
        let weight = wide(uvw.abs().max_element()).max(1.0);
        let slack = wide(tol(scale_of(&[t.a, t.b, t.c, p]))) * weight;
        prop_assert!(rebuilt.distance(projection) <= slack, "{rebuilt} vs {projection}");
        if uvw.min_element() > 1e-2 {
            let q = dv(t.closest_point(p));
            prop_assert!(q.distance(projection) <= slack, "{q} vs {projection}");
        }
    }

    #[test]
    fn normal_is_unit_perpendicular_and_counter_clockwise(t in triangle()) {
        let scaled = t.scaled_normal();
        let (ab, ac) = (t.b - t.a, t.c - t.a);
        // The sine of the angle at `a`: below a few ulp the triangle is degenerate within
        // rounding, and `normal` (crossed at the corner opposite the longest side) and
        // `scaled_normal` (crossed at `a`) may round to different signs, or one to zero.
        let sine = scaled.length() / (ab.length() * ac.length());
        let clear = sine > ulps(64.0, 1.0);
        match t.normal() {
            Some(n) => {
                assert_near(n.length(), 1.0, "unit");
                prop_assert!(!clear || n.dot(scaled) > 0.0);
                if !clear {
                    return Ok(());
                }
                // The rounding of the cross product, relative to its length: 1 / sin(angle at a).
                let slack = ulps(16.0, 1.0) / sine;
                prop_assert!(n.dot(ab.normalize()).abs() <= slack, "{}", n.dot(ab.normalize()));
                prop_assert!(n.dot(ac.normalize()).abs() <= slack, "{}", n.dot(ac.normalize()));
            }
            None => prop_assert!(!clear, "no normal for {:?}", t),
        }
    }
}
