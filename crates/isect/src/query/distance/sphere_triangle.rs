//! Sphere–triangle distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::ball_to;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Sphere, Triangle};

impl Distance<Triangle> for Sphere {
    /// Through the triangle's point closest to the center ([`PointQuery`](crate::query::PointQuery)):
    /// that point and the sphere's point towards it, `max(distance − r, 0)`; 0 with a common
    /// point when they overlap (touching included). Degenerate shapes are answered as what they
    /// are. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Triangle) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !self.is_usable() {
            return ClosestPoints::NONE;
        }
        ball_to(self.center, self.radius, other)
    }
}

/// `sphere.closest_points(triangle)`, bit for bit, for a caller that already has `q`, the
/// triangle's point closest to the sphere's center (`triangle.closest_point(sphere.center)`):
/// the mesh distance search, which bounds each triangle by that point first, does not compute
/// it twice. Out of the rescaling window, the pair's own computation (where `q` would differ).
#[inline]
#[cfg(feature = "alloc")]
pub(crate) fn closest_points_through(
    sphere: &Sphere,
    triangle: &Triangle,
    q: crate::math::Vec3,
) -> ClosestPoints {
    rescale!(pair sphere, triangle, closest_points);
    if !sphere.is_usable() {
        return ClosestPoints::NONE;
    }
    crate::query::distance::ball_to_point(sphere.center, sphere.radius, q)
}

mirror_distance!(Sphere, Triangle);
