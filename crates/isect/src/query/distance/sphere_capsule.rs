//! Sphere–capsule distance.

use crate::query::algo::scale::rescale;
use crate::query::algo::simplex::closest_on_segment;
use crate::query::distance::rounded;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Capsule, Sphere};

impl Distance<Capsule> for Sphere {
    /// The capsule as its core segment rounded by its radius: the segment's point closest to the
    /// center, then both radii; 0 with a common point when they overlap (touching included).
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Capsule) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let q = closest_on_segment(self.center, other.a, other.b);
        rounded(
            ClosestPoints {
                a: self.center,
                b: q,
                distance: 0.0,
            },
            self.radius,
            other.radius,
        )
    }
}

mirror_distance!(Sphere, Capsule);
