//! Circle–capsule distance and closest points.
//!
//! In closed form: the circle's center and the closest point of the capsule's core (Ericson
//! §5.1.2), grown by the radii.

use crate::d2::query::algo::convex::rounded;
use crate::d2::query::algo::convex_pairs::cold_closest_points;
use crate::d2::query::algo::reach::{gap_between, within};
use crate::d2::query::algo::segment_point::on_segment_near_foot;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Capsule, Circle};
use crate::math::Real;

impl Distance<Capsule> for Circle {
    /// A closest pair, `a` on the circle and `b` on the capsule: a common point at distance 0
    /// exactly when they intersect (the decision of `Intersects`), otherwise the least distance
    /// between the cores (points, segments or polygons: from a corner of one to an edge of the
    /// other). The radius moves the points towards each other; the gap is computed without
    /// cancellation, and is never 0 for shapes apart. A circle of radius 0 is its center; a
    /// capsule of radius 0 is its core segment, one with a zero-length core a circle.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, a negative radius).
    ///
    /// ```
    /// use isect::d2::{Capsule, Circle, Distance};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Capsule::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0), 1.0); // touches `a` at the origin
    /// let apart = Capsule::new(Vec2::new(4.0, 0.0), Vec2::new(2.0, 0.0), 1.0);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Capsule) -> ClosestPoints {
        let Some((q, dd)) = other.circle_foot(self) else {
            return cold_closest_points(self, other);
        };
        let r = self.radius + other.radius;
        let radii_overlap = r > 0.0 && within(self.center, q, self.radius, other.radius);
        if !radii_overlap && on_segment_near_foot(self.center, other.a, other.b, dd) {
            return ClosestPoints::common(self.center);
        }
        rounded(self.center, self.radius, q, other.radius)
    }

    #[inline]
    fn distance(&self, other: &Capsule) -> Real {
        let Some((q, dd)) = other.circle_foot(self) else {
            return cold_closest_points(self, other).distance;
        };
        let r = self.radius + other.radius;
        if (r > 0.0 && within(self.center, q, self.radius, other.radius))
            || on_segment_near_foot(self.center, other.a, other.b, dd)
        {
            return 0.0;
        }
        gap_between(self.center, q, self.radius, other.radius)
    }
}

mirror_distance!(Circle, Capsule);
