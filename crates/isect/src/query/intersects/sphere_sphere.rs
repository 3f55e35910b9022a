//! Sphere–sphere overlap.

use crate::math::Real;
use crate::query::Intersects;
use crate::query::algo::scale::{ldexp, ldexp_vec, within_radius};
use crate::shape::Sphere;

impl Intersects<Sphere> for Sphere {
    /// Whether the balls share a point: `|c₁ − c₂|² <= (r₁ + r₂)²`, squared distances, no square
    /// root (Ericson, *Real-Time Collision Detection*, §4.3.1). Spheres at distance exactly
    /// `r₁ + r₂` touch and intersect; a zero radius is a point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Sphere) -> bool {
        // Only the radii need checking: a non-finite center makes the squared distance NaN or
        // +inf, and both compare false with a finite `r²` (this saves the branches of
        // `is_usable` on the hottest pair). Squares that under- or overflow are taken after
        // scaling by a power of two (`within_radius`), so no magnitude check is needed first.
        let r = self.radius + other.radius;
        if self.radius >= 0.0 && other.radius >= 0.0 && r < Real::INFINITY {
            within_radius(self.center - other.center, r)
        } else {
            huge_radii(self, other)
        }
    }
}

/// Spheres whose radii are valid but sum beyond `Real::MAX`: halved (exactly), centers too.
#[cold]
#[inline(never)]
fn huge_radii(a: &Sphere, b: &Sphere) -> bool {
    let valid = |r: Real| (0.0..Real::INFINITY).contains(&r);
    valid(a.radius)
        && valid(b.radius)
        && within_radius(
            ldexp_vec(a.center, -1) - ldexp_vec(b.center, -1),
            ldexp(a.radius, -1) + ldexp(b.radius, -1),
        )
}
