//! `Sweep` (first and last time of contact of two moving shapes) per pair of shapes, one file
//! per pair named `<a>_<b>.rs` in the same shape order as the overlap files; each file ends with
//! the mirror line `mirror_sweep!(A, B);` for the other order.
//!
//! Every routine works with the motion of `self` relative to `other`, `motion - other_motion`,
//! and reports times on the normalized interval `[0, 1]`.

mod aabb_aabb;
mod aabb_plane;
mod capsule_plane;
mod obb_plane;
mod sphere_plane;
mod sphere_sphere;

use crate::math::{Real, Vec3};
use crate::query::SweepHit;
use crate::shape::Plane;

/// The times in `[0, 1]` at which `|s0 + k t| <= r`: a shape whose center starts at signed
/// distance `s0` from a plane, moves towards its front at `k` per unit time and reaches `r` to
/// either side of its center along the plane's normal touches the plane exactly then. `None`
/// when that never happens within `[0, 1]`.
#[inline]
fn slab_times(s0: Real, k: Real, r: Real) -> Option<(Real, Real)> {
    if k == 0.0 {
        return (s0.abs() <= r).then_some((0.0, 1.0));
    }
    let (ta, tb) = ((-r - s0) / k, (r - s0) / k);
    let (enter, exit) = if ta <= tb { (ta, tb) } else { (tb, ta) };
    let (first, last) = (enter.max(0.0), exit.min(1.0));
    (first <= last).then_some((first, last))
}

/// The sweep of a convex shape against a plane, given the shape's center, its extent `r` along
/// the plane's (unit) normal, and `support(dir)`: the offset from the center to the shape's
/// point furthest along `dir` (the center of the furthest face or edge when several points are
/// furthest, so that a flat contact is reported in its middle).
///
/// At `t_first` the reported point is the shape's point nearest the plane when they just
/// touch; when they already overlap there, the point where the segment from the center to that
/// nearest point crosses the plane, which lies in both. Both are projected onto the plane at
/// that time. The normal points from the plane to the side the shape's center is on; for a
/// center exactly on the plane, against the relative motion (or the plane's normal without
/// relative motion).
#[inline]
fn sweep_against_plane(
    center: Vec3,
    r: Real,
    support: impl Fn(Vec3) -> Vec3,
    motion: Vec3,
    plane: &Plane,
    plane_motion: Vec3,
) -> Option<SweepHit> {
    let n = plane.normal;
    let relative = motion - plane_motion;
    let k = n.dot(relative);
    let s0 = plane.signed_distance(center);
    let (t_first, t_last) = slab_times(s0, k, r)?;
    let center_t = center + motion * t_first;
    let d_t = plane.d + n.dot(plane_motion) * t_first;
    let s_t = n.dot(center_t) - d_t;
    // The side of the center; for a center on the plane, the side it came from.
    let side = if s_t > 0.0 || (s_t == 0.0 && k <= 0.0) {
        1.0
    } else {
        -1.0
    };
    let normal = n * side;
    let nearest = center_t + support(-normal);
    let lambda = if r > 0.0 {
        (s_t.abs() / r).min(1.0)
    } else {
        0.0
    };
    let p = center_t + (nearest - center_t) * lambda;
    let point = p - n * (n.dot(p) - d_t);
    Some(SweepHit {
        t_first,
        t_last,
        point,
        normal,
    })
}

/// `1` for positive `x`, `-1` for negative, `0` for zero: the support offset of a box along an
/// axis the direction is perpendicular to is the middle of the face.
#[inline]
fn sign_or_zero(x: Vec3) -> Vec3 {
    Vec3::select(x.cmpgt(Vec3::ZERO), Vec3::ONE, Vec3::ZERO)
        - Vec3::select(x.cmplt(Vec3::ZERO), Vec3::ONE, Vec3::ZERO)
}
