//! Convex hull–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::Intersects;
use crate::query::algo::gjk::gjk_intersects;
use crate::shape::ConvexHull;

impl Intersects<ConvexHull> for ConvexHull {
    /// Boolean GJK ([`gjk_intersects`]: touching within `ON_SET_TOLERANCE` of the
    /// coordinates), its arguments in a fixed order of the two hulls so that the answer is
    /// symmetric. (Rejecting by the cached face planes first would cost a pass over one hull's
    /// points per face of the other, more than GJK's early exit on separated hulls.) Touching counts; flat and one-point hulls as what
    /// they are. `false` for invalid input.
    fn intersects(&self, other: &ConvexHull) -> bool {
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let (a, b) = if self.points()[0].to_array() <= other.points()[0].to_array() {
            (self, other)
        } else {
            (other, self)
        };
        gjk_intersects(a, b)
    }
}
