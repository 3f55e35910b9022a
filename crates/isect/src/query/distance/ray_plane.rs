//! Ray–plane distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{Rescale, Unscale, crossing, pair_scale};
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
        match decided {
            Ok(s) => {
                // Behind the origin only where the origin is within the plane's tolerance.
                let point = crossing(other, self.origin, self.dir, s, k)
                    .filter(|&(_, ahead)| ahead)
                    .map_or(self.origin, |(p, _)| p);
                ClosestPoints {
                    a: point,
                    b: point,
                    distance: 0.0,
                }
            }
            Err(apart) if k == 0 => apart,
            Err(apart) => apart.unscaled(k),
        }
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
