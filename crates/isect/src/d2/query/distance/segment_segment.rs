//! Segment–segment distance and closest points.

use crate::d2::query::algo::linear::linear_closest_points;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::Segment;

impl Distance<Segment> for Segment {
    /// A closest pair, `a` on `self` and `b` on `other` (two segments): a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// pair from a finite end of one to its closest point on the other: in the plane, two
    /// linear sets that do not meet come closest at an end (or anywhere, for two parallel
    /// lines). The distance is never 0 for shapes apart. A zero-length segment is a point.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate).
    ///
    /// ```
    /// use isect::d2::{Distance, Segment};
    /// use isect::math::Vec2;
    /// let a = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(0.0, 0.0));
    /// let b = Segment::new(Vec2::new(2.0, 0.0), Vec2::new(0.0, 0.0)); // touches `a` at the origin
    /// let apart = Segment::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Segment) -> ClosestPoints {
        linear_closest_points(self, other)
    }
}
