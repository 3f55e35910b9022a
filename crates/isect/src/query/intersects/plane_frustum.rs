//! Plane–frustum overlap.

use crate::query::algo::polytope::point_within;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Frustum, Plane};

impl Intersects<Frustum> for Plane {
    /// Whether the frustum has points on both sides of the plane or on it: the extent of its
    /// eight corners along the normal contains `d` (the extent method; Ericson, *Real-Time
    /// Collision Detection*, §5.2.3). Touching counts (a corner or face on the plane).
    ///
    /// Six planes no camera makes are answered by the extent of their region's vertices when
    /// it is bounded; an unbounded frustum (an infinite projection's) by a common point of the
    /// eight half-spaces (the six and the plane's two sides), within `ON_SET_TOLERANCE` of the
    /// coordinates, exact for every region, lines included. `false` for invalid input.
    fn intersects(&self, frustum: &Frustum) -> bool {
        rescale!(pair self, frustum, intersects);
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        match frustum.bounded_vertices() {
            Some(vertices) => {
                let (lo, hi) = vertices.extent_along(self.normal);
                lo <= self.d && self.d <= hi
            }
            None => {
                let mut planes = [*self; 8];
                planes[..6].copy_from_slice(&frustum.planes);
                planes[7] = self.flipped();
                point_within(&planes).is_some()
            }
        }
    }
}

mirror_intersects!(Plane, Frustum);
