//! Lengths, distances and unit vectors of vectors of any finite magnitude: computed as given where
//! their squares are in range, else from the vector brought to a unit magnitude by a power of two.

use super::{
    fmax, in_window, ldexp, ldexp_vec, max_abs, normalized_direction, normalizing_exponent,
};
use crate::math::{Real, Vec3};

/// The smallest square (or sum of squares) that is decided to full precision: its terms that
/// underflowed weigh less than `ε²` of it (`2⁻⁸⁰` in `f32`, `2⁻⁹¹⁸` in `f64`). Comparisons and
/// square roots of sums of squares at least this large are exact to rounding; smaller ones are
/// recomputed from their vector brought to a unit magnitude by a power of two.
pub(crate) const TINY_SQUARE: Real = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);

/// Whether the square `x` lies in `[TINY_SQUARE, +∞)`, with one unsigned comparison of its bits
/// (the bits of non-negative floats are ordered as the floats; NaN and negative values fall
/// outside).
#[inline(always)]
pub(crate) fn square_in_range(x: Real) -> bool {
    x.to_bits().wrapping_sub(TINY_SQUARE.to_bits())
        < Real::INFINITY.to_bits() - TINY_SQUARE.to_bits()
}

/// Whether every coordinate of `v` is zero (of either sign): the bits of the three, their sign
/// bits dropped, combined by a bitwise or.
#[inline(always)]
fn is_zero(v: Vec3) -> bool {
    (v.x.to_bits() | v.y.to_bits() | v.z.to_bits()) << 1 == 0
}

/// `|v|`, to rounding for any finite `v`: `√(v · v)` when that sum of squares neither underflows
/// nor overflows (one range check), else computed from `v` scaled by a power of two; `+∞` when
/// the length exceeds `Real::MAX`, NaN for NaN input.
#[inline]
pub(crate) fn length(v: Vec3) -> Real {
    let ll = v.length_squared();
    if square_in_range(ll) {
        crate::ops::sqrt(ll)
    } else if is_zero(v) {
        0.0
    } else {
        length_cold(v.x, v.y, v.z)
    }
}

/// [`length`] for a vector without negative coordinates (a box's excess over a point): the zero
/// vector, common there (points inside), is told by the sum of its coordinates. A vector with a
/// NaN or an infinite coordinate is `+∞` long, decided on the cold path: a box's excess over a
/// point whose validity was not checked before (a NaN or an infinity in the point makes the
/// excess NaN or infinite when it is formed with selects that keep a NaN, and `+∞` is the
/// answer to both), and an excess that overflowed from finite input is longer than `Real::MAX`.
#[inline]
pub(crate) fn length_non_negative_or_inf(v: Vec3) -> Real {
    let ll = v.length_squared();
    // One branch, not two: the zero vector (points inside a box, a random half of a loop's
    // points) passes [`square_in_range`]'s test with its bits (0) unshifted, and `√0 = 0` is
    // its answer. (Written as a shift of the bits, not as a select of the tested value: the
    // compiler turned a select of `TINY_SQUARE` back into a branch on the zero test.)
    let shift = if v.x + v.y + v.z == 0.0 {
        0
    } else {
        TINY_SQUARE.to_bits()
    };
    if ll.to_bits().wrapping_sub(shift) < Real::INFINITY.to_bits() - TINY_SQUARE.to_bits() {
        crate::ops::sqrt(ll)
    } else {
        // Coordinates, not a `Vec3`: a `Vec3` argument of an out-of-line call is passed in
        // memory, which made the loop store `v` on every call, taken or not.
        length_cold_or_inf(v.x, v.y, v.z)
    }
}

#[cold]
#[inline(never)]
fn length_cold_or_inf(x: Real, y: Real, z: Real) -> Real {
    if !Vec3::new(x, y, z).is_finite() {
        return Real::INFINITY;
    }
    length_cold(x, y, z)
}

#[cold]
#[inline(never)]
fn length_cold(x: Real, y: Real, z: Real) -> Real {
    let v = Vec3::new(x, y, z);
    let m = max_abs(v);
    if !(m > 0.0 && m < Real::INFINITY) {
        // Zero, or not finite: the plain formula gives 0, +∞ or NaN.
        return crate::ops::sqrt(v.length_squared());
    }
    let k = normalizing_exponent(m);
    ldexp(crate::ops::sqrt(ldexp_vec(v, k).length_squared()), -k)
}

/// `|a − b|` as [`length`] computes it, also where `a − b` itself overflows (coordinates of
/// opposite signs near `Real::MAX`): `+∞` only when the distance is not representable.
#[inline]
pub(crate) fn distance(a: Vec3, b: Vec3) -> Real {
    let d = a - b;
    if d.is_finite() {
        length(d)
    } else {
        distance_cold(a, b)
    }
}

#[cold]
#[inline(never)]
fn distance_cold(a: Vec3, b: Vec3) -> Real {
    if !(a.is_finite() && b.is_finite()) {
        return length(a - b);
    }
    // Halves of finite numbers subtract without overflow (exactly, but for subnormal halves).
    ldexp(length(ldexp_vec(a, -1) - ldexp_vec(b, -1)), 1)
}

/// Whether `|d| <= r`, compared squared (exactly where the squares neither underflow nor
/// overflow), for `r >= 0`; decided from `d` and `r` scaled by a power of two where both `|d|²`
/// and `r²` leave that range (a zero `d` beside a zero or tiny `r` included). `false` for NaN.
///
/// Every "within a radius" decision goes through here, never through `|d|² <= r²` written
/// out: with `d` and `r` tiny beside the rest of the input (a ball of radius `2⁻⁸⁵` at
/// `(0, 1, 0)` in `f32`), both squares underflow to 0 and compare equal, so a point `2r` away
/// counted as inside (issue 24, `regressions::tiny_radius_beside_unit_offsets`).
#[inline]
pub(crate) fn within_radius(d: Vec3, r: Real) -> bool {
    let (dd, rr) = (d.length_squared(), r * r);
    if square_in_range(dd) | square_in_range(rr) {
        // The one in range is exact to rounding, and the other is too or is decided anyway: a
        // square that overflows exceeds the one in range, one that underflows is below it.
        dd <= rr
    } else {
        within_radius_cold(d, r)
    }
}

#[cold]
#[inline(never)]
fn within_radius_cold(d: Vec3, r: Real) -> bool {
    if !d.is_finite() {
        // Infinitely far, or NaN: outside any finite radius.
        return false;
    }
    let m = fmax(max_abs(d), r);
    if !(m > 0.0 && m < Real::INFINITY) {
        // Both zero (a point on a point), or an infinite radius.
        return d.length_squared() <= r * r;
    }
    let k = normalizing_exponent(m);
    let r = ldexp(r, k);
    ldexp_vec(d, k).length_squared() <= r * r
}

/// `v / |v|` for any finite non-zero `v` (scaled by a power of two first where `|v|²` under- or
/// overflows, which gives the same unit vector as the direct formula does where that works);
/// `None` for zero and non-finite `v`.
#[inline]
pub(crate) fn normalize(v: Vec3) -> Option<Vec3> {
    let ll = v.length_squared();
    if square_in_range(ll) {
        Some(v * (1.0 / crate::ops::sqrt(ll)))
    } else {
        normalize_cold(v)
    }
}

#[cold]
#[inline(never)]
fn normalize_cold(v: Vec3) -> Option<Vec3> {
    if !v.is_finite() || v == Vec3::ZERO {
        return None;
    }
    let (v, _) = normalized_direction(v);
    Some(v * (1.0 / crate::ops::sqrt(v.length_squared())))
}

/// The offsets `points[i] − origin`, brought by one power of two `2ᵏ` into the window of
/// magnitudes computed as given when their largest coordinate lies outside it (offsets that
/// overflow are taken from halves of the points), and `k`: for the specific queries whose
/// answers are ratios of products of offsets (barycentric weights, normals) or lengths to scale
/// back by `2⁻ᵏ`. Non-finite input comes back as computed, with `k = 0`.
#[inline]
pub(crate) fn offsets<const N: usize>(origin: Vec3, points: [Vec3; N]) -> ([Vec3; N], i32) {
    let d = points.map(|p| p - origin);
    let m = d.iter().fold(0.0, |m: Real, v| fmax(m, max_abs(*v)));
    if in_window(m) {
        (d, 0)
    } else {
        offsets_cold(origin, points, d, m)
    }
}

#[cold]
#[inline(never)]
fn offsets_cold<const N: usize>(
    origin: Vec3,
    points: [Vec3; N],
    d: [Vec3; N],
    m: Real,
) -> ([Vec3; N], i32) {
    if m == 0.0 || !(origin.is_finite() && points.iter().all(|p| p.is_finite())) {
        return (d, 0);
    }
    if m < Real::INFINITY {
        let k = normalizing_exponent(m);
        return (d.map(|v| ldexp_vec(v, k)), k);
    }
    // An offset overflowed: from halves, exact for finite points.
    let half = points.map(|p| ldexp_vec(p, -1) - ldexp_vec(origin, -1));
    let m = half.iter().fold(0.0, |m: Real, v| fmax(m, max_abs(*v)));
    let k = normalizing_exponent(m);
    (half.map(|v| ldexp_vec(v, k)), k - 1)
}
