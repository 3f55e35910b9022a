//! Oriented box–line overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Line, Obb};

impl Intersects<Line> for Obb {
    /// Whether the oriented box and the line share a point. The line meets an edge of the
    /// oriented box or starts inside it, decided exactly by orientation signs. Touching counts.
    /// A flat oriented box is its segment or point. `false` for invalid input (a non-finite
    /// coordinate, negative half extents, a zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Line, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
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

mirror_intersects!(Obb, Line);
