//! Sphere–triangle overlap.

use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Sphere, Triangle};

impl Intersects<Triangle> for Sphere {
    /// Whether the point of the triangle closest to the center is within the radius, compared
    /// squared (Ericson, *Real-Time Collision Detection*, §5.2.7, with the closest point of
    /// §5.1.5).
    ///
    /// Closed sets: a sphere touching the triangle at exactly its radius intersects. A degenerate
    /// triangle is the segment or point it is; a zero radius makes the sphere a point, which then
    /// must lie exactly on the triangle (no tolerance: the comparison is exact on the computed
    /// closest point). Non-finite input or a negative radius gives `false`.
    ///
    /// ```
    /// use isect::{Intersects, Sphere, Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// assert!(Sphere::new(Vec3::new(0.25, 0.25, 1.0), 1.0).intersects(&t));
    /// assert!(!Sphere::new(Vec3::new(0.25, 0.25, 1.0), 0.5).intersects(&t));
    /// ```
    #[inline]
    fn intersects(&self, triangle: &Triangle) -> bool {
        if !(self.is_usable() && triangle.is_usable()) {
            return false;
        }
        let q = triangle.closest_point(self.center);
        (q - self.center).length_squared() <= self.radius * self.radius
    }
}

mirror_intersects!(Sphere, Triangle);
