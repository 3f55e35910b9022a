use isect::math::{MAGNITUDE_TOLERANCE, NO_POINT, ON_SET_TOLERANCE, Vec3};
use isect::{Line, PointQuery, Real, ShapeError};
use proptest::prelude::*;

use crate::common::flat_reference::{RefDistance, check_point_query, dv, ulps, wide};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{line, motion, point, unit};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, non_finite_points, tol, v};

#[test]
fn points_on_the_line_are_contained() {
    let line = Line::new(v(1.0, 2.0, 3.0), v(2.0, -1.0, 0.5));
    // Parameters for which origin + t * dir is exact, so the points lie exactly on the line.
    for t in [-8.0, -1.0, -0.5, 0.0, 0.25, 1.0, 3.0, 64.0] {
        let p = line.point_at(t);
        assert!(line.contains_point(p), "t = {t}");
        assert_eq!(line.closest_point(p), p, "t = {t}");
        assert_eq!(line.distance_to_point(p), 0.0, "t = {t}");
    }
}

#[test]
fn off_the_line() {
    // The line x = 1, y = 2: from (4, 6, 10) the foot is (1, 2, 10), 5 away (3-4-5).
    let p = v(4.0, 6.0, 10.0);
    // The length and sense of `dir` do not matter, only the line.
    for dir in [
        v(0.0, 0.0, 2.0),
        v(0.0, 0.0, -0.5),
        v(0.0, 0.0, 1024.0),
        v(0.0, 0.0, -1.0 / 1024.0),
    ] {
        let line = Line::new(v(1.0, 2.0, 3.0), dir);
        assert_eq!(line.closest_point(p), v(1.0, 2.0, 10.0), "{dir}");
        assert_eq!(line.distance_to_point(p), 5.0, "{dir}");
        assert!(!line.contains_point(p), "{dir}");
    }
    // A diagonal line through the origin: (0, 3, 5) projects to (1.5, 1.5, 0).
    let diagonal = Line::new(Vec3::ZERO, v(1.0, 1.0, 0.0));
    assert_eq!(diagonal.closest_point(v(0.0, 3.0, 5.0)), v(1.5, 1.5, 0.0));
    assert_near(
        diagonal.distance_to_point(v(0.0, 3.0, 5.0)),
        (29.5 as Real).sqrt(),
        "distance",
    );
    // The line extends both ways: far behind the origin is still on it.
    assert!(diagonal.contains_point(v(-1000.0, -1000.0, 0.0)));
}

#[test]
fn through_two_points() {
    let line = Line::through(v(1.0, 1.0, 1.0), v(3.0, 1.0, 1.0));
    assert_eq!(line.dir, v(2.0, 0.0, 0.0));
    assert_eq!(line.point_at(1.0), v(3.0, 1.0, 1.0));
    assert_eq!(line.closest_point(v(-7.0, 4.0, 5.0)), v(-7.0, 1.0, 1.0));
    assert_eq!(
        Line::through(Vec3::ONE, Vec3::ONE).is_valid(),
        Err(ShapeError::ZeroVector { field: "dir" })
    );
}

#[test]
fn containment_tolerance_follows_extent_and_magnitude() {
    // Far from the world origin a point computed to be on the line carries a rounding to the
    // float grid there: the tolerance is 8 ulps of the coordinates' magnitude (plus 64 ulps of
    // the points' extent, negligible here), not 64 ulps of the magnitude.
    let origin = v(1000.0, 0.0, 0.0);
    let line = Line::new(origin, Vec3::X);
    let tolerance = MAGNITUDE_TOLERANCE * 1000.0;
    assert!(line.contains_point(origin + v(0.0, 0.25 * tolerance, 0.0)));
    assert!(line.contains_point(origin + v(0.0, 0.0, -0.9 * tolerance)));
    assert!(!line.contains_point(origin + v(0.0, 4.0 * tolerance, 0.0)));
    // Near the world origin the same offset is far outside the tolerance, which is 64 ulps of
    // the extent (1) plus 8 of the magnitude (1).
    let near = Line::new(Vec3::ZERO, Vec3::X);
    assert!(!near.contains_point(v(1.0, 0.25 * tolerance, 0.0)));
    assert!(near.contains_point(v(1.0, 0.25 * ON_SET_TOLERANCE, 0.0)));
    assert!(!near.contains_point(v(1.0, 4.0 * ON_SET_TOLERANCE, 0.0)));
}

#[test]
fn very_short_and_very_long_directions() {
    // Any non-zero `dir` is valid and gives the same line (as long as the parameters of the
    // answers, in units of `dir`, are representable).
    let p = v(3.0, 4.0, 12.0);
    for length in [1e-30, 1e-12, 1e12, 1e30] {
        let line = Line::new(v(0.0, 0.0, 2.0), v(0.0, 0.0, length));
        assert_eq!(line.is_valid(), Ok(()));
        assert_near_vec(line.closest_point(p), v(0.0, 0.0, 12.0), "closest");
        assert_near(line.distance_to_point(p), 5.0, "distance");
    }
}

#[test]
fn invalid_lines_are_empty() {
    let cases = [
        (
            Line::new(Vec3::ONE, Vec3::ZERO),
            ShapeError::ZeroVector { field: "dir" },
        ),
        // -0.0 is zero too.
        (
            Line::new(Vec3::ONE, v(-0.0, 0.0, -0.0)),
            ShapeError::ZeroVector { field: "dir" },
        ),
        (
            Line::new(v(Real::NAN, 0.0, 0.0), Vec3::X),
            ShapeError::NonFinite { field: "origin" },
        ),
        (
            Line::new(v(0.0, Real::INFINITY, 0.0), Vec3::X),
            ShapeError::NonFinite { field: "origin" },
        ),
        (
            Line::new(Vec3::ZERO, v(1.0, 0.0, Real::NAN)),
            ShapeError::NonFinite { field: "dir" },
        ),
        (
            Line::new(Vec3::ZERO, v(Real::NEG_INFINITY, 0.0, 0.0)),
            ShapeError::NonFinite { field: "dir" },
        ),
        // The origin is checked first.
        (
            Line::new(Vec3::splat(Real::NAN), Vec3::ZERO),
            ShapeError::NonFinite { field: "origin" },
        ),
    ];
    for (line, why) in cases {
        assert_eq!(line.is_valid(), Err(why), "{line:?}");
        assert_eq!(Line::try_new(line.origin, line.dir), Err(why));
        for p in [Vec3::ZERO, Vec3::ONE, line.origin] {
            assert!(!line.contains_point(p), "{line:?}");
            assert_eq!(line.distance_to_point(p), Real::INFINITY, "{line:?}");
            assert_eq!(line.closest_point(p), NO_POINT, "{line:?}");
        }
    }
    assert_eq!(
        Line::try_new(Vec3::ONE, Vec3::X),
        Ok(Line::new(Vec3::ONE, Vec3::X))
    );
}

#[test]
fn non_finite_points_are_not_contained() {
    let line = Line::new(Vec3::ZERO, v(1.0, 2.0, 3.0));
    for p in non_finite_points() {
        assert!(!line.contains_point(p), "{p}");
        assert_eq!(line.distance_to_point(p), Real::INFINITY, "{p}");
        assert_eq!(line.closest_point(p), NO_POINT, "{p}");
    }
}

proptest! {
    #[test]
    fn matches_the_f64_reference(line in line(), p in point()) {
        check_point_query(&line, p, &[line.origin]);
    }

    #[test]
    fn the_offset_to_the_closest_point_is_perpendicular(line in line(), p in point()) {
        let q = line.closest_point(p);
        let scale = p.abs().max_element().max(line.origin.abs().max_element());
        let along = (p - q).dot(line.dir) / line.dir.length();
        prop_assert!(along.abs() <= ulps(64.0, scale), "(p - q) · dir = {along}");
    }

    #[test]
    fn points_on_the_line_are_contained_and_points_off_it_are_not(
        line in line(),
        t in -10.0 as Real..10.0,
        n in unit(),
        offset in crate::common::strategy::real(1e-2, 5.0),
    ) {
        let on = line.point_at(t);
        prop_assert!(line.contains_point(on), "{on}");
        // An offset perpendicular to the line.
        let normal = (n - line.dir * (n.dot(line.dir) / line.dir.length_squared())).normalize_or_zero();
        prop_assume!(normal.length() > 0.5);
        let off = on + normal * offset;
        prop_assert!(!line.contains_point(off), "{off}");
        let expected = line.ref_distance(dv(off));
        prop_assert!((wide(line.distance_to_point(off)) - expected).abs() <= wide(tol(10.0)) * 1e-2);
    }

    #[test]
    fn no_sampled_point_is_closer(line in line(), p in point(), u in unit_cube()) {
        let sample = line.sample(u);
        prop_assert!(sample.distance(p) >= line.distance_to_point(p) - tol(100.0) * 1e-2);
    }

    #[test]
    fn motion_changes_nothing(line in line(), p in point(), m in motion()) {
        let moved = line.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), line.distance_to_point(p), "distance");
        assert_near_vec(
            moved.closest_point(m.apply(p)),
            m.apply(line.closest_point(p)),
            "closest",
        );
    }
}
