//! Point queries on a sphere.

use crate::math::{NO_POINT, Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::scale::within_radius;
use crate::query::point::{gap_beyond_radius, toward};
use crate::shape::Sphere;

impl PointQuery for Sphere {
    /// `p` when inside (boundary included), else the point of the surface towards `p`.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        let offset = p - self.center;
        if within_radius(offset, self.radius) {
            p
        } else {
            self.center + toward(offset, self.radius)
        }
    }

    /// `max(|p − center| − radius, 0)`: 0 exactly when
    /// [`contains_point`](Self::contains_point) holds, positive otherwise.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        gap_beyond_radius(p - self.center, self.radius)
    }

    /// `|p − center|² <= radius²`, exactly (the squares of offsets and radii far from 1 taken
    /// after scaling both by a power of two).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        self.is_usable() && within_radius(p - self.center, self.radius)
    }
}
