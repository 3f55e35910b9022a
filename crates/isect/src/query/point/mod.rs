//! `PointQuery` for every shape: closest point, distance and containment, one file per shape.

mod aabb;
mod capsule;
#[cfg(feature = "alloc")]
mod convex_hull;
mod frustum;
mod linear;
mod obb;
mod plane;
mod sphere;
mod triangle;
#[cfg(feature = "alloc")]
mod trimesh;

use crate::math::{Real, Vec3};
use crate::ops;

/// Whether `q`, the closest point to `p`, is within `tolerance` of it: compared squared, without
/// a square root, unless the squared tolerance overflows.
#[inline]
pub(super) fn within(p: Vec3, q: Vec3, tolerance: Real) -> bool {
    let dd = p.distance_squared(q);
    let tt = tolerance * tolerance;
    if tt.is_finite() {
        dd <= tt
    } else {
        dd.is_finite() && ops::sqrt(dd) <= tolerance
    }
}

/// The distance from a point at squared distance `dd` from a ball's center (or a capsule's core)
/// to the ball of radius `r`: 0 when `dd <= r²`, and positive otherwise, also just outside where
/// `√dd − r` rounds to 0 — then `(dd − r²) / (√dd + r)`, the same gap without the cancellation.
/// So the distance is 0 exactly when the (exact, squared) containment test holds.
#[inline]
pub(super) fn gap_beyond_radius(dd: Real, r: Real) -> Real {
    let rr = r * r;
    if dd <= rr {
        return 0.0;
    }
    let d = ops::sqrt(dd);
    let gap = d - r;
    if gap > 0.0 { gap } else { (dd - rr) / (d + r) }
}
