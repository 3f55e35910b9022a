//! Circle–segment overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Circle, Segment};

impl Intersects<Segment> for Circle {
    /// Whether the circle and the segment share a point. The segment meets the circle's core
    /// exactly (by orientation signs), or their squared distance is within the squared radius.
    /// Touching counts. A circle of radius 0 is its center; a zero-length segment is a point.
    /// `false` for invalid input (a non-finite coordinate, a negative radius).
    ///
    /// ```
    /// use isect::d2::{Circle, Intersects, Segment};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0)); // touches `a` at the origin
    /// let apart = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        convex_linear_meets(self, other)
    }
}

mirror_intersects!(Circle, Segment);
