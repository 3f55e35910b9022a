//! Ray casts against a disc.

use crate::d2::query::algo::cast::{cast_convex, ray_usable};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Circle, Ray};
use crate::math::Real;

impl RayCast for Circle {
    /// The entry point of the disc, by the stable quadratic (*Ray Tracing Gems*, ch. 7); `t = 0`
    /// with `normal = −dir` from inside, boundary included. A tangent ray hits at the point of
    /// tangency; a circle of radius 0 is a point, hit by rays through it (normal against the
    /// ray). `None` for a miss and for invalid input.
    ///
    /// ```
    /// use isect::d2::{Circle, Ray, RayCast};
    /// use isect::math::Vec2;
    /// let coin = Circle::new(Vec2::new(5.0, 0.0), 1.0);
    /// let hit = coin.raycast(&Ray::new(Vec2::ZERO, Vec2::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.normal), (4.0, -Vec2::X));
    /// // From inside: the solid is hit at once, its boundary on the way out.
    /// let inner = Ray::new(Vec2::new(5.0, 0.0), Vec2::X);
    /// assert_eq!(coin.raycast(&inner, 10.0).unwrap().t, 0.0);
    /// assert_eq!(coin.raycast_surface(&inner, 10.0).unwrap().t, 1.0);
    /// ```
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, false))
            .flatten()
    }

    /// The first point of the circle (the rim) along the ray: the entry from outside, the exit
    /// from inside, `t = 0` from a point of the rim (normal outward in every case).
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, true))
            .flatten()
    }
}
