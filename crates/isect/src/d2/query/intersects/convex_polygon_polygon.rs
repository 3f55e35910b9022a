//! Convex polygon–polygon overlap.

use crate::d2::query::algo::polygon::polygon_convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{ConvexPolygon, Polygon};

impl Intersects<Polygon> for ConvexPolygon {
    /// Whether the convex polygon and the polygon share a point. Through the polygon's edges:
    /// the convex polygon meets one of them, or lies inside the polygon (its first point does,
    /// by the crossings test). Exact for shapes without a radius. Touching counts. A convex
    /// polygon of one point, or of collinear points, is that point or segment. `false` for
    /// invalid input (a convex polygon without points, a non-finite coordinate).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Intersects, Polygon};
    /// use isect::math::Vec2;
    /// let a = ConvexPolygon::new(vec![Vec2::new(-2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(-2.0, 1.0)]);
    /// let b = Polygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap(); // touches `a` at the origin
    /// let apart = Polygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Polygon) -> bool {
        polygon_convex_meets(other, self)
    }
}

mirror_intersects!(ConvexPolygon, Polygon);
