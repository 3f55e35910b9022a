//! Oriented box–triangle distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::gjk_pair;
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Obb, Triangle};

impl Distance<Triangle> for Obb {
    /// By GJK on the two support maps, to a relative tolerance of
    /// [`GJK_RELATIVE_TOLERANCE`](crate::query::algo::gjk::GJK_RELATIVE_TOLERANCE) (at most
    /// [`GJK_MAX_ITERATIONS`](crate::query::algo::gjk::GJK_MAX_ITERATIONS) iterations, never a
    /// loop). Distance 0 with a common point exactly when `intersects` is true (the 13-axis test), touching
    /// included. Degenerate shapes (flat boxes, collinear triangles) are what they are.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Triangle) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        gjk_pair(self, other, || self.intersects(other))
    }
}

mirror_distance!(Obb, Triangle);
