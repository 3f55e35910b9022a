//! Line–plane distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{crossing, rescale};
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Line, Plane};

impl Distance<Plane> for Line {
    /// 0 exactly when they meet ([`Intersects`]: the line is not parallel, or lies in the plane
    /// within its tolerance), with the crossing point (the origin for a line in the plane; a
    /// crossing beyond the float range has infinite coordinates, never NaN); apart (parallel),
    /// the origin and its foot. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(Linear::line(self).is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let s = other.signed_distance(self.origin);
        if self.intersects(other) {
            let point = crossing(other, self.origin, self.dir, s).map_or(self.origin, |(p, _)| p);
            return ClosestPoints {
                a: point,
                b: point,
                distance: 0.0,
            };
        }
        ClosestPoints::from_points(self.origin, self.origin - other.normal * s)
    }
}

mirror_distance!(Line, Plane);
