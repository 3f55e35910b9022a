//! Segment–convex hull distance.

use crate::math::{MAGNITUDE_TOLERANCE, ON_SET_TOLERANCE};
use crate::query::algo::scale::rescale;
use crate::query::distance::gjk_pair_beyond;
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{ConvexHull, Segment};

impl Distance<ConvexHull> for Segment {
    /// By GJK on the two support maps, to a relative tolerance of
    /// [`GJK_RELATIVE_TOLERANCE`](crate::query::algo::gjk::GJK_RELATIVE_TOLERANCE) (at most
    /// [`GJK_MAX_ITERATIONS`](crate::query::algo::gjk::GJK_MAX_ITERATIONS) iterations, never a
    /// loop). Distance 0 with a common point exactly when `intersects` is true (the radius-0 capsule's test), touching
    /// included, in either direction of the segment. Degenerate shapes (flat boxes, collinear triangles, hulls of one, two or three points) are what they are.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &ConvexHull) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        // Proven apart only beyond the overlap test's band (GJK's touching band, at most
        // `√3 (2 ON_SET_TOLERANCE + MAGNITUDE_TOLERANCE)` of the coordinates of both shapes, the
        // ends of the segment included, which GJK's support points need not be).
        let bounds = other.bounds();
        let m = (self.a.abs().max(self.b.abs()))
            .max(bounds.min.abs().max(bounds.max.abs()))
            .max_element();
        let slack = 4.0 * (ON_SET_TOLERANCE + MAGNITUDE_TOLERANCE) * m;
        gjk_pair_beyond(self, other, slack, || self.intersects(other))
    }
}

mirror_distance!(Segment, ConvexHull);
