//! Convex polygon–convex polygon distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::ConvexPolygon;

impl Distance<ConvexPolygon> for ConvexPolygon {
    /// A closest pair, `a` on `self` and `b` on `other` (two convex polygons): a common point
    /// at distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// least distance from a corner of one to an edge of the other, where the distance between
    /// convex polygons that do not meet is attained. The distance is never 0 for shapes apart.
    /// A convex polygon of one point, or of collinear points, is that point or segment.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a convex
    /// polygon without points, a non-finite coordinate).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Distance};
    /// use isect::math::Vec2;
    /// let a = ConvexPolygon::new(vec![Vec2::new(-2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(-2.0, 1.0)]);
    /// let b = ConvexPolygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0)]); // touches `a` at the origin
    /// let apart = ConvexPolygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(3.0, 1.0)]);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &ConvexPolygon) -> ClosestPoints {
        convex_closest_points(self, other)
    }
}
