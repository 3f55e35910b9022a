//! Point queries on an oriented box.

use crate::math::{NO_POINT, Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::scale::rescale;
use crate::shape::Obb;

impl PointQuery for Obb {
    /// `p` when inside; otherwise `p` clamped to the box in its own frame (Ericson §5.1.4).
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        rescale!(point self, p, closest_point);
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        let local = self.to_local(p);
        let clamped = local.max(-self.half_extents).min(self.half_extents);
        if clamped == local {
            p
        } else {
            self.to_world(clamped)
        }
    }

    /// The length of the part of the local offset that sticks out of the box.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        let local = self.to_local(p);
        crate::query::algo::scale::length((local.abs() - self.half_extents).max(Vec3::ZERO))
    }

    /// `|local coordinate| <= half extent` on every axis, with the local coordinates computed
    /// in the box's frame (exact for axis-aligned rotations; otherwise as exact as the rotation).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        self.is_usable() && self.to_local(p).abs().cmple(self.half_extents).all()
    }
}
