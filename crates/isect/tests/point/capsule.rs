//! Point queries on `Capsule`: closest point, distance and containment.

use isect::math::{NO_POINT, Vec3};
use isect::{Capsule, PointQuery, Real, Segment, ShapeError, Sphere};
use proptest::prelude::*;

use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{capsule, motion, point};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, next_down, next_up, non_finite_points, tol, v};

/// Core from the origin to (0, 0, 4), radius 2: offsets of 4 from the core halve exactly.
fn c2() -> Capsule {
    Capsule::new(Vec3::ZERO, v(0.0, 0.0, 4.0), 2.0)
}

/// The same core, radius 5: 3-4-5 and 6-8-10 offsets are exact.
fn c5() -> Capsule {
    Capsule::new(Vec3::ZERO, v(0.0, 0.0, 4.0), 5.0)
}

#[track_caller]
fn assert_contains(c: &Capsule, p: Vec3) {
    assert!(c.contains_point(p), "{c:?} should contain {p}");
    assert_eq!(c.distance_to_point(p), 0.0, "distance of {p}");
    assert_eq!(c.closest_point(p), p, "closest point to {p}");
}

#[track_caller]
fn assert_outside(c: &Capsule, p: Vec3, closest: Vec3, distance: Real) {
    assert!(!c.contains_point(p), "{c:?} should not contain {p}");
    assert_eq!(c.closest_point(p), closest, "closest point to {p}");
    assert_eq!(c.distance_to_point(p), distance, "distance of {p}");
}

#[test]
fn inside() {
    for p in [
        Vec3::ZERO,
        v(0.0, 0.0, 4.0),
        v(0.0, 0.0, 2.0),
        v(1.0, 1.0, 1.0),
        v(-1.5, 0.5, 3.5),
        // In the caps, beyond the ends of the core.
        v(0.0, 0.0, -1.5),
        v(1.0, 0.0, 5.0),
    ] {
        assert_contains(&c2(), p);
    }
}

#[test]
fn on_the_surface() {
    // The cylinder, the seams where it meets the caps, and the caps' poles.
    for p in [
        v(2.0, 0.0, 2.0),
        v(0.0, -2.0, 0.5),
        v(0.0, 2.0, 4.0),
        v(-2.0, 0.0, 0.0),
        v(0.0, 0.0, 6.0),
        v(0.0, 0.0, -2.0),
    ] {
        assert_contains(&c2(), p);
    }
    // Off-axis points of the cylinder and of both caps, at 3-4-5 offsets.
    for p in [
        v(3.0, 4.0, 1.0),
        v(-4.0, 3.0, 3.0),
        v(0.0, 3.0, 8.0),
        v(-3.0, 0.0, -4.0),
        v(0.0, -4.0, 7.0),
    ] {
        assert_contains(&c5(), p);
    }
}

#[test]
fn just_outside_the_surface() {
    for p in [
        v(next_up(2.0), 0.0, 2.0),
        v(0.0, next_down(-2.0), 1.0),
        v(0.0, 0.0, next_up(6.0)),
        v(0.0, 0.0, next_down(-2.0)),
    ] {
        assert!(!c2().contains_point(p), "{p}");
        assert!(c2().distance_to_point(p) > 0.0, "{p}");
    }
}

#[test]
fn outside_the_cylinder() {
    assert_outside(&c2(), v(6.0, 0.0, 2.0), v(2.0, 0.0, 2.0), 4.0);
    assert_outside(&c2(), v(0.0, -4.0, 1.0), v(0.0, -2.0, 1.0), 2.0);
    assert_outside(&c2(), v(0.0, 4.0, 4.0), v(0.0, 2.0, 4.0), 2.0);
    assert_outside(&c2(), v(-4.0, 0.0, 0.0), v(-2.0, 0.0, 0.0), 2.0);
    assert_outside(&c5(), v(6.0, 8.0, 2.0), v(3.0, 4.0, 2.0), 5.0);
    assert_outside(&c5(), v(-8.0, 6.0, 0.5), v(-4.0, 3.0, 0.5), 5.0);
}

#[test]
fn outside_the_caps() {
    // On the core's extension.
    assert_outside(&c2(), v(0.0, 0.0, 10.0), v(0.0, 0.0, 6.0), 4.0);
    assert_outside(&c2(), v(0.0, 0.0, -6.0), v(0.0, 0.0, -2.0), 4.0);
    // Off the axis, beyond the ends: towards the end point.
    assert_outside(&c5(), v(0.0, 6.0, 12.0), v(0.0, 3.0, 8.0), 5.0);
    assert_outside(&c5(), v(-6.0, 0.0, -8.0), v(-3.0, 0.0, -4.0), 5.0);
    assert_outside(&c5(), v(8.0, 0.0, 10.0), v(4.0, 0.0, 7.0), 5.0);
}

#[test]
fn slanted_capsule() {
    // Core from (1, 1, 1) to (5, 4, 1) (length 5), radius 1.
    let c = Capsule::new(v(1.0, 1.0, 1.0), v(5.0, 4.0, 1.0), 1.0);
    let dir = v(0.8, 0.6, 0.0);
    let normal = v(-0.6, 0.8, 0.0);
    // Beside the middle of the core, 3 away in the plane z = 1: distance 2.
    let mid = v(3.0, 2.5, 1.0);
    let p = mid + normal * 3.0;
    assert_near(c.distance_to_point(p), 2.0, "cylinder distance");
    assert_near_vec(c.closest_point(p), mid + normal, "cylinder closest");
    // Straight above the core: distance 2.
    assert_near(c.distance_to_point(mid + v(0.0, 0.0, 3.0)), 2.0, "above");
    // Beyond b along the core: the cap's pole.
    let p = v(5.0, 4.0, 1.0) + dir * 4.0;
    assert_near(c.distance_to_point(p), 3.0, "cap distance");
    assert_near_vec(c.closest_point(p), v(5.0, 4.0, 1.0) + dir, "cap closest");
    assert!(c.contains_point(mid + normal * 0.99));
    assert!(!c.contains_point(mid + normal * 1.01));
    assert!(c.contains_point(v(1.0, 1.0, 1.0) - dir * 0.99));
    assert!(!c.contains_point(v(1.0, 1.0, 1.0) - dir * 1.01));
}

#[test]
fn coincident_ends_are_a_sphere() {
    let center = v(1.0, -2.0, 0.5);
    for radius in [0.0, 0.5, 2.0] {
        let c = Capsule::new(center, center, radius);
        let s = Sphere::new(center, radius);
        assert_eq!(c.is_valid(), Ok(()));
        for i in -6..=6 {
            for j in -6..=6 {
                for k in -6..=6 {
                    let p = center + v(i as Real, j as Real, k as Real) * 0.5;
                    assert_eq!(c.contains_point(p), s.contains_point(p), "{p}");
                    assert_eq!(c.closest_point(p), s.closest_point(p), "{p}");
                    assert_eq!(c.distance_to_point(p), s.distance_to_point(p), "{p}");
                }
            }
        }
    }
}

#[test]
fn zero_radius_is_a_segment() {
    let c = Capsule::new(v(0.0, 0.0, 1.0), v(4.0, 0.0, 1.0), 0.0);
    assert_eq!(c.is_valid(), Ok(()));
    // Points of an axis-aligned core are computed exactly, and contained.
    assert_contains(&c, v(0.0, 0.0, 1.0));
    assert_contains(&c, v(2.5, 0.0, 1.0));
    assert_contains(&c, v(4.0, 0.0, 1.0));
    assert!(!c.contains_point(v(2.0, 0.0, next_up(1.0))));
    assert!(!c.contains_point(v(next_up(4.0), 0.0, 1.0)));
    assert_outside(&c, v(2.0, 3.0, 5.0), v(2.0, 0.0, 1.0), 5.0);
    assert_outside(&c, v(-3.0, 0.0, 5.0), v(0.0, 0.0, 1.0), 5.0);
    assert_outside(&c, v(7.0, 4.0, 1.0), v(4.0, 0.0, 1.0), 5.0);
    // A slanted core answers like the segment.
    let c = Capsule::new(v(1.0, -2.0, 0.5), v(-3.0, 2.0, 4.0), 0.0);
    let s = Segment::new(c.a, c.b);
    for p in [
        v(0.0, 0.0, 0.0),
        v(5.0, 1.0, -2.0),
        v(-4.0, 4.0, 9.0),
        v(2.0, 2.0, 2.0),
    ] {
        assert_near_vec(c.closest_point(p), s.closest_point(p), "closest");
        assert_near(c.distance_to_point(p), s.distance_to_point(p), "distance");
    }
    // Both degenerate: a point.
    let pt = Capsule::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0), 0.0);
    assert_contains(&pt, v(1.0, 2.0, 3.0));
    assert_outside(&pt, v(4.0, 6.0, 3.0), v(1.0, 2.0, 3.0), 5.0);
}

/// Points within a few ulps of the surface, all around the cylinder: `contains_point` and
/// `distance_to_point == 0` must agree there too (they are computed differently: a squared
/// comparison and a square root).
#[test]
fn contains_iff_distance_is_zero_at_the_surface() {
    let c = Capsule::new(v(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0), 1.0);
    let mut outside = 0;
    for i in 0..1000 {
        let t = i as Real * 0.00628;
        let (sin, cos) = (t.sin(), t.cos());
        for k in -3..=3i32 {
            let mut x = cos;
            for _ in 0..k.abs() {
                x = if k > 0 { next_up(x) } else { next_down(x) };
            }
            for p in [
                v(x, sin, 0.0),
                v(x, 0.0, sin + 1.0),
                v(0.0, x, -1.0 - sin.abs()),
            ] {
                let d = c.distance_to_point(p);
                assert_eq!(c.contains_point(p), d == 0.0, "{p}: distance {d}");
                if c.contains_point(p) {
                    assert_eq!(c.closest_point(p), p);
                } else {
                    outside += 1;
                }
            }
        }
    }
    assert!(outside > 1000, "{outside}");
}

#[test]
fn invalid_capsules_are_empty() {
    let (a, b) = (Vec3::ZERO, v(0.0, 0.0, 1.0));
    let cases = [
        (
            Capsule::new(v(Real::NAN, 0.0, 0.0), b, 1.0),
            ShapeError::NonFinite { field: "a" },
        ),
        (
            Capsule::new(v(0.0, Real::INFINITY, 0.0), b, 1.0),
            ShapeError::NonFinite { field: "a" },
        ),
        (
            Capsule::new(a, v(0.0, 0.0, Real::NEG_INFINITY), 1.0),
            ShapeError::NonFinite { field: "b" },
        ),
        (
            Capsule::new(a, v(Real::NAN, 0.0, 0.0), 1.0),
            ShapeError::NonFinite { field: "b" },
        ),
        (
            Capsule::new(a, b, Real::NAN),
            ShapeError::NonFinite { field: "radius" },
        ),
        (
            Capsule::new(a, b, Real::INFINITY),
            ShapeError::NonFinite { field: "radius" },
        ),
        (
            Capsule::new(a, b, Real::NEG_INFINITY),
            ShapeError::NonFinite { field: "radius" },
        ),
        (
            Capsule::new(a, b, -1.0),
            ShapeError::Negative { field: "radius" },
        ),
        (
            Capsule::new(a, a, -Real::MIN_POSITIVE),
            ShapeError::Negative { field: "radius" },
        ),
        // The ends are checked before the radius.
        (
            Capsule::new(a, v(Real::NAN, 0.0, 0.0), -1.0),
            ShapeError::NonFinite { field: "b" },
        ),
    ];
    for (c, why) in cases {
        assert_eq!(c.is_valid(), Err(why), "{c:?}");
        assert_eq!(Capsule::try_new(c.a, c.b, c.radius), Err(why));
        for p in [
            Vec3::ZERO,
            v(0.0, 0.0, 0.5),
            v(0.5, 0.0, 0.0),
            v(9.0, 9.0, 9.0),
        ] {
            assert!(!c.contains_point(p), "{c:?} contains {p}");
            assert_eq!(c.distance_to_point(p), Real::INFINITY, "{c:?}");
            assert_eq!(c.closest_point(p), NO_POINT, "{c:?}");
        }
    }
}

#[test]
fn try_new_accepts_valid_capsules() {
    assert_eq!(Capsule::try_new(c2().a, c2().b, 2.0), Ok(c2()));
    let point = Capsule::new(Vec3::ONE, Vec3::ONE, 0.0);
    assert_eq!(Capsule::try_new(Vec3::ONE, Vec3::ONE, 0.0), Ok(point));
}

#[test]
fn non_finite_points_are_not_contained() {
    let huge = Capsule::new(Vec3::ZERO, Vec3::ONE, Real::MAX);
    for c in [c2(), huge, Capsule::new(Vec3::ONE, Vec3::ONE, 0.0)] {
        for p in non_finite_points() {
            assert!(!c.contains_point(p), "{c:?} contains {p}");
            assert_eq!(c.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(c.closest_point(p), NO_POINT, "{p}");
        }
    }
}

proptest! {
    #[test]
    fn closest_point_is_in_capsule_and_at_distance(c in capsule(), p in point()) {
        let q = c.closest_point(p);
        prop_assert!(c.distance_to_point(q) <= tol(q.abs().max_element()), "{} not in {:?}", q, c);
        assert_near(c.distance_to_point(p), q.distance(p), "distance = |p - q|");
    }

    #[test]
    fn contains_iff_distance_is_zero(c in capsule(), p in point()) {
        let d = c.distance_to_point(p);
        prop_assert_eq!(c.contains_point(p), d == 0.0, "distance {}", d);
        if c.contains_point(p) {
            prop_assert_eq!(c.closest_point(p), p);
        }
    }

    /// The capsule is the core segment grown by the radius: its answers follow from the
    /// segment's (a separate implementation).
    #[test]
    fn agrees_with_the_core_segment(c in capsule(), p in point()) {
        let core = Segment::new(c.a, c.b);
        let on_core = core.closest_point(p);
        let d_core = core.distance_to_point(p);
        assert_near(c.distance_to_point(p), (d_core - c.radius).max(0.0), "distance");
        if d_core > c.radius + tol(10.0) {
            prop_assert!(!c.contains_point(p));
            let expected = on_core + (p - on_core) * (c.radius / d_core);
            assert_near_vec(c.closest_point(p), expected, "closest");
        } else if d_core < c.radius - tol(10.0) {
            prop_assert!(c.contains_point(p));
        }
    }

    #[test]
    fn swapping_the_ends_changes_nothing(c in capsule(), p in point()) {
        let swapped = Capsule::new(c.b, c.a, c.radius);
        assert_near(swapped.distance_to_point(p), c.distance_to_point(p), "distance");
        assert_near_vec(swapped.closest_point(p), c.closest_point(p), "closest");
    }

    #[test]
    fn no_sampled_point_is_closer(c in capsule(), p in point(), u in unit_cube()) {
        let sample = c.sample(u);
        prop_assert!(c.distance_to_point(sample) <= tol(10.0));
        prop_assert!(sample.distance(p) >= c.distance_to_point(p) - tol(10.0));
    }

    #[test]
    fn motion_changes_nothing(c in capsule(), p in point(), m in motion()) {
        let moved = c.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), c.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(m.apply(p)), m.apply(c.closest_point(p)), "closest");
    }
}

/// Points within a few ulps of the surface, on both sides, around the cylinder and the caps: a
/// contained point must come back bit for bit, its distance 0 exactly (the branch-free gap), and
/// an outside one lie on the surface at its distance.
#[test]
fn points_at_the_surface_pick_the_right_answer() {
    let c = Capsule::new(v(-1.0, 0.5, 0.0), v(1.5, 1.0, -0.5), 0.75);
    let bits = |q: Vec3| q.to_array().map(Real::to_bits);
    let (mut inside, mut outside) = (0, 0);
    for i in 0..200 {
        let t = i as Real * 0.37;
        let dir = v(
            t.cos() * (0.5 * t).sin(),
            t.sin() * (0.5 * t).sin(),
            (0.5 * t).cos(),
        );
        // Cores at both ends (caps) and in between (cylinder, where `dir` is across the axis).
        let core = c.a + (c.b - c.a) * ((i % 5) as Real * 0.25);
        for k in -4..=4 {
            let p = core + dir * (c.radius * (1.0 + k as Real * Real::EPSILON));
            let q = c.closest_point(p);
            if c.contains_point(p) {
                inside += 1;
                assert_eq!(bits(q), bits(p), "{p}");
                assert_eq!(c.distance_to_point(p), 0.0, "{p}");
            } else {
                outside += 1;
                let d = c.distance_to_point(p);
                assert!(d > 0.0, "{p}: {d}");
                assert!(
                    c.distance_to_point(q) <= tol(q.abs().max_element()),
                    "{p}: {q}"
                );
                assert_near(d, q.distance(p), "distance = |p - q|");
            }
        }
    }
    assert!(inside > 300 && outside > 100, "{inside} / {outside}");
}
