//! Ray casts against a plane: `t = (d − n · origin) / (n · dir)` (Ericson, *Real-Time Collision
//! Detection*, §5.3.1). The plane is a surface: two-sided, with the normal facing the ray's side,
//! and [`Plane::raycast_front`] for the one-sided cast that games use.

use crate::math::Real;
use crate::query::PointQuery;
use crate::query::algo::scale::{ldexp, normal_dot_dir, rescale};
use crate::query::raycast::{cast_valid, checked};
use crate::query::{RayCast, RayHit};
use crate::shape::{Plane, Ray};

impl Plane {
    /// The cast, with the input validated only when there is a hit (see `checked`).
    #[inline]
    fn cast(&self, ray: &Ray, max_t: Real, front_only: bool) -> Option<RayHit> {
        checked(self.cast_unchecked(ray, max_t, front_only), || {
            cast_valid(ray, max_t, [self.normal], [self.d])
                && self.normal != crate::math::Vec3::ZERO
        })
    }

    #[inline]
    fn cast_unchecked(&self, ray: &Ray, max_t: Real, front_only: bool) -> Option<RayHit> {
        let s = self.signed_distance(ray.origin);
        let (den, k) = normal_dot_dir(self.normal, ray.dir);
        if front_only && !(den < 0.0) {
            return None;
        }
        let normal = if den > 0.0 { -self.normal } else { self.normal };
        let t = if s == 0.0 {
            0.0
        } else if den == 0.0 {
            // Parallel: in the plane (within its tolerance) from the start, or never.
            if !self.contains_point(ray.origin) {
                return None;
            }
            0.0
        } else {
            ldexp(-s / den, k)
        };
        // An infinite `t` is a crossing beyond the largest finite parameter: no hit.
        if !(t >= 0.0 && t <= max_t && t < Real::INFINITY) {
            return None;
        }
        let point = ray.point_at(t);
        // Onto the plane: the rounding of `origin + t dir` moved it off by up to |point| ulps.
        let point = point - self.normal * self.signed_distance(point);
        Some(RayHit { t, point, normal })
    }

    /// The one-sided (back-face culled) cast: a hit only for a ray travelling from the front
    /// towards the back (`normal · dir < 0`), at the same point as [`RayCast::raycast`], with
    /// `normal` the plane's. `None` for rays parallel to the plane or leaving its front, and
    /// for invalid input.
    ///
    /// ```
    /// use isect::{Plane, Ray, math::Vec3};
    /// let ground = Plane::new(Vec3::Y, 0.0);
    /// let down = Ray::new(Vec3::new(1.0, 5.0, 0.0), -Vec3::Y);
    /// assert_eq!(ground.raycast_front(&down, 10.0).unwrap().t, 5.0);
    /// let up = Ray::new(Vec3::new(1.0, -5.0, 0.0), Vec3::Y);
    /// assert!(ground.raycast_front(&up, 10.0).is_none());
    /// ```
    #[must_use]
    pub fn raycast_front(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.cast(ray, max_t, true)
    }
}

impl RayCast for Plane {
    /// Where the ray meets the plane, from either side; the normal faces the side the ray comes
    /// from. A ray starting on the plane hits at `t = 0`; a ray parallel to it hits at `t = 0`
    /// when its origin is on the plane (within
    /// [`on_set_tolerance`](crate::math::on_set_tolerance)) and never otherwise. `None` where the
    /// crossing's `t` is beyond the largest finite value, and for invalid input.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        self.cast(ray, max_t, false)
    }

    /// The same as [`RayCast::raycast`]: a plane has no inside.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        self.cast(ray, max_t, false)
    }
}
