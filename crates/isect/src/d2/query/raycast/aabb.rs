//! Ray casts against an axis-aligned box, by slabs.

use crate::d2::query::algo::cast::{against, cast_convex, hit, ray_usable, start_inside};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Aabb, Ray};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::settled;

/// The entry and exit parameters of the ray's line through the slabs of a box with positive
/// area, and the axes (0: x, 1: y) that set them (Kay and Kajiya's slabs; Ericson §5.3.3). A
/// `dir` coordinate of 0 keeps the whole line or none of it, by the origin's coordinate.
#[inline]
fn slabs(b: &Aabb, ray: &Ray) -> Option<(Real, usize, Real, usize)> {
    let (mut lo, mut hi) = (Real::NEG_INFINITY, Real::INFINITY);
    let (mut axis_lo, mut axis_hi) = (0, 0);
    for axis in 0..2 {
        let (o, d) = (ray.origin[axis], ray.dir[axis]);
        let (min, max) = (b.min[axis], b.max[axis]);
        if d == 0.0 {
            if o < min || o > max {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((min - o) / d, (max - o) / d);
        let (near, far) = if d > 0.0 { (t0, t1) } else { (t1, t0) };
        if near > lo {
            lo = near;
            axis_lo = axis;
        }
        if far < hi {
            hi = far;
            axis_hi = axis;
        }
    }
    (lo <= hi).then_some((lo, axis_lo, hi, axis_hi))
}

/// The outward normal of the face on `axis` that a ray moving by `dir` crosses entering
/// (`exit == false`) or leaving.
#[inline]
fn face_normal(axis: usize, dir: Vec2, exit: bool) -> Vec2 {
    let mut n = Vec2::ZERO;
    let towards = dir[axis] > 0.0;
    n[axis] = if towards == exit { 1.0 } else { -1.0 };
    n
}

impl RayCast for Aabb {
    /// The entry point of the box, by slabs; `t = 0` with `normal = −dir` from inside (exact:
    /// `min <= origin <= max`), boundary included. A ray through a corner takes the normal of
    /// the face it crosses last. A flat box is a segment or a point. `None` for a miss and for
    /// invalid input.
    ///
    /// ```
    /// use isect::d2::{Aabb, Ray, RayCast};
    /// use isect::math::Vec2;
    /// let tile = Aabb::new(Vec2::new(2.0, -1.0), Vec2::new(4.0, 1.0));
    /// let hit = tile.raycast(&Ray::new(Vec2::ZERO, Vec2::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (2.0, Vec2::new(2.0, 0.0), -Vec2::X));
    /// assert!(tile.raycast(&Ray::new(Vec2::ZERO, Vec2::X), 1.5).is_none());
    /// ```
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !(ray_usable(ray, max_t) && self.is_usable()) {
            return None;
        }
        if self.min.cmpeq(self.max).any() {
            let hit = cast_convex(&self.as_convex()?, ray, max_t, false);
            return settled(self, hit, ray, max_t, Self::raycast);
        }
        if ray.origin.cmpge(self.min).all() && ray.origin.cmple(self.max).all() {
            return Some(start_inside(ray));
        }
        let (lo, axis, hi, _) = slabs(self, ray)?;
        if hi < 0.0 {
            return None;
        }
        let t = lo.max(0.0);
        let hit = (t <= max_t).then(|| hit(ray, t, face_normal(axis, ray.dir, false)));
        settled(self, hit, ray, max_t, Self::raycast)
    }

    /// The first point of the box's boundary along the ray: the entry from outside, the exit
    /// from inside, `t = 0` from a point of the boundary (normal outward in every case).
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !(ray_usable(ray, max_t) && self.is_usable()) {
            return None;
        }
        if self.min.cmpeq(self.max).any() {
            let hit = cast_convex(&self.as_convex()?, ray, max_t, true);
            return settled(self, hit, ray, max_t, Self::raycast_surface);
        }
        let o = ray.origin;
        if !(o.cmpge(self.min).all() && o.cmple(self.max).all()) {
            return self.raycast(ray, max_t);
        }
        // Inside or on the boundary: a face through the origin, else the exit.
        for axis in 0..2 {
            for (bound, sign) in [(self.min[axis], -1.0), (self.max[axis], 1.0)] {
                if o[axis] == bound {
                    let mut n = Vec2::ZERO;
                    n[axis] = sign;
                    return Some(hit(ray, 0.0, n));
                }
            }
        }
        let (_, _, hi, axis) = slabs(self, ray)?;
        let t = hi.max(0.0);
        let n = if hi.is_finite() {
            face_normal(axis, ray.dir, true)
        } else {
            against(ray)
        };
        let hit = (t <= max_t).then(|| hit(ray, t, n));
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
