//! `RayCast` for a [`Polyline`] and [`Polyline::raycast_segment`]: a closest-first walk of the
//! BVH that prunes every node the ray enters beyond the best hit so far, each candidate cast
//! with the segment cast of `algo/cast.rs`. A polyline has no inside: its solid and surface
//! casts agree, and the normal faces the ray.

use crate::query::algo::scale::settled;
use core::cell::Cell;

use crate::d2::query::algo::cast::{cast_segment, ray_usable};
use crate::d2::query::{PolylineHit, RayCast, RayHit};
use crate::d2::shape::{Polyline, Ray, slab_entry};
use crate::math::{Real, Vec2};

impl Polyline {
    /// The first segment along `ray` with `0 <= t <= max_t` and where: the hit's `t`, the
    /// segment's index, the point and the segment's unit normal facing the ray (against the ray
    /// where it runs along the segment). A ray through a vertex shared by several segments hits
    /// at that `t` once, on the segment of lowest index; a ray starting on a segment hits at
    /// `t = 0`; a zero-length segment is its point. `None` for a miss and for invalid input
    /// (a zero or non-finite `dir`, a non-finite origin, a NaN or negative `max_t`).
    ///
    /// ```
    /// use isect::d2::{Polyline, Ray};
    /// use isect::math::Vec2;
    /// // A V: the ray down the middle hits the shared vertex, on segment 0.
    /// let v = Polyline::chain(vec![Vec2::new(-1.0, 1.0), Vec2::ZERO, Vec2::new(1.0, 1.0)]).unwrap();
    /// let hit = v.raycast_segment(&Ray::new(Vec2::new(0.0, 3.0), Vec2::new(0.0, -2.0)), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.segment, hit.point), (1.5, 0, Vec2::ZERO));
    /// assert!(v.raycast_segment(&Ray::new(Vec2::new(0.0, 3.0), Vec2::Y), 10.0).is_none());
    /// ```
    #[must_use]
    pub fn raycast_segment(&self, ray: &Ray, max_t: Real) -> Option<PolylineHit> {
        if !ray_usable(ray, max_t) {
            return None;
        }
        let best: Cell<Option<PolylineHit>> = Cell::new(None);
        self.walk(
            |n| {
                let limit = best.get().map_or(max_t, |b| b.t);
                slab_entry(n, Vec2::ZERO, ray.origin, ray.dir, limit)
            },
            |i| {
                let s = self.segment(i);
                let limit = best.get().map_or(max_t, |b| b.t);
                let better = |h: &RayHit| {
                    best.get()
                        .is_none_or(|b| h.t < b.t || (h.t == b.t && i < b.segment))
                };
                if let Some(h) = cast_segment(s.a, s.b, ray, limit).filter(better) {
                    best.set(Some(PolylineHit {
                        t: h.t,
                        segment: i,
                        point: h.point,
                        normal: h.normal,
                    }));
                }
                false
            },
        );
        settled(self, best.get(), ray, max_t, Self::raycast_segment)
    }
}

impl RayCast for Polyline {
    /// The first point of a segment along `ray`, as [`Polyline::raycast_segment`]; the
    /// polyline has no inside, so a ray hits at `t = 0` only from a point of a segment.
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast_segment(ray, max_t).map(|h| RayHit {
            t: h.t,
            point: h.point,
            normal: h.normal,
        })
    }

    /// The same as [`raycast`](Self::raycast): the polyline is all surface.
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast(ray, max_t)
    }
}
