//! Convex polygon–polygon distance and closest points.

use crate::d2::query::algo::polygon::polygon_convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{ConvexPolygon, Polygon};

impl Distance<Polygon> for ConvexPolygon {
    /// A closest pair, `a` on the convex polygon and `b` on the polygon: a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// best over the polygon's edges of their distance to the convex polygon. The distance is
    /// never 0 for shapes apart. A convex polygon of one point, or of collinear points, is that
    /// point or segment. [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid
    /// input (a convex polygon without points, a non-finite coordinate).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Distance, Polygon};
    /// use isect::math::Vec2;
    /// let a = ConvexPolygon::new(vec![Vec2::new(-2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(-2.0, 1.0)]);
    /// let b = Polygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap(); // touches `a` at the origin
    /// let apart = Polygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Polygon) -> ClosestPoints {
        polygon_convex_closest_points(other, self).swapped()
    }
}

mirror_distance!(ConvexPolygon, Polygon);
