//! Issue 24, fuzz (`query_driver --family contact`, seed 2703): a triangle 6 across against a
//! needle triangle from the origin to `(−144747.95, 7.125, 3)` (its third corner `1.1e-44`
//! from the origin) had contact depth 2.304 at scale 1 and 2.855 at `4¹¹` (rescaled, where the
//! needle's width flushes to 0 and its face normal goes); exactly (rational arithmetic on the
//! `f32` numbers, the least overlap over both normals and all nine edge–edge axes) the least
//! push is `6.39e-5`, along the cross product of one triangle's edge and the needle. Both
//! answers missed that axis: `flat_axis` measured every edge pair against the longest edge of
//! either triangle, so a pair of a unit edge and a 1e5-long one counted as "nearly parallel"
//! (`|x × y|² <= 8 ε longest⁴`) though they were square, and its noise (`ε scale longest² /
//! |x × y|`) was 2e4 times the pair's own. Both now use the pair's `|x| |y|`.
//!
//! The hand case: a unit triangle in the plane `x = 0` hanging `1/16` below the top edge of a
//! triangle 4096 long in the plane `y = 0`: the least push is exactly `1/16` along `+z` (the
//! other axes: 0.771 and 1 along the normals and the side edges, 2048 along `x`); it came out 1.

use isect::{Contact, Distance, Intersects, Real, Triangle};

use super::{PERMUTATIONS, corner_orders, pow2};
use crate::common::v;

/// `t` with its coordinates in the axis order `p` (a quarter turn or a mirror: every axis set of
/// the pair moves with it).
fn permuted(t: &Triangle, p: [usize; 3]) -> Triangle {
    let f = |x: isect::math::Vec3| v(x[p[0]], x[p[1]], x[p[2]]);
    Triangle::new(f(t.a), f(t.b), f(t.c))
}

#[test]
fn long_triangle_edge_axis_is_the_least_push() {
    let hanging = Triangle::new(
        v(0.0, -1.0, -0.0625),
        v(0.0, 1.0, -0.0625),
        v(0.0, 0.0, 1.0),
    );
    let long = Triangle::new(v(-2048.0, 0.0, 0.0), v(2048.0, 0.0, 0.0), v(0.0, 0.0, -2.0));
    for k in (-40..=40).step_by(4) {
        let s = pow2(k);
        for p in PERMUTATIONS {
            // The push of `hanging` out of `long`: +z, in the permuted axes.
            let up = permuted(
                &Triangle::new(v(0.0, 0.0, 1.0), v(0.0, 0.0, 1.0), v(0.0, 0.0, 1.0)),
                p,
            )
            .a;
            for a in corner_orders(&permuted(&hanging, p)) {
                for b in corner_orders(&permuted(&long, p)) {
                    let (a, b) = (
                        Triangle::new(a.a * s, a.b * s, a.c * s),
                        Triangle::new(b.a * s, b.b * s, b.c * s),
                    );
                    let at = format!("2^{k}, {a:?}, {b:?}");
                    assert!(a.intersects(&b) && b.intersects(&a), "{at}: apart");
                    assert_eq!(a.distance(&b), 0.0, "{at}: distance");
                    for (c, normal) in [(a.contact(&b), up), (b.contact(&a), -up)] {
                        let c = c.unwrap_or_else(|| panic!("{at}: no contact"));
                        assert!(
                            (c.depth / s - 0.0625).abs() <= 1e-4,
                            "{at}: depth {}, exactly 0.0625",
                            c.depth / s
                        );
                        assert!(
                            (c.normal - normal).abs().max_element() <= 1e-6,
                            "{at}: normal {}, exactly {normal}",
                            c.normal
                        );
                    }
                }
            }
        }
    }
}

/// The fuzz case itself: at scale 1 (the needle a proper triangle) and at `2²⁰` (rescaled, the
/// needle a segment) the depth is the edge axis's `6.387e-5` (exactly, by rationals), within
/// the rounding of projections of corners `1.4e5` out (`4 ε` of them: 0.07 in `f32`), along
/// that axis (mostly `z`).
#[test]
fn long_triangle_edge_axis_fuzz_case() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let small = Triangle::new(
        f(-5.375, 5.9375, 1e-19),
        f(-2.3125, -7.070_075e-25, 6.0625),
        f(-0.8125, -5.875, -1.175_494_4e-38),
    );
    let needle = Triangle::new(
        f(-144_747.95, 7.125, 3.0),
        f(1.1e-44, 0.0, 0.0),
        f(0.0, 0.0, 0.0),
    );
    let exact: f64 = 6.387_113_083_81e-5;
    let exact = exact as Real;
    let rounding = 4.0 * Real::EPSILON * 144_748.0;
    for k in [0, 2, 10, 20, 22] {
        let s = pow2(k);
        let a = Triangle::new(small.a * s, small.b * s, small.c * s);
        let b = Triangle::new(needle.a * s, needle.b * s, needle.c * s);
        assert!(a.intersects(&b) && b.intersects(&a), "2^{k}: apart");
        for c in [a.contact(&b), b.contact(&a)] {
            let c = c.unwrap_or_else(|| panic!("2^{k}: no contact"));
            assert!(
                (c.depth / s - exact).abs() <= rounding,
                "2^{k}: depth {}, exactly {exact}",
                c.depth / s
            );
            assert!(c.normal.z.abs() >= 0.999, "2^{k}: normal {}", c.normal);
        }
    }
}
