//! Sweeps of spheres against spheres and boxes against boxes.

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Aabb, Obb, PointQuery, Real, Sphere, Sweep, Triangle};
use proptest::prelude::*;

use super::{Case, assert_times};
use crate::common::{strategy, v};
pub use crate::contact::solids::sphere_gap;

/// The largest per-axis gap between two boxes: positive exactly when they are apart, and at
/// least the gap along any axis.
pub fn box_gap(a: &Aabb, b: &Aabb) -> Real {
    (b.min - a.max).max(a.min - b.max).max_element()
}

fn check_spheres(a: &Sphere, ma: Vec3, b: &Sphere, mb: Vec3) {
    Case {
        a,
        motion_a: ma,
        b,
        motion_b: mb,
        gap: &sphere_gap,
        dist_a: &|s: &Sphere, p| s.distance_to_point(p),
        dist_b: &|s: &Sphere, p| s.distance_to_point(p),
        scale: 40.0,
        exact: true,
    }
    .check();
}

fn check_boxes(a: &Aabb, ma: Vec3, b: &Aabb, mb: Vec3) {
    Case {
        a,
        motion_a: ma,
        b,
        motion_b: mb,
        gap: &box_gap,
        dist_a: &|s: &Aabb, p| s.distance_to_point(p),
        dist_b: &|s: &Aabb, p| s.distance_to_point(p),
        scale: 40.0,
        exact: true,
    }
    .check();
}

#[test]
fn spheres_head_on() {
    // Centers 8 apart, radii 1 and 3, closing at 8 per unit time: touch at 1/2, centers meet
    // at 1 (still overlapping then).
    let a = Sphere::new(v(-4.0, 0.0, 0.0), 1.0);
    let b = Sphere::new(v(4.0, 0.0, 0.0), 3.0);
    let h = a.sweep(v(4.0, 0.0, 0.0), &b, v(-4.0, 0.0, 0.0)).unwrap();
    assert_eq!((h.t_first, h.t_last), (0.5, 1.0));
    assert_eq!((h.point, h.normal), (v(-1.0, 0.0, 0.0), -Vec3::X));
    // Passing through: a moves 16 against a resting b: enters at 1/4, leaves at 3/4.
    let h = a.sweep(v(16.0, 0.0, 0.0), &b, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last), (0.25, 0.75));
    // Touching exactly at the end, and stopping 1/1024 short.
    assert_times(a.sweep(v(4.0, 0.0, 0.0), &b, Vec3::ZERO), 1.0, 1.0);
    assert!(
        a.sweep(v(4.0 - 1.0 / 1024.0, 0.0, 0.0), &b, Vec3::ZERO)
            .is_none()
    );
}

#[test]
fn spheres_grazing_and_missing() {
    // b beside a's path at exactly r1 + r2 = 2: a grazing touch at the closest approach.
    let a = Sphere::new(v(-4.0, 0.0, 0.0), 1.0);
    let b = Sphere::new(v(0.0, 2.0, 0.0), 1.0);
    let h = a.sweep(v(8.0, 0.0, 0.0), &b, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last), (0.5, 0.5));
    assert_eq!((h.point, h.normal), (v(0.0, 1.0, 0.0), -Vec3::Y));
    let apart = Sphere::new(v(0.0, 2.0 + 1.0 / 1024.0, 0.0), 1.0);
    assert!(a.sweep(v(8.0, 0.0, 0.0), &apart, Vec3::ZERO).is_none());
    // Same velocity: never closer.
    assert!(a.sweep(Vec3::X, &apart, Vec3::X).is_none());
}

#[test]
fn spheres_already_overlapping() {
    let a = Sphere::new(Vec3::ZERO, 1.0);
    let b = Sphere::new(v(1.0, 0.0, 0.0), 1.0);
    // Moving apart at 4 per unit time: they separate when the distance reaches 2, at t = 1/4.
    let h = a.sweep(v(-4.0, 0.0, 0.0), &b, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last, h.normal), (0.0, 0.25, -Vec3::X));
    // The point is the middle of the overlap on the line of centers.
    assert_eq!(h.point, v(0.5, 0.0, 0.0));
    // Resting: overlapping throughout.
    assert_times(a.sweep(Vec3::ZERO, &b, Vec3::ZERO), 0.0, 1.0);
    // Touching at the start and moving apart: a single instant.
    let touching = Sphere::new(v(2.0, 0.0, 0.0), 1.0);
    assert_times(a.sweep(-Vec3::X, &touching, Vec3::ZERO), 0.0, 0.0);
    // Coincident centers: the normal opposes the relative motion, +Y without one.
    let h = a.sweep(Vec3::X, &a, Vec3::ZERO).unwrap();
    assert_eq!(h.normal, -Vec3::X);
    assert_eq!(a.sweep(Vec3::ZERO, &a, Vec3::ZERO).unwrap().normal, Vec3::Y);
}

#[test]
fn points_are_spheres_of_radius_zero() {
    let p = Sphere::new(v(-2.0, 0.0, 0.0), 0.0);
    let q = Sphere::new(v(2.0, 0.0, 0.0), 0.0);
    assert_times(p.sweep(v(4.0, 0.0, 0.0), &q, Vec3::ZERO), 1.0, 1.0);
    assert!(p.sweep(v(4.0, 1.0 / 1024.0, 0.0), &q, Vec3::ZERO).is_none());
}

#[test]
fn boxes_face_edge_and_corner_contacts() {
    let a = Aabb::new(Vec3::ZERO, Vec3::ONE);
    let b = Aabb::new(v(3.0, 0.0, 0.0), v(4.0, 1.0, 1.0));
    // Face to face: a closes the gap of 2 moving 4: t = 1/2; they share [3, 4] in x… until a
    // has moved 4 (its min at 4 = b.max): t = 1.
    let h = a.sweep(v(4.0, 0.0, 0.0), &b, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last, h.normal), (0.5, 1.0, -Vec3::X));
    assert_eq!(h.point, v(3.0, 0.5, 0.5));
    // Edge to edge: b offset diagonally by one unit in y; the shared region is an edge.
    let c = Aabb::new(v(3.0, 1.0, 0.0), v(4.0, 2.0, 1.0));
    let h = a.sweep(v(4.0, 0.0, 0.0), &c, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.point), (0.5, v(3.0, 1.0, 0.5)));
    // Corner to corner.
    let d = Aabb::new(v(3.0, 1.0, 1.0), v(4.0, 2.0, 2.0));
    let h = a.sweep(v(4.0, 0.0, 0.0), &d, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.point), (0.5, v(3.0, 1.0, 1.0)));
    // Moved apart by 1/1024 in y: a miss.
    let e = Aabb::new(v(3.0, 1.0 + 1.0 / 1024.0, 0.0), v(4.0, 2.0, 1.0));
    assert!(a.sweep(v(4.0, 0.0, 0.0), &e, Vec3::ZERO).is_none());
    // The last axis to start overlapping gives the normal: diagonal approach.
    let f = Aabb::new(v(2.0, 3.0, 0.0), v(3.0, 4.0, 1.0));
    let h = a.sweep(v(2.0, 4.0, 0.0), &f, Vec3::ZERO).unwrap();
    // x overlaps from t = 1/2, y from t = 1/2: a tie; then t_first = 1/2 and a normal along
    // one of the two axes, against the motion.
    assert_eq!(h.t_first, 0.5);
    assert!(h.normal == -Vec3::X || h.normal == -Vec3::Y, "{h:?}");
}

#[test]
fn boxes_thin_and_fast() {
    // A thin wall crossed within one frame.
    let wall = Aabb::new(v(5.0, -10.0, -10.0), v(5.0, 10.0, 10.0));
    let bullet = Aabb::new(v(0.0, 0.0, 0.0), v(0.5, 0.5, 0.5));
    let h = bullet.sweep(v(20.0, 0.0, 0.0), &wall, Vec3::ZERO).unwrap();
    assert_eq!(
        (h.t_first, h.t_last, h.normal),
        (4.5 / 20.0, 5.0 / 20.0, -Vec3::X)
    );
}

#[test]
fn boxes_already_overlapping() {
    let a = Aabb::new(Vec3::ZERO, v(2.0, 2.0, 2.0));
    let b = Aabb::new(v(1.5, 0.0, 0.0), v(5.0, 2.0, 2.0));
    let h = a.sweep(Vec3::ZERO, &b, Vec3::ZERO).unwrap();
    // Least penetration along x (0.5), pushing a towards −x where its center is.
    assert_eq!((h.t_first, h.t_last, h.normal), (0.0, 1.0, -Vec3::X));
    assert_eq!(h.point, v(1.75, 1.0, 1.0));
}

#[test]
fn invalid_boxes_and_spheres_give_none() {
    let a = Aabb::new(Vec3::ZERO, Vec3::ONE);
    for bad in [Real::NAN, Real::INFINITY, Real::NEG_INFINITY] {
        let m = v(bad, 0.0, 0.0);
        assert!(a.sweep(m, &a, Vec3::ZERO).is_none());
        assert!(a.sweep(Vec3::ZERO, &a, m).is_none());
        assert!(
            Aabb::new(Vec3::ZERO, m)
                .sweep(Vec3::X, &a, Vec3::ZERO)
                .is_none()
        );
        let s = Sphere::new(Vec3::ZERO, 1.0);
        assert!(s.sweep(m, &s, Vec3::ZERO).is_none());
        assert!(
            Sphere::new(Vec3::ZERO, bad)
                .sweep(Vec3::X, &s, Vec3::ZERO)
                .is_none()
        );
    }
    assert!(
        Aabb::new(Vec3::ONE, Vec3::ZERO)
            .sweep(Vec3::X, &a, Vec3::ZERO)
            .is_none()
    );
}

fn check_obbs<A, B>(a: &A, ma: Vec3, b: &B, mb: Vec3)
where
    A: Sweep<B> + PointQuery + isect::query::SupportMap + super::Translated + core::fmt::Debug,
    B: Sweep<A> + PointQuery + isect::query::SupportMap + super::Translated + core::fmt::Debug,
{
    Case {
        a,
        motion_a: ma,
        b,
        motion_b: mb,
        // GJK is exact on boxes (polytopes) up to rounding.
        gap: &|x: &A, y: &B| gjk_closest_points(x, y, Vec3::X).distance,
        dist_a: &|s: &A, p| s.distance_to_point(p),
        dist_b: &|s: &B, p| s.distance_to_point(p),
        scale: 40.0,
        exact: true,
    }
    .check();
}

#[test]
fn oriented_boxes_edge_to_edge() {
    // Two unit cubes, one turned 45° about z and the other about x, approaching along x: the
    // first touches the second's face with its vertical edge at x = 1 + √2 − ... exactly when
    // its edge (at center + √2) reaches the other's face at its center − 1.
    let quarter = core::f64::consts::FRAC_PI_4 as Real;
    let a = Obb::from_quat(
        v(-5.0, 0.0, 0.0),
        Vec3::ONE,
        isect::math::Quat::from_rotation_z(quarter),
    );
    let b = Obb::from_quat(Vec3::ZERO, Vec3::ONE, isect::math::Quat::IDENTITY);
    let h = a.sweep(v(8.0, 0.0, 0.0), &b, Vec3::ZERO).unwrap();
    // a's edge reaches x = −1 when its center is at −1 − √2: after 4 − √2 of 8.
    let expected = (4.0 - (2.0 as Real).sqrt()) / 8.0;
    assert!((h.t_first - expected).abs() <= 1e-6, "{h:?}");
    assert!(h.normal.distance(-Vec3::X) <= 1e-6, "{h:?}");
    // Edge to edge: b turned about x meets a's vertical edge with its horizontal one.
    let c = Obb::from_quat(
        Vec3::ZERO,
        Vec3::ONE,
        isect::math::Quat::from_rotation_x(quarter),
    );
    let h = a.sweep(v(8.0, 0.0, 0.0), &c, Vec3::ZERO).unwrap();
    assert!((h.t_first - expected).abs() <= 1e-6, "{h:?}");
    // A miss above.
    assert!(
        a.sweep(
            v(8.0, 0.0, 0.0),
            &Obb::from_quat(v(0.0, 3.0, 0.0), Vec3::ONE, isect::math::Quat::IDENTITY),
            Vec3::ZERO
        )
        .is_none()
    );
}

/// An exact pair checked against a closed-form separation.
fn check_exact<A, B>(a: &A, ma: Vec3, b: &B, mb: Vec3, gap: &dyn Fn(&A, &B) -> Real)
where
    A: Sweep<B> + PointQuery + super::Translated + core::fmt::Debug,
    B: Sweep<A> + PointQuery + super::Translated + core::fmt::Debug,
{
    Case {
        a,
        motion_a: ma,
        b,
        motion_b: mb,
        gap,
        dist_a: &|s: &A, p| s.distance_to_point(p),
        dist_b: &|s: &B, p| s.distance_to_point(p),
        scale: 40.0,
        exact: true,
    }
    .check();
}

#[test]
fn spheres_against_box_faces_edges_and_corners() {
    let unit = Aabb::new(v(-1.0, -1.0, -1.0), Vec3::ONE);
    // Face: a ball of radius 1 from x = 5 moving −8 touches at x = 2, t = 3/8.
    let ball = Sphere::new(v(5.0, 0.0, 0.0), 1.0);
    let h = ball.sweep(v(-8.0, 0.0, 0.0), &unit, Vec3::ZERO).unwrap();
    assert_eq!(
        (h.t_first, h.normal, h.point),
        (0.375, Vec3::X, v(1.0, 0.0, 0.0))
    );
    // Edge: moving along x at y = z = 1.5, the ball (radius 1) grazes... the edge capsule at
    // y = z = 1 is √0.5 away from the path: it touches when |x − 1| = √(1 − 0.5).
    let beside = Sphere::new(v(5.0, 1.5, 1.5), 1.0);
    let h = beside.sweep(v(-8.0, 0.0, 0.0), &unit, Vec3::ZERO).unwrap();
    let expected = (4.0 - (0.5 as Real).sqrt()) / 8.0;
    assert!((h.t_first - expected).abs() <= 1e-6, "{h:?}");
    // Corner: along the diagonal, the ball meets the corner (1, 1, 1) at distance 1.
    let diagonal = Sphere::new(v(4.0, 4.0, 4.0), 1.0);
    let h = diagonal
        .sweep(v(-6.0, -6.0, -6.0), &unit, Vec3::ZERO)
        .unwrap();
    let expected = (3.0 - 1.0 / (3.0 as Real).sqrt()) / 6.0;
    assert!((h.t_first - expected).abs() <= 1e-6, "{h:?}");
    assert!(h.point.distance(Vec3::ONE) <= 1e-5, "{h:?}");
    // Passing the corner region 1/1024 too far out: a miss, where the grown box alone would hit.
    let off = 1.0 + (0.5 as Real).sqrt() + 1.0 / 1024.0;
    let miss = Sphere::new(v(5.0, off, off), 1.0);
    assert!(miss.sweep(v(-8.0, 0.0, 0.0), &unit, Vec3::ZERO).is_none());
    // An oriented box: the same face case turned a quarter about z.
    let obb = Obb::from_quat(
        Vec3::ZERO,
        Vec3::ONE,
        isect::math::Quat::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real),
    );
    let h = ball.sweep(v(-8.0, 0.0, 0.0), &obb, Vec3::ZERO).unwrap();
    assert!(
        (h.t_first - 0.375).abs() <= 1e-6 && h.normal.distance(Vec3::X) <= 1e-6,
        "{h:?}"
    );
    // Already overlapping and resting.
    let inside = Sphere::new(Vec3::ZERO, 0.5);
    assert_times(inside.sweep(Vec3::ZERO, &unit, Vec3::ZERO), 0.0, 1.0);
}

#[test]
fn spheres_onto_triangle_faces_edges_and_vertices() {
    let floor = Triangle::new(v(-4.0, 0.0, -4.0), v(4.0, 0.0, -4.0), v(0.0, 0.0, 4.0));
    let ball = Sphere::new(v(0.0, 3.0, 0.0), 1.0);
    // Face: from height 3 down 4, touching at height 1: t = 1/2; through the plane, out at 1.
    let h = ball.sweep(v(0.0, -4.0, 0.0), &floor, Vec3::ZERO).unwrap();
    assert_eq!(
        (h.t_first, h.t_last, h.normal, h.point),
        (0.5, 1.0, Vec3::Y, Vec3::ZERO)
    );
    // From below: the normal points down.
    let below = Sphere::new(v(0.0, -3.0, 0.0), 1.0);
    let h = below.sweep(v(0.0, 4.0, 0.0), &floor, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.normal), (0.5, -Vec3::Y));
    // Edge: the edge z = −4 met sideways along z at height 0: touching when z = −5.
    let side = Sphere::new(v(0.0, 0.0, -9.0), 1.0);
    let h = side.sweep(v(0.0, 0.0, 8.0), &floor, Vec3::ZERO).unwrap();
    assert_eq!(
        (h.t_first, h.normal, h.point),
        (0.5, -Vec3::Z, v(0.0, 0.0, -4.0))
    );
    // Vertex: along the edge line beyond the corner (4, 0, −4).
    let corner = Sphere::new(v(9.0, 0.0, -4.0), 1.0);
    let h = corner.sweep(v(-8.0, 0.0, 0.0), &floor, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.point), (0.5, v(4.0, 0.0, -4.0)));
    // Passing beside the vertex 1/1024 too far: a miss.
    let above = Sphere::new(v(0.0, 1.0 + 1.0 / 1024.0, -9.0), 1.0);
    assert!(above.sweep(v(0.0, 0.0, 16.0), &floor, Vec3::ZERO).is_none());
    let grazing = Sphere::new(v(0.0, 1.0, -9.0), 1.0);
    assert!(
        grazing
            .sweep(v(0.0, 0.0, 16.0), &floor, Vec3::ZERO)
            .is_some()
    );
}

#[test]
fn triangles_face_edge_and_coplanar() {
    let floor = Triangle::new(v(-4.0, 0.0, -4.0), v(4.0, 0.0, -4.0), v(0.0, 0.0, 4.0));
    // A vertex first: a triangle pointing down from height 2 falls 4.
    let spike = Triangle::new(v(0.0, 2.0, 0.0), v(-1.0, 4.0, 0.0), v(1.0, 4.0, 0.0));
    let h = spike.sweep(v(0.0, -4.0, 0.0), &floor, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.normal), (0.5, Vec3::Y));
    assert!(h.point.distance(Vec3::ZERO) <= 1e-5, "{h:?}");
    // Coplanar, sliding in the plane: edge (4, 0, −4)–(0, 0, 4) met by a vertex at x = 5.
    let flat = Triangle::new(v(5.0, 0.0, 0.0), v(8.0, 0.0, -1.0), v(8.0, 0.0, 1.0));
    let h = flat.sweep(v(-4.0, 0.0, 0.0), &floor, Vec3::ZERO).unwrap();
    // The edge passes x = 2 at z = 0: the vertex travels 3 of 4.
    assert!((h.t_first - 0.75).abs() <= 1e-6, "{h:?}");
    // Parallel planes 1/1024 apart never touch; exactly touching they do throughout.
    let lifted = Triangle::new(
        v(-4.0, 1.0 / 1024.0, -4.0),
        v(4.0, 1.0 / 1024.0, -4.0),
        v(0.0, 1.0 / 1024.0, 4.0),
    );
    assert!(lifted.sweep(v(1.0, 0.0, 0.0), &floor, Vec3::ZERO).is_none());
    assert_times(floor.sweep(v(1.0, 0.0, 0.0), &floor, Vec3::ZERO), 0.0, 1.0);
}

#[test]
fn boxes_onto_triangles() {
    let floor = Triangle::new(v(-8.0, 0.0, -8.0), v(8.0, 0.0, -8.0), v(0.0, 0.0, 8.0));
    let cube = Aabb::new(v(-1.0, 2.0, -1.0), v(1.0, 4.0, 1.0));
    let h = cube.sweep(v(0.0, -4.0, 0.0), &floor, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last, h.normal), (0.5, 1.0, Vec3::Y));
    assert!(
        floor.distance_to_point(h.point) <= 1e-5 && h.point.y.abs() <= 1e-5,
        "{h:?}"
    );
    // A wall triangle standing in the plane x = 3, met edge-first by a box turned 45° about y.
    let wall = Triangle::new(v(3.0, -4.0, -4.0), v(3.0, 4.0, -4.0), v(3.0, 0.0, 4.0));
    let turned = Obb::from_quat(
        Vec3::ZERO,
        Vec3::ONE,
        isect::math::Quat::from_rotation_y(core::f64::consts::FRAC_PI_4 as Real),
    );
    let h = turned.sweep(v(4.0, 0.0, 0.0), &wall, Vec3::ZERO).unwrap();
    let expected = (3.0 - (2.0 as Real).sqrt()) / 4.0;
    assert!(
        (h.t_first - expected).abs() <= 1e-6 && h.normal.distance(-Vec3::X) <= 1e-6,
        "{h:?}"
    );
    // The triangle's edge passing above the box: a miss by 1/1024.
    let high = Triangle::new(
        v(3.0, 1.0 + 1.0 / 1024.0, -4.0),
        v(3.0, 5.0, -4.0),
        v(3.0, 5.0, 4.0),
    );
    assert!(
        Aabb::new(v(-1.0, -1.0, -1.0), Vec3::ONE)
            .sweep(v(8.0, 0.0, 0.0), &high, Vec3::ZERO)
            .is_none()
    );
    let touching = Triangle::new(v(3.0, 1.0, -4.0), v(3.0, 1.0, 4.0), v(3.0, 5.0, 0.0));
    assert!(
        Aabb::new(v(-1.0, -1.0, -1.0), Vec3::ONE)
            .sweep(v(8.0, 0.0, 0.0), &touching, Vec3::ZERO)
            .is_some()
    );
    // A collinear triangle is a segment; a point triangle a point.
    let stick = Triangle::new(v(3.0, -4.0, 0.0), v(3.0, 0.0, 0.0), v(3.0, 4.0, 0.0));
    let h = cube.sweep(v(4.0, -3.0, 0.0), &stick, Vec3::ZERO).unwrap();
    assert!(h.t_first > 0.0 && h.t_first < 1.0, "{h:?}");
    let dot = Triangle::new(v(3.0, 3.0, 0.0), v(3.0, 3.0, 0.0), v(3.0, 3.0, 0.0));
    assert_eq!(
        cube.sweep(v(4.0, 0.0, 0.0), &dot, Vec3::ZERO)
            .unwrap()
            .t_first,
        0.5
    );
}

/// A triangle of random corners (degenerate ones are rare and skipped).
fn proper_triangle() -> impl Strategy<Value = Triangle> {
    (strategy::vec3(), strategy::vec3(), strategy::vec3())
        .prop_map(|(a, b, c)| Triangle::new(a, b, c))
}

proptest! {
    #[test]
    fn sphere_aabb(a in strategy::sphere(), ma in strategy::vec3(), b in strategy::aabb(), mb in strategy::vec3()) {
        check_exact(&a, ma, &b, mb, &crate::contact::solids::sphere_aabb_gap);
    }

    #[test]
    fn sphere_obb(a in strategy::sphere(), ma in strategy::vec3(), b in strategy::obb(), mb in strategy::vec3()) {
        check_exact(&a, ma, &b, mb, &crate::contact::solids::sphere_obb_gap);
    }

    #[test]
    fn sphere_capsule(a in strategy::sphere(), ma in strategy::vec3(), b in strategy::capsule(), mb in strategy::vec3()) {
        check_exact(&a, ma, &b, mb, &crate::contact::solids::sphere_capsule_gap);
    }

    #[test]
    fn sphere_capsule_aimed(a in strategy::sphere(), b in strategy::capsule(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.a - a.center) * speed + aim * 0.3;
        check_exact(&a, motion, &b, Vec3::ZERO, &crate::contact::solids::sphere_capsule_gap);
    }

    #[test]
    fn sphere_triangle(a in strategy::sphere(), ma in strategy::vec3(), b in strategy::triangle(), mb in strategy::vec3()) {
        check_exact(&a, ma, &b, mb, &|s: &Sphere, t: &Triangle| t.distance_to_point(s.center) - s.radius);
    }

    #[test]
    fn sphere_triangle_aimed(a in strategy::sphere(), b in strategy::triangle(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.a - a.center) * speed + aim * 0.3;
        check_exact(&a, motion, &b, Vec3::ZERO, &|s: &Sphere, t: &Triangle| t.distance_to_point(s.center) - s.radius);
    }

    #[test]
    fn capsule_capsule(a in strategy::capsule(), ma in strategy::vec3(), b in strategy::capsule(), mb in strategy::vec3()) {
        check_exact(&a, ma, &b, mb, &crate::contact::solids::capsule_gap);
    }

    #[test]
    fn capsule_capsule_aimed(a in strategy::capsule(), b in strategy::capsule(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.a - a.b) * speed + aim * 0.3;
        check_exact(&a, motion, &b, Vec3::ZERO, &crate::contact::solids::capsule_gap);
    }

    #[test]
    fn sphere_obb_aimed(a in strategy::sphere(), b in strategy::obb(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.center - a.center) * speed + aim * 0.3;
        check_exact(&a, motion, &b, Vec3::ZERO, &crate::contact::solids::sphere_obb_gap);
    }

    #[test]
    fn triangle_triangle(a in proper_triangle(), ma in strategy::vec3(), b in proper_triangle(), mb in strategy::vec3()) {
        // Degenerate triangles take conservative advancement (tested in `advancement`).
        prop_assume!(a.area() > 1e-2 && b.area() > 1e-2);
        check_obbs(&a, ma, &b, mb);
    }

    #[test]
    fn triangle_triangle_aimed(a in proper_triangle(), b in proper_triangle(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        prop_assume!(a.area() > 1e-2 && b.area() > 1e-2);
        let motion = (b.a - a.c) * speed + aim * 0.1;
        check_obbs(&a, motion, &b, Vec3::ZERO);
    }

    #[test]
    fn obb_triangle(a in strategy::obb(), ma in strategy::vec3(), b in strategy::triangle(), mb in strategy::vec3()) {
        check_obbs(&a, ma, &b, mb);
    }

    #[test]
    fn aabb_triangle_aimed(a in strategy::aabb(), b in strategy::triangle(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.a - a.center()) * speed + aim * 0.1;
        check_obbs(&a, motion, &b, Vec3::ZERO);
    }

    #[test]
    fn obb_obb(a in strategy::obb(), ma in strategy::vec3(), b in strategy::obb(), mb in strategy::vec3()) {
        check_obbs(&a, ma, &b, mb);
    }

    #[test]
    fn aabb_obb_aimed(a in strategy::aabb(), b in strategy::obb(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.center - a.center()) * speed + aim * 0.1;
        check_obbs(&a, motion, &b, Vec3::ZERO);
    }

    #[test]
    fn obb_obb_aimed(a in strategy::obb(), b in strategy::obb(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.center - a.center) * speed + aim * 0.1;
        check_obbs(&a, motion, &b, Vec3::ZERO);
    }

    #[test]
    fn sphere_sphere(a in strategy::sphere(), ma in strategy::vec3(), b in strategy::sphere(), mb in strategy::vec3()) {
        check_spheres(&a, ma, &b, mb);
    }

    #[test]
    fn aabb_aabb(a in strategy::aabb(), ma in strategy::vec3(), b in strategy::aabb(), mb in strategy::vec3()) {
        check_boxes(&a, ma, &b, mb);
    }

    /// Spheres aimed at each other, so that most cases hit.
    #[test]
    fn sphere_sphere_aimed(a in strategy::sphere(), b in strategy::sphere(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.center - a.center) * speed + aim * 0.1;
        check_spheres(&a, motion, &b, Vec3::ZERO);
    }

    #[test]
    fn aabb_aabb_aimed(a in strategy::aabb(), b in strategy::aabb(), speed in crate::common::strategy::real(0.5, 3.0), aim in strategy::vec3()) {
        let motion = (b.center() - a.center()) * speed + aim * 0.1;
        check_boxes(&a, motion, &b, Vec3::ZERO);
    }
}
