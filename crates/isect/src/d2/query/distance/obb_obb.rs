//! Oriented box–oriented box distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::Obb;

impl Distance<Obb> for Obb {
    /// A closest pair, `a` on `self` and `b` on `other` (two oriented boxes): a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// least distance from a corner of one to an edge of the other, where the distance between
    /// convex polygons that do not meet is attained. The distance is never 0 for shapes apart.
    /// A flat oriented box is its segment or point.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Distance, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// let b = Obb::new(Vec2::new(1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X)); // touches `a` at the origin
    /// let apart = Obb::new(Vec2::new(2.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Obb) -> ClosestPoints {
        convex_closest_points(self, other)
    }
}
