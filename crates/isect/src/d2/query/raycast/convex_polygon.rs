//! Ray casts against a convex polygon.

use crate::d2::query::algo::cast::{cast_convex, ray_usable};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{ConvexPolygon, Ray};
use crate::math::Real;
use crate::query::algo::scale::settled;

impl RayCast for ConvexPolygon {
    /// The entry point of the polygon, by clipping the ray's line with its edges' half-planes
    /// (Cyrus–Beck); `t = 0` with `normal = −dir` from inside, boundary included. A polygon of
    /// one or two distinct points is that point or segment. `None` for a miss and for invalid
    /// input.
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Ray, RayCast};
    /// use isect::math::Vec2;
    /// let diamond = ConvexPolygon::new(vec![
    ///     Vec2::new(1.0, 0.0), Vec2::new(2.0, 1.0), Vec2::new(1.0, 2.0), Vec2::new(0.0, 1.0),
    /// ]);
    /// let hit = diamond.raycast(&Ray::new(Vec2::new(-2.0, 1.0), Vec2::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.point), (2.0, Vec2::new(0.0, 1.0)));
    /// ```
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
