//! Sphere–sphere overlap.

use crate::math::{Bits, Real};
use crate::query::Intersects;
use crate::query::algo::scale::{ldexp, ldexp_vec, square_in_range, within_radius};
use crate::shape::Sphere;

impl Intersects<Sphere> for Sphere {
    /// Whether the balls share a point: `|c₁ − c₂|² <= (r₁ + r₂)²`, squared distances, no square
    /// root (Ericson, *Real-Time Collision Detection*, §4.3.1). Spheres at distance exactly
    /// `r₁ + r₂` touch and intersect; a zero radius is a point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Sphere) -> bool {
        // Only the radii need checking: a non-finite center makes the squared distance NaN or
        // +inf, which fails the range test below (this saves the branches of `is_usable` on
        // the hottest pair). One branch, no short-circuits: both radii's sign bits clear, their
        // sum below +∞ as bits (NaN and +∞ are not), and `|d|²` in the normal range, where
        // `|d|² <= r²` is exact to rounding (`r²` too, or decided anyway: one that overflows
        // exceeds it, one that underflows is below it). The rest (invalid radii, a radius of
        // −0, squares that under- or overflow) takes the cold path.
        let r = self.radius + other.radius;
        let signs = (self.radius.to_bits() | other.radius.to_bits()) >> (Bits::BITS - 1);
        let dd = (self.center - other.center).length_squared();
        if (signs == 0) & (r.to_bits() < Real::INFINITY.to_bits()) & square_in_range(dd) {
            dd <= r * r
        } else {
            huge_radii(self, other)
        }
    }
}

/// What [`Intersects::intersects`] does not take on its fast path: invalid radii (`false`), a
/// radius of −0 (valid, a point), non-finite centers, squared distances out of the normal range
/// (scaled by `within_radius`), and valid radii that sum beyond `Real::MAX` (halved, exactly,
/// centers too).
#[cold]
#[inline(never)]
fn huge_radii(a: &Sphere, b: &Sphere) -> bool {
    let valid = |r: Real| (0.0..Real::INFINITY).contains(&r);
    if !(valid(a.radius) && valid(b.radius)) {
        return false;
    }
    let r = a.radius + b.radius;
    if r < Real::INFINITY {
        return within_radius(a.center - b.center, r);
    }
    within_radius(
        ldexp_vec(a.center, -1) - ldexp_vec(b.center, -1),
        ldexp(a.radius, -1) + ldexp(b.radius, -1),
    )
}
