//! Box–line distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_linear_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Aabb, Line};

impl Distance<Line> for Aabb {
    /// A closest pair, `a` on the box and `b` on the line: a common point at distance 0 exactly
    /// when they intersect (the decision of `Intersects`), otherwise the best over the box's
    /// edges (or its point) of their distance to the line. The distance is never 0 for shapes
    /// apart. A flat box is its segment or point.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, `min > max`, a zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Distance, Line};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
    /// let b = Line::new(Vec2::new(0.0, 0.0), Vec2::Y); // touches `a` at the origin
    /// let apart = Line::new(Vec2::new(1.0, 0.0), Vec2::Y);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Line) -> ClosestPoints {
        convex_linear_closest_points(self, other)
    }
}

mirror_distance!(Aabb, Line);
