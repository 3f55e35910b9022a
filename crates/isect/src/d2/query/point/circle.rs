//! Point queries on a circle.

use crate::d2::query::PointQuery;
use crate::d2::query::point::{
    convex_closest_point, convex_contains_point, convex_distance_to_point,
};
use crate::d2::shape::Circle;
use crate::math::{Real, Vec2};

impl PointQuery for Circle {
    /// `p` itself inside the disc, else the point of the rim towards `p`
    /// (`center + (p − center) · radius / |p − center|`). A zero radius gives the center.
    /// [`NO_POINT`](crate::d2::NO_POINT) for invalid input (non-finite, negative radius).
    ///
    /// ```
    /// use isect::d2::{Circle, PointQuery};
    /// use isect::math::Vec2;
    /// let c = Circle::new(Vec2::new(1.0, 1.0), 2.0);
    /// assert_eq!(c.closest_point(Vec2::new(1.0, 7.0)), Vec2::new(1.0, 3.0));
    /// assert_eq!(c.distance_to_point(Vec2::new(1.0, 7.0)), 4.0);
    /// assert!(c.contains_point(Vec2::new(3.0, 1.0))); // on the rim
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        convex_closest_point(self, p)
    }

    /// 0 inside, else `|p − center| − radius` (without cancellation just outside, and never 0
    /// there); `+∞` for invalid input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        convex_distance_to_point(self, p)
    }

    /// `|p − center|² <= radius²`: the rim counts, a zero radius holds only its center.
    /// `false` for invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        convex_contains_point(self, p)
    }
}
