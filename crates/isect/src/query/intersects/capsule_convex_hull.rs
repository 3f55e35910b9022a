//! Capsule–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::polytope::{beyond_some_plane, boxes_overlap};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Intersects, mirror_intersects};
use crate::shape::{Capsule, ConvexHull};

impl Intersects<ConvexHull> for Capsule {
    /// Whether the core segment comes within the radius of the hull: a face plane with both
    /// ends more than the radius and GJK's touching tolerance in front of it separates
    /// (`false`; the slack so that equal ends answer as a sphere does); otherwise GJK's
    /// distance between the segment and the hull (two polytopes, so it converges to
    /// `GJK_RELATIVE_TOLERANCE`; touching within `ON_SET_TOLERANCE` of the coordinates) is
    /// compared with the radius. Touching counts; radius 0 is a segment, equal ends a sphere;
    /// flat and one-point hulls are answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        if !boxes_overlap(&self.aabb(), hull.bounds()) {
            return false;
        }
        let min_along = |n| self.a.dot(n).min(self.b.dot(n)) - self.radius;
        let magnitude = self.a.abs().max(self.b.abs()).max_element();
        if beyond_some_plane(hull, magnitude, min_along) {
            return false;
        }
        let segment = self.segment();
        gjk_closest_points(&segment, hull, self.a - hull.points()[0]).distance <= self.radius
    }
}

mirror_intersects!(Capsule, ConvexHull);
