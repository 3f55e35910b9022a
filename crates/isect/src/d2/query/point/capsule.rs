//! Point queries on a capsule.

use crate::d2::query::PointQuery;
use crate::d2::query::point::{
    convex_closest_point, convex_contains_point, convex_distance_to_point,
};
use crate::d2::shape::Capsule;
use crate::math::{Real, Vec2};

impl PointQuery for Capsule {
    /// `p` itself inside, else the point at `radius` from the core's closest point towards
    /// `p`. A zero radius is the segment, a zero-length core a circle.
    /// [`NO_POINT`](crate::d2::NO_POINT) for invalid input (non-finite, negative radius).
    ///
    /// ```
    /// use isect::d2::{Capsule, PointQuery};
    /// use isect::math::Vec2;
    /// let c = Capsule::new(Vec2::ZERO, Vec2::new(4.0, 0.0), 1.0);
    /// assert_eq!(c.closest_point(Vec2::new(2.0, 3.0)), Vec2::new(2.0, 1.0));
    /// assert!(c.contains_point(Vec2::new(5.0, 0.0))); // the round end's tip
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        convex_closest_point(self, p)
    }

    /// 0 inside, else the distance to the core less the radius (never 0 outside); `+∞` for
    /// invalid input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        convex_distance_to_point(self, p)
    }

    /// Whether `p` is on the core (exactly) or its squared distance from the core's closest
    /// point is within `radius²`; `false` for invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        convex_contains_point(self, p)
    }
}
