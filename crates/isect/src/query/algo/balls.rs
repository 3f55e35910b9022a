//! Balls: a point two overlapping balls share, for the contact and common points of every shape
//! that is a core rounded by a radius (spheres, capsules, and the rounded cores of the sweeps),
//! and a ball around a set of points.

use crate::math::{Real, Vec3};

/// The middle of the stretch of the line through `a` and `b` that both balls `(a, ra)` and
/// `(b, rb)` cover (for balls that overlap: a point of both); `a` when the centers coincide.
///
/// Measured from `b` towards `a`, ball `b` covers `[−rb, rb]` and ball `a` covers
/// `[d − ra, d + ra]` for `d = |a − b|`.
#[inline]
pub(crate) fn ball_overlap_middle(a: Vec3, ra: Real, b: Vec3, rb: Real) -> Vec3 {
    let d = crate::query::algo::scale::distance(a, b);
    if !(d > 0.0) {
        return a;
    }
    let low = (-rb).max(d - ra);
    let high = rb.min(d + ra);
    b + (a - b) * (((low + high) * 0.5) / d)
}

/// A ball around `points` (not the smallest): the middle of their box and the largest distance
/// from it. The quick bounds of the shape–mesh sweeps and distances.
#[inline]
#[cfg(feature = "alloc")]
pub(crate) fn corners_ball(points: &[Vec3]) -> (Vec3, Real) {
    let (lo, hi) = points
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
    let center = (lo + hi) * 0.5;
    let r2 = points
        .iter()
        .fold(0.0, |r2: Real, &p| r2.max(p.distance_squared(center)));
    (center, crate::ops::sqrt(r2))
}
