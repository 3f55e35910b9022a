//! Ray–convex polygon distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_linear_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{ConvexPolygon, Ray};

impl Distance<ConvexPolygon> for Ray {
    /// A closest pair, `a` on the ray and `b` on the convex polygon: a common point at distance
    /// 0 exactly when they intersect (the decision of `Intersects`), otherwise the best over
    /// the convex polygon's edges (or its point) of their distance to the ray. The distance is
    /// never 0 for shapes apart. A convex polygon of one point, or of collinear points, is that
    /// point or segment. [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid
    /// input (a non-finite coordinate, a zero `dir`, a convex polygon without points).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Distance, Ray};
    /// use isect::math::Vec2;
    /// let a = Ray::new(Vec2::new(0.0, 0.0), Vec2::new(-1.0, 0.0));
    /// let b = ConvexPolygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0)]); // touches `a` at the origin
    /// let apart = ConvexPolygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(3.0, 1.0)]);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &ConvexPolygon) -> ClosestPoints {
        convex_linear_closest_points(other, self).swapped()
    }
}

mirror_distance!(Ray, ConvexPolygon);
