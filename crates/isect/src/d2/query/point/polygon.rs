//! Point queries on a simple polygon.

use crate::d2::NO_POINT;
use crate::d2::query::PointQuery;
use crate::d2::query::algo::polygon::{boundary_closest_point, contains};
use crate::d2::query::algo::window;
use crate::d2::shape::Polygon;
use crate::math::{Real, Vec2};

impl PointQuery for Polygon {
    /// `p` itself inside (by [`contains_point`](Self::contains_point)), else the closest point
    /// of the edges. [`NO_POINT`](crate::d2::NO_POINT) for a non-finite `p`.
    ///
    /// ```
    /// use isect::d2::{PointQuery, Polygon};
    /// use isect::math::Vec2;
    /// let v = Polygon::new(vec![
    ///     Vec2::ZERO, Vec2::new(2.0, 2.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0), Vec2::new(0.0, 4.0),
    /// ]).unwrap();
    /// assert_eq!(v.closest_point(Vec2::new(2.0, 1.0)), Vec2::new(1.5, 1.5));
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        if !p.is_finite() {
            return NO_POINT;
        }
        if contains(self.points(), p) {
            return p;
        }
        window::points_point(
            self.points(),
            p,
            boundary_closest_point,
            window::unscaled_point,
        )
        .unwrap_or_else(|| boundary_closest_point(self.points(), p))
    }

    /// 0 inside, else the distance to the closest point of the edges (never 0 outside); `+∞`
    /// for a non-finite `p`. A polygon and point far from 1 are measured scaled by a power of
    /// two (the closest point too).
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        if !p.is_finite() {
            return Real::INFINITY;
        }
        if contains(self.points(), p) {
            return 0.0;
        }
        let outside = |points: &[Vec2], p: Vec2| {
            boundary_closest_point(points, p)
                .distance(p)
                .max(Real::from_bits(1))
        };
        window::points_point(self.points(), p, outside, window::unscaled_distance)
            .unwrap_or_else(|| outside(self.points(), p))
    }

    /// The crossings test (Haines; Real-Time Rendering, 4th ed., §22.8) with exact orientation
    /// signs: exact for every point, and a point on an edge or at a vertex is contained.
    /// `O(n)`. `false` for a non-finite `p`.
    ///
    /// ```
    /// use isect::d2::{PointQuery, Polygon};
    /// use isect::math::Vec2;
    /// let v = Polygon::new(vec![
    ///     Vec2::ZERO, Vec2::new(2.0, 2.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0), Vec2::new(0.0, 4.0),
    /// ]).unwrap();
    /// assert!(v.contains_point(Vec2::new(2.0, 2.0))); // the notch's vertex
    /// assert!(!v.contains_point(Vec2::new(2.0, 1.0))); // in the notch
    /// ```
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        p.is_finite() && contains(self.points(), p)
    }
}
