//! Box–ray overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Aabb, Ray};

impl Intersects<Ray> for Aabb {
    /// Whether the box and the ray share a point. The ray meets an edge of the box or starts
    /// inside it, decided exactly by orientation signs. Touching counts. A flat box is its
    /// segment or point. `false` for invalid input (a non-finite coordinate, `min > max`, a
    /// zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Intersects, Ray};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
    /// let b = Ray::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0)); // touches `a` at the origin
    /// let apart = Ray::new(Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        convex_linear_meets(self, other)
    }
}

mirror_intersects!(Aabb, Ray);
