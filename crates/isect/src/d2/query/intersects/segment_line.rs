//! Segment–line overlap.

use crate::d2::query::algo::linear::linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Line, Segment};

impl Intersects<Line> for Segment {
    /// Whether the segment and the line share a point. Exact, by the signs of cross products of
    /// the inputs (Shewchuk's adaptive predicates; Cramer's rule for where the carriers cross,
    /// without dividing): no tolerance, unlike in 3D, because two linear sets in the plane
    /// cross generically. Touching counts. A zero-length segment is a point. `false` for
    /// invalid input (a non-finite coordinate, a zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Line, Segment};
    /// use isect::math::Vec2;
    /// let a = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(0.0, 0.0));
    /// let b = Line::new(Vec2::new(0.0, 0.0), Vec2::Y); // touches `a` at the origin
    /// let apart = Line::new(Vec2::new(1.0, 0.0), Vec2::Y);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Line) -> bool {
        linear_meets(self, other)
    }
}

mirror_intersects!(Segment, Line);
