//! Capsule–ray distance.

use crate::query::distance::rounded;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Capsule, Ray, Segment};

impl Distance<Ray> for Capsule {
    /// The core segment's closest points to the ray (the linear routines), then the radius;
    /// 0 with a common point when they overlap (touching included). [`ClosestPoints::NONE`] for
    /// invalid input.
    fn closest_points(&self, other: &Ray) -> ClosestPoints {
        if !self.is_usable() {
            return ClosestPoints::NONE;
        }
        let core = Segment::new(self.a, self.b).closest_points(other);
        if !core.distance.is_finite() {
            return ClosestPoints::NONE;
        }
        rounded(core, self.radius, 0.0)
    }
}

mirror_distance!(Capsule, Ray);
