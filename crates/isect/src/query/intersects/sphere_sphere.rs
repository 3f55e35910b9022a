//! Sphere–sphere overlap.

use crate::math::{Bits, Real, simd};
use crate::query::Intersects;
use crate::query::algo::scale::{ldexp, ldexp_vec, square_in_range, within_radius};
use crate::shape::Sphere;

impl Intersects<Sphere> for Sphere {
    /// Whether the balls share a point: `|c₁ − c₂|² <= (r₁ + r₂)²`, squared distances, no square
    /// root (Ericson, *Real-Time Collision Detection*, §4.3.1). Spheres at distance exactly
    /// `r₁ + r₂` touch and intersect; a zero radius is a point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Sphere) -> bool {
        // One predictable branch on the hot path: both radii's sign bits clear and `r²` in the
        // normal range `[TINY_SQUARE, ∞)` (one unsigned comparison of bits: false for NaN, for
        // an infinite radius and for squares that under- or overflow). Then `|d|² <= r²` is
        // decided to rounding at every `|d|`: a `|d|²` that overflows exceeds the finite `r²`,
        // one that underflows is below it, and a non-finite center makes `|d|²` NaN or +∞,
        // which compare false. Everything else (invalid radii, a radius −0, tiny or huge radii)
        // takes the cold path, which checks explicitly.
        let r = self.radius + other.radius;
        let rr = r * r;
        let signs = (self.radius.to_bits() | other.radius.to_bits()) & SIGN;
        if square_in_range(Real::from_bits(rr.to_bits() | signs)) {
            // In SIMD lanes (`Vec3A` in `f32`): one subtraction, the same sum of squares.
            (simd(self.center) - simd(other.center)).length_squared() <= rr
        } else {
            cold(self, other)
        }
    }
}

/// The sign bit of a [`Real`]'s bits.
const SIGN: Bits = 1 << (Bits::BITS - 1);

/// The answer with every check explicit, off the hot path: radii in `[0, ∞)`, their sum below
/// `∞`, and the squared distance compared after scaling by a power of two where it under- or
/// overflows (`within_radius`).
#[cold]
#[inline(never)]
fn cold(a: &Sphere, b: &Sphere) -> bool {
    let r = a.radius + b.radius;
    if a.radius >= 0.0 && b.radius >= 0.0 && r < Real::INFINITY {
        within_radius(a.center - b.center, r)
    } else {
        huge_radii(a, b)
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
