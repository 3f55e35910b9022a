//! AABB–AABB overlap.

use crate::query::Intersects;
use crate::shape::Aabb;

impl Intersects<Aabb> for Aabb {
    /// Whether the boxes share a point: their intervals overlap on all three axes (Ericson
    /// §4.2.1), compared exactly. Touching faces, edges or corners are `true`; flat and point
    /// boxes are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        self.is_usable()
            && other.is_usable()
            && self.min.cmple(other.max).all()
            && other.min.cmple(self.max).all()
    }
}
