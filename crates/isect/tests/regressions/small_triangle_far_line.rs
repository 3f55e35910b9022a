//! Issue 24, fuzz (`query_driver`, seed 2701, distance family): the line from
//! `(3.8e-20, 5.0625, −1.489e13)` along `(−3.6875, 7, −3194552.3)` against a triangle 14 across
//! near the origin, exactly 36882263.74 apart (rational arithmetic on the `f32` numbers; the
//! closest point is corner `b`): distance 0 and `intersects` true at every scale whose largest
//! magnitude lies above the window (`2²⁴` in `f32`), with a "common point" 1.8e7 from the
//! triangle, and 3.688e7 below it. The rescaling brings the line's origin to 1.7 and the
//! triangle to 1e-12, where its squared normal (a fourth power of its size) underflowed to 0:
//! the triangle was taken as flat and the line as lying in its plane. The flatness test, a
//! property of the triangle alone, now runs at the triangle's own scale.

use isect::{Distance, Intersects, Line, Ray, Real, Triangle};

use super::{corner_orders, pow2};
use crate::common::v;

#[test]
fn small_triangle_far_line_was_flat_after_rescaling() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let origin = f(3.849_765e-20, 5.0625, -14_891_849_000_000.0);
    let dir = f(-3.6875, 7.0, -3_194_552.3);
    let corner_b = f(4.8125, -1.8125, -6.0);
    let triangle = Triangle::new(
        f(-0.8125, 0.5625, -5.875),
        corner_b,
        f(4.819_606_3e-18, -1.4375, 7.9375),
    );
    let exact = 36_882_263.739_131_935 as Real;
    for k in (-60..=60).step_by(2) {
        let s = pow2(k);
        for tri in corner_orders(&triangle) {
            let tri = Triangle::new(tri.a * s, tri.b * s, tri.c * s);
            let lines = [
                Line::new(origin * s, dir * s),
                Line::new(origin * s, -dir * s),
            ];
            for line in lines {
                let at = format!("2^{k}, {tri:?}, {line:?}");
                assert!(
                    !line.intersects(&tri) && !tri.intersects(&line),
                    "{at}: meets"
                );
                for cp in [line.closest_points(&tri), tri.closest_points(&line)] {
                    let d = cp.distance / s;
                    assert!(
                        (d - exact).abs() <= 1e-6 * exact,
                        "{at}: distance {d}, exactly {exact}"
                    );
                }
                let cp = tri.closest_points(&line);
                assert!(
                    (cp.a / s - corner_b).abs().max_element() <= 1e-3,
                    "{at}: closest point {} of the triangle, corner b {corner_b}",
                    cp.a / s
                );
            }
            // The ray from the origin towards the triangle passes it at the same distance.
            let ray = Ray::new(origin * s, -dir * s);
            assert!(!ray.intersects(&tri), "2^{k}: the ray meets");
            let d = ray.distance(&tri) / s;
            assert!((d - exact).abs() <= 1e-6 * exact, "2^{k}: ray distance {d}");
        }
    }
}

/// Control: the same line moved onto corner `b` (its origin shifted by the exact gap, in `f64`
/// reference terms: through `b` itself) meets the triangle at every scale.
#[test]
fn small_triangle_far_line_control_through_a_corner() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let corner_b = f(4.8125, -1.8125, -6.0);
    let triangle = Triangle::new(
        f(-0.8125, 0.5625, -5.875),
        corner_b,
        f(4.819_606_3e-18, -1.4375, 7.9375),
    );
    let dir = f(-3.6875, 7.0, -3_194_552.3);
    for k in (-60..=60).step_by(4) {
        let s = pow2(k);
        let tri = Triangle::new(triangle.a * s, triangle.b * s, triangle.c * s);
        let line = Line::new(corner_b * s, dir * s);
        assert!(line.intersects(&tri), "2^{k}");
        assert_eq!(line.distance(&tri), 0.0, "2^{k}");
    }
}
