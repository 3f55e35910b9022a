//! Segment–segment overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::linear::linear_meets;
use crate::d2::shape::Segment;

impl Intersects<Segment> for Segment {
    /// Whether the two segments share a point. Exact, by the signs of cross products of the
    /// inputs (Shewchuk's adaptive predicates; Cramer's rule for where the carriers cross,
    /// without dividing): no tolerance, unlike in 3D, because two linear sets in the plane
    /// cross generically. Touching counts. A zero-length segment is a point. `false` for
    /// invalid input (a non-finite coordinate).
    ///
    /// ```
    /// use isect::d2::{Intersects, Segment};
    /// use isect::math::Vec2;
    /// let a = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(0.0, 0.0));
    /// let b = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0)); // touches `a` at the origin
    /// let apart = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        linear_meets(self, other)
    }
}
