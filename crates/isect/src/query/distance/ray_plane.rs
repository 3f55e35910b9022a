//! Ray–plane distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{crossing, rescale};
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Plane, Ray};

impl Distance<Plane> for Ray {
    /// 0 exactly when they meet ([`Intersects`]), with the crossing point (the origin when it is
    /// within the plane's tolerance; a crossing beyond the float range has infinite coordinates,
    /// never NaN); apart (the ray points away or runs parallel), the origin
    /// and its foot. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(Linear::ray(self).is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let s = other.signed_distance(self.origin);
        let foot = self.origin - other.normal * s;
        if self.intersects(other) {
            // Behind the origin only where the origin is within the plane's tolerance.
            let point = crossing(other, self.origin, self.dir, s)
                .filter(|&(_, ahead)| ahead)
                .map_or(self.origin, |(p, _)| p);
            return ClosestPoints {
                a: point,
                b: point,
                distance: 0.0,
            };
        }
        ClosestPoints::from_points(self.origin, foot)
    }
}

mirror_distance!(Ray, Plane);
