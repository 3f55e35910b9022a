//! Issue 24 (AFL `query_raycast`, s15, and the CI pass's exponent-127 case): a triangle 1.7e-7
//! across at the origin and a ray from `y = 1.9e11` that moves away from it (exactly 1.913e11
//! apart, rationals) was hit at `t = 0`. The rescaling brought the origin to 1.4 and the
//! triangle to 1e-18, below the rounding of `corner − origin`: the watertight test's `det`
//! was 0, read as a ray in the triangle's plane, and the in-plane clip took the triangle's
//! normal at that scale, whose products (a short side of 1e-29 times 1e-18) underflowed to 0:
//! every origin was on a plane of normal 0 and inside every edge. The normal is now taken at
//! the triangle's own scale (its largest side in `[1, 2)`), as its flatness already was.

#![allow(
    clippy::excessive_precision,
    clippy::unreadable_literal,
    reason = "the inputs written exactly as the f32 values found, which f64 reads unchanged"
)]

use isect::{Distance, Intersects, Ray, RayCast, Real, Segment, Triangle};

use super::{corner_orders, f, pow2};
use crate::common::flat_reference::wide;

/// At scales `2⁻⁴⁰..=2⁴⁰`, every corner order: no hit (`raycast`, `raycast_barycentric`,
/// `raycast_any`, the ray's segment up to `max_t` as `intersects`), and the segment's
/// distance is the exact 1.913e11 (relative 1e-4).
#[test]
fn tiny_triangle_far_ray_is_missed() {
    let triangle = Triangle::new(
        f(1.4785399534024231e-18, 0.0, 0.0),
        f(0.0, 0.0, 0.0),
        f(
            1.0360963642597198e-08,
            9.266431177934464e-09,
            1.7064056123672344e-07,
        ),
    );
    let origin = f(
        1.0372376735290345e-08,
        191336267776.0,
        1.037283592353333e-08,
    );
    let dir = f(
        1.0372381176182444e-08,
        2.4479165361412925e-09,
        0.3854046165943146,
    );
    let max_t: Real = 4.375;
    let exact = 1.913362678e11;
    for k in (-40..=40).step_by(2) {
        let s = pow2(k);
        let ray = Ray::new(origin * s, dir * s);
        let segment = Segment::new(ray.origin, ray.point_at(max_t));
        let tri = Triangle::new(triangle.a * s, triangle.b * s, triangle.c * s);
        for tri in corner_orders(&tri) {
            let at = format!("2^{k}, {tri:?}");
            assert!(tri.raycast(&ray, max_t).is_none(), "{at}");
            assert!(tri.raycast_barycentric(&ray, max_t).is_none(), "{at}");
            assert!(!tri.raycast_any(&ray, max_t), "{at}");
            assert!(!tri.intersects(&segment), "{at}");
            let d = wide(tri.distance(&segment)) / wide(s);
            assert!((d - exact).abs() <= 1e-4 * exact, "{at}: distance {d}");
        }
    }
}
