//! Convex polygon–convex polygon overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::shape::ConvexPolygon;

impl Intersects<ConvexPolygon> for ConvexPolygon {
    /// Whether the two convex polygons share a point. Exact: a corner of one lies in the other
    /// or two edges meet, by exact orientation signs (Shewchuk's adaptive predicates on the
    /// coordinates as given). Touching counts. A convex polygon of one point, or of collinear
    /// points, is that point or segment. `false` for invalid input (a convex polygon without
    /// points, a non-finite coordinate).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Intersects};
    /// use isect::math::Vec2;
    /// let a = ConvexPolygon::new(vec![Vec2::new(-2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(-2.0, 1.0)]);
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
