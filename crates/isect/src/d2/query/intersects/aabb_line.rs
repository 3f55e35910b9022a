//! Box–line overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Aabb, Line};

impl Intersects<Line> for Aabb {
    /// Whether the box and the line share a point. The line meets an edge of the box or starts
    /// inside it, decided exactly by orientation signs. Touching counts. A flat box is its
    /// segment or point. `false` for invalid input (a non-finite coordinate, `min > max`, a
    /// zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Intersects, Line};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
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

mirror_intersects!(Aabb, Line);
