//! Oriented box–triangle distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Obb, Triangle};

impl Distance<Triangle> for Obb {
    /// A closest pair, `a` on the oriented box and `b` on the triangle: a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// least distance from a corner of one to an edge of the other, where the distance between
    /// convex polygons that do not meet is attained. The distance is never 0 for shapes apart.
    /// A flat oriented box is its segment or point; a collinear triangle is the segment between
    /// its extreme corners. [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid
    /// input (a non-finite coordinate, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Distance, Obb, Triangle};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// let b = Triangle::new(Vec2::new(2.0, -1.0), Vec2::new(0.0, 0.0), Vec2::new(2.0, 1.0)); // touches `a` at the origin
    /// let apart = Triangle::new(Vec2::new(3.0, -1.0), Vec2::new(1.0, 0.0), Vec2::new(3.0, 1.0));
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Triangle) -> ClosestPoints {
        convex_closest_points(self, other)
    }
}

mirror_distance!(Obb, Triangle);
