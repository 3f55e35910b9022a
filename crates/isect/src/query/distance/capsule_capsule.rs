//! Capsule–capsule distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::rounded;
use crate::query::{ClosestPoints, Distance};
use crate::shape::Capsule;
use crate::shape::Segment;

impl Distance<Capsule> for Capsule {
    /// The cores' closest points (the robust segment–segment routine), then both radii; 0 with a
    /// common point when they overlap (touching included). Zero-length capsules are spheres.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Capsule) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let core = Segment::new(self.a, self.b).closest_points(&Segment::new(other.a, other.b));
        if !core.distance.is_finite() {
            return ClosestPoints::NONE;
        }
        rounded(core, self.radius, other.radius)
    }
}
