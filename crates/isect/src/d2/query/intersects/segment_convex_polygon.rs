//! Segment–convex polygon overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{ConvexPolygon, Segment};

impl Intersects<ConvexPolygon> for Segment {
    /// Whether the segment and the convex polygon share a point. The segment meets an edge of
    /// the convex polygon or starts inside it, decided exactly by orientation signs. Touching
    /// counts. A zero-length segment is a point; a convex polygon of one point, or of collinear
    /// points, is that point or segment. `false` for invalid input (a non-finite coordinate, a
    /// convex polygon without points).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Intersects, Segment};
    /// use isect::math::Vec2;
    /// let a = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(0.0, 0.0));
    /// let b = ConvexPolygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0)]); // touches `a` at the origin
    /// let apart = ConvexPolygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(3.0, 1.0)]);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &ConvexPolygon) -> bool {
        convex_linear_meets(other, self)
    }
}

mirror_intersects!(Segment, ConvexPolygon);
