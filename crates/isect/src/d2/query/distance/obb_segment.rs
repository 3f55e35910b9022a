//! Oriented box–segment distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_linear_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Obb, Segment};

impl Distance<Segment> for Obb {
    /// A closest pair, `a` on the oriented box and `b` on the segment: a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// best over the oriented box's edges (or its point) of their distance to the segment. The
    /// distance is never 0 for shapes apart. A flat oriented box is its segment or point; a
    /// zero-length segment is a point. [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE)
    /// for invalid input (a non-finite coordinate, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Distance, Obb, Segment};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// let b = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0)); // touches `a` at the origin
    /// let apart = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Segment) -> ClosestPoints {
        convex_linear_closest_points(self, other)
    }
}

mirror_distance!(Obb, Segment);
