//! AABB–capsule overlap.

use crate::query::algo::box_sat::{segment_box_within, segment_meets_box};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Capsule};

impl Intersects<Capsule> for Aabb {
    /// Whether the box meets the capsule: the slab test (which settles cores that cross the box
    /// exactly), then the core segment's nearest point to the box, by the exact squared
    /// distance, a convex piecewise quadratic in the segment parameter minimised piece by piece
    /// (at most six breaks, see `algo::box_sat::segment_box_distance_squared`), its offset
    /// against the radius.
    /// Touching is `true`; flat boxes, zero-length and zero-radius capsules are what they are.
    /// `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Capsule) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        if segment_meets_box(other.a, other.b - other.a, self.min, self.max) {
            return true;
        }
        segment_box_within(other.a, other.b - other.a, self.min, self.max, other.radius)
    }
}

mirror_intersects!(Aabb, Capsule);
