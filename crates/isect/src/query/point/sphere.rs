//! Point queries on a sphere.
//!
//! Each query takes one predictable branch on its hot path, none on inside/outside: the offset's squared length in the
//! normal range ([`square_in_range`], false for NaN and infinities, so for any non-finite center
//! or point) and the radius in `[+0, +∞)` as bits. Everything else (invalid input, a radius of
//! −0, offsets whose squares leave the range) goes to the cold path, which checks the input
//! explicitly and answers as before.

use crate::math::{NO_POINT, Real, SimdVec3, Vec3, simd, unsimd};
use crate::query::PointQuery;
use crate::query::algo::scale::{
    ldexp, ldexp_vec, normalizing_exponent, square_in_range, within_radius,
};
use crate::query::point::{gap_beyond_radius, gap_in_range, toward};
use crate::shape::Sphere;

impl Sphere {
    /// `p − center` and its squared length, when both are finite, the square is in the normal
    /// range and the radius is in `[+0, +∞)` (bits below +∞'s: no sign, no NaN): then the
    /// input is valid, with no further check.
    #[inline(always)]
    fn fast_offset(&self, p: Vec3) -> Option<(Vec3, Real)> {
        let d = p - self.center;
        let dd = d.length_squared();
        (square_in_range(dd) & (self.radius.to_bits() < Real::INFINITY.to_bits()))
            .then_some((d, dd))
    }
}

impl PointQuery for Sphere {
    /// `p` when inside (boundary included), else the point of the surface towards `p`.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        match self.fast_offset(p) {
            Some((d, dd)) => {
                // Both answers and a lane select, no branch on inside/outside (a mix no
                // predictor guesses in a loop over random points): the square root and the
                // division are paid inside too, and cost less than the mispredictions.
                let surface = self.center + d * (self.radius / crate::ops::sqrt(dd));
                let inside = SimdVec3::splat(dd).cmple(SimdVec3::splat(self.radius * self.radius));
                unsimd(SimdVec3::select(inside, simd(p), simd(surface)))
            }
            None => closest_point_cold(self, p.x, p.y, p.z),
        }
    }

    /// `max(|p − center| − radius, 0)`: 0 exactly when
    /// [`contains_point`](Self::contains_point) holds, positive otherwise.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        match self.fast_offset(p) {
            Some((_, dd)) => gap_in_range(dd, self.radius),
            None => distance_cold(self, p.x, p.y, p.z),
        }
    }

    /// `|p − center|² <= radius²`, exactly (the squares of offsets and radii far from 1 taken
    /// after scaling both by a power of two).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        match self.fast_offset(p) {
            Some((_, dd)) => dd <= self.radius * self.radius,
            None => self.is_usable() && within_radius(p - self.center, self.radius),
        }
    }
}

/// The point as its coordinates, for the reason given at [`distance_cold`].
#[cold]
#[inline(never)]
fn closest_point_cold(sphere: &Sphere, x: Real, y: Real, z: Real) -> Vec3 {
    let p = Vec3::new(x, y, z);
    if !(sphere.is_usable() && p.is_finite()) {
        return NO_POINT;
    }
    let offset = p - sphere.center;
    if within_radius(offset, sphere.radius) {
        return p;
    }
    // The hot path's formula on the center, the point and the radius scaled by one power of
    // two into the normal range, then scaled back: the same bits as at any scale where the
    // hot path applies. Scaling only the offset (`toward`) would round its sum with the center
    // where that offset is subnormal (a sphere of radius 2⁻¹⁰²⁰ in f64).
    let m = sphere
        .center
        .abs()
        .max_element()
        .max(p.abs().max_element())
        .max(sphere.radius);
    let k = normalizing_exponent(m);
    let (c, q, r) = (
        ldexp_vec(sphere.center, k),
        ldexp_vec(p, k),
        ldexp(sphere.radius, k),
    );
    let d = q - c;
    let dd = d.length_squared();
    if square_in_range(dd) {
        ldexp_vec(c + d * (r / crate::ops::sqrt(dd)), -k)
    } else {
        sphere.center + toward(offset, sphere.radius)
    }
}

/// The point comes as its three coordinates, not as a `Vec3`: a `Vec3` argument of an
/// out-of-line call is passed in memory, so the caller stored the point (8 + 4 bytes) on every
/// call, and the hot path's packed read of it then waited for both stores (no store
/// forwarding): 16 ns per query in a loop instead of 2.2 (docs/performance.md).
#[cold]
#[inline(never)]
fn distance_cold(sphere: &Sphere, x: Real, y: Real, z: Real) -> Real {
    let p = Vec3::new(x, y, z);
    if !(sphere.is_usable() && p.is_finite()) {
        return Real::INFINITY;
    }
    let d = p - sphere.center;
    if d.is_finite() {
        gap_beyond_radius(d, sphere.radius)
    } else {
        // The offset overflowed (a center and a point near opposite limits) though the gap
        // may not: taken at half scale, exactly, and doubled (`+∞` only past `Real::MAX`).
        let half = p * 0.5 - sphere.center * 0.5;
        2.0 * gap_beyond_radius(half, sphere.radius * 0.5)
    }
}
