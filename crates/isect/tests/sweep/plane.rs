//! Sweeps of spheres, boxes and capsules against planes.

use isect::math::{Mat3, Quat, Vec3};
use isect::query::SupportMap;
use isect::{Aabb, Capsule, ConvexHull, Obb, Plane, PointQuery, Real, Sphere, Sweep, Triangle};
use proptest::prelude::*;

use super::{Case, Translated, assert_times};
use crate::common::strategy;
use crate::common::v;

/// Separation of a convex shape from a plane, from the shape's own support points: positive
/// when the whole shape is on one side, <= 0 when it touches or crosses the plane.
pub fn plane_gap<S: SupportMap>(shape: &S, plane: &Plane) -> Real {
    let n = plane.normal;
    let low = plane.signed_distance(shape.support(-n));
    let high = plane.signed_distance(shape.support(n));
    low.max(-high)
}

fn plane_dist(plane: &Plane, p: Vec3) -> Real {
    plane.signed_distance(p).abs()
}

fn check<S>(shape: &S, motion: Vec3, plane: &Plane, plane_motion: Vec3)
where
    S: SupportMap + PointQuery + Sweep<Plane> + Translated + core::fmt::Debug,
    Plane: Sweep<S>,
{
    Case {
        a: shape,
        motion_a: motion,
        b: plane,
        motion_b: plane_motion,
        gap: &|s: &S, p: &Plane| plane_gap(s, p),
        dist_a: &|s: &S, q| s.distance_to_point(q),
        dist_b: &plane_dist,
        scale: 40.0,
        exact: true,
    }
    .check();
}

fn ground() -> Plane {
    Plane::new(Vec3::Y, 0.0)
}

#[test]
fn sphere_falling_onto_the_ground() {
    // Center at height 3, radius 1, falling 4: touches at t = 1/2, the center passes the
    // plane at 3/4 and the sphere leaves it at t = 1.
    let ball = Sphere::new(v(0.0, 3.0, 0.0), 1.0);
    let hit = ball.sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO);
    assert_times(hit, 0.5, 1.0);
    let h = hit.unwrap();
    assert_eq!(h.point, v(0.0, 0.0, 0.0));
    assert_eq!(h.normal, Vec3::Y);
    // The plane moving up instead gives the same times and point; the mirror flips the normal.
    let h2 = ball.sweep(Vec3::ZERO, &ground(), v(0.0, 4.0, 0.0)).unwrap();
    assert_eq!((h2.t_first, h2.point), (0.5, v(0.0, 2.0, 0.0)));
    let m = ground()
        .sweep(Vec3::ZERO, &ball, v(0.0, -4.0, 0.0))
        .unwrap();
    assert_eq!((m.t_first, m.t_last, m.normal), (0.5, 1.0, -Vec3::Y));
}

#[test]
fn sphere_that_stops_short_or_moves_parallel_misses() {
    let ball = Sphere::new(v(0.0, 3.0, 0.0), 1.0);
    assert!(
        ball.sweep(v(0.0, -1.5, 0.0), &ground(), Vec3::ZERO)
            .is_none()
    );
    // Stops exactly touching: t_first = t_last = 1 (touching counts).
    assert_times(
        ball.sweep(v(0.0, -2.0, 0.0), &ground(), Vec3::ZERO),
        1.0,
        1.0,
    );
    // Moving parallel, or away.
    assert!(
        ball.sweep(v(5.0, 0.0, 0.0), &ground(), Vec3::ZERO)
            .is_none()
    );
    assert!(
        ball.sweep(v(0.0, 1.0, 0.0), &ground(), Vec3::ZERO)
            .is_none()
    );
    // Moving parallel while touching or crossing: the whole interval.
    let resting = Sphere::new(v(0.0, 1.0, 0.0), 1.0);
    assert_times(
        resting.sweep(v(5.0, 0.0, 0.0), &ground(), Vec3::ZERO),
        0.0,
        1.0,
    );
}

#[test]
fn fast_thin_crossing_that_frame_tests_miss() {
    // A small sphere crossing the plane within one frame: apart at t = 0 and at t = 1.
    let ball = Sphere::new(v(0.0, 10.0, 0.0), 0.25);
    let motion = v(0.0, -20.0, 0.0);
    assert!(ball.center.y - ball.radius > 0.0 && ball.center.y + motion.y + ball.radius < 0.0);
    let h = ball.sweep(motion, &ground(), Vec3::ZERO).unwrap();
    assert_eq!(h.t_first, 9.75 / 20.0);
    assert_eq!(h.t_last, 10.25 / 20.0);
    assert_eq!(h.normal, Vec3::Y);
}

#[test]
fn overlapping_at_the_start() {
    let ball = Sphere::new(v(0.0, 0.5, 0.0), 1.0);
    let h = ball.sweep(v(0.0, 4.0, 0.0), &ground(), Vec3::ZERO).unwrap();
    // Leaves when the bottom (0.5 − 1 + 4t) reaches 0: t = 1/8.
    assert_eq!((h.t_first, h.t_last), (0.0, 0.125));
    assert_eq!(h.normal, Vec3::Y);
    assert_eq!(h.point, Vec3::ZERO);
    // Center exactly on the plane: the normal opposes the relative motion.
    let centered = Sphere::new(Vec3::ZERO, 1.0);
    let h = centered
        .sweep(v(0.0, 1.0, 0.0), &ground(), Vec3::ZERO)
        .unwrap();
    assert_eq!(h.normal, -Vec3::Y);
    let h = centered.sweep(Vec3::ZERO, &ground(), Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last, h.normal), (0.0, 1.0, Vec3::Y));
}

#[test]
fn boxes_landing_flat_on_an_edge_and_on_a_corner() {
    // Flat: the contact point is the middle of the bottom face.
    let b = Aabb::new(v(-1.0, 2.0, -1.0), v(3.0, 4.0, 1.0));
    let h = b.sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO).unwrap();
    assert_eq!(
        (h.t_first, h.t_last, h.point, h.normal),
        (0.5, 1.0, v(1.0, 0.0, 0.0), Vec3::Y)
    );
    // An OBB rotated 45° about z lands on an edge: extent along y is √2.
    let obb = Obb::from_quat(
        v(0.0, 3.0, 0.0),
        Vec3::ONE,
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_4 as Real),
    );
    let h = obb.sweep(v(0.0, -2.0, 0.0), &ground(), Vec3::ZERO).unwrap();
    let expected = (3.0 - (2.0 as Real).sqrt()) / 2.0;
    assert!((h.t_first - expected).abs() <= 1e-5, "{h:?}");
    assert!(
        h.point.x.abs() <= 1e-5 && h.point.z.abs() <= 1e-5 && h.point.y == 0.0,
        "{h:?}"
    );
    // A plane tilted so that one corner of a unit cube is lowest: the point is that corner.
    let tilted = Plane::new(v(1.0, 1.0, 1.0), -3.0);
    let cube = Aabb::new(Vec3::ZERO, Vec3::ONE);
    let h = cube
        .sweep(v(-3.0, -3.0, -3.0), &tilted, Vec3::ZERO)
        .unwrap();
    // The corner (0, 0, 0) moving along −(1, 1, 1) reaches x + y + z = −3 at t = 1/3.
    assert!((h.t_first - 1.0 / 3.0).abs() <= 1e-5, "{h:?}");
    assert!(h.point.distance(v(-1.0, -1.0, -1.0)) <= 1e-5, "{h:?}");
}

#[test]
fn capsules_lying_and_standing() {
    // Lying parallel to the ground: the point is below the middle of the core.
    let lying = Capsule::new(v(-2.0, 3.0, 0.0), v(2.0, 3.0, 0.0), 1.0);
    let h = lying
        .sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO)
        .unwrap();
    assert_eq!((h.t_first, h.point, h.normal), (0.5, Vec3::ZERO, Vec3::Y));
    // Standing: the lower end's sphere touches first.
    let standing = Capsule::new(v(1.0, 3.0, 0.0), v(1.0, 7.0, 0.0), 1.0);
    let h = standing
        .sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO)
        .unwrap();
    assert_eq!((h.t_first, h.point), (0.5, v(1.0, 0.0, 0.0)));
    // Zero-length capsule = sphere.
    let dot = Capsule::new(v(0.0, 3.0, 0.0), v(0.0, 3.0, 0.0), 1.0);
    let ball = Sphere::new(v(0.0, 3.0, 0.0), 1.0);
    assert_eq!(
        dot.sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO),
        ball.sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO)
    );
}

#[test]
fn triangles_and_hulls_landing() {
    // A triangle lying flat lands with its whole face: the point is its centroid.
    let flat = Triangle::new(v(0.0, 2.0, 0.0), v(3.0, 2.0, 0.0), v(0.0, 2.0, 3.0));
    let h = flat
        .sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO)
        .unwrap();
    assert_eq!(
        (h.t_first, h.t_last, h.normal, h.point),
        (0.5, 0.5, Vec3::Y, v(1.0, 0.0, 1.0))
    );
    // Tilted: its lowest corner first.
    let tilted = Triangle::new(v(0.0, 2.0, 0.0), v(3.0, 5.0, 0.0), v(0.0, 4.0, 3.0));
    let h = tilted
        .sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO)
        .unwrap();
    assert_eq!((h.t_first, h.point), (0.5, v(0.0, 0.0, 0.0)));
    // A hull (a unit cube's corners) lands flat: the middle of its bottom face.
    let cube = ConvexHull::new(
        (0..8)
            .map(|i| {
                v(
                    (i & 1) as Real,
                    2.0 + ((i >> 1) & 1) as Real,
                    ((i >> 2) & 1) as Real,
                )
            })
            .collect::<Vec<_>>(),
    );
    let h = cube
        .sweep(v(0.0, -4.0, 0.0), &ground(), Vec3::ZERO)
        .unwrap();
    assert_eq!(
        (h.t_first, h.t_last, h.point),
        (0.5, 0.75, v(0.5, 0.0, 0.5))
    );
    assert!(
        ConvexHull::new(Vec::new())
            .sweep(Vec3::X, &ground(), Vec3::ZERO)
            .is_none()
    );
}

#[test]
fn invalid_input_gives_none() {
    let ball = Sphere::new(v(0.0, 3.0, 0.0), 1.0);
    let down = v(0.0, -4.0, 0.0);
    for bad in [Real::NAN, Real::INFINITY] {
        assert!(
            ball.sweep(v(0.0, bad, 0.0), &ground(), Vec3::ZERO)
                .is_none()
        );
        assert!(ball.sweep(down, &ground(), v(bad, 0.0, 0.0)).is_none());
        assert!(
            Sphere::new(v(0.0, bad, 0.0), 1.0)
                .sweep(down, &ground(), Vec3::ZERO)
                .is_none()
        );
        assert!(
            ball.sweep(
                down,
                &Plane {
                    normal: Vec3::Y,
                    d: bad
                },
                Vec3::ZERO
            )
            .is_none()
        );
        assert!(
            Aabb::new(v(bad, 0.0, 0.0), Vec3::ONE)
                .sweep(down, &ground(), Vec3::ZERO)
                .is_none()
        );
        assert!(
            Capsule::new(Vec3::ZERO, v(0.0, bad, 0.0), 1.0)
                .sweep(down, &ground(), Vec3::ZERO)
                .is_none()
        );
        let nan_rotation = Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::from_diagonal(Vec3::splat(bad)));
        assert!(nan_rotation.sweep(down, &ground(), Vec3::ZERO).is_none());
    }
    assert!(
        Sphere::new(Vec3::ZERO, -1.0)
            .sweep(down, &ground(), Vec3::ZERO)
            .is_none()
    );
    assert!(
        ball.sweep(
            down,
            &Plane {
                normal: Vec3::ZERO,
                d: 0.0
            },
            Vec3::ZERO
        )
        .is_none()
    );
}

/// Each plane pair checks its own shape (the shared plane routine checks only the plane and the
/// motions). Every invalid shape here would otherwise give a hit (an infinite radius, a box with
/// `min > max` or a negative half extent, a capsule with a negative radius, a triangle whose NaN
/// centre makes every time of the motion pass) or index an empty hull; each follows a control,
/// the valid shape in its place moving onto the plane.
#[test]
fn invalid_shapes_against_a_plane_never_hit() {
    fn pair<S: Sweep<Plane> + core::fmt::Debug>(valid: &S, invalid: &S)
    where
        Plane: Sweep<S>,
    {
        let ground = Plane::new(Vec3::Y, 0.0);
        let down = v(0.0, -4.0, 0.0);
        assert!(
            valid.sweep(down, &ground, Vec3::ZERO).is_some()
                && ground.sweep(Vec3::ZERO, valid, down).is_some(),
            "control {valid:?}"
        );
        assert!(
            invalid.sweep(down, &ground, Vec3::ZERO).is_none()
                && ground.sweep(Vec3::ZERO, invalid, down).is_none(),
            "{invalid:?}"
        );
    }
    let (low, high) = (v(0.0, 1.0, 0.0), v(0.0, 3.0, 0.0));
    pair(&Sphere::new(high, 1.0), &Sphere::new(high, Real::INFINITY));
    pair(
        &Aabb::new(v(-1.0, 1.0, -1.0), v(1.0, 3.0, 1.0)),
        &Aabb::new(v(1.0, 1.0, 1.0), v(-1.0, 3.0, -1.0)),
    );
    pair(
        &Obb::new(high, Vec3::ONE, Mat3::IDENTITY),
        &Obb::new(high, v(1.0, 1.0, -1.0), Mat3::IDENTITY),
    );
    pair(
        &Capsule::new(low, high, 0.5),
        &Capsule::new(low, high, -0.5),
    );
    pair(
        &Triangle::new(high, high + Vec3::X, high + Vec3::Z),
        &Triangle::new(v(Real::NAN, 3.0, 0.0), high + Vec3::X, high + Vec3::Z),
    );
    pair(
        &ConvexHull::new(vec![low, high, low + Vec3::X, low + Vec3::Z]),
        &ConvexHull::new(Vec::new()),
    );
}

proptest! {
    #[test]
    fn sphere_plane(s in strategy::sphere(), m in strategy::vec3(), p in strategy::plane(), pm in strategy::vec3()) {
        check(&s, m, &p, pm);
    }

    #[test]
    fn aabb_plane(s in strategy::aabb(), m in strategy::vec3(), p in strategy::plane(), pm in strategy::vec3()) {
        check(&s, m, &p, pm);
    }

    #[test]
    fn obb_plane(s in strategy::obb(), m in strategy::vec3(), p in strategy::plane(), pm in strategy::vec3()) {
        check(&s, m, &p, pm);
    }

    #[test]
    fn triangle_plane(s in strategy::triangle(), m in strategy::vec3(), p in strategy::plane(), pm in strategy::vec3()) {
        check(&s, m, &p, pm);
    }

    #[test]
    fn convex_hull_plane(s in strategy::hull_points(), m in strategy::vec3(), p in strategy::plane(), pm in strategy::vec3()) {
        check(&ConvexHull::new(s), m, &p, pm);
    }

    #[test]
    fn capsule_plane(s in strategy::capsule(), m in strategy::vec3(), p in strategy::plane(), pm in strategy::vec3()) {
        check(&s, m, &p, pm);
    }
}
