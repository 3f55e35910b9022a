//! Ray–plane distance.

use super::line_plane::crossing_points;
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{Rescale, pair_scale};
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Plane, Ray};

impl Distance<Plane> for Ray {
    /// 0 exactly when they meet ([`Intersects`]), with the crossing point (the origin when it is
    /// within the plane's tolerance; a crossing beyond the float range has infinite coordinates,
    /// never NaN); apart (the ray points away or runs parallel), the origin
    /// and its foot. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        // Decided in the rescaled frame; the crossing is applied at the input's scale (see
        // `crossing`), the rest scaled back.
        let (decided, k) = match pair_scale(self, other) {
            None => (decide(self, other), 0),
            Some(k) => (decide(&self.rescaled(k), &other.rescaled(k)), k),
        };
        // Behind the origin only where the origin is within the plane's tolerance.
        crossing_points(decided, k, self.origin, self.dir, other, true)
    }
}

/// The origin's signed distance where the ray meets the plane, else the closest points
/// ([`ClosestPoints::NONE`] for invalid input), in the frame given.
#[inline]
fn decide(ray: &Ray, plane: &Plane) -> Result<crate::math::Real, ClosestPoints> {
    if !(Linear::ray(ray).is_usable() && plane.is_usable()) {
        return Err(ClosestPoints::NONE);
    }
    let s = plane.signed_distance(ray.origin);
    if ray.intersects(plane) {
        return Ok(s);
    }
    Err(ClosestPoints::from_points(
        ray.origin,
        ray.origin - plane.normal * s,
    ))
}

mirror_distance!(Ray, Plane);
