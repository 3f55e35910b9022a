//! OBB–OBB overlap.

use crate::query::Intersects;
use crate::query::algo::box_sat::boxes_overlap;
use crate::query::algo::scale::rescale;
use crate::shape::Obb;

impl Intersects<Obb> for Obb {
    /// Whether the boxes share a point: Gottschalk's 15-axis separating-axis test in `self`'s
    /// frame, with the relative rotation `R = Aᵀ B` precomputed and an epsilon added to `|R|` so
    /// that nearly parallel edges give no false separation (Gottschalk, Lin and Manocha 1996;
    /// Ericson §4.4.1–§4.4.2). Touching is `true`. Conservative: may report `true` for boxes
    /// apart by up to `SAT_EPSILON · Σ extents` on a face axis (see `algo::box_sat`, about `2e-6`
    /// of the extents in `f32`). Flat boxes are answered as such. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let at = self.rotation.transpose();
        let r = at * other.rotation;
        let t = at * (other.center - self.center);
        boxes_overlap(self.half_extents, other.half_extents, &r, t)
    }
}
