//! AABB–AABB overlap.

use crate::math::{Real, SimdVec3, simd};
use crate::query::Intersects;
use crate::shape::Aabb;

impl Intersects<Aabb> for Aabb {
    /// Whether the boxes share a point: their intervals overlap on all three axes (Ericson
    /// §4.2.1), compared exactly. Touching faces, edges or corners are `true`; flat and point
    /// boxes are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        // One mask, no branches (a broad phase calls this on pairs whose answers a branch
        // predictor cannot guess). The validity checks ride along: every coordinate meets one of
        // the overlap comparisons, so NaN fails; the boxes' own `min <= max` rejects inverted
        // boxes the overlap alone would accept; and with all of that true, the only infinities
        // left are a `min` at −∞ or a `max` at +∞, which the last two comparisons reject.
        let (a_min, a_max) = (simd(self.min), simd(self.max));
        let (b_min, b_max) = (simd(other.min), simd(other.max));
        let ordered =
            a_min.cmple(b_max) & b_min.cmple(a_max) & a_min.cmple(a_max) & b_min.cmple(b_max);
        let inf = SimdVec3::splat(Real::INFINITY);
        let finite = a_min.min(b_min).cmpgt(-inf) & a_max.max(b_max).cmplt(inf);
        (ordered & finite).all()
    }
}
