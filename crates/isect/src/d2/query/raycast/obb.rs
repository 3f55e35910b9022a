//! Ray casts against a obb.

use crate::d2::query::algo::cast::{cast_convex, ray_usable};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Obb, Ray};
use crate::math::Real;

impl RayCast for Obb {
    /// The entry point of the box, by clipping the ray's line with the half-planes of its corners' edges (Cyrus–Beck; the corners are rounded from the rotation first, as every 2D query of an `Obb` takes them); `t = 0` with `normal = −dir` from inside, boundary included. A flat box is a segment or a point. `None` for a miss and for invalid input.
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
