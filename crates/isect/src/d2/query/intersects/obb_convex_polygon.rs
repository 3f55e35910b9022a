//! Oriented box–convex polygon overlap.

use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{ConvexPolygon, Obb};

impl Intersects<ConvexPolygon> for Obb {
    /// Whether the oriented box and the convex polygon share a point. Exact: a corner of one
    /// lies in the other or two edges meet, by exact orientation signs (Shewchuk's adaptive
    /// predicates on the coordinates as given). Touching counts. A flat oriented box is its
    /// segment or point; a convex polygon of one point, or of collinear points, is that point
    /// or segment. `false` for invalid input (a non-finite coordinate, negative half extents, a
    /// convex polygon without points).
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, Intersects, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
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

mirror_intersects!(Obb, ConvexPolygon);
