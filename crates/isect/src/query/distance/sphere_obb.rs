//! Sphere–oriented box distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::ball_to;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Obb, Sphere};

impl Distance<Obb> for Sphere {
    /// Through the oriented box's point closest to the center ([`PointQuery`](crate::query::PointQuery)):
    /// that point and the sphere's point towards it, `max(distance − r, 0)`; 0 with a common
    /// point when they overlap (touching included). Degenerate shapes are answered as what they
    /// are. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Obb) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !self.is_usable() {
            return ClosestPoints::NONE;
        }
        ball_to(self.center, self.radius, other)
    }
}

mirror_distance!(Sphere, Obb);
