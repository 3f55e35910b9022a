//! Point queries on an oriented box.

use crate::d2::query::PointQuery;
use crate::d2::query::point::{
    convex_closest_point, convex_contains_point, convex_distance_to_point,
};
use crate::d2::shape::Obb;
use crate::math::{Real, Vec2};

impl PointQuery for Obb {
    /// `p` itself inside, else the closest point of the box's edges, the box being the quad of
    /// its corners as [`Obb::corners`] computes them (so that every query sees the same box).
    /// A flat box is its segment or point. [`NO_POINT`](crate::d2::NO_POINT) for invalid input
    /// (non-finite, negative extents).
    ///
    /// ```
    /// use isect::d2::{Obb, PointQuery};
    /// use isect::math::{Mat2, Vec2};
    /// // A box turned a quarter: its long side along y.
    /// let b = Obb::new(Vec2::ZERO, Vec2::new(2.0, 1.0), Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// assert_eq!(b.closest_point(Vec2::new(3.0, 0.5)), Vec2::new(1.0, 0.5));
    /// assert!(b.contains_point(Vec2::new(1.0, 2.0))); // a corner
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

    /// Whether `p` is left of or on each edge of the corners' quad, by exact orientations (the
    /// corners themselves are rounded from the rotation). `false` for invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        convex_contains_point(self, p)
    }
}
