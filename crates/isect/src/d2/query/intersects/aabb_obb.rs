//! Box–oriented box overlap.

use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Aabb, Obb};

impl Intersects<Obb> for Aabb {
    /// Whether the box and the oriented box share a point. Exact: a corner of one lies in the
    /// other or two edges meet, by exact orientation signs (Shewchuk's adaptive predicates on
    /// the coordinates as given). Touching counts. A flat box is its segment or point; a flat
    /// oriented box is its segment or point. `false` for invalid input (a non-finite
    /// coordinate, `min > max`, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Aabb, Intersects, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
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

mirror_intersects!(Aabb, Obb);
