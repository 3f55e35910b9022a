//! Rays against shapes rounded by a radius (Minkowski sums with a ball): a box, and a flat
//! convex polygon. The sweep of a sphere against a box or a triangle, and of two capsules, is
//! such a cast (Ericson §5.5.6–5.5.7).

use crate::math::{Real, Vec3};
use crate::query::sweep::{WIDE, reaches_capsule};
use crate::query::{RayCast, RayHit};
use crate::shape::{Aabb, Capsule, Ray, Triangle};

/// The first point of the box `[-half, half]` rounded by `r` along `ray` with `0 <= t <= max_t`
/// (a ray starting inside hits at `t = 0`, normal `-dir` normalized), with the outward normal.
///
/// The ray is cast against the box grown by `r` on every side; a hit in a face region (at most
/// one coordinate beyond the box) is the answer. Beyond two or three coordinates the hit is in
/// an edge or corner region, where the rounded box is a capsule around the edge (or the union of
/// the three capsules around the corner's edges): the ray is cast against those instead.
pub(crate) fn raycast_rounded_box(half: Vec3, r: Real, ray: &Ray, max_t: Real) -> Option<RayHit> {
    let grown = Aabb::new(-half - Vec3::splat(r), half + Vec3::splat(r));
    let hit = grown.raycast(ray, max_t)?;
    let p = hit.point;
    let beyond = p.abs().cmpgt(half);
    let count =
        usize::from(beyond.test(0)) + usize::from(beyond.test(1)) + usize::from(beyond.test(2));
    if count <= 1 {
        return Some(hit);
    }
    // The corner of the box nearest the hit point on the axes beyond it.
    let corner = Vec3::select(p.cmplt(Vec3::ZERO), -half, half);
    earliest((0..3).filter_map(|axis| {
        // An edge along `axis` belongs to the region when both other axes are beyond.
        let others_beyond = (0..3).filter(|&k| k != axis).all(|k| beyond.test(k));
        if !others_beyond {
            return None;
        }
        let (mut a, mut b) = (corner, corner);
        a[axis] = -half[axis];
        b[axis] = half[axis];
        Some(Capsule::new(a, b, r).raycast(ray, max_t))
    }))
}

/// The first point of the flat convex polygon `corners` (in order around it) rounded by `r`
/// along `ray` with `0 <= t <= max_t`, with the outward normal (Ericson §5.5.6: face, then
/// edges): the polygon moved by `r` along its normal towards the ray's origin (watertight
/// triangle tests of its fan), and when the ray misses that face, the first hit of the
/// capsules of radius `r` around its edges, which hold the corners' balls and the rounded
/// shape's side walls. A hit of the moved face from beyond it is the ray's entry into the
/// rounded shape (which lies within `r` of the polygon's plane, a convex set the ray enters
/// once), so the edges need no test then; from within `r` of the plane only an edge can be
/// entered first. A polygon without a normal (collinear corners) is its edges' capsules. A ray
/// starting inside the rounded shape is not reported at `t = 0` by this function: the callers
/// test containment first.
pub(crate) fn raycast_rounded_polygon(
    corners: &[Vec3],
    r: Real,
    ray: &Ray,
    max_t: Real,
) -> Option<RayHit> {
    let n = corners.len();
    let normal = (corners[1] - corners[0])
        .cross(corners[n - 1] - corners[0])
        .try_normalize();
    if let Some(normal) = normal {
        let height = normal.dot(ray.origin - corners[0]);
        let side: Real = if height > 0.0 { 1.0 } else { -1.0 };
        // When the ray reaches the moved face's plane: only within `[0, max_t]` can it enter.
        let reach = (height.abs() - r) / -(normal.dot(ray.dir) * side);
        if height.abs() > r && reach >= 0.0 && reach <= max_t * WIDE {
            let shift = normal * (r * side);
            let face = (1..n - 1).find_map(|i| {
                let face = Triangle::new(
                    corners[0] + shift,
                    corners[i] + shift,
                    corners[i + 1] + shift,
                );
                // The face hit's normal faces the ray; the outward normal is the side's.
                face.raycast(ray, max_t).map(|h| RayHit {
                    normal: normal * side,
                    ..h
                })
            });
            if face.is_some() {
                return face;
            }
        }
    }
    earliest((0..n).map(|i| {
        let (a, b) = (corners[i], corners[(i + 1) % n]);
        if !reaches_capsule(ray, max_t, a, b, r) {
            return None;
        }
        Capsule::new(a, b, r).raycast(ray, max_t)
    }))
}

/// The hit with the smallest `t` among `hits` (the first one on a tie).
#[inline]
fn earliest(hits: impl IntoIterator<Item = Option<RayHit>>) -> Option<RayHit> {
    hits.into_iter()
        .flatten()
        .min_by(|a, b| a.t.total_cmp(&b.t))
}
