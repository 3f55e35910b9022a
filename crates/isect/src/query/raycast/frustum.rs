//! Ray casts against a frustum (any six half-spaces): the ray's parameter interval clipped by
//! each plane in turn (Cyrus–Beck; Ericson, *Real-Time Collision Detection*, §5.3.8). The hit is
//! the interval's start and its normal the plane that set it. A plane at infinity (what
//! [`Frustum::from_matrix`] leaves for an infinite far plane: a copy of the opposite plane) clips
//! nothing, so unbounded frusta work.

use crate::math::Real;
use crate::query::algo::scale::rescale;
use crate::query::raycast::{Clip, cast_usable, start_inside};
use crate::query::{PointQuery, RayCast, RayHit};
use crate::shape::{Frustum, Ray};

impl Frustum {
    /// The ray's interval in `[lo, hi]` inside the frustum; `None` when empty.
    #[inline]
    pub(crate) fn clip_interval(
        &self,
        origin: crate::math::Vec3,
        dir: crate::math::Vec3,
        lo: Real,
        hi: Real,
    ) -> Option<Clip> {
        let mut clip = Clip::new(lo, hi);
        for (i, plane) in self.planes.iter().enumerate() {
            if !clip.clip(i, plane, origin, dir) {
                return None;
            }
        }
        Some(clip)
    }

    fn cast(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        if !(self.is_usable() && cast_usable(ray, max_t)) {
            return None;
        }
        let inside = self.contains_point(ray.origin);
        if inside && !surface {
            return Some(start_inside(ray));
        }
        if inside {
            // On a face: t = 0 there. Otherwise the exit.
            if let Some(plane) = self
                .planes
                .iter()
                .find(|p| p.signed_distance(ray.origin) == 0.0)
            {
                return Some(RayHit {
                    t: 0.0,
                    point: ray.origin,
                    normal: plane.normal,
                });
            }
            let clip = self.clip_interval(ray.origin, ray.dir, 0.0, Real::INFINITY)?;
            if !(clip.hi <= max_t) || clip.exit == usize::MAX {
                return None;
            }
            return Some(RayHit {
                t: clip.hi,
                point: ray.point_at(clip.hi),
                normal: self.planes[clip.exit].normal,
            });
        }
        let clip = self.clip_interval(ray.origin, ray.dir, 0.0, max_t)?;
        // Outside, some plane has the origin in front and must be entered through: `enter` is
        // set (a ray that only grazed would have been emptied).
        let normal = match self.planes.get(clip.enter) {
            Some(plane) => plane.normal,
            None => super::against(ray),
        };
        Some(RayHit {
            t: clip.lo,
            point: ray.point_at(clip.lo),
            normal,
        })
    }
}

impl RayCast for Frustum {
    /// The entry point and the normal of the plane entered through; `t = 0` with `normal =
    /// −dir` from inside (boundary included). `None` for invalid input and for a frustum with
    /// no points.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        self.cast(ray, max_t, false)
    }

    /// The first point of the boundary: the entry from outside, the exit from inside (`None`
    /// when the ray never leaves an unbounded frustum), `t = 0` from a point of a face.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        self.cast(ray, max_t, true)
    }
}
