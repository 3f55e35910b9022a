//! Point queries on a sphere.

use crate::math::{NO_POINT, Real, Vec3};
use crate::ops;
use crate::query::PointQuery;
use crate::query::point::gap_beyond_radius;
use crate::shape::Sphere;

impl PointQuery for Sphere {
    /// `p` when inside (boundary included), else the point of the surface towards `p`.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        let offset = p - self.center;
        let dd = offset.length_squared();
        if dd <= self.radius * self.radius {
            p
        } else {
            self.center + offset * (self.radius / ops::sqrt(dd))
        }
    }

    /// `max(|p − center| − radius, 0)`: 0 exactly when
    /// [`contains_point`](Self::contains_point) holds, positive otherwise.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        gap_beyond_radius(p.distance_squared(self.center), self.radius)
    }

    /// `|p − center|² <= radius²`, exactly.
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        self.is_usable() && p.distance_squared(self.center) <= self.radius * self.radius
    }
}
