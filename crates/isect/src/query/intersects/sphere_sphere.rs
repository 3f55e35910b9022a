//! Sphere–sphere overlap.

use crate::math::Real;
use crate::query::Intersects;
use crate::shape::Sphere;

impl Intersects<Sphere> for Sphere {
    /// Whether the balls share a point: `|c₁ − c₂|² <= (r₁ + r₂)²`, squared distances, no square
    /// root (Ericson, *Real-Time Collision Detection*, §4.3.1). Spheres at distance exactly
    /// `r₁ + r₂` touch and intersect; a zero radius is a point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Sphere) -> bool {
        // Only the radii need checking: a non-finite center makes the squared distance NaN or
        // +inf, and both compare false with a finite `r²` (this saves the branches of
        // `is_usable` on the hottest pair).
        let r = self.radius + other.radius;
        self.radius >= 0.0
            && other.radius >= 0.0
            && r < Real::INFINITY
            && self.center.distance_squared(other.center) <= r * r
    }
}
