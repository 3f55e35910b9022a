//! The scalar type, the glam types that match it, and the tolerances the queries use.
//!
//! `isect` is compiled with `Real = f32` and `isect-f64` with `Real = f64` from this same file; the
//! aliases below let every other file name `Vec3` without knowing which one it is.

#[cfg(not(isect_f64))]
mod precision {
    /// The scalar type: `f32` in `isect`, `f64` in `isect-f64`.
    pub type Real = f32;
    pub use glam::{Mat2, Mat3, Mat4, Quat, Vec2, Vec3, Vec4};
}

#[cfg(isect_f64)]
mod precision {
    /// The scalar type: `f32` in `isect`, `f64` in `isect-f64`.
    pub type Real = f64;
    pub use glam::{
        DMat2 as Mat2, DMat3 as Mat3, DMat4 as Mat4, DQuat as Quat, DVec2 as Vec2, DVec3 as Vec3,
        DVec4 as Vec4,
    };
}

pub use precision::*;

/// A 3-vector for hot internal loops: glam's 16-byte aligned `Vec3A` in `f32`, so that its
/// arithmetic, comparisons and min/max are single SIMD instructions; `DVec3` in `f64`, which has
/// no aligned variant.
#[cfg(all(feature = "alloc", not(isect_f64)))]
pub(crate) type SimdVec3 = glam::Vec3A;
#[cfg(all(feature = "alloc", isect_f64))]
pub(crate) type SimdVec3 = glam::DVec3;

// Conversions that are real in one precision and the identity in the other, written once per
// precision so that no call site needs a lint exception for the precision where they are no-ops.

/// `v` as a [`SimdVec3`] (`Vec3A` in `f32`; the same vector in `f64`).
#[cfg(all(feature = "alloc", not(isect_f64)))]
#[inline(always)]
pub(crate) fn simd(v: Vec3) -> SimdVec3 {
    SimdVec3::from(v)
}
/// `v` as a [`SimdVec3`] (`Vec3A` in `f32`; the same vector in `f64`).
#[cfg(all(feature = "alloc", isect_f64))]
#[inline(always)]
pub(crate) fn simd(v: Vec3) -> SimdVec3 {
    v
}

/// `v` back as a [`Vec3`].
#[cfg(all(feature = "alloc", not(isect_f64)))]
#[inline(always)]
pub(crate) fn unsimd(v: SimdVec3) -> Vec3 {
    Vec3::from(v)
}
/// `v` back as a [`Vec3`].
#[cfg(all(feature = "alloc", isect_f64))]
#[inline(always)]
pub(crate) fn unsimd(v: SimdVec3) -> Vec3 {
    v
}

/// `x` in `f64`, exactly (the identity in `isect-f64`).
#[cfg(not(isect_f64))]
#[inline(always)]
pub(crate) fn to_f64(x: Real) -> f64 {
    f64::from(x)
}
/// `x` in `f64`, exactly (the identity in `isect-f64`).
#[cfg(isect_f64)]
#[inline(always)]
pub(crate) fn to_f64(x: Real) -> f64 {
    x
}

/// `x` rounded to the nearest [`Real`] (the identity in `isect-f64`).
#[cfg(not(isect_f64))]
#[inline(always)]
#[expect(
    clippy::cast_possible_truncation,
    reason = "rounding to f32 is the point"
)]
pub(crate) fn from_f64(x: f64) -> Real {
    x as Real
}
/// `x` rounded to the nearest [`Real`] (the identity in `isect-f64`).
#[cfg(isect_f64)]
#[inline(always)]
pub(crate) fn from_f64(x: f64) -> Real {
    x
}

/// Relative tolerance for deciding that a point lies *on* a set of lower dimension than space
/// (a line, a plane, a triangle) or on a shape that isect only knows through a support map.
///
/// A point computed as "on" such a set carries rounding error proportional to the magnitude of
/// the coordinates involved, so the test is `distance <= ON_SET_TOLERANCE * scale`, where `scale`
/// is the largest absolute coordinate of the point and the shape's defining points
/// (see [`on_set_tolerance`]). About 64 units in the last place.
pub const ON_SET_TOLERANCE: Real = 64.0 * Real::EPSILON;

/// The absolute tolerance `ON_SET_TOLERANCE * scale`, where `scale` is the largest absolute
/// coordinate among `points`.
#[inline]
#[must_use]
pub fn on_set_tolerance<const N: usize>(points: [Vec3; N]) -> Real {
    ON_SET_TOLERANCE * coordinate_scale(points)
}

/// The largest absolute coordinate among `points` (0 for none): the magnitude that rounding
/// errors of computations on them scale with.
#[inline]
pub(crate) fn coordinate_scale<const N: usize>(points: [Vec3; N]) -> Real {
    let mut scale: Real = 0.0;
    for p in points {
        scale = scale.max(p.abs().max_element());
    }
    scale
}

/// A point that stands for "no point": what closest-point queries return when there is no answer
/// (an invalid shape or a non-finite query point). It is not finite, so it never passes for a
/// real result, and it is not NaN, so comparisons with it behave.
pub const NO_POINT: Vec3 = Vec3::splat(Real::INFINITY);
