//! Constructors and helpers of `Obb`, `Plane`, `Line` and `Segment`: `Obb::from_quat`
//! normalizes, `Obb::from_aabb`, `Plane::new` and `Plane::from_point_normal` normalize (also
//! normals whose squared length under- or overflows), `Plane::from_points`, `Line::through`.

use isect::math::{Mat3, Quat, Vec3};
use isect::{Aabb, Line, Obb, Plane, PointQuery, Ray, Real};
use proptest::prelude::*;

use super::{non_finite_vectors, zero_vector};
use crate::common::strategy::{coord, direction, point, rotation, unit, vec3};
use crate::common::{aabb_corners, assert_near, assert_near_vec, tol, v};

#[test]
fn obb_from_quat_normalizes() {
    // (0, 0, s, s) * 3 with s = sin 45°: a quarter turn about z, three times too long.
    let s = core::f64::consts::FRAC_1_SQRT_2 as Real;
    let q = Quat::from_xyzw(0.0, 0.0, 3.0 * s, 3.0 * s);
    let o = Obb::from_quat(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0), q);
    assert_eq!(o.is_valid(), Ok(()));
    assert_eq!(o.center, v(1.0, 2.0, 3.0));
    assert_eq!(o.half_extents, v(1.0, 2.0, 3.0));
    assert_near_vec(o.rotation.x_axis, Vec3::Y, "x axis");
    assert_near_vec(o.rotation.y_axis, -Vec3::X, "y axis");
    assert_near_vec(o.rotation.z_axis, Vec3::Z, "z axis");
    // Its corner along +local x is at center + 1 along world y.
    assert_near_vec(o.to_world(Vec3::X), v(1.0, 3.0, 3.0), "to_world");
    assert_near_vec(o.to_local(v(1.0, 3.0, 3.0)), Vec3::X, "to_local");
}

#[test]
fn obb_from_aabb() {
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    let o = Obb::from_aabb(&b);
    assert_eq!(
        o,
        Obb::new(v(1.0, 1.5, -3.0), v(2.0, 0.5, 1.0), Mat3::IDENTITY)
    );
    assert_eq!(o.is_valid(), Ok(()));
    for p in aabb_corners(&b) {
        assert!(o.contains_point(p), "{p}");
    }
    assert!(!o.contains_point(v(3.5, 1.5, -3.0)));
}

#[test]
fn obb_projected_radius() {
    let o = Obb::new(Vec3::ZERO, v(1.0, 2.0, 3.0), Mat3::IDENTITY);
    assert_eq!(o.projected_radius(Vec3::X), 1.0);
    assert_eq!(o.projected_radius(-Vec3::Z), 3.0);
    // Along (1, 1, 0)/√2: (1 + 2)/√2.
    let n = v(1.0, 1.0, 0.0).normalize();
    assert_near(
        o.projected_radius(n),
        3.0 / (2.0 as Real).sqrt(),
        "diagonal",
    );
}

// --- Plane ------------------------------------------------------------------------------------

#[test]
fn plane_new_normalizes() {
    assert_eq!(Plane::new(v(0.0, 0.0, 2.0), 6.0), Plane::new(Vec3::Z, 3.0));
    assert_eq!(
        Plane::new(v(0.0, 0.0, 2.0), 6.0),
        Plane {
            normal: Vec3::Z,
            d: 3.0
        }
    );
    assert_eq!(
        Plane::new(v(0.0, -4.0, 0.0), 2.0),
        Plane {
            normal: -Vec3::Y,
            d: 0.5
        }
    );
    // 3-4-5: the plane 3x + 4y = 10 is 2 from the origin along (0.6, 0.8, 0).
    let p = Plane::new(v(3.0, 4.0, 0.0), 10.0);
    assert_eq!(p.is_valid(), Ok(()));
    assert_near_vec(p.normal, v(0.6, 0.8, 0.0), "normal");
    assert_near(p.d, 2.0, "d");
    assert_near_vec(p.point(), v(1.2, 1.6, 0.0), "point");
    assert_near(
        p.signed_distance(v(2.0, 2.5, 7.0)),
        1.2 + 2.0 - 2.0,
        "distance",
    );
}

/// Normals too small or too large for their squared length (which underflows to 0 or overflows
/// to ∞) are still normalized: the documented exceptions are the zero and non-finite normals.
#[test]
fn plane_new_normalizes_extreme_normals() {
    let tiny = Real::MIN_POSITIVE * 64.0;
    let huge = Real::MAX / 4.0;
    let half = (0.5 as Real).sqrt();
    for (n, expected) in [
        (v(tiny, 0.0, 0.0), Vec3::X),
        (v(0.0, tiny, tiny), v(0.0, half, half)),
        (v(-huge, huge, 0.0), v(-half, half, 0.0)),
        (v(0.0, 0.0, -huge), -Vec3::Z),
    ] {
        let p = Plane::new(n, 0.0);
        assert_eq!(p.is_valid(), Ok(()), "{n}: {p:?}");
        assert_near_vec(p.normal, expected, "normal");
        assert_eq!(p.d, 0.0);
    }
    let p = Plane::new(v(0.0, 0.0, tiny), tiny * 3.0);
    assert_eq!(p.normal, Vec3::Z);
    assert_near(p.d, 3.0, "d");
    let p = Plane::from_point_normal(v(1.0, 2.0, 3.0), v(0.0, huge, 0.0));
    assert_eq!(p.is_valid(), Ok(()), "{p:?}");
    assert_eq!(p.normal, Vec3::Y);
    assert_eq!(p.d, 2.0);
    let p = Plane::from_point_normal(v(1.0, 2.0, 3.0), v(0.0, 0.0, -tiny));
    assert_eq!(p.is_valid(), Ok(()), "{p:?}");
    assert_eq!(p.normal, -Vec3::Z);
    assert_eq!(p.d, -3.0);
}

#[test]
fn plane_from_point_normal() {
    let p = Plane::from_point_normal(v(1.0, 2.0, 3.0), v(0.0, 0.0, -2.0));
    assert_eq!(
        p,
        Plane {
            normal: -Vec3::Z,
            d: -3.0
        }
    );
    assert_eq!(p.signed_distance(v(5.0, 5.0, 3.0)), 0.0);
    assert_eq!(p.signed_distance(v(0.0, 0.0, 1.0)), 2.0);
    let zero = Plane::from_point_normal(v(1.0, 2.0, 3.0), Vec3::ZERO);
    assert_eq!(zero.is_valid(), Err(zero_vector("normal")));
    let nan = Plane::from_point_normal(v(1.0, 2.0, 3.0), v(Real::NAN, 0.0, 1.0));
    assert!(nan.is_valid().is_err());
}

#[test]
fn plane_from_points() {
    let p = Plane::from_points(Vec3::ZERO, Vec3::X, Vec3::Y).unwrap();
    assert_eq!(p, Plane::new(Vec3::Z, 0.0));
    // Clockwise seen from +z: the normal is -z.
    let p = Plane::from_points(Vec3::ZERO, Vec3::Y, Vec3::X).unwrap();
    assert_eq!(p, Plane::new(-Vec3::Z, 0.0));
    // x + y + z = 1.
    let p = Plane::from_points(Vec3::X, Vec3::Y, Vec3::Z).unwrap();
    let third = (1.0 as Real / 3.0).sqrt();
    assert_near_vec(p.normal, Vec3::splat(third), "normal");
    assert_near(p.d, third, "d");
    // Collinear, coincident and non-finite points determine no plane.
    assert_eq!(
        Plane::from_points(v(1.0, 1.0, 1.0), v(2.0, 3.0, 4.0), v(3.0, 5.0, 7.0)),
        None
    );
    assert_eq!(Plane::from_points(Vec3::X, Vec3::X, Vec3::Y), None);
    assert_eq!(Plane::from_points(Vec3::X, Vec3::X, Vec3::X), None);
    for bad in non_finite_vectors(Vec3::ONE) {
        assert_eq!(Plane::from_points(bad, Vec3::X, Vec3::Y), None, "{bad}");
        assert_eq!(Plane::from_points(Vec3::ZERO, Vec3::X, bad), None, "{bad}");
    }
}

#[test]
fn plane_flipped_and_point() {
    let p = Plane::new(v(0.0, 2.0, 0.0), 6.0);
    let f = p.flipped();
    assert_eq!(f, Plane::new(-Vec3::Y, -3.0));
    assert_eq!(f.flipped(), p);
    assert_eq!(p.point(), v(0.0, 3.0, 0.0));
    assert_eq!(f.point(), v(0.0, 3.0, 0.0));
    assert_eq!(p.signed_distance(v(7.0, 5.0, 1.0)), 2.0);
    assert_eq!(f.signed_distance(v(7.0, 5.0, 1.0)), -2.0);
}

#[test]
fn line_through_two_points() {
    let (a, b) = (v(1.0, 2.0, 3.0), v(-1.0, 0.0, 7.0));
    let line = Line::through(a, b);
    assert_eq!(line.dir, v(-2.0, -2.0, 4.0));
    assert_eq!(line.point_at(0.0), a);
    assert_eq!(line.point_at(1.0), b);
    assert_eq!(line.point_at(-0.5), v(2.0, 3.0, 1.0));
    assert_eq!(line.is_valid(), Ok(()));
    assert_eq!(Line::through(a, a).is_valid(), Err(zero_vector("dir")));
    let ray = Ray::new(a, b - a);
    assert_eq!(ray.point_at(0.5), v(0.0, 1.0, 5.0));
}

proptest! {
    /// `Plane::new` keeps the point set: a point of `n · x = d` is on it, and signed distances
    /// are those of the unnormalized equation divided by `|n|`.
    #[test]
    fn plane_new_keeps_the_point_set(n in direction(), d in coord(), p in vec3()) {
        let plane = Plane::new(n, d);
        prop_assert_eq!(plane.is_valid(), Ok(()));
        prop_assert!((plane.normal.length() - 1.0).abs() <= 4.0 * Real::EPSILON);
        prop_assert!(plane.normal.dot(n) > 0.0);
        let on = n * (d / n.length_squared());
        prop_assert!(plane.signed_distance(on).abs() <= tol(10.0));
        let expected = (n.dot(p) - d) / n.length();
        prop_assert!((plane.signed_distance(p) - expected).abs() <= tol(30.0));
        // Its closest point to the origin is on it, |d| away.
        prop_assert!(plane.signed_distance(plane.point()).abs() <= tol(10.0));
        prop_assert!((plane.point().length() - plane.d.abs()).abs() <= tol(10.0));
    }
    #[test]
    fn plane_from_point_normal_contains_the_point(p in vec3(), n in direction()) {
        let plane = Plane::from_point_normal(p, n);
        prop_assert_eq!(plane.is_valid(), Ok(()));
        prop_assert!((plane.normal - n.normalize()).length() <= tol(1.0));
        prop_assert!(plane.signed_distance(p).abs() <= tol(10.0));
    }
    /// Three points clear of collinear: the plane holds them, faces the counter-clockwise side,
    /// and is unit; at scales from 1e-4 to 1e4.
    #[test]
    fn plane_from_points_holds_them(
        a in vec3(), b in vec3(), c in vec3(), e in -4i32..=4,
    ) {
        let n = (b - a).cross(c - a);
        prop_assume!(n.length() > 1e-2 * (b - a).length() * (c - a).length());
        let s = (10.0 as Real).powi(e);
        let (a, b, c) = (a * s, b * s, c * s);
        let plane = Plane::from_points(a, b, c).expect("a plane");
        prop_assert_eq!(plane.is_valid(), Ok(()));
        prop_assert!(plane.normal.dot(n) > 0.0);
        for p in [a, b, c] {
            prop_assert!(plane.signed_distance(p).abs() <= tol(10.0) * s, "{:?}", plane);
        }
    }
    /// Collinear points (one a lerp of the two others, computed exactly on a lattice) give none.
    #[test]
    fn plane_from_collinear_points_is_none(
        a in (-8i32..8, -8i32..8, -8i32..8), d in (-4i32..4, -4i32..4, -4i32..4), k in -3i32..3,
    ) {
        let a = v(a.0 as Real, a.1 as Real, a.2 as Real);
        let d = v(d.0 as Real, d.1 as Real, d.2 as Real);
        prop_assert_eq!(Plane::from_points(a, a + d, a + d * k as Real), None);
    }
    /// `Obb::from_quat` takes any non-zero multiple of a rotation to the same valid box, whose
    /// axes are where the quaternion sends the coordinate axes.
    #[test]
    fn obb_from_quat_of_a_scaled_quaternion(
        q in rotation(), k in crate::common::strategy::real(0.01, 100.0), c in point(), h in vec3(),
    ) {
        let h = h.abs();
        let o = Obb::from_quat(c, h, q * k);
        prop_assert_eq!(o.is_valid(), Ok(()));
        for (axis, col) in [(Vec3::X, o.rotation.x_axis), (Vec3::Y, o.rotation.y_axis), (Vec3::Z, o.rotation.z_axis)] {
            prop_assert!((q * axis - col).length() <= tol(1.0), "{} vs {}", q * axis, col);
        }
        let p = o.to_world(v(0.5, -0.25, 1.0));
        prop_assert!((o.to_local(p) - v(0.5, -0.25, 1.0)).length() <= tol(20.0));
    }
    /// A line through two points passes through both.
    #[test]
    fn line_through_passes_through_both(a in vec3(), d in unit(), s in crate::common::strategy::real(0.1, 10.0)) {
        let b = a + d * s;
        let line = Line::through(a, b);
        prop_assert_eq!(line.is_valid(), Ok(()));
        prop_assert_eq!(line.point_at(0.0), a);
        prop_assert!((line.point_at(1.0) - b).length() <= tol(10.0));
    }
}
