use isect::math::{MAGNITUDE_TOLERANCE, NO_POINT, Vec3};
use isect::{PointQuery, Ray, Real, ShapeError};
use proptest::prelude::*;

use crate::common::flat_reference::{check_point_query, ulps};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{motion, point, ray};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, non_finite_points, tol, v};

fn ray_x() -> Ray {
    Ray::new(v(1.0, 2.0, 3.0), v(2.0, 0.0, 0.0))
}

#[test]
fn points_on_the_ray_are_contained() {
    let ray = Ray::new(v(1.0, 2.0, 3.0), v(2.0, -1.0, 0.5));
    for t in [0.0, 0.25, 1.0, 3.0, 64.0] {
        let p = ray.point_at(t);
        assert!(ray.contains_point(p), "t = {t}");
        assert_eq!(ray.closest_point(p), p, "t = {t}");
        assert_eq!(ray.distance_to_point(p), 0.0, "t = {t}");
    }
}

#[test]
fn in_front_of_the_origin_projects_onto_the_ray() {
    // 3-4-5 offset from (9, 2, 3).
    let p = v(9.0, 5.0, 7.0);
    assert_eq!(ray_x().closest_point(p), v(9.0, 2.0, 3.0));
    assert_eq!(ray_x().distance_to_point(p), 5.0);
    assert!(!ray_x().contains_point(p));
}

#[test]
fn behind_the_origin_the_origin_is_closest() {
    let ray = ray_x();
    // On the line behind the origin: on the line, not on the ray.
    let behind = v(-2.0, 2.0, 3.0);
    assert_eq!(ray.closest_point(behind), ray.origin);
    assert_eq!(ray.distance_to_point(behind), 3.0);
    assert!(!ray.contains_point(behind));
    // Behind and off the line: the distance is to the origin, not to the line.
    let p = v(-3.0, 5.0, 3.0);
    assert_eq!(ray.closest_point(p), ray.origin);
    assert_eq!(ray.distance_to_point(p), 5.0);
    // Exactly beside the origin (t = 0 exactly).
    assert_eq!(ray.closest_point(v(1.0, 2.0, 8.0)), ray.origin);
    assert_eq!(ray.distance_to_point(v(1.0, 2.0, 8.0)), 5.0);
    // The origin itself.
    assert!(ray.contains_point(ray.origin));
    assert_eq!(ray.closest_point(ray.origin), ray.origin);
    // Behind the origin by less than the tolerance still touches it: 8 ulps of the magnitude
    // (3) for points this close together.
    let tolerance = MAGNITUDE_TOLERANCE * 3.0;
    assert!(ray.contains_point(ray.origin - v(0.25 * tolerance, 0.0, 0.0)));
    assert!(!ray.contains_point(ray.origin - v(4.0 * tolerance, 0.0, 0.0)));
}

#[test]
fn very_short_and_very_long_directions() {
    let p = v(3.0, 4.0, 12.0);
    for length in [1e-30, 1e-12, 1e12, 1e30] {
        let ray = Ray::new(v(0.0, 0.0, 2.0), v(0.0, 0.0, length));
        assert_eq!(ray.is_valid(), Ok(()));
        assert_near_vec(ray.closest_point(p), v(0.0, 0.0, 12.0), "closest");
        assert_near(ray.distance_to_point(p), 5.0, "distance");
        let behind = v(3.0, 4.0, -10.0);
        assert_eq!(ray.closest_point(behind), ray.origin);
        assert_eq!(ray.distance_to_point(behind), 13.0);
    }
}

#[test]
fn invalid_rays_are_empty() {
    let cases = [
        (
            Ray::new(Vec3::ONE, Vec3::ZERO),
            ShapeError::ZeroVector { field: "dir" },
        ),
        (
            Ray::new(Vec3::ONE, v(0.0, -0.0, 0.0)),
            ShapeError::ZeroVector { field: "dir" },
        ),
        (
            Ray::new(v(0.0, 0.0, Real::NAN), Vec3::X),
            ShapeError::NonFinite { field: "origin" },
        ),
        (
            Ray::new(v(Real::NEG_INFINITY, 0.0, 0.0), Vec3::X),
            ShapeError::NonFinite { field: "origin" },
        ),
        (
            Ray::new(Vec3::ZERO, v(Real::NAN, 1.0, 0.0)),
            ShapeError::NonFinite { field: "dir" },
        ),
        (
            Ray::new(Vec3::ZERO, v(0.0, Real::INFINITY, 0.0)),
            ShapeError::NonFinite { field: "dir" },
        ),
    ];
    for (ray, why) in cases {
        assert_eq!(ray.is_valid(), Err(why), "{ray:?}");
        assert_eq!(Ray::try_new(ray.origin, ray.dir), Err(why));
        for p in [Vec3::ZERO, Vec3::ONE, ray.origin] {
            assert!(!ray.contains_point(p), "{ray:?}");
            assert_eq!(ray.distance_to_point(p), Real::INFINITY, "{ray:?}");
            assert_eq!(ray.closest_point(p), NO_POINT, "{ray:?}");
        }
    }
    assert_eq!(Ray::try_new(Vec3::ONE, Vec3::X), Ok(ray_x_at_one()));
}

fn ray_x_at_one() -> Ray {
    Ray::new(Vec3::ONE, Vec3::X)
}

#[test]
fn non_finite_points_are_not_contained() {
    for p in non_finite_points() {
        assert!(!ray_x().contains_point(p), "{p}");
        assert_eq!(ray_x().distance_to_point(p), Real::INFINITY, "{p}");
        assert_eq!(ray_x().closest_point(p), NO_POINT, "{p}");
    }
}

proptest! {
    #[test]
    fn matches_the_f64_reference(ray in ray(), p in point()) {
        check_point_query(&ray, p, &[ray.origin]);
    }

    /// Either the origin is closest and `p` is behind it, or the offset is perpendicular.
    #[test]
    fn closest_point_is_the_origin_or_a_perpendicular_foot(ray in ray(), p in point()) {
        let q = ray.closest_point(p);
        let scale = p.abs().max_element().max(ray.origin.abs().max_element());
        let dir = ray.dir.normalize();
        if q == ray.origin {
            prop_assert!((p - ray.origin).dot(dir) <= ulps(64.0, scale));
        } else {
            prop_assert!((q - ray.origin).dot(dir) >= 0.0);
            prop_assert!((p - q).dot(dir).abs() <= ulps(64.0, scale));
        }
    }

    #[test]
    fn computed_points_of_the_ray_are_contained(ray in ray(), t in 0.0 as Real..10.0) {
        prop_assert!(ray.contains_point(ray.point_at(t)));
    }

    #[test]
    fn points_behind_the_origin_are_not(ray in ray(), t in -10.0 as Real..-1e-2) {
        let p = ray.point_at(t);
        prop_assert!(!ray.contains_point(p), "{p}");
        prop_assert_eq!(ray.closest_point(p), ray.origin);
    }

    #[test]
    fn no_sampled_point_is_closer(ray in ray(), p in point(), u in unit_cube()) {
        let sample = ray.sample(u);
        prop_assert!(sample.distance(p) >= ray.distance_to_point(p) - tol(100.0) * 1e-2);
    }

    #[test]
    fn motion_changes_nothing(ray in ray(), p in point(), m in motion()) {
        let moved = ray.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), ray.distance_to_point(p), "distance");
        assert_near_vec(
            moved.closest_point(m.apply(p)),
            m.apply(ray.closest_point(p)),
            "closest",
        );
    }
}
