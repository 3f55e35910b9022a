//! Line–line distance and closest points.

use crate::d2::query::algo::linear::linear_closest_points;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::Line;

impl Distance<Line> for Line {
    /// A closest pair, `a` on `self` and `b` on `other` (two lines): a common point at distance
    /// 0 exactly when they intersect (the decision of `Intersects`), otherwise the pair from a
    /// finite end of one to its closest point on the other: in the plane, two linear sets that
    /// do not meet come closest at an end (or anywhere, for two parallel lines). The distance
    /// is never 0 for shapes apart. Sets crossing beyond the float range (nearly parallel, far
    /// out) have that common point with its overflowing coordinates `±∞`, the others right.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for
    /// invalid input (a non-finite coordinate, a zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Distance, Line};
    /// use isect::math::Vec2;
    /// let a = Line::new(Vec2::new(0.0, 0.0), Vec2::Y);
    /// let b = Line::new(Vec2::new(0.0, 0.0), Vec2::Y); // the same line
    /// let apart = Line::new(Vec2::new(1.0, 0.0), Vec2::Y);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Line) -> ClosestPoints {
        linear_closest_points(self, other)
    }
}
