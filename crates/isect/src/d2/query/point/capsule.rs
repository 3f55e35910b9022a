//! Point queries on a capsule, in closed form: the core's closest point (Ericson §5.1.2), then
//! the radius.
//!
//! A point exactly on the core counts even where the radius is 0 or its square underflows, so
//! the exact test of the core is taken when the squared distance to the rounded foot is within
//! the foot's rounding (at most a few ulps of the coordinates; a generous bound is checked), and
//! skipped for points clearly off it. Invalid input (and a radius of −0) goes to the convex
//! routine.

use crate::d2::query::PointQuery;
use crate::d2::query::algo::reach::{gap_between, toward, within};
use crate::d2::query::algo::segment_point::{closest_on_segment, on_segment_near_foot};
use crate::d2::query::point::{cold_closest_point, cold_contains_point, cold_distance_to_point};
use crate::d2::shape::Capsule;
use crate::math::{Real, Vec2};

impl Capsule {
    /// The core's closest point to `p` and its squared distance, when the input is valid (the
    /// ends and `p` finite, the radius in `[+0, +∞)` as bits); `None` otherwise.
    #[inline(always)]
    pub(crate) fn fast_foot(&self, p: Vec2) -> Option<(Vec2, Real)> {
        let valid = self.a.is_finite()
            & self.b.is_finite()
            & p.is_finite()
            & (self.radius.to_bits() < Real::INFINITY.to_bits());
        if !valid {
            return None;
        }
        let q = closest_on_segment(p, self.a, self.b);
        Some((q, q.distance_squared(p)))
    }
}

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
        let Some((q, dd)) = self.fast_foot(p) else {
            return cold_closest_point(self, p);
        };
        let r = self.radius;
        if (r > 0.0 && within(p, q, r, 0.0)) || on_segment_near_foot(p, self.a, self.b, dd) {
            return p;
        }
        if r == 0.0 {
            return q;
        }
        toward(q, p, r, dd)
    }

    /// 0 inside, else the distance to the core less the radius (never 0 outside); `+∞` for
    /// invalid input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        let Some((q, dd)) = self.fast_foot(p) else {
            return cold_distance_to_point(self, p);
        };
        let r = self.radius;
        if (r > 0.0 && within(p, q, r, 0.0)) || on_segment_near_foot(p, self.a, self.b, dd) {
            return 0.0;
        }
        // Off the core with `dd` rounded to 0 (tiny coordinates, zero radius) is still apart.
        gap_between(p, q, r, 0.0).max(Real::from_bits(1))
    }

    /// Whether `p` is on the core (exactly) or its squared distance from the core's closest
    /// point is within `radius²`; `false` for invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        let Some((q, dd)) = self.fast_foot(p) else {
            return cold_contains_point(self, p);
        };
        let r = self.radius;
        (r > 0.0 && within(p, q, r, 0.0)) || on_segment_near_foot(p, self.a, self.b, dd)
    }
}
