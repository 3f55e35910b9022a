//! Point queries on a capsule.

use crate::math::{NO_POINT, Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::algo::simplex::closest_on_segment;
use crate::query::point::{gap_beyond_radius, toward};
use crate::shape::Capsule;

impl Capsule {
    /// The point of the core segment closest to `p`.
    #[inline]
    fn closest_on_core(&self, p: Vec3) -> Vec3 {
        closest_on_segment(p, self.a, self.b)
    }
}

impl PointQuery for Capsule {
    /// `p` when inside; otherwise the surface point towards `p` from the closest point of the
    /// core segment.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        rescale!(point self, p, closest_point);
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        let core = self.closest_on_core(p);
        let offset = p - core;
        if within_radius(offset, self.radius) {
            p
        } else {
            core + toward(offset, self.radius)
        }
    }

    /// `max(distance to the core segment − radius, 0)`: 0 exactly when
    /// [`contains_point`](Self::contains_point) holds, positive otherwise.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        gap_beyond_radius(p - self.closest_on_core(p), self.radius)
    }

    /// Distance to the core segment `<= radius` (compared squared).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        self.is_usable() && p.is_finite() && within_radius(p - self.closest_on_core(p), self.radius)
    }
}
