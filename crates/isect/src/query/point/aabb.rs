//! Point queries on an axis-aligned box.
//!
//! In [`SimdVec3`] (one SIMD register per corner in `f32`), with the box's validity as a mask
//! beside the answer rather than a chain of branches before it.

use crate::math::{NO_POINT, Real, SimdVec3, Vec3, simd, simd_point, unsimd};
use crate::query::PointQuery;
use crate::query::algo::scale::length_non_negative_or_inf;
use crate::shape::Aabb;

/// Whether the box `[min, max]` and the point `p` are valid: `min <= max` (false for NaN), no
/// `min` at −∞ nor `max` at +∞ (the only infinities `min <= max` leaves), `p` finite.
#[inline(always)]
fn valid(min: SimdVec3, max: SimdVec3, p: SimdVec3) -> bool {
    let inf = SimdVec3::splat(Real::INFINITY);
    (min.cmple(max) & min.cmpgt(-inf) & max.cmplt(inf) & p.abs().cmplt(inf)).all()
}

/// [`valid`] for the box alone.
#[inline(always)]
fn valid_box(min: SimdVec3, max: SimdVec3) -> bool {
    let inf = SimdVec3::splat(Real::INFINITY);
    (min.cmple(max) & min.cmpgt(-inf) & max.cmplt(inf)).all()
}

impl PointQuery for Aabb {
    /// `p` clamped to the box: `p` itself when inside.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        let (min, max, q) = (simd(self.min), simd(self.max), simd(p));
        if !valid(min, max, q) {
            return NO_POINT;
        }
        unsimd(q.max(min).min(max))
    }

    /// The length of the part of `p − center` that sticks out of the box (Arvo).
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        let (min, max, q) = (simd(self.min), simd(self.max), simd(p));
        // The box checked here, the point on the length's cold path: a NaN or an infinity in
        // `p` makes its excess NaN or +∞ (the select keeps a NaN, where `max(.., 0)` would
        // drop it), whose length is out of range (three instructions fewer per query).
        if !valid_box(min, max) {
            return Real::INFINITY;
        }
        let excess = (min - q).max(q - max);
        let outside = SimdVec3::select(excess.cmple(SimdVec3::ZERO), SimdVec3::ZERO, excess);
        length_non_negative_or_inf(unsimd(outside))
    }

    /// `min <= p <= max` on every axis, exactly: the two comparisons also reject NaN and an
    /// inverted box, and with them true, bounds below +∞ and above −∞ make everything finite.
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        // `p` read as the halves it is stored in (see `simd_point`).
        let (min, max, q) = (simd(self.min), simd(self.max), simd_point(p));
        let inf = SimdVec3::splat(Real::INFINITY);
        (q.cmpge(min) & q.cmple(max) & min.cmpgt(-inf) & max.cmplt(inf)).all()
    }
}
