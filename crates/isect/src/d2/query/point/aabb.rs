//! Point queries on an axis-aligned box.

use crate::d2::NO_POINT;
use crate::d2::query::PointQuery;
use crate::d2::shape::Aabb;
use crate::math::{Real, Vec2};

impl PointQuery for Aabb {
    /// `p` clamped to `[min, max]` per axis (exact): `p` itself inside. A flat box clamps onto
    /// its segment or point. [`NO_POINT`](crate::d2::NO_POINT) for invalid input (non-finite,
    /// `min > max`).
    ///
    /// ```
    /// use isect::d2::{Aabb, PointQuery};
    /// use isect::math::Vec2;
    /// let b = Aabb::new(Vec2::ZERO, Vec2::new(2.0, 1.0));
    /// assert_eq!(b.closest_point(Vec2::new(5.0, 0.5)), Vec2::new(2.0, 0.5));
    /// assert_eq!(b.distance_to_point(Vec2::new(5.0, 5.0)), 5.0);
    /// assert!(b.contains_point(Vec2::new(2.0, 1.0))); // a corner
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        p.max(self.min).min(self.max)
    }

    /// 0 inside, else the distance to the clamped point (never 0 outside); `+∞` for invalid
    /// input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        if self.contains_point(p) {
            return 0.0;
        }
        p.distance(self.closest_point(p)).max(Real::MIN_POSITIVE)
    }

    /// `min <= p <= max` on both axes, exact comparisons: the boundary counts. `false` for
    /// invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        self.is_usable() && p.cmpge(self.min).all() && p.cmple(self.max).all()
    }
}
