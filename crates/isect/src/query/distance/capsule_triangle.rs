//! Capsule–triangle distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::{agree, capsule_to};
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Capsule, Triangle};

impl Distance<Triangle> for Capsule {
    /// The core segment's closest points to the triangle (segment–triangle, Ericson
    /// §5.1.9–5.1.10), then the radius; 0 with a common point exactly when `intersects` is true
    /// (touching included). Zero-length capsules are spheres, degenerate triangles their segment
    /// or point. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Triangle) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        agree(capsule_to(self, other), self.intersects(other))
    }
}

mirror_distance!(Capsule, Triangle);
