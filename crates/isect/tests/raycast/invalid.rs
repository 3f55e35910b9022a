//! Invalid input: zero, NaN and infinite directions and origins, NaN and negative `max_t`,
//! invalid shapes. Every cast answers `None` (and `raycast_any` false), and nothing panics.

use isect::math::Vec3;
use isect::{Aabb, Capsule, Frustum, Obb, Plane, Ray, RayCast, Real, Sphere, Triangle};

use crate::common::{aabb_frustum, non_finite_points, v};

fn valid_shapes() -> Vec<Box<dyn RayCast>> {
    let b = Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    vec![
        Box::new(Sphere::new(Vec3::ZERO, 1.0)),
        Box::new(b),
        Box::new(Obb::from_aabb(&b)),
        Box::new(Capsule::new(-Vec3::Y, Vec3::Y, 1.0)),
        Box::new(Plane::new(Vec3::Z, 0.0)),
        Box::new(Triangle::new(
            v(-2.0, -2.0, 0.0),
            v(2.0, -2.0, 0.0),
            v(0.0, 2.0, 0.0),
        )),
        Box::new(aabb_frustum(&b)),
    ]
}

/// A ray from outside each valid shape that hits it: the control that makes the `None`s below
/// mean something.
fn control() -> Ray {
    Ray::new(v(0.25, 0.125, 5.0), v(0.0, 0.0, -1.0))
}

fn assert_none(shape: &dyn RayCast, ray: &Ray, max_t: Real, what: &str) {
    assert!(
        shape.raycast(ray, max_t).is_none(),
        "{what}: raycast {ray:?} {max_t}"
    );
    assert!(
        shape.raycast_surface(ray, max_t).is_none(),
        "{what}: surface {ray:?} {max_t}"
    );
    assert!(
        !shape.raycast_any(ray, max_t),
        "{what}: any {ray:?} {max_t}"
    );
}

#[test]
fn invalid_rays_and_max_t() {
    for (i, shape) in valid_shapes().iter().enumerate() {
        let ray = control();
        assert!(shape.raycast(&ray, 10.0).is_some(), "control {i}");
        assert!(shape.raycast_any(&ray, 10.0), "control any {i}");
        assert!(
            shape.raycast_surface(&ray, 10.0).is_some(),
            "control surface {i}"
        );
        for d in [Vec3::ZERO, -Vec3::ZERO]
            .into_iter()
            .chain(non_finite_points())
        {
            assert_none(
                shape.as_ref(),
                &Ray::new(ray.origin, d),
                10.0,
                &format!("shape {i} dir {d}"),
            );
        }
        for o in non_finite_points() {
            assert_none(
                shape.as_ref(),
                &Ray::new(o, ray.dir),
                10.0,
                &format!("shape {i} origin {o}"),
            );
        }
        for max_t in [Real::NAN, -1.0, Real::NEG_INFINITY] {
            assert_none(
                shape.as_ref(),
                &ray,
                max_t,
                &format!("shape {i} max_t {max_t}"),
            );
        }
        // +∞ is a valid max_t.
        assert!(shape.raycast(&ray, Real::INFINITY).is_some());
    }
}

#[test]
fn invalid_shapes() {
    let ray = control();
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    let shapes: Vec<Box<dyn RayCast>> = vec![
        Box::new(Sphere::new(Vec3::ZERO, -1.0)),
        Box::new(Sphere::new(Vec3::ZERO, nan)),
        Box::new(Sphere::new(v(nan, 0.0, 0.0), 1.0)),
        Box::new(Sphere::new(Vec3::ZERO, inf)),
        Box::new(Aabb::new(v(1.0, -1.0, -1.0), v(-1.0, 1.0, 1.0))),
        Box::new(Aabb::new(v(-1.0, -1.0, -inf), v(1.0, 1.0, 1.0))),
        Box::new(Aabb::EMPTY),
        Box::new(Obb::new(
            Vec3::ZERO,
            v(1.0, -1.0, 1.0),
            isect::math::Mat3::IDENTITY,
        )),
        Box::new(Obb::new(
            Vec3::ZERO,
            Vec3::ONE,
            isect::math::Mat3::from_diagonal(v(nan, 1.0, 1.0)),
        )),
        Box::new(Capsule::new(-Vec3::Y, Vec3::Y, -1.0)),
        Box::new(Capsule::new(-Vec3::Y, v(0.0, inf, 0.0), 1.0)),
        Box::new(Plane::new(Vec3::ZERO, 0.0)),
        Box::new(Plane::new(Vec3::Z, nan)),
        Box::new(Triangle::new(v(nan, 0.0, 0.0), Vec3::X, Vec3::Y)),
        Box::new(Frustum::new([Plane::new(Vec3::Z, nan); 6])),
    ];
    for (i, shape) in shapes.iter().enumerate() {
        assert_none(shape.as_ref(), &ray, 10.0, &format!("invalid shape {i}"));
    }
    // One-sided and inherent casts too.
    let t = Triangle::new(v(nan, 0.0, 0.0), Vec3::X, Vec3::Y);
    assert!(t.raycast_barycentric(&ray, 10.0).is_none());
    assert!(t.raycast_moller_trumbore(&ray, 10.0).is_none());
    assert!(t.raycast_front(&ray, 10.0).is_none());
    assert!(
        Plane::new(Vec3::ZERO, 0.0)
            .raycast_front(&ray, 10.0)
            .is_none()
    );
}

/// Huge and tiny (non-zero) directions still give hits where the ray's line meets the shape.
#[test]
fn extreme_direction_lengths() {
    for shape in valid_shapes() {
        for k in [1e-30 as Real, 1e-20, 1e20, 1e30] {
            let ray = Ray::new(v(0.25, 0.125, 5.0), v(0.0, 0.0, -k));
            let hit = shape.raycast(&ray, Real::INFINITY).expect("hit");
            assert!(
                hit.t.is_finite() && hit.t > 0.0 && hit.point.is_finite(),
                "{k}: {hit:?}"
            );
            assert!((hit.normal.length() - 1.0).abs() < 1e-3, "{k}: {hit:?}");
        }
    }
}

/// Each coordinate of the box's corners made NaN, ±∞ or past the other corner, one at a time,
/// with rays that hit the valid box from outside and from inside (`raycast_any` forms its
/// validity beside the slab test, without a branch): no hit. Also each coordinate of the ray.
#[test]
fn aabb_each_invalid_coordinate_alone_gives_no_hit() {
    let (min, max) = (v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    let rays = [
        control(),
        Ray::new(v(0.25, 0.125, 0.5), v(0.5, -1.0, 2.0)),
        Ray::new(v(-3.0, 0.5, 0.25), v(1.0, 0.0, 0.0)),
    ];
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    for ray in &rays {
        assert!(
            Aabb::new(min, max).raycast_any(ray, 10.0),
            "control {ray:?}"
        );
        for axis in 0..3 {
            for (corner, bad) in [
                (0, nan),
                (0, -inf),
                (0, inf),
                (0, 2.0),
                (1, nan),
                (1, inf),
                (1, -inf),
                (1, -2.0),
            ] {
                let (mut lo, mut hi) = (min, max);
                if corner == 0 {
                    lo[axis] = bad;
                } else {
                    hi[axis] = bad;
                }
                let b = Aabb::new(lo, hi);
                assert_none(&b, ray, 10.0, &format!("{b:?}"));
                assert_none(&b, ray, inf, &format!("{b:?}, max_t +inf"));
            }
            for bad in [nan, inf, -inf] {
                let b = Aabb::new(min, max);
                let (mut origin, mut dir) = (ray.origin, ray.dir);
                origin[axis] = bad;
                assert_none(&b, &Ray::new(origin, ray.dir), 10.0, "origin");
                dir[axis] = bad;
                assert_none(&b, &Ray::new(ray.origin, dir), 10.0, "dir");
            }
        }
    }
}

/// Each coordinate of the plane's normal, its offset, the ray's origin and its direction made
/// NaN or ±∞ one at a time, a zero normal and a zero direction, for rays that would hit at
/// `t > 0` (crossing), at `t = 0` from the plane (starting on it) and at `t = 0` along it
/// (parallel, in it): no hit from `raycast`, `raycast_surface`, `raycast_any` and
/// `raycast_front`. The plane's cast validates only hits at `t = 0`, where the arithmetic alone
/// would accept invalid input; a crossing at `t > 0` needs its inputs finite.
#[test]
fn plane_each_invalid_coordinate_alone_gives_no_hit() {
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    let normal = v(0.0, 0.6, 0.8);
    let d = 0.5;
    // Crossing (front to back), starting on the plane, and along it (in it).
    let on = normal * d;
    let rays = [
        Ray::new(v(0.25, 3.0, 4.0), v(0.125, -1.5, -2.0)),
        Ray::new(on, v(0.0, -0.6, -0.8)),
        Ray::new(on, v(1.0, 0.0, 0.0)),
    ];
    let hits = |p: &Plane, r: &Ray, max_t: Real| {
        [
            p.raycast(r, max_t).is_some(),
            p.raycast_surface(r, max_t).is_some(),
            p.raycast_any(r, max_t),
            p.raycast_front(r, max_t).is_some(),
        ]
    };
    for (i, ray) in rays.iter().enumerate() {
        for max_t in [10.0, inf] {
            let control = hits(&Plane::new(normal, d), ray, max_t);
            // The parallel ray does not come from the front: raycast_front misses it.
            assert_eq!(control, [true, true, true, i != 2], "control {i} {max_t}");
            let none = |p: &Plane, r: &Ray, what: &str| {
                assert_eq!(hits(p, r, max_t), [false; 4], "{what}: ray {i} {r:?} {p:?}");
            };
            none(&Plane::new(Vec3::ZERO, d), ray, "zero normal");
            none(&Plane::new(Vec3::ZERO, 0.0), ray, "zero normal, d 0");
            none(
                &Plane::new(normal, d),
                &Ray::new(ray.origin, Vec3::ZERO),
                "zero dir",
            );
            for bad in [nan, inf, -inf] {
                none(&Plane::new(normal, bad), ray, "d");
                for axis in 0..3 {
                    let mut n = normal;
                    n[axis] = bad;
                    none(&Plane::new(n, d), ray, "normal");
                    let (mut origin, mut dir) = (ray.origin, ray.dir);
                    origin[axis] = bad;
                    none(&Plane::new(normal, d), &Ray::new(origin, ray.dir), "origin");
                    dir[axis] = bad;
                    none(&Plane::new(normal, d), &Ray::new(ray.origin, dir), "dir");
                }
            }
        }
        for max_t in [nan, -1.0, -inf] {
            assert_eq!(
                hits(&Plane::new(normal, d), ray, max_t),
                [false; 4],
                "max_t {max_t}"
            );
        }
    }
}
