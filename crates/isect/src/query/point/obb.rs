//! Point queries on an oriented box.

use crate::math::{NO_POINT, Real, SimdVec3, Vec3, simd, unsimd};
use crate::query::PointQuery;
use crate::query::algo::scale::rescale;
use crate::shape::Obb;

impl PointQuery for Obb {
    /// `p` when inside; otherwise `p` clamped to the box in its own frame (Ericson §5.1.4).
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        rescale!(point self, p, closest_point);
        let local = self.to_local(p);
        if !valid_local(simd(local), simd(self.half_extents)) {
            return NO_POINT;
        }
        let clamped = local.max(-self.half_extents).min(self.half_extents);
        if clamped == local {
            p
        } else {
            self.to_world(clamped)
        }
    }

    /// The length of the part of the local offset that sticks out of the box.
    #[inline]
    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        let local = self.local_in_lanes(p);
        let h = simd(self.half_extents);
        // The half extents checked here, the local coordinates on the length's cold path: a
        // NaN or an infinity in them (from any non-finite input, see `valid_local`) makes the
        // excess NaN or +∞ (the select keeps a NaN, where `max(.., 0)` would drop it), whose
        // length is out of range.
        let inf = SimdVec3::INFINITY;
        if !(h.cmpge(SimdVec3::ZERO) & h.cmplt(inf)).all() {
            return Real::INFINITY;
        }
        let excess = local.abs() - h;
        let outside = SimdVec3::select(excess.cmple(SimdVec3::ZERO), SimdVec3::ZERO, excess);
        crate::query::algo::scale::length_non_negative_or_inf(unsimd(outside))
    }

    /// `|local coordinate| <= half extent` on every axis, with the local coordinates computed
    /// in the box's frame (exact for axis-aligned rotations; otherwise as exact as the rotation).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        let h = self.half_extents;
        // A NaN or an infinity in the point, the center or the rotation makes a local coordinate
        // NaN or infinite, which no finite half extent holds; a NaN or negative half extent holds
        // nothing. What the comparison alone would accept is an infinite half extent.
        let (local, h) = (self.local_in_lanes(p), simd(h));
        (local.abs().cmple(h) & h.cmplt(SimdVec3::INFINITY)).all()
    }
}

/// Whether an oriented box and a point are valid, from the point's local coordinates `local` and
/// the half extents `h`: a NaN or an infinity in the point, the center or the rotation makes a
/// local coordinate NaN or infinite (`0 · ∞` is NaN; the rescaling before leaves no overflow of
/// finite input), so finite local coordinates and half extents in `[0, ∞)` say that all of them
/// are finite, as `Obb::is_usable` with a finite point does. One mask, no chain of branches
/// (in SIMD lanes in `f32`: `Vec3`'s comparisons are three bytes, combined one by one).
#[inline(always)]
fn valid_local(local: SimdVec3, h: SimdVec3) -> bool {
    let inf = SimdVec3::INFINITY;
    (local.abs().cmplt(inf) & h.cmpge(SimdVec3::ZERO) & h.cmplt(inf)).all()
}
