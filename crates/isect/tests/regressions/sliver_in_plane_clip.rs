//! Issue 24 (AFL `query_raycast`, s15): slivers 1.9e11 and 1.8e13 long and 1e-18 wide, and rays
//! 5.25 and 6.36 from them (rationals), well within `f32`'s on-set tolerance of triangles that
//! long (1.6e6, 1.5e8), so a hit may be reported, but only where the ray is within that
//! tolerance of the triangle. At one scale the watertight test's `det` cancelled to 0 and the
//! in-plane clip ran, whose two long edges are parallel to within the rounding of its products:
//! it entered the first sliver 2e12 beyond its far corner (`t = 2.1e20`; the other scale hit
//! at the origin) and the second 21000 below its plane (the ray crosses the plane steeply; its
//! `det` was 0 only by cancellation). A clip whose point is not on the triangle within a few
//! tolerances now casts against the segment the sliver nearly is.

#![allow(
    clippy::excessive_precision,
    clippy::unreadable_literal,
    reason = "the inputs written exactly as the f32 values found, which f64 reads unchanged"
)]

use isect::math::{Vec3, on_set_tolerance};
use isect::{PointQuery, Ray, RayCast, Real, Triangle};

use super::{corner_orders, f, pow2};
use crate::common::flat_reference::wide;

/// At scales `2⁻⁴⁰..=2⁴⁰`, every corner order: a hit's point lies within twice the on-set
/// tolerance of the triangle; where the exact distance exceeds twice that tolerance (in `f64`),
/// there is no hit; `raycast_any` agrees with `raycast`.
fn hits_only_within_tolerance(
    corners: [Vec3; 3],
    (origin, dir, max_t): (Vec3, Vec3, Real),
    exact: f64,
) {
    for k in (-40..=40).step_by(2) {
        let s = pow2(k);
        let ray = Ray::new(origin * s, dir * s);
        let [a, b, c] = corners.map(|p| p * s);
        for tri in corner_orders(&Triangle::new(a, b, c)) {
            let at = format!("2^{k}, {tri:?}");
            let tolerance = on_set_tolerance([ray.origin, tri.a, tri.b, tri.c]);
            let hit = tri.raycast(&ray, max_t);
            assert_eq!(hit.is_some(), tri.raycast_any(&ray, max_t), "{at}");
            if let Some(hit) = hit {
                let p = ray.point_at(hit.t);
                let d = tri.distance_to_point(p);
                assert!(
                    d <= 2.0 * tolerance,
                    "{at}: hit at t {} is {d} from the triangle (tolerance {tolerance})",
                    hit.t
                );
            }
            if exact * wide(s) > 2.0 * wide(tolerance) {
                assert!(hit.is_none(), "{at}: {hit:?}");
            }
        }
    }
}

#[test]
fn sliver_in_plane_clip_stays_on_the_sliver() {
    hits_only_within_tolerance(
        [
            f(1.4785399534024231e-18, 0.0, 0.0),
            f(0.0, 0.0, 0.0),
            f(
                1.0372376735290345e-08,
                191336267776.0,
                1.037283592353333e-08,
            ),
        ],
        (
            f(1.1920928955078125e-07, 1.0625, -5.25),
            f(0.0, 1.0372376735290345e-08, -0.0),
            Real::INFINITY,
        ),
        5.25,
    );
}

#[test]
fn sliver_crossed_steeply_is_not_clipped_in_plane() {
    hits_only_within_tolerance(
        [
            f(2.365663925443877e-17, 0.0, 0.0),
            f(0.0, 0.0, 0.0),
            f(
                1.0372376735290345e-08,
                17800020099072.0,
                -9.532814567293855e-15,
            ),
        ],
        (
            f(-4.5, -4.5, 1.0919337000814267e-05),
            f(1.7061464063772291e-07, 2.5, -3388.076171875),
            2.109877861843961e+38,
        ),
        6.363960159,
    );
}
