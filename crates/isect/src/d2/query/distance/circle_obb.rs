//! Circle–oriented box distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Circle, Obb};

impl Distance<Obb> for Circle {
    /// A closest pair, `a` on the circle and `b` on the oriented box: a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// least distance between the cores (points, segments or polygons: from a corner of one to
    /// an edge of the other). The radius moves the points towards each other; the gap is
    /// computed without cancellation, and is never 0 for shapes apart. A circle of radius 0 is
    /// its center; a flat oriented box is its segment or point.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, a negative radius, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Circle, Distance, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
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

mirror_distance!(Circle, Obb);
