//! Plane–frustum overlap.

use crate::query::algo::polytope::vertices_of;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Frustum, Plane, extent_along};

impl Intersects<Frustum> for Plane {
    /// Whether the frustum has points on both sides of the plane or on it: the extent of its
    /// eight corners along the normal contains `d` (the extent method; Ericson, *Real-Time
    /// Collision Detection*, §5.2.3). Touching counts (a corner or face on the plane).
    ///
    /// A frustum without corners (an infinite projection's, or six planes no camera makes) is
    /// answered by the vertices of its intersection with the plane: a triple of the eight
    /// planes (the six and the plane's two sides) meeting in a point behind all of them, within
    /// `ON_SET_TOLERANCE` of the coordinates. Exact for frusta that contain no whole line (every
    /// camera's). `false` for invalid input.
    fn intersects(&self, frustum: &Frustum) -> bool {
        rescale!(pair self, frustum, intersects);
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        match frustum.corners() {
            Some(corners) => {
                let (lo, hi) = extent_along(self.normal, corners);
                lo <= self.d && self.d <= hi
            }
            None => {
                let mut planes = [*self; 8];
                planes[..6].copy_from_slice(&frustum.planes);
                planes[7] = self.flipped();
                !vertices_of(&planes).is_empty()
            }
        }
    }
}

mirror_intersects!(Plane, Frustum);
