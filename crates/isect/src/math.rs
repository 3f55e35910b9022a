//! The scalar type, the glam types that match it, and the tolerances the queries use.
//!
//! `isect` is compiled with `Real = f32` and `isect-f64` with `Real = f64` from this same file; the
//! aliases below let every other file name `Vec3` without knowing which one it is.

#[cfg(not(isect_f64))]
mod precision {
    /// The scalar type: `f32` in `isect`, `f64` in `isect-f64`.
    pub type Real = f32;
    /// The unsigned integer of `Real`'s bits.
    pub(crate) type Bits = u32;
    pub use glam::{Mat2, Mat3, Mat4, Quat, Vec2, Vec3, Vec4};
}

#[cfg(isect_f64)]
mod precision {
    /// The scalar type: `f32` in `isect`, `f64` in `isect-f64`.
    pub type Real = f64;
    /// The unsigned integer of `Real`'s bits.
    pub(crate) type Bits = u64;
    pub use glam::{
        DMat2 as Mat2, DMat3 as Mat3, DMat4 as Mat4, DQuat as Quat, DVec2 as Vec2, DVec3 as Vec3,
        DVec4 as Vec4,
    };
}

pub use precision::*;

/// A 3-vector for hot internal loops: glam's 16-byte aligned `Vec3A` in `f32`, so that its
/// arithmetic, comparisons and min/max are single SIMD instructions; `DVec3` in `f64`, which has
/// no aligned variant.
#[cfg(not(isect_f64))]
pub(crate) type SimdVec3 = glam::Vec3A;
#[cfg(isect_f64)]
pub(crate) type SimdVec3 = glam::DVec3;

/// A 3×3 matrix for hot internal loops: glam's `Mat3A` (columns in [`SimdVec3`] lanes) in `f32`,
/// `DMat3` in `f64`.
#[cfg(not(isect_f64))]
pub(crate) type SimdMat3 = glam::Mat3A;
#[cfg(isect_f64)]
pub(crate) type SimdMat3 = glam::DMat3;

// Conversions that are real in one precision and the identity in the other, written once per
// precision so that no call site needs a lint exception for the precision where they are no-ops.

/// `v` as a [`SimdVec3`] (`Vec3A` in `f32`; the same vector in `f64`).
#[cfg(not(isect_f64))]
#[inline(always)]
pub(crate) fn simd(v: Vec3) -> SimdVec3 {
    SimdVec3::from(v)
}
/// `v` as a [`SimdVec3`] (`Vec3A` in `f32`; the same vector in `f64`).
#[cfg(isect_f64)]
#[inline(always)]
pub(crate) fn simd(v: Vec3) -> SimdVec3 {
    v
}

/// [`simd`] for a query's point argument: the same lanes `[x, y, z, z]`, read as `x, y`
/// together and `z` alone, the halves in which a `Vec3` argument is usually stored (8 bytes,
/// then 4). glam's conversion reads `x` alone and `y, z` together (SSE2: `movss`, `movsd` at
/// offset 4), which a `Vec3` just stored as 8 + 4 bytes (spilled, or passed through
/// `black_box`) cannot forward from the store buffer: a stall of about a dozen cycles, most of
/// the time of a box's `contains_point`. Not for every conversion: where several vectors are
/// converted together (a shape's corners) the compiler's own combining of the loads is better.
#[cfg(not(isect_f64))]
#[inline(always)]
pub(crate) fn simd_point(v: Vec3) -> SimdVec3 {
    let z = glam::Vec4::splat(v.z);
    SimdVec3::from_vec4(glam::Vec4::new(v.x, v.y, z.z, z.w))
}
/// [`simd`] for a query's point argument (the same vector in `f64`).
#[cfg(isect_f64)]
#[inline(always)]
pub(crate) fn simd_point(v: Vec3) -> SimdVec3 {
    v
}

/// `v` back as a [`Vec3`].
#[cfg(not(isect_f64))]
#[inline(always)]
pub(crate) fn unsimd(v: SimdVec3) -> Vec3 {
    Vec3::from(v)
}
/// `v` back as a [`Vec3`].
#[cfg(isect_f64)]
#[inline(always)]
pub(crate) fn unsimd(v: SimdVec3) -> Vec3 {
    v
}

/// `mᵀ` as a [`SimdMat3`]: its products with a [`SimdVec3`] are the products with `m`'s columns
/// (dot products), formed in SIMD lanes in `f32`, in the same order as `Mat3`'s, so the same bits.
#[cfg(not(isect_f64))]
#[inline(always)]
pub(crate) fn simd_transpose(m: Mat3) -> SimdMat3 {
    SimdMat3::from(m).transpose()
}
/// `mᵀ` as a [`SimdMat3`]: its products with a [`SimdVec3`] are the products with `m`'s columns
/// (dot products), formed in SIMD lanes in `f32`, in the same order as `Mat3`'s, so the same bits.
#[cfg(isect_f64)]
#[inline(always)]
pub(crate) fn simd_transpose(m: Mat3) -> SimdMat3 {
    m.transpose()
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
/// (a line, a plane, a triangle) or on a shape that isect only knows through a support map,
/// relative to the *extent* of the points involved (the largest side of their bounding box).
///
/// A point computed as "on" such a set carries two kinds of rounding: that of the shape's own
/// geometry (directions, parameters, cross products: differences of coordinates, so relative to
/// the extent) and one or two roundings of absolute coordinates (a point `a + t·d` is rounded to
/// the float grid at its magnitude). [`on_set_tolerance`] is `ON_SET_TOLERANCE · extent +
/// MAGNITUDE_TOLERANCE · magnitude`, so it follows the shapes, not their distance from the
/// origin. About 64 units in the last place.
pub const ON_SET_TOLERANCE: Real = 64.0 * Real::EPSILON;

/// Relative tolerance for the roundings of absolute coordinates, relative to their magnitude
/// (the largest absolute coordinate): about 8 units in the last place, a few roundings of a
/// point to the float grid where it lies, with a margin.
pub const MAGNITUDE_TOLERANCE: Real = 8.0 * Real::EPSILON;

/// The absolute tolerance `ON_SET_TOLERANCE · extent + MAGNITUDE_TOLERANCE · magnitude` of
/// `points`: `extent` is the largest side of their bounding box, `magnitude` their largest
/// absolute coordinate. Two points within it of each other are the same point up to the rounding
/// of a computation on `points`.
#[inline]
#[must_use]
pub fn on_set_tolerance<const N: usize>(points: [Vec3; N]) -> Real {
    let (extent, magnitude) = extent_and_magnitude(points);
    ON_SET_TOLERANCE * extent + MAGNITUDE_TOLERANCE * magnitude
}

/// The largest side of the bounding box of `points` and their largest absolute coordinate (both
/// 0 for none).
#[inline]
pub(crate) fn extent_and_magnitude<const N: usize>(points: [Vec3; N]) -> (Real, Real) {
    let Some(&first) = points.first() else {
        return (0.0, 0.0);
    };
    let (mut lo, mut hi) = (first, first);
    for p in points {
        lo = lo.min(p);
        hi = hi.max(p);
    }
    let extent = (hi - lo).max_element();
    (extent, lo.abs().max(hi.abs()).max_element())
}

/// The tolerance of a plane's signed distance `n · x − d` at points of magnitude up to
/// `magnitude` (largest absolute coordinate), with a `reach` (an extent along the normal) added:
/// the dot product and the subtraction round relative to `|x|` and `|d|`, the reach relative to
/// itself, so the tolerance is [`MAGNITUDE_TOLERANCE`] of their sum (per coordinate, as the sum
/// over three products stays within that margin).
#[inline]
pub(crate) fn plane_tolerance(d: Real, magnitude: Real, reach: Real) -> Real {
    MAGNITUDE_TOLERANCE * (magnitude + d.abs() + reach)
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

/// The order of two finite numbers by value, for sorts by several keys: `−0` and `+0` equal
/// (`total_cmp` puts `−0` first, so a sort by `x` then `y` would put `(−0, 1)` before `(+0, −1)`
/// and break the monotone chains that rely on it). `+ 0.0` turns `−0` into `+0`.
#[inline]
pub(crate) fn value_cmp(a: Real, b: Real) -> core::cmp::Ordering {
    (a + 0.0).total_cmp(&(b + 0.0))
}

/// A point that stands for "no point": what closest-point queries return when there is no answer
/// (an invalid shape or a non-finite query point). It is not finite, so it never passes for a
/// real result, and it is not NaN, so comparisons with it behave.
pub const NO_POINT: Vec3 = Vec3::splat(Real::INFINITY);
