//! Point queries on an axis-aligned box.
//!
//! The checks of the input are comparisons combined without branches (`&`, not `&&`): every
//! coordinate of the box and the point within `[−MAX, MAX]` (false for NaN and infinities) and
//! `min <= max`, so a valid query takes no branch but the answer's.

use crate::d2::NO_POINT;
use crate::d2::query::PointQuery;
use crate::d2::query::point::outside_distance;
use crate::d2::shape::Aabb;
use crate::math::{Real, Vec2};

impl Aabb {
    /// Whether the box is valid and `p` finite, as one combined comparison.
    #[inline(always)]
    fn usable_with(&self, p: Vec2) -> bool {
        let big = Vec2::splat(Real::MAX);
        (self.min.cmpge(-big)
            & self.min.cmple(self.max)
            & self.max.cmple(big)
            & p.cmpge(-big)
            & p.cmple(big))
        .all()
    }
}

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
        if !self.usable_with(p) {
            return NO_POINT;
        }
        p.max(self.min).min(self.max)
    }

    /// 0 inside, else the distance to the clamped point (never 0 outside); `+∞` for invalid
    /// input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        if !self.usable_with(p) {
            return Real::INFINITY;
        }
        // How far `p` sticks out of the box on each axis: exactly 0 on the axes where it is
        // within (a difference of floats is 0 only for equal floats).
        let excess = (self.min - p).max(p - self.max).max(Vec2::ZERO);
        if excess == Vec2::ZERO {
            return 0.0;
        }
        outside_distance(excess)
    }

    /// `min <= p <= max` on both axes, exact comparisons: the boundary counts. `false` for
    /// invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        // A point between `min` and `max` makes them ordered and itself finite when they are.
        let big = Vec2::splat(Real::MAX);
        (p.cmpge(self.min) & p.cmple(self.max) & self.min.cmpge(-big) & self.max.cmple(big)).all()
    }
}
