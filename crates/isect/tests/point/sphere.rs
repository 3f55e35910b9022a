use isect::math::{NO_POINT, Vec3};
use isect::{PointQuery, Real, ShapeError, Sphere};
use proptest::prelude::*;

use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{motion, point, sphere};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, non_finite_points, tol, v};

fn unit() -> Sphere {
    Sphere::new(Vec3::ZERO, 1.0)
}

#[test]
fn inside_center_and_surface() {
    let s = unit();
    for p in [
        Vec3::ZERO,
        v(0.5, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, -1.0),
        v(0.6, 0.8, 0.0),
    ] {
        assert!(s.contains_point(p), "{p}");
        assert_eq!(s.closest_point(p), p);
        assert_eq!(s.distance_to_point(p), 0.0);
    }
}

#[test]
fn outside() {
    let s = Sphere::new(v(1.0, 2.0, 3.0), 2.0);
    assert!(!s.contains_point(v(1.0, 2.0, 6.0)));
    assert_eq!(s.closest_point(v(1.0, 2.0, 6.0)), v(1.0, 2.0, 5.0));
    assert_eq!(s.distance_to_point(v(1.0, 2.0, 6.0)), 1.0);
    // 3-4-5 offset: distance 5 - 2.
    assert_eq!(s.distance_to_point(v(4.0, 6.0, 3.0)), 3.0);
    assert_eq!(
        s.closest_point(v(4.0, 6.0, 3.0)),
        v(1.0 + 1.2, 2.0 + 1.6, 3.0)
    );
    // Just outside the surface by the smallest representable step.
    let just_out = v(0.0, 1.0 + Real::EPSILON, 0.0);
    assert!(!unit().contains_point(just_out));
}

/// Outside by less than the rounding of `|d| − r`: `|d|² = 1 + ε` exactly, whose square root
/// rounds to 1, so the plain gap is 0. The distance is still positive (about `ε / 2`), as
/// `contains_point` is false; and the points on either side of it answer 0 and `ε`.
#[test]
fn outside_by_less_than_the_gap_rounding() {
    let s = unit();
    // An off-axis coordinate `y` with `y² = ε` exactly, or two with `y² + z² = ε`
    // (`ε = 2⁻²³` in `f32`, `2⁻⁵²` in `f64`).
    let k = Real::EPSILON.log2() as i32;
    let p = if k % 2 == 0 {
        v(Real::powi(2.0, k / 2), 0.0, 1.0)
    } else {
        let y = Real::powi(2.0, (k - 1) / 2);
        v(y, y, 1.0)
    };
    assert_eq!(p.length_squared(), 1.0 + Real::EPSILON, "the premise");
    assert_eq!(p.length(), 1.0, "the premise: the plain gap is 0");
    assert!(!s.contains_point(p));
    let d = s.distance_to_point(p);
    assert!(d > 0.0, "{d}");
    assert!(
        (d - Real::EPSILON / 2.0).abs() <= Real::EPSILON * Real::EPSILON,
        "{d}"
    );
    assert_eq!(s.distance_to_point(v(0.0, 0.0, 1.0)), 0.0);
    assert_eq!(
        s.distance_to_point(v(0.0, 0.0, 1.0 + Real::EPSILON)),
        Real::EPSILON
    );
}

#[test]
fn radius_zero_is_a_point() {
    let s = Sphere::new(v(1.0, 1.0, 1.0), 0.0);
    assert!(s.is_valid().is_ok());
    assert!(s.contains_point(v(1.0, 1.0, 1.0)));
    assert!(!s.contains_point(v(1.0, 1.0, 1.0 + 1e-3)));
    assert_eq!(s.closest_point(v(5.0, 1.0, 1.0)), v(1.0, 1.0, 1.0));
    assert_eq!(s.distance_to_point(v(1.0, 4.0, 5.0)), 5.0);
}

#[test]
fn invalid_spheres_are_empty() {
    let cases = [
        (
            Sphere::new(Vec3::ZERO, -1.0),
            ShapeError::Negative { field: "radius" },
        ),
        (
            Sphere::new(Vec3::ZERO, Real::NAN),
            ShapeError::NonFinite { field: "radius" },
        ),
        (
            Sphere::new(Vec3::ZERO, Real::INFINITY),
            ShapeError::NonFinite { field: "radius" },
        ),
        (
            Sphere::new(v(Real::NAN, 0.0, 0.0), 1.0),
            ShapeError::NonFinite { field: "center" },
        ),
        (
            Sphere::new(v(0.0, Real::NEG_INFINITY, 0.0), 1.0),
            ShapeError::NonFinite { field: "center" },
        ),
    ];
    for (s, why) in cases {
        assert_eq!(s.is_valid(), Err(why));
        assert_eq!(Sphere::try_new(s.center, s.radius), Err(why));
        assert!(!s.contains_point(Vec3::ZERO), "{s:?}");
        assert_eq!(s.distance_to_point(Vec3::ZERO), Real::INFINITY);
        assert_eq!(s.closest_point(Vec3::ZERO), NO_POINT);
    }
}

#[test]
fn non_finite_points_are_not_contained() {
    for p in non_finite_points() {
        assert!(!unit().contains_point(p), "{p}");
        assert_eq!(unit().distance_to_point(p), Real::INFINITY);
        assert_eq!(unit().closest_point(p), NO_POINT);
    }
}

#[test]
fn try_new_accepts_valid() {
    assert_eq!(
        Sphere::try_new(Vec3::ONE, 0.0),
        Ok(Sphere::new(Vec3::ONE, 0.0))
    );
}

proptest! {
    #[test]
    fn closest_point_is_in_sphere_and_at_distance(s in sphere(), p in point()) {
        let q = s.closest_point(p);
        prop_assert!(s.distance_to_point(q) <= tol(q.abs().max_element()));
        assert_near(s.distance_to_point(p), q.distance(p), "distance = |p - q|");
        prop_assert_eq!(s.contains_point(p), s.distance_to_point(p) == 0.0);
    }

    #[test]
    fn no_sampled_point_is_closer(s in sphere(), p in point(), u in unit_cube()) {
        let sample = s.sample(u);
        prop_assert!(sample.distance(p) >= s.distance_to_point(p) - tol(10.0));
    }

    #[test]
    fn motion_changes_nothing(s in sphere(), p in point(), m in motion()) {
        let moved = s.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), s.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(m.apply(p)), m.apply(s.closest_point(p)), "closest");
    }
}

/// Points within a few ulps of the surface, on both sides, in many directions: the closest
/// point is picked by a lane select of both answers (no branch on inside/outside), so a
/// contained point must come back bit for bit, an outside one on the surface at its distance,
/// and the distance must be 0 exactly for the contained ones.
#[test]
fn points_at_the_surface_pick_the_right_answer() {
    let s = Sphere::new(v(0.25, -1.0, 2.0), 1.5);
    let bits = |q: Vec3| q.to_array().map(Real::to_bits);
    let (mut inside, mut outside) = (0, 0);
    for i in 0..200 {
        let t = i as Real * 0.37;
        let dir = v(
            t.cos() * (0.5 * t).sin(),
            t.sin() * (0.5 * t).sin(),
            (0.5 * t).cos(),
        );
        for k in -4..=4 {
            let p = s.center + dir * (s.radius * (1.0 + k as Real * Real::EPSILON));
            let q = s.closest_point(p);
            if s.contains_point(p) {
                inside += 1;
                assert_eq!(bits(q), bits(p), "{p}");
                assert_eq!(s.distance_to_point(p), 0.0, "{p}");
            } else {
                outside += 1;
                let d = s.distance_to_point(p);
                assert!(d > 0.0, "{p}: {d}");
                assert!(
                    q.distance(s.center) <= s.radius * (1.0 + 4.0 * Real::EPSILON),
                    "{p}: {q}"
                );
                assert_near(d, q.distance(p), "distance = |p - q|");
            }
        }
    }
    assert!(inside > 300 && outside > 300, "{inside} / {outside}");
}
