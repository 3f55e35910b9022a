//! Ray casts against a triangle.

use crate::d2::query::algo::cast::{cast_convex, ray_usable};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Ray, Triangle};
use crate::math::Real;
use crate::query::algo::scale::settled;

impl RayCast for Triangle {
    /// The entry point of the triangle (either winding), by clipping the ray's line with its edges' half-planes (Cyrus–Beck); `t = 0` with `normal = −dir` from inside, boundary included. A collinear triangle is the segment between its extreme corners. `None` for a miss and for invalid input.
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        let hit = ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, false))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast)
    }

    /// The first point of the boundary along the ray: the entry from outside, the exit from
    /// inside, `t = 0` from a point of the boundary (normal outward in every case).
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        let hit = ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, true))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
