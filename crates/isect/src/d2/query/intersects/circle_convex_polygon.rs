//! Circle–convex polygon overlap.

use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Circle, ConvexPolygon};

impl Intersects<ConvexPolygon> for Circle {
    /// Whether the circle and the convex polygon share a point. The cores (a point, a segment
    /// or the polygon itself) meet exactly, or the squared distance between them is within the
    /// square of the summed radii. Touching counts. A circle of radius 0 is its center; a
    /// convex polygon of one point, or of collinear points, is that point or segment. `false`
    /// for invalid input (a non-finite coordinate, a negative radius, a convex polygon without
    /// points).
    ///
    /// ```
    /// use isect::d2::{Circle, ConvexPolygon, Intersects};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = ConvexPolygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0)]); // touches `a` at the origin
    /// let apart = ConvexPolygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(3.0, 1.0)]);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &ConvexPolygon) -> bool {
        convex_meets(self, other)
    }
}

mirror_intersects!(Circle, ConvexPolygon);
