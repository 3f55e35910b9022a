//! Sphere–capsule overlap.

use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::algo::simplex::closest_on_segment;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Capsule, Sphere};

impl Intersects<Capsule> for Sphere {
    /// Whether the ball meets the capsule: the squared distance from the center to the closest
    /// point of the core segment against `(r₁ + r₂)²` (Ericson §4.5.1, §5.1.2). Touching is
    /// `true`; a zero-length capsule is a sphere, zero radii points and segments. `false` for
    /// invalid input.
    #[inline]
    fn intersects(&self, other: &Capsule) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let q = closest_on_segment(self.center, other.a, other.b);
        let r = self.radius + other.radius;
        within_radius(self.center - q, r)
    }
}

mirror_intersects!(Sphere, Capsule);
