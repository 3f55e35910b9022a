//! Oriented box–oriented box overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::shape::Obb;

impl Intersects<Obb> for Obb {
    /// Whether the two oriented boxes share a point. Exact: a corner of one lies in the other
    /// or two edges meet, by exact orientation signs (Shewchuk's adaptive predicates on the
    /// coordinates as given). Touching counts. A flat oriented box is its segment or point.
    /// `false` for invalid input (a non-finite coordinate, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Intersects, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// let b = Obb::new(Vec2::new(1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X)); // touches `a` at the origin
    /// let apart = Obb::new(Vec2::new(2.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        convex_meets(self, other)
    }
}
