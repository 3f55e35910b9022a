//! Point queries on a triangle.

use crate::d2::query::PointQuery;
use crate::d2::query::point::{
    convex_closest_point, convex_contains_point, convex_distance_to_point,
};
use crate::d2::shape::Triangle;
use crate::math::{Real, Vec2};

impl PointQuery for Triangle {
    /// `p` itself inside, else the closest point of the edges. A collinear triangle is the
    /// segment between its extreme corners. [`NO_POINT`](crate::d2::NO_POINT) for non-finite
    /// input.
    ///
    /// ```
    /// use isect::d2::{PointQuery, Triangle};
    /// use isect::math::Vec2;
    /// let t = Triangle::new(Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 4.0));
    /// assert_eq!(t.closest_point(Vec2::new(2.0, -3.0)), Vec2::new(2.0, 0.0));
    /// assert_eq!(t.closest_point(Vec2::new(3.0, 3.0)), Vec2::new(2.0, 2.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        convex_closest_point(self, p)
    }

    /// 0 inside, else the distance to the closest point (never 0 outside); `+∞` for invalid
    /// input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        convex_distance_to_point(self, p)
    }

    /// Exact, by the orientations of `p` against the edges (either winding): the edges and
    /// corners count; a collinear triangle holds exactly the points of its segment. `false` for
    /// non-finite input.
    ///
    /// ```
    /// use isect::d2::{PointQuery, Triangle};
    /// use isect::math::Vec2;
    /// let t = Triangle::new(Vec2::ZERO, Vec2::new(0.0, 3.0), Vec2::new(3.0, 0.0)); // clockwise
    /// assert!(t.contains_point(Vec2::new(1.5, 1.5))); // on the long edge
    /// assert!(!t.contains_point(Vec2::new(1.5, 1.5000001)));
    /// ```
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        convex_contains_point(self, p)
    }
}
