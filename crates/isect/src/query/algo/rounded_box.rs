//! A ray against a box rounded by a radius (the Minkowski sum of a box and a ball): the sweep of
//! a sphere against a box is this ray cast from the sphere's center (Ericson §5.5.7).

use crate::math::{Real, Vec3};
use crate::query::{RayCast, RayHit};
use crate::shape::{Aabb, Capsule, Ray};

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
    let mut best: Option<RayHit> = None;
    for axis in 0..3 {
        // An edge along `axis` belongs to the region when both other axes are beyond.
        let others_beyond = (0..3).filter(|&k| k != axis).all(|k| beyond.test(k));
        if !others_beyond {
            continue;
        }
        let (mut a, mut b) = (corner, corner);
        a[axis] = -half[axis];
        b[axis] = half[axis];
        if let Some(h) = Capsule::new(a, b, r).raycast(ray, max_t) {
            if best.is_none_or(|x| h.t < x.t) {
                best = Some(h);
            }
        }
    }
    best
}
