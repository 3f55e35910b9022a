//! OBB–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::algo::gjk::gjk_intersects_from;
use crate::query::algo::polytope::boxes_overlap;
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Intersects, mirror_intersects};
use crate::shape::{ConvexHull, Obb};

impl Intersects<ConvexHull> for Obb {
    /// Boolean GJK ([`gjk_intersects`](crate::query::algo::gjk::gjk_intersects): touching
    /// within `ON_SET_TOLERANCE` of the coordinates), after the boxes of the two (the hull's
    /// cached) answer `false` when apart. GJK rather than the separating-axis test: the hull's
    /// edges are not stored, and their cross products with the box's axes would cost more than
    /// GJK's few iterations; rejecting by the hull's face planes first would cost a projected
    /// radius per face, more than GJK's early exit. Touching counts; flat boxes and flat or
    /// one-point hulls are answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        boxes_overlap(&self.aabb(), hull.bounds())
            && gjk_intersects_from(self, hull, self.center - hull.points()[0])
    }
}

mirror_intersects!(Obb, ConvexHull);
