//! Sphere–sphere overlap.

use crate::query::Intersects;
use crate::shape::Sphere;

impl Intersects<Sphere> for Sphere {
    /// Whether the balls share a point: `|c₁ − c₂|² <= (r₁ + r₂)²`, squared distances, no square
    /// root (Ericson, *Real-Time Collision Detection*, §4.3.1). Spheres at distance exactly
    /// `r₁ + r₂` touch and intersect; a zero radius is a point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Sphere) -> bool {
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let r = self.radius + other.radius;
        self.center.distance_squared(other.center) <= r * r
    }
}
