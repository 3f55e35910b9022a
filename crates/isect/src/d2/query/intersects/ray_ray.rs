//! Ray–ray overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::linear::linear_meets;
use crate::d2::shape::Ray;

impl Intersects<Ray> for Ray {
    /// Whether the two rays share a point. Exact, by the signs of cross products of the inputs
    /// (Shewchuk's adaptive predicates; Cramer's rule for where the carriers cross, without
    /// dividing): no tolerance, unlike in 3D, because two linear sets in the plane cross
    /// generically. Touching counts. `false` for invalid input (a non-finite coordinate, a zero
    /// `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Ray};
    /// use isect::math::Vec2;
    /// let a = Ray::new(Vec2::new(0.0, 0.0), Vec2::new(-1.0, 0.0));
    /// let b = Ray::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0)); // touches `a` at the origin
    /// let apart = Ray::new(Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        linear_meets(self, other)
    }
}
