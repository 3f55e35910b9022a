use isect::math::{NO_POINT, ON_SET_TOLERANCE, Vec3};
use isect::{Plane, PointQuery, Real, ShapeError, Triangle};
use proptest::prelude::*;

use crate::common::flat_reference::{
    RefDistance, check_point_query, dv, smallest_angle_sine, ulps, wide,
};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{coord, motion, plane, point, unit, vec3};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, non_finite_points, tol, v};

/// The plane z = 2, front upwards.
fn floor() -> Plane {
    Plane::new(Vec3::Z, 2.0)
}

#[test]
fn on_the_plane_is_contained() {
    for p in [
        v(0.0, 0.0, 2.0),
        v(-7.0, 3.5, 2.0),
        v(1e3, -1e3, 2.0),
        floor().point(),
    ] {
        assert!(floor().contains_point(p), "{p}");
        assert_eq!(floor().closest_point(p), p);
        assert_eq!(floor().distance_to_point(p), 0.0);
    }
}

#[test]
fn off_the_plane_projects_along_the_normal() {
    // In front and behind: the distance is unsigned, the signed distance says the side.
    for (p, foot, signed) in [
        (v(1.0, 2.0, 5.0), v(1.0, 2.0, 2.0), 3.0 as Real),
        (v(1.0, 2.0, -1.0), v(1.0, 2.0, 2.0), -3.0),
        (v(-4.0, 0.5, 2.5), v(-4.0, 0.5, 2.0), 0.5),
    ] {
        assert_eq!(floor().closest_point(p), foot, "{p}");
        assert_eq!(floor().distance_to_point(p), signed.abs(), "{p}");
        assert_eq!(floor().signed_distance(p), signed, "{p}");
        assert!(!floor().contains_point(p), "{p}");
        assert_eq!(floor().flipped().signed_distance(p), -signed, "{p}");
        assert_eq!(floor().flipped().closest_point(p), foot, "{p}");
    }
    // A slanted plane: normal (0, 3, 4) / 5, d = 10 / 5 = 2, so (0, 1.2, 1.6) is on it.
    let slanted = Plane::new(v(0.0, 3.0, 4.0), 10.0);
    let p = v(7.0, 1.2 + 3.0, 1.6 + 4.0);
    assert_near_vec(slanted.closest_point(p), v(7.0, 1.2, 1.6), "slanted foot");
    assert_near(slanted.distance_to_point(p), 5.0, "slanted distance");
}

#[test]
fn containment_tolerance() {
    let far = Plane::new(Vec3::X, 1000.0);
    let tolerance = ON_SET_TOLERANCE * 1000.0;
    assert!(far.contains_point(v(1000.0 + 0.25 * tolerance, 5.0, 5.0)));
    assert!(far.contains_point(v(1000.0 - 0.25 * tolerance, 5.0, 5.0)));
    assert!(!far.contains_point(v(1000.0 + 4.0 * tolerance, 5.0, 5.0)));
}

#[test]
fn new_normalizes_and_keeps_the_point_set() {
    let plane = Plane::new(v(0.0, 0.0, 4.0), 8.0);
    assert_eq!(plane.normal, Vec3::Z);
    assert_eq!(plane.d, 2.0);
    // A tiny and a huge normal: the same plane.
    for scale in [1e-6, 1e6] {
        let plane = Plane::new(v(0.0, 3.0, 4.0) * scale, 10.0 * scale);
        assert_near_vec(plane.normal, v(0.0, 0.6, 0.8), "normal");
        assert_near(plane.d, 2.0, "d");
        assert_eq!(plane.is_valid(), Ok(()));
    }
    // A negative d with the normal reversed is the same set, facing the other way.
    let reversed = Plane::new(-Vec3::Z, -2.0);
    assert!(reversed.contains_point(v(3.0, 3.0, 2.0)));
    assert_eq!(reversed, floor().flipped());
}

#[test]
fn from_point_normal() {
    let point = v(1.0, 2.0, 3.0);
    let plane = Plane::from_point_normal(point, v(0.0, 0.0, -8.0));
    assert_eq!(plane.normal, -Vec3::Z);
    assert_eq!(plane.d, -3.0);
    assert!(plane.contains_point(point));
    assert_eq!(plane.signed_distance(v(0.0, 0.0, 0.0)), 3.0);
    // A zero normal gives a plane that says it is invalid and answers as empty.
    let zero = Plane::from_point_normal(point, Vec3::ZERO);
    assert_eq!(
        zero.is_valid(),
        Err(ShapeError::ZeroVector { field: "normal" })
    );
    assert!(!zero.contains_point(point));
}

#[test]
fn from_points_is_counter_clockwise() {
    let (a, b, c) = (v(0.0, 0.0, 1.0), v(1.0, 0.0, 1.0), v(0.0, 1.0, 1.0));
    let up = Plane::from_points(a, b, c).unwrap();
    assert_eq!(up.normal, Vec3::Z);
    assert_eq!(up.d, 1.0);
    // Any cyclic shift is the same orientation; swapping two points flips it.
    assert_eq!(Plane::from_points(b, c, a).unwrap().normal, Vec3::Z);
    assert_eq!(Plane::from_points(c, a, b).unwrap().normal, Vec3::Z);
    let down = Plane::from_points(a, c, b).unwrap();
    assert_eq!(down.normal, -Vec3::Z);
    assert_eq!(down.d, -1.0);
    for p in [a, b, c] {
        assert!(up.contains_point(p) && down.contains_point(p), "{p}");
    }
    // A thin but well-defined triangle still determines its plane.
    let thin = Plane::from_points(Vec3::ZERO, v(1.0, 0.0, 0.0), v(0.5, 1e-3, 0.0)).unwrap();
    assert_near_vec(thin.normal, Vec3::Z, "thin");
}

#[test]
fn from_points_without_a_plane_is_none() {
    let a = v(1.0, 2.0, 3.0);
    let cases = [
        // Collinear, the middle point in each position.
        (a, v(2.0, 2.0, 3.0), v(3.0, 2.0, 3.0)),
        (a, v(3.0, 2.0, 3.0), v(2.0, 2.0, 3.0)),
        (v(2.0, 2.0, 3.0), a, v(3.0, 2.0, 3.0)),
        // Collinear along a diagonal whose points are rounded off the line.
        (Vec3::ZERO, v(0.1, 0.2, 0.3), v(0.3, 0.6, 0.9)),
        // Coincident.
        (a, a, v(5.0, 5.0, 5.0)),
        (a, v(5.0, 5.0, 5.0), a),
        (a, a, a),
        // Not finite.
        (a, v(Real::NAN, 0.0, 0.0), v(0.0, 1.0, 0.0)),
        (a, v(1.0, 0.0, 0.0), v(0.0, Real::INFINITY, 0.0)),
    ];
    for (a, b, c) in cases {
        assert_eq!(Plane::from_points(a, b, c), None, "{a} {b} {c}");
    }
}

#[test]
fn invalid_planes() {
    let cases = [
        (
            Plane::new(Vec3::ZERO, 1.0),
            ShapeError::ZeroVector { field: "normal" },
        ),
        (
            Plane::new(v(Real::NAN, 0.0, 1.0), 1.0),
            ShapeError::NonFinite { field: "normal" },
        ),
        (
            Plane::new(v(0.0, Real::INFINITY, 0.0), 1.0),
            ShapeError::NonFinite { field: "normal" },
        ),
        (
            Plane::new(Vec3::Z, Real::NAN),
            ShapeError::NonFinite { field: "d" },
        ),
        (
            Plane::new(Vec3::Z, Real::NEG_INFINITY),
            ShapeError::NonFinite { field: "d" },
        ),
    ];
    for (plane, why) in cases {
        assert_eq!(plane.is_valid(), Err(why), "{plane:?}");
        assert_eq!(Plane::try_new(plane.normal, plane.d), Err(why));
        for p in [Vec3::ZERO, Vec3::Z, v(1.0, 2.0, 1.0)] {
            assert!(!plane.contains_point(p), "{plane:?}");
            assert_eq!(plane.distance_to_point(p), Real::INFINITY, "{plane:?}");
            assert_eq!(plane.closest_point(p), NO_POINT, "{plane:?}");
        }
    }
    // A normal written directly without normalizing: is_valid says so, try_new normalizes.
    let unnormalized = Plane {
        normal: v(0.0, 0.0, 2.0),
        d: 4.0,
    };
    assert_eq!(
        unnormalized.is_valid(),
        Err(ShapeError::NotUnit { field: "normal" })
    );
    assert_eq!(Plane::try_new(v(0.0, 0.0, 2.0), 4.0), Ok(floor()));
}

#[test]
fn non_finite_points_are_not_contained() {
    for p in non_finite_points() {
        assert!(!floor().contains_point(p), "{p}");
        assert_eq!(floor().distance_to_point(p), Real::INFINITY, "{p}");
        assert_eq!(floor().closest_point(p), NO_POINT, "{p}");
    }
}

proptest! {
    #[test]
    fn matches_the_f64_reference(plane in plane(), p in point()) {
        check_point_query(&plane, p, &[plane.point()]);
    }

    #[test]
    fn the_offset_is_along_the_normal(plane in plane(), p in point()) {
        let q = plane.closest_point(p);
        let offset = p - q;
        let scale = p.abs().max_element().max(plane.d.abs());
        prop_assert!(offset.cross(plane.normal).length() <= ulps(64.0, scale), "{offset}");
        assert_near(plane.signed_distance(p), offset.dot(plane.normal), "signed distance");
    }

    /// `new` with any non-zero normal: unit normal in the same direction, and the points of
    /// `n · x = d` are on the plane.
    #[test]
    fn new_keeps_the_point_set(n in unit(), length in crate::common::strategy::real(1e-3, 1e3), d in coord(), x in vec3()) {
        let normal = n * length;
        let plane = Plane::new(normal, d);
        prop_assert_eq!(plane.is_valid(), Ok(()));
        prop_assert!(plane.normal.dot(normal) > 0.0);
        assert_near(plane.normal.length(), 1.0, "unit normal");
        // A point of n · x = d: x moved along n onto the set, in f64.
        let (nd, xd) = (dv(normal), dv(x));
        let on = xd - nd * ((nd.dot(xd) - wide(d)) / nd.length_squared());
        let distance = plane.ref_distance(on);
        prop_assert!(distance <= wide(ulps(128.0, 20.0 + d.abs() / length)), "{distance}");
    }

    #[test]
    fn from_points_contains_them_counter_clockwise(a in vec3(), b in vec3(), c in vec3()) {
        let normal = (b - a).cross(c - a);
        // Well conditioned: every angle's sine at least 0.1 (a 50,000-case run found a sliver 15
        // long with |normal| = 0.04, whose plane misses a corner by 300 ulps; the rounding
        // grows as 1 / sin of the smallest angle, as `from_points` documents).
        prop_assume!(normal.length() > 1e-2 && smallest_angle_sine(&Triangle::new(a, b, c)) > 0.1);
        let plane = Plane::from_points(a, b, c).unwrap();
        prop_assert!(plane.normal.dot(normal) > 0.0);
        for p in [a, b, c] {
            prop_assert!(plane.contains_point(p), "{p}");
        }
    }

    #[test]
    fn from_points_of_collinear_points_is_none(
        a in (-8i32..8, -8i32..8, -8i32..8),
        d in (-4i32..4, -4i32..4, -4i32..4),
        s in -4i32..4,
        t in -4i32..4,
    ) {
        // Exactly collinear (small integers), coincident when s or t is 0 or s == t.
        let a = Vec3::new(a.0 as Real, a.1 as Real, a.2 as Real);
        let d = Vec3::new(d.0 as Real, d.1 as Real, d.2 as Real);
        prop_assert_eq!(Plane::from_points(a, a + d * s as Real, a + d * t as Real), None);
    }

    #[test]
    fn no_sampled_point_is_closer(plane in plane(), p in point(), u in unit_cube()) {
        let sample = plane.sample(u);
        prop_assert!(sample.distance(p) >= plane.distance_to_point(p) - tol(40.0) * 1e-2);
    }

    #[test]
    fn motion_changes_nothing(plane in plane(), p in point(), m in motion()) {
        let moved = plane.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), plane.distance_to_point(p), "distance");
        assert_near_vec(
            moved.closest_point(m.apply(p)),
            m.apply(plane.closest_point(p)),
            "closest",
        );
    }
}
