//! Ray casts against a capsule.

use crate::d2::query::algo::cast::{cast_convex, ray_usable};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Capsule, Ray};
use crate::math::Real;

impl RayCast for Capsule {
    /// The entry point of the capsule (its end discs and the rectangle between them, whose line intervals overlap); `t = 0` with `normal = −dir` from inside, boundary included. A capsule of radius 0 is its segment, one of zero length a circle. `None` for a miss and for invalid input.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, false))
            .flatten()
    }

    /// The first point of the boundary along the ray: the entry from outside, the exit from
    /// inside, `t = 0` from a point of the boundary (normal outward in every case).
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, true))
            .flatten()
    }
}
