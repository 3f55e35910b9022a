//! Issue 24 for the 2D sweeps (conservative advancement on the shapes' cores): the distances
//! it advances by square offsets, which leave the range far from 1. A sweep's times and normal
//! are unchanged, and its point scaled exactly, when both shapes and both motions are scaled by
//! `2ᵏ`.

use isect::Real;
use isect::d2::{Capsule, Circle, ConvexPolygon, Obb, Sweep, SweepHit, Triangle};
use isect::math::{Mat2, Vec2};

use super::common::{Xorshift, v};
use super::scaling::{check_scaled, pow2, scale_of};

/// The circle about the origin of radius `s` moving by `(8s, 0)` and the capsule from
/// `(5s, −s)` to `(5s, s)` of radius `s`: the circle first touches the capsule's side `x = 4s`
/// at `t = 3/8`, point `(4s, 0)`, normal `−x`, at `2⁻⁹²` and `2⁶⁸` (f32; `2⁻⁵⁴⁰`, `2⁵¹⁶` f64) as
/// at 1. Last session a circle–capsule sweep returned `None` from `2⁻⁶⁵` down (f32); this one
/// passes since the convex routines' window (the distance the advancement steps by), before
/// the sweep's own; [`sweeps_scale_exactly`] fails without the sweep's (capsule–triangle at
/// `2⁻⁶³`).
#[test]
fn circle_capsule_sweep_far_and_tiny() {
    for s in [pow2(Real::MIN_EXP / 2 - 30), pow2(Real::MAX_EXP / 2 + 4)] {
        let a = Circle::new(v(0.0, 0.0), s);
        let b = Capsule::new(v(5.0 * s, -s), v(5.0 * s, s), s);
        let h = a.sweep(v(8.0 * s, 0.0), &b, Vec2::ZERO).expect("a contact");
        let at_one = Circle::new(v(0.0, 0.0), 1.0)
            .sweep(
                v(8.0, 0.0),
                &Capsule::new(v(5.0, -1.0), v(5.0, 1.0), 1.0),
                Vec2::ZERO,
            )
            .expect("a contact");
        assert_eq!(
            (h.t_first, h.normal),
            (at_one.t_first, at_one.normal),
            "s = {s:e}"
        );
        assert!((h.t_first - 0.375).abs() <= 1e-5, "s = {s:e}: {h:?}");
        assert_eq!(h.point, at_one.point * s, "s = {s:e}");
    }
}

fn check_sweep(base: Option<SweepHit>, got: Option<SweepHit>, k: i32, what: &str) {
    match (base, got) {
        (None, None) => {}
        (Some(b), Some(g)) => {
            assert_eq!(
                (g.t_first, g.t_last),
                (b.t_first, b.t_last),
                "{what} at 2^{k}"
            );
            assert_eq!(g.normal, b.normal, "{what} at 2^{k}");
            if k >= Real::MIN_EXP + Real::MANTISSA_DIGITS as i32 {
                check_scaled(g.point, b.point, k, what);
            } else {
                // Within a mantissa's width of the subnormal range, the start's common point
                // (a shape pair's closed-form closest points, formed at the input's scale) and
                // an `Obb`'s corners may round products on the subnormal grid: a few ulps.
                let want = b.point * scale_of(k);
                let tol = 4.0 * Real::EPSILON * want.abs().max_element()
                    + 2.0 * Real::MIN_POSITIVE * Real::EPSILON;
                let err = (g.point - want).abs().max_element();
                assert!(err <= tol, "{what} at 2^{k}: {:?} vs {want:?}", g.point);
            }
        }
        _ => panic!("{what} at 2^{k}: {base:?} then {got:?}"),
    }
}

/// Sweeps of circles, capsules, triangles, boxes and convex polygons of small-integer
/// coordinates, radii and motions, scaled by `2ᵏ` for every `k` from `MIN_EXP − 1` to
/// `MAX_EXP − 8` (the scaled input and the motions' reach stay exact and finite): the same hit
/// or miss, times and normal, the point scaled exactly ([`check_sweep`]; within a few ulps
/// within a mantissa's width of the subnormal range).
#[test]
fn sweeps_scale_exactly() {
    let mut g = Xorshift(0xbb67_ae85_84ca_a73b);
    for _ in 0..20 {
        let circle = Circle::new(g.int_point(-6, 6), g.int(1, 3));
        let capsule = Capsule::new(g.int_point(-6, 6), g.int_point(-6, 6), g.int(0, 2));
        let triangle = Triangle::new(g.int_point(-6, 6), g.int_point(-6, 6), g.int_point(-6, 6));
        let obb = Obb::new(
            g.int_point(-6, 6),
            v(g.int(1, 3), g.int(1, 3)),
            Mat2::from_cols(v(0.6, 0.8), v(-0.8, 0.6)),
        );
        let points: Vec<Vec2> = (0..6).map(|_| g.int_point(-6, 6)).collect();
        let polygon = ConvexPolygon::new(points);
        let (m1, m2) = (g.int_point(-8, 8), g.int_point(-4, 4));
        let base = (
            circle.sweep(m1, &capsule, m2),
            capsule.sweep(m1, &triangle, m2),
            obb.sweep(m1, &polygon, m2),
            circle.sweep(m1, &triangle, m2),
        );
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 8) {
            let s = scale_of(k);
            let c = Circle::new(circle.center * s, circle.radius * s);
            let cap = Capsule::new(capsule.a * s, capsule.b * s, capsule.radius * s);
            let t = Triangle::new(triangle.a * s, triangle.b * s, triangle.c * s);
            let o = Obb::new(obb.center * s, obb.half_extents * s, obb.rotation);
            let scaled: Vec<Vec2> = polygon.vertices().iter().map(|&w| w * s).collect();
            let p = ConvexPolygon::new(scaled);
            let (n1, n2) = (m1 * s, m2 * s);
            check_sweep(base.0, c.sweep(n1, &cap, n2), k, "circle–capsule");
            check_sweep(base.1, cap.sweep(n1, &t, n2), k, "capsule–triangle");
            check_sweep(base.2, o.sweep(n1, &p, n2), k, "obb–polygon");
            check_sweep(base.3, c.sweep(n1, &t, n2), k, "circle–triangle");
        }
    }
}
