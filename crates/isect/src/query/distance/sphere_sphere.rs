//! Sphere–sphere distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::rounded;
use crate::query::{ClosestPoints, Distance};
use crate::shape::Sphere;

impl Distance<Sphere> for Sphere {
    /// Along the line of centers: `|c1 − c2| − r1 − r2`, 0 (with a common point) when they
    /// overlap, touching included. A radius-0 sphere is a point. [`ClosestPoints::NONE`] for
    /// invalid input.
    fn closest_points(&self, other: &Sphere) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        rounded(
            ClosestPoints {
                a: self.center,
                b: other.center,
                distance: 0.0,
            },
            self.radius,
            other.radius,
        )
    }
}
