//! Axis-aligned box–capsule distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::box_rounded_segment;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Aabb, Capsule, Obb};

impl Distance<Capsule> for Aabb {
    /// The capsule's core against the box (slab test, then the exact segment–box distance), then
    /// the radius; 0 with a common point when they overlap (the same comparison as the overlap
    /// test, so distance 0 exactly when `intersects` is true). [`ClosestPoints::NONE`] for invalid
    /// input.
    fn closest_points(&self, other: &Capsule) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        box_rounded_segment(&Obb::from_aabb(self), other.a, other.b, other.radius)
    }
}

mirror_distance!(Aabb, Capsule);
