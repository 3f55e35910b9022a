//! Circle–box distance and closest points.

use crate::d2::query::algo::convex::{gap, rounded};
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Aabb, Circle};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::square_in_range;

/// The point of the box closest to the circle's center (the center clamped to the box, exact),
/// when both are valid: the circle's center finite and radius in `[0, +∞)` (`−0` included:
/// there is no other path to send it to), the box's corners finite and ordered, all checked by
/// comparisons without branches.
#[inline(always)]
fn foot(c: &Circle, b: &Aabb) -> Option<Vec2> {
    let big = Vec2::splat(Real::MAX);
    let valid = (c.center.cmpge(-big)
        & c.center.cmple(big)
        & b.min.cmpge(-big)
        & b.min.cmple(b.max)
        & b.max.cmple(big))
    .all()
        & (c.radius >= 0.0)
        & (c.radius < Real::INFINITY);
    valid.then(|| c.center.max(b.min).min(b.max))
}

impl Distance<Aabb> for Circle {
    /// A closest pair, `a` on the circle and `b` on the box: a common point at distance 0
    /// exactly when they intersect (the decision of `Intersects`), otherwise the least distance
    /// between the cores (points, segments or polygons: from a corner of one to an edge of the
    /// other). The radius moves the points towards each other; the gap is computed without
    /// cancellation, and is never 0 for shapes apart. A circle of radius 0 is its center; a
    /// flat box is its segment or point.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, a negative radius, `min > max`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Circle, Distance};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Aabb::new(Vec2::new(0.0, -1.0), Vec2::new(2.0, 1.0)); // touches `a` at the origin
    /// let apart = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(3.0, 1.0));
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Aabb) -> ClosestPoints {
        match foot(self, other) {
            Some(q) if q == self.center => ClosestPoints::common(q),
            Some(q) => rounded(self.center, self.radius, q, 0.0),
            None => ClosestPoints::NONE,
        }
    }

    #[inline]
    fn distance(&self, other: &Aabb) -> Real {
        match foot(self, other) {
            Some(q) if q == self.center => 0.0,
            Some(q) => {
                let dd = q.distance_squared(self.center);
                if square_in_range(dd) {
                    gap(dd, self.radius)
                } else {
                    rounded(self.center, self.radius, q, 0.0).distance
                }
            }
            None => Real::INFINITY,
        }
    }
}

mirror_distance!(Circle, Aabb);
