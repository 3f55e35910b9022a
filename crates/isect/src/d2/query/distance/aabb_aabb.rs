//! Box–box distance and closest points.

use crate::d2::query::algo::linear::apart;
use crate::d2::query::{ClosestPoints, Distance};
use crate::d2::shape::Aabb;
use crate::math::{Real, Vec2};

/// The box both boxes' extents overlap in (`lo`, `hi`, per axis, exact; `lo > hi` on an axis
/// where they are apart), when both are valid: finite and ordered corners, checked by
/// comparisons without branches.
#[inline(always)]
fn overlap(a: &Aabb, b: &Aabb) -> Option<(Vec2, Vec2)> {
    let big = Vec2::splat(Real::MAX);
    let valid = (a.min.cmpge(-big)
        & a.min.cmple(a.max)
        & a.max.cmple(big)
        & b.min.cmpge(-big)
        & b.min.cmple(b.max)
        & b.max.cmple(big))
    .all();
    valid.then(|| (a.min.max(b.min), a.max.min(b.max)))
}

impl Distance<Aabb> for Aabb {
    /// A closest pair, `a` on `self` and `b` on `other` (two boxes): a common point at distance
    /// 0 exactly when they intersect (the decision of `Intersects`), otherwise the least
    /// distance from a corner of one to an edge of the other, where the distance between convex
    /// polygons that do not meet is attained. The distance is never 0 for shapes apart. A flat
    /// box is its segment or point. [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for
    /// invalid input (a non-finite coordinate, `min > max`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Distance};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
    /// let b = Aabb::new(Vec2::new(0.0, -1.0), Vec2::new(2.0, 1.0)); // touches `a` at the origin
    /// let apart = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(3.0, 1.0));
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &Aabb) -> ClosestPoints {
        let Some((lo, hi)) = overlap(self, other) else {
            return ClosestPoints::NONE;
        };
        let apart_on = lo.cmpgt(hi);
        if !apart_on.any() {
            return ClosestPoints::common(lo);
        }
        // On an axis where they are apart, the facing sides: `hi` is the lower box's max, `lo`
        // the upper box's min; on the others a coordinate both boxes hold.
        let self_low = self.max.cmplt(other.min);
        let a = Vec2::select(apart_on, Vec2::select(self_low, hi, lo), lo);
        let b = Vec2::select(apart_on, Vec2::select(self_low, lo, hi), lo);
        apart(a, b)
    }

    #[inline]
    fn distance(&self, other: &Aabb) -> Real {
        let Some((lo, hi)) = overlap(self, other) else {
            return Real::INFINITY;
        };
        let g = (lo - hi).max(Vec2::ZERO);
        if g == Vec2::ZERO {
            0.0
        } else {
            g.length().max(Real::from_bits(1))
        }
    }
}
