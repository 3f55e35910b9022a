//! Capsule–plane overlap.

use crate::math::{ON_SET_TOLERANCE, on_set_tolerance};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Capsule, Plane};

impl Intersects<Plane> for Capsule {
    /// Whether the capsule meets the plane: the core's ends on opposite sides (or on it), or the
    /// nearer end within `r` (Ericson §5.2.2 widened by the radius), within the plane's
    /// `on_set_tolerance` (about 64 ulp of the coordinates). Touching is `true`; a zero-length
    /// capsule is a sphere, a zero radius a segment. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let sa = other.signed_distance(self.a);
        let sb = other.signed_distance(self.b);
        let tolerance =
            on_set_tolerance([self.a, self.b, other.point()]) + ON_SET_TOLERANCE * self.radius;
        (sa <= 0.0) != (sb <= 0.0) || sa.abs().min(sb.abs()) <= self.radius + tolerance
    }
}

mirror_intersects!(Capsule, Plane);
