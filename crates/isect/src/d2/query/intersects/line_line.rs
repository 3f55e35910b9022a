//! Line–line overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::linear::linear_meets;
use crate::d2::shape::Line;

impl Intersects<Line> for Line {
    /// Whether the two lines share a point. Exact, by the signs of cross products of the inputs
    /// (Shewchuk's adaptive predicates; Cramer's rule for where the carriers cross, without
    /// dividing): no tolerance, unlike in 3D, because two linear sets in the plane cross
    /// generically. Touching counts. `false` for invalid input (a non-finite coordinate, a zero
    /// `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Line};
    /// use isect::math::Vec2;
    /// let a = Line::new(Vec2::new(0.0, 0.0), Vec2::Y);
    /// let b = Line::new(Vec2::new(0.0, 0.0), Vec2::Y); // the same line
    /// let apart = Line::new(Vec2::new(1.0, 0.0), Vec2::Y);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Line) -> bool {
        linear_meets(self, other)
    }
}
