//! AABB–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::math::Vec3;
use crate::query::algo::gjk::gjk_intersects_from;
use crate::query::algo::polytope::{beyond_some_plane, boxes_overlap};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, ConvexHull};

impl Intersects<ConvexHull> for Aabb {
    /// Boolean GJK ([`gjk_intersects`](crate::query::algo::gjk::gjk_intersects): touching
    /// within `ON_SET_TOLERANCE` of the coordinates), after the boxes of the two (the hull's
    /// cached) and then a face plane of the hull with the whole box in front of it, beyond
    /// GJK's touching tolerance, answers `false` (the planes are cached at the hull's
    /// construction; the slack so that a box is answered as the same `Obb`, a point box as
    /// `contains_point`). GJK rather than the
    /// separating-axis test: the hull's edges are not stored, and their cross products with
    /// the box's would cost more than GJK's few iterations. Touching counts; degenerate shapes
    /// and flat or one-point hulls are answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        let min_along = |n: Vec3| -> crate::math::Real {
            n.dot(Vec3::select(n.cmpge(Vec3::ZERO), self.min, self.max))
        };
        let magnitude = self.min.abs().max(self.max.abs()).max_element();
        boxes_overlap(self, hull.bounds())
            && !beyond_some_plane(hull, magnitude, min_along)
            && gjk_intersects_from(self, hull, self.min - hull.points()[0])
    }
}

mirror_intersects!(Aabb, ConvexHull);
