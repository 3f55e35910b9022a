//! Plane–plane distance.

use crate::query::algo::scale::rescale;
use crate::query::{ClosestPoints, Distance, Intersects};
use crate::shape::Plane;

impl Distance<Plane> for Plane {
    /// Planes that meet (`intersects`: not parallel, or parallel and coincident within the
    /// on-set tolerance) are 0 apart, at a common point: the point of their intersection line
    /// nearest the origin, or `self`'s point nearest the origin when they coincide. Parallel
    /// planes are the gap between them apart: `self`'s point nearest the origin and its foot on
    /// `other`. [`ClosestPoints::NONE`] for invalid input.
    ///
    /// ```
    /// use isect::{Distance, Plane, glam::Vec3};
    /// let floor = Plane::new(Vec3::Y, 0.0);
    /// let ceiling = Plane::new(-Vec3::Y, -3.0); // y = 3, facing down
    /// assert_eq!(floor.distance(&ceiling), 3.0);
    /// assert_eq!(floor.distance(&Plane::new(Vec3::X, 5.0)), 0.0);
    /// ```
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let p = self.point() / self.normal.length_squared();
        if self.intersects(other) {
            let x = self.intersection_line(other).map_or(p, |line| {
                line.origin - line.dir * (line.origin.dot(line.dir) / line.dir.length_squared())
            });
            return ClosestPoints::from_points(x, x);
        }
        let n = other.normal / other.normal.length_squared();
        ClosestPoints::from_points(p, p - n * other.signed_distance(p))
    }
}
