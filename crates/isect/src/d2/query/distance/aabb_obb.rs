//! Box–oriented box distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Aabb, Obb};

impl Distance<Obb> for Aabb {
    /// A closest pair, `a` on the box and `b` on the oriented box: a common point at distance 0
    /// exactly when they intersect (the decision of `Intersects`), otherwise the least distance
    /// from a corner of one to an edge of the other, where the distance between convex polygons
    /// that do not meet is attained. The distance is never 0 for shapes apart. A flat box is
    /// its segment or point; a flat oriented box is its segment or point.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, `min > max`, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Aabb, Distance, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
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

mirror_distance!(Aabb, Obb);
