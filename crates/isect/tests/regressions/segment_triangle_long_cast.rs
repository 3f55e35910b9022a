//! Issue 24 (AFL `query_raycast`, s15): a triangle without area (corners `a`, `b`, `a`: the
//! segment from `(−4.0625, −4.0625, −4.0625)` to `(−4.6875, −3.0625, −4.0625)`) and the ray
//! from `(−4.0625, −3.6875, −4.0625)` along `(0, −2.5, 0)`, which passes through `a` at
//! `t = 0.15` exactly (rationals), cast with `max_t = Real::MAX`. The flat path clipped the
//! ray as the segment from its origin to its point at `max_t`, whose end overflowed (`2.5 ·
//! Real::MAX`): the segment's direction was infinite, its points NaN, and the cast missed at
//! scale 1 while at `4⁻⁵` (a direction of `2.4e-3`, whose end stayed finite) it hit. A range
//! whose end lies beyond the float range is now the ray, its parameter checked against
//! `max_t`.

use isect::{Ray, RayCast, Real, Triangle};

use super::{corner_orders, pow2};
use crate::common::v;

/// At scales `2⁻⁶⁰..=2⁶⁰`, in every corner order and for `max_t` of `Real::MAX`, its half,
/// `∞` and 1 (an end that overflows, one that does not at small scales, none, a short one): the
/// hit at `t = 0.15` (relative 1e-6) at corner `a`; `raycast_any` agrees; and the same ray
/// moved 0.25 along `x`, 0.25 from the segment, misses.
#[test]
fn segment_triangle_long_cast_hits_through_the_end() {
    let a = v(-4.0625, -4.0625, -4.0625);
    let b = v(-4.6875, -3.0625, -4.0625);
    let origin = v(-4.0625, -3.6875, -4.0625);
    let dir = v(0.0, -2.5, 0.0);
    for k in (-60..=60).step_by(4) {
        let s = pow2(k);
        for tri in corner_orders(&Triangle::new(a * s, b * s, a * s)) {
            for max_t in [Real::MAX, Real::MAX / 2.0, Real::INFINITY, 1.0] {
                let at = format!("2^{k}, {tri:?}, max_t {max_t}");
                let ray = Ray::new(origin * s, dir * s);
                let hit = tri.raycast(&ray, max_t).expect(&at);
                assert!((hit.t - 0.15).abs() <= 1e-6 * 0.15, "{at}: t {}", hit.t);
                assert!(
                    (hit.point - a * s).abs().max_element() <= 1e-6 * s,
                    "{at}: point {}",
                    hit.point
                );
                assert!(tri.raycast_any(&ray, max_t), "{at}");
                let aside = Ray::new((origin + v(0.25, 0.0, 0.0)) * s, dir * s);
                assert!(tri.raycast(&aside, max_t).is_none(), "{at}: aside");
                assert!(!tri.raycast_any(&aside, max_t), "{at}: aside");
            }
        }
    }
}
