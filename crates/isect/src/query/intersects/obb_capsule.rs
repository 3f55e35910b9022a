//! OBB–capsule overlap.

use crate::query::algo::box_sat::{segment_box_within, segment_meets_box};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Capsule, Obb};

impl Intersects<Capsule> for Obb {
    /// Whether the box meets the capsule: the core segment taken to the box's frame, then the
    /// slab test (which settles cores that cross the box exactly) and the exact squared
    /// segment–box distance (a convex piecewise quadratic minimised piece by piece, see
    /// `algo::box_sat::segment_box_distance_squared`), the nearest point's offset against the
    /// radius. Touching is `true`; flat
    /// boxes, zero-length and zero-radius capsules are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Capsule) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let p = self.to_local(other.a);
        let d = self.rotation.transpose() * (other.b - other.a);
        let e = self.half_extents;
        if segment_meets_box(p, d, -e, e) {
            return true;
        }
        segment_box_within(p, d, -e, e, other.radius)
    }
}

mirror_intersects!(Obb, Capsule);
