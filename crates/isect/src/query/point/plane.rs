//! Point queries on a plane.

use crate::math::{NO_POINT, Real, Vec3, coordinate_scale, plane_tolerance};
use crate::query::PointQuery;
use crate::query::algo::scale::rescale;
use crate::shape::Plane;

impl PointQuery for Plane {
    /// The orthogonal projection of `p` onto the plane.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        rescale!(point self, p, closest_point);
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        p - self.normal * self.signed_distance(p)
    }

    /// `|normal · p − d|`.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        self.signed_distance(p).abs()
    }

    /// Whether `p` is within rounding of the plane: its distance within
    /// [`MAGNITUDE_TOLERANCE`](crate::math::MAGNITUDE_TOLERANCE) times `|p|` plus `|d|` (the
    /// magnitudes the signed distance rounds at).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        // An infinite coordinate makes the tolerance infinite too: check finiteness.
        let distance = self.distance_to_point(p);
        distance.is_finite() && distance <= plane_tolerance(self.d, coordinate_scale([p]), 0.0)
    }
}
