//! Convex hull–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::Intersects;
use crate::query::algo::gjk::gjk_intersects_from;
use crate::query::algo::polytope::boxes_overlap;
use crate::query::algo::scale::rescale;
use crate::shape::ConvexHull;

impl Intersects<ConvexHull> for ConvexHull {
    /// The hulls' cached boxes overlap, and boolean GJK
    /// ([`gjk_intersects`](crate::query::algo::gjk::gjk_intersects): touching within
    /// `ON_SET_TOLERANCE` of the coordinates) finds them touching, its arguments in a fixed order of the two hulls so that the answer is
    /// symmetric. (Rejecting by the cached face planes first would cost a pass over one hull's
    /// points per face of the other, more than GJK's early exit on separated hulls.) Touching counts; flat and one-point hulls as what
    /// they are. `false` for invalid input.
    fn intersects(&self, other: &ConvexHull) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let (a, b) = if self.points()[0].to_array() <= other.points()[0].to_array() {
            (self, other)
        } else {
            (other, self)
        };
        boxes_overlap(a.bounds(), b.bounds())
            && gjk_intersects_from(a, b, a.points()[0] - b.points()[0])
    }
}
