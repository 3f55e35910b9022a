//! Box–box overlap.

use crate::d2::query::Intersects;
use crate::d2::shape::Aabb;

impl Intersects<Aabb> for Aabb {
    /// Whether the boxes share a point: their intervals overlap on both axes, exact
    /// comparisons (Ericson, *Real-Time Collision Detection*, §4.2.1). Touching counts; flat
    /// boxes are their segments or points. `false` for invalid input (a non-finite coordinate,
    /// `min > max`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Intersects};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
    /// let b = Aabb::new(Vec2::new(0.0, -1.0), Vec2::new(2.0, 1.0)); // touches `a` at the origin
    /// let apart = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(3.0, 1.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        self.is_usable()
            && other.is_usable()
            && self.min.cmple(other.max).all()
            && other.min.cmple(self.max).all()
    }
}
