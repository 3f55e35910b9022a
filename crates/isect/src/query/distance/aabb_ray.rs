//! Axis-aligned box–ray distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::distance::unbounded_to;
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Aabb, Ray};

impl Distance<Ray> for Aabb {
    /// The ray's stretch that can hold its closest point (around the shape's bounding sphere:
    /// farther along, a point is farther from the shape than the sphere center's foot on the
    /// ray), then the segment distance to the shape; 0 with a common point exactly when
    /// `intersects` is true, touching included. Degenerate shapes are what they are.
    /// [`ClosestPoints::NONE`] for invalid input (a zero direction included).
    fn closest_points(&self, other: &Ray) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        let p = Linear::ray(other);
        if !(p.is_usable() && self.is_usable()) {
            return ClosestPoints::NONE;
        }
        let cp = unbounded_to(&p, self, self.intersects(other));
        ClosestPoints {
            a: cp.b,
            b: cp.a,
            distance: cp.distance,
        }
    }
}

mirror_distance!(Aabb, Ray);
