//! Oriented box–segment overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Obb, Segment};

impl Intersects<Segment> for Obb {
    /// Whether the oriented box and the segment share a point. The segment meets an edge of the
    /// oriented box or starts inside it, decided exactly by orientation signs. Touching counts.
    /// A flat oriented box is its segment or point; a zero-length segment is a point. `false`
    /// for invalid input (a non-finite coordinate, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Intersects, Obb, Segment};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// let b = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0)); // touches `a` at the origin
    /// let apart = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        convex_linear_meets(self, other)
    }
}

mirror_intersects!(Obb, Segment);
