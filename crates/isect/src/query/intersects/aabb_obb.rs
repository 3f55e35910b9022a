//! AABB–OBB overlap.

use crate::query::algo::box_sat::boxes_overlap;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Obb};

impl Intersects<Obb> for Aabb {
    /// Whether the boxes share a point: Gottschalk's 15-axis separating-axis test with the AABB's
    /// frame the identity, so the relative rotation is the OBB's own (Ericson §4.4.1), and an
    /// epsilon added to `|R|` (§4.4.2). Touching is `true`. Conservative: may report `true` for
    /// boxes apart by up to `SAT_EPSILON · Σ extents` (see `algo::box_sat`, about `2e-6` of the
    /// extents in `f32`). Flat boxes are answered as such. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let t = other.center - self.center();
        boxes_overlap(self.half_extents(), other.half_extents, &other.rotation, t)
    }
}

mirror_intersects!(Aabb, Obb);
