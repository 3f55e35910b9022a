//! Power-of-two rescaling: how every query answers valid input of any finite magnitude.
//!
//! The queries multiply coordinates together (squared distances, cross products, the normal of a
//! triangle dotted with a point: products of up to about six coordinates or their differences).
//! In floating point those products overflow for coordinates far from 1 and lose their precision
//! to gradual underflow close to 0, long before the coordinates themselves do: an `f32` squared
//! distance overflows for coordinates near `1.8e19` and a triangle's squared normal underflows for
//! sides near `1e-10`. Multiplying every coordinate and length of the input by the same power of
//! two changes none of the rounding of a computation that neither overflows nor underflows (each
//! operation's exact result is scaled by a power of two, and so is its rounding), so the answer
//! of input scaled by `2ᵏ` is the answer of the input, scaled back, bit for bit.
//!
//! So each query first takes the largest magnitude of its input ([`Rescale::magnitude`]: a few
//! comparisons), and computes as written when that lies in a window ([`LOW`], [`HIGH`]) where no
//! product it forms can overflow, nor underflow by more than rounding already loses; otherwise it
//! answers the input scaled by the power of two that brings its largest magnitude into `[1, 2)`,
//! and scales the answer back (lengths and points; parameters, normals and booleans are unchanged).
//! An answer that is not representable at the input's scale (a distance beyond `Real::MAX`) then
//! comes back as `+∞`; one below the smallest subnormal stays positive (the smallest subnormal),
//! so that "distance 0" keeps meaning "they meet". Directions of lines and rays are a
//! parametrization, not a place: they are brought to a magnitude in `[1, 2)` on their own, and
//! parameters along them (a ray hit's `t`) converted back.
//!
//! Scaling down flushes coordinates far smaller than the largest to 0 (one of `1e-30` beside
//! `Real::MAX`), which is exact only where they could not matter. A query whose arithmetic
//! cannot overflow computes as given instead (the box casts: differences and one division,
//! `query/raycast/aabb.rs`); a negative length or an inverted box is kept invalid when scaled,
//! since flushing it to `−0` would make it valid.

use crate::math::{Bits, Real, SimdVec3, Vec3, simd};

mod crossing;
mod entry;
mod lengths;
mod shapes;
mod subnormal_t;

pub(crate) use crossing::{crossing, normal_dot_dir, scaled_quotient};
pub(crate) use entry::*;
pub(crate) use lengths::*;
pub(crate) use shapes::{Rescale, Unscale, rescaled_ray};
pub(crate) use subnormal_t::settled;

/// The smallest largest magnitude computed as given: about `1e-6` in `f32` (`2⁻²⁰`), `7e-46` in
/// `f64` (`2⁻¹⁵⁰`). Sixth powers of it stay normal (`2⁻¹²⁰`, `2⁻⁹⁰⁰`).
#[cfg(not(isect_f64))]
pub(crate) const LOW: Real = 1.0 / (1u64 << 20) as Real;
/// The largest magnitude computed as given: about `1.7e7` in `f32` (`2²⁴`), `1.4e45` in `f64`
/// (`2¹⁵⁰`). Fifth powers of it, with room for sums and constant factors, stay finite (`2¹²⁰`,
/// `2⁷⁵⁰`); an `f32` world of 16 km at millimetre precision is computed as given.
#[cfg(not(isect_f64))]
pub(crate) const HIGH: Real = (1u64 << 24) as Real;
#[cfg(isect_f64)]
pub(crate) const LOW: Real = 1.0 / (2.0 * (1u128 << 127) as Real * (1u64 << 22) as Real);
#[cfg(isect_f64)]
pub(crate) const HIGH: Real = 2.0 * (1u128 << 127) as Real * (1u64 << 22) as Real;

/// Squared lengths, and products of two, whose products up to the fourth power of a length stay
/// normal and finite: `[2⁻⁶⁰, 2⁶⁰]` in `f32`, `[2⁻⁵⁰⁰, 2⁵⁰⁰]` in `f64`. Internal fallbacks for
/// directions far from unit length start outside it; inside the window ([`LOW`], [`HIGH`]) shapes
/// of ordinary proportions never leave it.
#[cfg(not(isect_f64))]
pub(crate) const SQUARES: core::ops::RangeInclusive<Real> =
    1.0 / (1u64 << 60) as Real..=(1u64 << 60) as Real;
#[cfg(isect_f64)]
pub(crate) const SQUARES: core::ops::RangeInclusive<Real> = {
    // 2⁵⁰⁰ as the product of exact powers of two.
    let p100 = (1u128 << 100) as Real;
    let p500 = p100 * p100 * p100 * p100 * p100;
    1.0 / p500..=p500
};

/// Whether `x` lies in [`SQUARES`], by one unsigned comparison of its bits (NaN and negative
/// values fall outside).
#[inline(always)]
pub(crate) fn in_squares(x: Real) -> bool {
    let (lo, hi) = (SQUARES.start().to_bits(), SQUARES.end().to_bits());
    x.to_bits().wrapping_sub(lo) <= hi - lo
}

/// Bits of the significand stored (23 in `f32`, 52 in `f64`).
const FRACTION_BITS: u32 = Real::MANTISSA_DIGITS - 1;
/// The exponent bias (127, 1023).
const BIAS: i32 = Real::MAX_EXP - 1;

/// Whether `m` (a largest magnitude) lies in the window computed as given: `false` for 0, NaN
/// and `+∞` too, which the cold path sorts out.
#[inline(always)]
pub(crate) fn in_window(m: Real) -> bool {
    (LOW..=HIGH).contains(&m)
}

/// `⌊log₂ x⌋` for finite `x > 0`, subnormals included.
#[inline]
pub(crate) fn exponent(x: Real) -> i32 {
    // Anything else would never leave the subnormal branch below.
    debug_assert!(x > 0.0, "exponent of {x}");
    if x >= Real::MIN_POSITIVE {
        (x.to_bits() >> FRACTION_BITS) as i32 - BIAS
    } else {
        // A subnormal: brought into the normal range first (exactly).
        let shift = Real::MANTISSA_DIGITS as i32;
        exponent(x * pow2(shift)) - shift
    }
}

/// `2ᵏ` for `k` in the normal exponent range (`-126..=127` in `f32`).
#[inline]
fn pow2(k: i32) -> Real {
    Real::from_bits(((k + BIAS) as Bits) << FRACTION_BITS)
}

/// `x · 2ᵏ`, exact unless the result leaves the normal range; `k` up to twice the exponent
/// range, applied in two steps where `2ᵏ` itself is not a normal number.
#[inline]
pub(crate) fn ldexp(x: Real, k: i32) -> Real {
    let (lo, hi) = (Real::MIN_EXP - 1, Real::MAX_EXP - 1);
    if (lo..=hi).contains(&k) {
        x * pow2(k)
    } else {
        let first = k.clamp(lo, hi);
        x * pow2(first) * pow2((k - first).clamp(lo, hi))
    }
}

/// [`ldexp`] for each coordinate.
#[inline]
pub(crate) fn ldexp_vec(v: Vec3, k: i32) -> Vec3 {
    let (lo, hi) = (Real::MIN_EXP - 1, Real::MAX_EXP - 1);
    if (lo..=hi).contains(&k) {
        v * pow2(k)
    } else {
        let first = k.clamp(lo, hi);
        v * pow2(first) * pow2((k - first).clamp(lo, hi))
    }
}

/// The power of two `k` that brings the finite, positive magnitude `m` into `[1, 2)`.
#[inline]
pub(crate) fn normalizing_exponent(m: Real) -> i32 {
    -exponent(m)
}

/// A direction brought to a largest coordinate in `[1, 2)` by a power of two, and that power
/// (`dir · 2ᵏ`); a zero or non-finite `dir` unchanged, with `k = 0`.
#[inline]
pub(crate) fn normalized_direction(dir: Vec3) -> (Vec3, i32) {
    let m = dir.abs().max_element();
    if m > 0.0 && m < Real::INFINITY {
        let k = normalizing_exponent(m);
        (ldexp_vec(dir, k), k)
    } else {
        (dir, 0)
    }
}

/// Whether a direction needs no normalizing: in the window, or zero or not finite (invalid
/// input, which normalizing leaves as it is and the query answers as given).
#[inline(always)]
fn steady_direction(dir: Vec3) -> bool {
    let m = max_abs(dir);
    in_window(m) || !(m > 0.0 && m < Real::INFINITY)
}
/// The larger of `a` and `b`, either one when one is NaN: one `maxss` rather than the NaN rules
/// of `Real::max`. A NaN magnitude is invalid input, which the query answers whichever way the
/// magnitude went.
#[inline(always)]
fn fmax(a: Real, b: Real) -> Real {
    if a > b { a } else { b }
}

/// The largest absolute coordinate of `v` (see [`fmax`] for NaN).
#[inline(always)]
fn max_abs(v: Vec3) -> Real {
    let a = v.abs();
    fmax(fmax(a.x, a.y), a.z)
}

/// `|v|` lane by lane in [`SimdVec3`]: [`max_abs`] before its last reduction.
#[inline(always)]
fn abs_lanes(v: Vec3) -> SimdVec3 {
    simd(v).abs()
}

/// The larger of `a` and `b` lane by lane, either one where one is NaN (as [`fmax`]): one
/// `maxps` in `f32` (whose NaN rule varies between platforms; any is fine here, see `fmax`).
#[cfg(not(isect_f64))]
#[inline(always)]
fn lanes_max(a: SimdVec3, b: SimdVec3) -> SimdVec3 {
    a.max(b)
}
/// The larger of `a` and `b` lane by lane, either one where one is NaN (as [`fmax`]): `DVec3`'s
/// `max` takes `f64::max`'s NaN rule, which costs more than `fmax`'s one instruction a lane.
#[cfg(isect_f64)]
#[inline(always)]
fn lanes_max(a: SimdVec3, b: SimdVec3) -> SimdVec3 {
    SimdVec3::new(fmax(a.x, b.x), fmax(a.y, b.y), fmax(a.z, b.z))
}

/// The largest lane of `v` (either one where one is NaN, as [`fmax`]).
#[cfg(not(isect_f64))]
#[inline(always)]
fn lanes_max_element(v: SimdVec3) -> Real {
    v.max_element()
}
/// The largest lane of `v` (either one where one is NaN, as [`fmax`]).
#[cfg(isect_f64)]
#[inline(always)]
fn lanes_max_element(v: SimdVec3) -> Real {
    fmax(fmax(v.x, v.y), v.z)
}

/// A length (a radius) scaled by `2ᵏ`, negative (invalid) whenever it was: a tiny negative length
/// would otherwise flush to `−0`, which is valid, and the query would answer invalid input.
#[inline]
pub(crate) fn ldexp_length(x: Real, k: i32) -> Real {
    if x < 0.0 { -1.0 } else { ldexp(x, k) }
}

/// [`ldexp_length`] for each coordinate (half extents).
#[inline]
fn ldexp_lengths(v: Vec3, k: i32) -> Vec3 {
    if v.cmplt(Vec3::ZERO).any() {
        Vec3::splat(-1.0)
    } else {
        ldexp_vec(v, k)
    }
}
