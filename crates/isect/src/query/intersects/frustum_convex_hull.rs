//! Frustum–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::algo::frustum_pair;
use crate::query::algo::gjk::gjk_intersects;
use crate::query::{Bounded, Intersects, mirror_intersects};
use crate::shape::{ConvexHull, Frustum};

impl Intersects<ConvexHull> for Frustum {
    /// Boolean GJK between the frustum's corners and the hull ([`gjk_intersects`]: touching
    /// within `ON_SET_TOLERANCE` of the coordinates), which exits early on separated shapes
    /// (plane-by-plane rejections would cost a pass over the points per plane). The
    /// infinite projection's frustum is cut by a plane beyond the hull's box first, which
    /// leaves their intersection unchanged; six planes without corners are cut to that box.
    /// Touching counts; flat and one-point hulls as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        if let Some(meets) = frustum_pair::rescaled(hull, self, |h, f| f.intersects(h)) {
            return meets;
        }
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        let Some(region) = self.region_within(&hull.aabb()) else {
            return false;
        };
        gjk_intersects(&region.cloud(), hull)
    }
}

mirror_intersects!(Frustum, ConvexHull);
