//! Point queries on a convex polygon.

use crate::d2::query::PointQuery;
use crate::d2::query::point::{
    convex_closest_point, convex_contains_point, convex_distance_to_point,
};
use crate::d2::shape::ConvexPolygon;
use crate::math::{Real, Vec2};

impl PointQuery for ConvexPolygon {
    /// `p` itself inside, else the closest point of the edges (of the point or segment a
    /// degenerate hull is). [`NO_POINT`](crate::d2::NO_POINT) when invalid or `p` is not
    /// finite.
    ///
    /// ```
    /// use isect::d2::{ConvexPolygon, PointQuery};
    /// use isect::math::Vec2;
    /// let p = ConvexPolygon::new(vec![Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(1.0, 2.0)]);
    /// assert_eq!(p.closest_point(Vec2::new(1.0, -1.0)), Vec2::new(1.0, 0.0));
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

    /// Exact, by the orientations of `p` against the edges: the boundary counts. `false` for
    /// invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        convex_contains_point(self, p)
    }
}
