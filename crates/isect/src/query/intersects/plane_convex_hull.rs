//! Plane–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{ConvexHull, Plane};

impl Intersects<ConvexHull> for Plane {
    /// Whether the hull's points lie on both sides of the plane or on it: the extent of the
    /// points along the normal contains `d` (the extent method; Ericson, *Real-Time Collision
    /// Detection*, §5.2.3), in one pass over the points. Touching counts (a point on the
    /// plane); every hull, flat or of one point, is answered as what it is. `false` for
    /// invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        let (lo, hi) = hull.extent_along(self.normal);
        lo <= self.d && self.d <= hi
    }
}

mirror_intersects!(Plane, ConvexHull);
