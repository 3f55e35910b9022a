//! Point queries on a circle, in closed form.
//!
//! As the sphere's (`query/point/sphere.rs`): one predictable branch on the hot path, the
//! offset's squared length in the normal range (false for NaN and infinities, so for any
//! non-finite center or point, and for a point on the center) and the radius in `[+0, +∞)` as
//! bits. Everything else goes to the convex routine, which checks the input and answers as the
//! closed form does where both apply.

use crate::d2::query::PointQuery;
use crate::d2::query::algo::convex::gap;
use crate::d2::query::point::{cold_closest_point, cold_contains_point, cold_distance_to_point};
use crate::d2::shape::Circle;
use crate::math::{Real, Vec2};
use crate::ops;
use crate::query::algo::scale::square_in_range;

impl Circle {
    /// `p − center` and its squared length, when the square is in the normal range and the
    /// radius in `[+0, +∞)` (bits below +∞'s: no sign, no NaN): then the input is valid and `p`
    /// is not the center, with no further check.
    #[inline(always)]
    fn fast_offset(&self, p: Vec2) -> Option<(Vec2, Real)> {
        let d = p - self.center;
        let dd = d.length_squared();
        (square_in_range(dd) & (self.radius.to_bits() < Real::INFINITY.to_bits()))
            .then_some((d, dd))
    }
}

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
        match self.fast_offset(p) {
            Some((_, dd)) if dd <= self.radius * self.radius => p,
            Some((d, dd)) => self.center + d * (self.radius / ops::sqrt(dd)),
            None => cold_closest_point(self, p),
        }
    }

    /// 0 inside, else `|p − center| − radius` (without cancellation just outside, and never 0
    /// there); `+∞` for invalid input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        match self.fast_offset(p) {
            Some((_, dd)) => gap(dd, self.radius),
            None => cold_distance_to_point(self, p),
        }
    }

    /// `|p − center|² <= radius²`: the rim counts, a zero radius holds only its center.
    /// `false` for invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        match self.fast_offset(p) {
            Some((_, dd)) => dd <= self.radius * self.radius,
            None => cold_contains_point(self, p),
        }
    }
}
