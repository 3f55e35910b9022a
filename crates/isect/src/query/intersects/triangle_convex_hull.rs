//! Triangle–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::math::Vec3;
use crate::query::algo::gjk::gjk_intersects_from;
use crate::query::algo::polytope::{beyond_some_plane, boxes_overlap};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, ConvexHull, Triangle};

impl Intersects<ConvexHull> for Triangle {
    /// Boolean GJK ([`gjk_intersects`](crate::query::algo::gjk::gjk_intersects): touching
    /// within `ON_SET_TOLERANCE` of the coordinates), after the boxes of the two (the hull's
    /// cached) and then a face plane of the hull with the whole triangle in front of it, beyond
    /// GJK's touching tolerance, answers `false` (the planes are cached at the hull's
    /// construction; the slack so that a degenerate triangle is answered as the point or
    /// segment it is). GJK rather than the
    /// separating-axis test: the hull's edges are not stored, and their cross products with
    /// the triangle's would cost more than GJK's few iterations. Touching counts; degenerate shapes
    /// and flat or one-point hulls are answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        let min_along =
            |n: Vec3| -> crate::math::Real { n.dot(self.a).min(n.dot(self.b)).min(n.dot(self.c)) };
        let magnitude = self
            .a
            .abs()
            .max(self.b.abs())
            .max(self.c.abs())
            .max_element();
        boxes_overlap(
            &Aabb::new(
                self.a.min(self.b).min(self.c),
                self.a.max(self.b).max(self.c),
            ),
            hull.bounds(),
        ) && !beyond_some_plane(hull, magnitude, min_along)
            && gjk_intersects_from(self, hull, self.a - hull.points()[0])
    }
}

mirror_intersects!(Triangle, ConvexHull);
