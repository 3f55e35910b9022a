//! Frustum overlap outside the window of magnitudes computed as given (issue 24).
//!
//! A pair is brought into the window by one power of two, that of its larger shape
//! ([`scale::pair`]): beside a shape near `Real::MAX` a tiny frustum's plane offsets flush to 0
//! (the frustum becomes a cone through the origin), and beside a huge frustum a tiny shape flushes
//! to a point. Each of the frustum's planes separates the shape exactly when the shape's lowest
//! point along the plane's normal lies in front of it, a comparison of two numbers that can be
//! scaled on their own: so each plane is decided at its own scale (the larger of that point's
//! coordinates along the normal and the plane's offset) before the pair is rescaled. The scaled test then only
//! has to find the separations along other axes, which a shape of the other's scale decides.

use crate::math::{Real, Vec3};
use crate::query::SupportMap;
use crate::query::algo::scale::{self, Rescale, ldexp, ldexp_vec, normalizing_exponent};
use crate::shape::Frustum;

/// Whether a plane of the frustum has the whole shape in front of it, each plane's comparison
/// brought by a power of two to the scale of its own numbers (the shape's lowest point along
/// the normal and the offset), which leaves it as it is in the window. `false` where that point
/// or offset is not finite (invalid input, which the query answers).
#[cold]
fn plane_separates_at_its_scale<S: SupportMap>(shape: &S, frustum: &Frustum) -> bool {
    frustum.planes.iter().any(|plane| {
        // Coordinates along which the normal is 0 add nothing, whatever their size: left out,
        // so they do not set the scale (a box's far corner would flush its near one).
        let v = Vec3::select(
            plane.normal.cmpeq(Vec3::ZERO),
            Vec3::ZERO,
            shape.support(-plane.normal),
        );
        let m = v.abs().max_element().max(plane.d.abs());
        if !(m > 0.0 && m < Real::INFINITY) {
            return false;
        }
        let k = normalizing_exponent(m);
        plane.normal.dot(ldexp_vec(v, k)) > ldexp(plane.d, k)
    })
}

/// `meets(shape, frustum)` for the pair brought into the window by a power of two, after each
/// plane of the frustum was tested against the shape at its own scale; `None` when the pair is in
/// the window (or invalid), where the query computes as given.
#[inline(always)]
pub(crate) fn rescaled<S: Rescale + SupportMap>(
    shape: &S,
    frustum: &Frustum,
    meets: impl FnOnce(&S, &Frustum) -> bool,
) -> Option<bool> {
    scale::pair(shape, frustum, |s, f| {
        !plane_separates_at_its_scale(shape, frustum) && meets(s, f)
    })
}
