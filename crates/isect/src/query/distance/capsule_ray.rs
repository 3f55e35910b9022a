//! Capsule–ray distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::capsule_to;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Capsule, Ray};

impl Distance<Ray> for Capsule {
    /// The core segment's closest points to the ray (the linear routines), then the radius;
    /// 0 with a common point when they overlap (touching included). [`ClosestPoints::NONE`] for
    /// invalid input.
    fn closest_points(&self, other: &Ray) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        capsule_to(self, other)
    }
}

mirror_distance!(Capsule, Ray);
