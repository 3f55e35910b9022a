//! Circle–circle distance and closest points.

use crate::d2::query::algo::convex::{gap, rounded};
use crate::d2::query::algo::convex_pairs::cold_closest_points;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::Circle;
use crate::math::Real;
use crate::query::algo::scale::square_in_range;

/// The squared distance of the centers, when it is in the normal range and both radii in
/// `[+0, +∞)` (as bits): then both circles are valid, with no further check, and their centers
/// apart. `None` sends the pair to the convex routine.
#[inline(always)]
fn fast_pair(a: &Circle, b: &Circle) -> Option<Real> {
    let dd = a.center.distance_squared(b.center);
    let inf = Real::INFINITY.to_bits();
    (square_in_range(dd) & (a.radius.to_bits() < inf) & (b.radius.to_bits() < inf)).then_some(dd)
}

impl Distance<Circle> for Circle {
    /// A closest pair, `a` on `self` and `b` on `other` (two circles): a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// least distance between the cores (points, segments or polygons: from a corner of one to
    /// an edge of the other). The radius moves the points towards each other; the gap is
    /// computed without cancellation, and is never 0 for shapes apart. A circle of radius 0 is
    /// its center. [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a
    /// non-finite coordinate, a negative radius).
    ///
    /// ```
    /// use isect::d2::{Circle, Distance};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Circle::new(Vec2::new(1.0, 0.0), 1.0); // touches `a` at the origin
    /// let apart = Circle::new(Vec2::new(2.0, 0.0), 1.0);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Circle) -> ClosestPoints {
        match fast_pair(self, other) {
            Some(_) => rounded(self.center, self.radius, other.center, other.radius),
            None => cold_closest_points(self, other),
        }
    }

    #[inline]
    fn distance(&self, other: &Circle) -> Real {
        match fast_pair(self, other) {
            Some(dd) => gap(dd, self.radius + other.radius),
            None => cold_closest_points(self, other).distance,
        }
    }
}
