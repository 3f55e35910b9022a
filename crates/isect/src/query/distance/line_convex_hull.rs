//! Line–convex hull distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::distance::unbounded_to;
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{ConvexHull, Line};

impl Distance<ConvexHull> for Line {
    /// The line's stretch that can hold its closest point (around the shape's bounding sphere:
    /// farther along, a point is farther from the shape than the sphere center's foot on the
    /// line), then the segment distance to the shape; 0 with a common point exactly when
    /// `intersects` is true, touching included. Degenerate shapes are what they are.
    /// [`ClosestPoints::NONE`] for invalid input (a zero direction included).
    fn closest_points(&self, other: &ConvexHull) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        let p = Linear::line(self);
        if !(p.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        unbounded_to(&p, other, self.intersects(other))
    }
}

mirror_distance!(Line, ConvexHull);
