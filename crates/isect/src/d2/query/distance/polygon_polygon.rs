//! Polygon–polygon distance and closest points.

use crate::d2::query::algo::polygon::closest_polygon;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::Polygon;

impl Distance<Polygon> for Polygon {
    /// A closest pair, `a` on `self` and `b` on `other` (two polygons): a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// best pair of edges (`O(n·m)`). The distance is never 0 for shapes apart.
    ///
    /// ```
    /// use isect::d2::{Distance, Polygon};
    /// use isect::math::Vec2;
    /// let a = Polygon::new(vec![Vec2::new(-2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(-1.0, 1.0), Vec2::new(-1.0, 0.0), Vec2::new(-2.0, 0.0)]).unwrap();
    /// let b = Polygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap(); // touches `a` at the origin
    /// let apart = Polygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Polygon) -> ClosestPoints {
        closest_polygon(self, other)
    }
}
