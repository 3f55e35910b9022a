//! Point queries on an axis-aligned box.

use crate::math::{NO_POINT, Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::scale::length_non_negative;
use crate::shape::Aabb;

impl PointQuery for Aabb {
    /// `p` clamped to the box: `p` itself when inside.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        p.max(self.min).min(self.max)
    }

    /// The length of the part of `p − center` that sticks out of the box (Arvo).
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        let outside = (self.min - p).max(p - self.max).max(Vec3::ZERO);
        length_non_negative(outside)
    }

    /// `min <= p <= max` on every axis, exactly.
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        self.is_usable() && p.cmpge(self.min).all() && p.cmple(self.max).all()
    }
}
