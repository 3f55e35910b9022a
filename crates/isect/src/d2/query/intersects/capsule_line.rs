//! Capsule–line overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Capsule, Line};

impl Intersects<Line> for Capsule {
    /// Whether the capsule and the line share a point. The line meets the capsule's core
    /// exactly (by orientation signs), or their squared distance is within the squared radius.
    /// Touching counts. A capsule of radius 0 is its core segment, one with a zero-length core
    /// a circle. `false` for invalid input (a non-finite coordinate, a negative radius, a zero
    /// `dir`).
    ///
    /// ```
    /// use isect::d2::{Capsule, Intersects, Line};
    /// use isect::math::Vec2;
    /// let a = Capsule::new(Vec2::new(-3.0, 0.0), Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Line::new(Vec2::new(0.0, 0.0), Vec2::Y); // touches `a` at the origin
    /// let apart = Line::new(Vec2::new(1.0, 0.0), Vec2::Y);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Line) -> bool {
        convex_linear_meets(self, other)
    }
}

mirror_intersects!(Capsule, Line);
