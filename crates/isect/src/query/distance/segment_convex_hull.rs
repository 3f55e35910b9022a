//! Segment–convex hull distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::distance::gjk_pair_beyond;
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{ConvexHull, Segment};

impl Distance<ConvexHull> for Segment {
    /// By GJK on the two support maps, to a relative tolerance of
    /// [`GJK_RELATIVE_TOLERANCE`](crate::query::algo::gjk::GJK_RELATIVE_TOLERANCE) (at most
    /// [`GJK_MAX_ITERATIONS`](crate::query::algo::gjk::GJK_MAX_ITERATIONS) iterations, never a
    /// loop). Distance 0 with a common point exactly when `intersects` is true (clipping against the hull's planes), touching
    /// included, in either direction of the segment. Degenerate shapes (flat boxes, collinear triangles, hulls of one, two or three points) are what they are.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &ConvexHull) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        // The overlap test's slack follows the segment's both ends, which GJK's support points
        // need not include: proven apart only beyond four times it.
        let slack = 4.0 * other.linear_tolerance(&Linear::segment(self));
        gjk_pair_beyond(self, other, slack, || self.intersects(other))
    }
}

mirror_distance!(Segment, ConvexHull);
