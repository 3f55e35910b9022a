//! Capsule–plane overlap.

use crate::query::Side;
use crate::query::algo::plane_extent::capsule_side;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Capsule, Plane};

impl Intersects<Plane> for Capsule {
    /// Whether the capsule meets the plane: the core's ends on opposite sides (or on it), or the
    /// nearer end within `r` (Ericson §5.2.2 widened by the radius), within the rounding of the
    /// signed distances (`MAGNITUDE_TOLERANCE` of the ends', the offset's and the radius's
    /// magnitudes). Touching is `true`; a zero-length
    /// capsule is a sphere, a zero radius a segment. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        capsule_side(self, other) == Side::Straddle
    }
}

mirror_intersects!(Capsule, Plane);
