//! Exact signs of the plane's determinants, the predicates every 2D overlap test is decided by.
//!
//! Three-point orientations go to Shewchuk's adaptive `orient2d` (the `robust` crate). The
//! queries also need `(p − q) × (r − s)` for four arbitrary points, where one difference is a
//! direction given as a vector (rays and lines): that is not an orientation of three points, so
//! [`cross_sign`] evaluates it with the same method, a floating-point filter and, when the filter
//! cannot decide, the exact sum of the products as a floating-point expansion (Shewchuk,
//! "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997:
//! `Two-Sum`, `Two-Product` by Dekker's split, `Grow-Expansion`; shared with 3D in
//! `query::algo::expansion`).
//!
//! Everything runs in `f64`, to which `f32` and `f64` coordinates convert exactly. The answers
//! are exact unless products overflow or underflow `f64`: `f32` input never does, and `f64`
//! input is scaled by a power of two (exact) when its largest coordinate leaves
//! `[2⁻⁴⁰⁰, 2⁴⁰⁰]`, so only coordinates of wildly different magnitudes in one predicate (one
//! beyond 2⁴⁰⁰ times another below 2⁻⁶⁰⁰, say) can lose the smaller one.

use robust::{Coord, orient2d};

use crate::math::{Real, Vec2};
use crate::query::algo::expansion::{Expansion, two_product, two_sum};

/// `sign((a − c) × (b − c))`: 1 when `a`, `b`, `c` run counter-clockwise (`c` left of the
/// directed line from `a` to `b`), −1 clockwise, 0 collinear. Exact.
#[inline]
pub(crate) fn orient(a: Vec2, b: Vec2, c: Vec2) -> i8 {
    let [a, b, c] = scaled([wide(a), wide(b), wide(c)]);
    let coord = |p: [f64; 2]| Coord { x: p[0], y: p[1] };
    sign(orient2d(coord(a), coord(b), coord(c)))
}

/// `sign((p − q) × (r − s))`, exact: the side of `r − s` relative to the direction `p − q`.
#[inline]
pub(crate) fn cross_sign(p: Vec2, q: Vec2, r: Vec2, s: Vec2) -> i8 {
    let [p, q, r, s] = scaled([wide(p), wide(q), wide(r), wide(s)]);
    let (ux, uy, vx, vy) = (p[0] - q[0], p[1] - q[1], r[0] - s[0], r[1] - s[1]);
    let (left, right) = (ux * vy, uy * vx);
    let det = left - right;
    // The bound of `orient2d`'s first filter (Shewchuk's `ccwerrboundA`): the expression has
    // the same shape, two rounded differences per product, so the same error analysis holds.
    const BOUND: f64 = (3.0 + 16.0 * f64::EPSILON / 2.0) * (f64::EPSILON / 2.0);
    let bound = BOUND * (left.abs() + right.abs());
    if det > bound || -det > bound {
        return sign(det);
    }
    exact_cross_sign(p, q, r, s)
}

/// `sign(dir × (p − origin))`: which side of the line through `origin` along `dir` the point `p`
/// is on (1: left), exact.
#[inline]
pub(crate) fn side(origin: Vec2, dir: Vec2, p: Vec2) -> i8 {
    cross_sign(dir, Vec2::ZERO, p, origin)
}

/// `sign(x)` as −1, 0 or 1 (0 for NaN).
#[inline]
pub(crate) fn sign(x: f64) -> i8 {
    if x > 0.0 {
        1
    } else if x < 0.0 {
        -1
    } else {
        0
    }
}

/// The coordinates in `f64`, exactly.
#[inline]
#[cfg_attr(
    isect_f64,
    expect(
        clippy::useless_conversion,
        reason = "f64 to f64 in isect-f64, f32 to f64 in isect"
    )
)]
pub(crate) fn wide(v: Vec2) -> [f64; 2] {
    [f64::from(v.x), f64::from(v.y)]
}

/// `x` rounded to `Real` (a no-op in `isect-f64`).
#[inline]
pub(crate) fn narrow(x: f64) -> Real {
    x as Real
}

/// The points scaled by one power of two (which keeps every sign) so that the largest
/// coordinate lies in `[2⁻⁴⁰⁰, 2⁴⁰⁰]`, where the predicates' products neither overflow nor
/// underflow. Input converted from `f32` is always in range and returned as is.
#[inline]
fn scaled<const N: usize>(points: [[f64; 2]; N]) -> [[f64; 2]; N] {
    const HIGH: f64 = 2.582_249_878_086_908_6e120; // 2^400
    const LOW: f64 = 1.0 / HIGH;
    if Real::MAX_EXP <= 128 {
        return points;
    }
    let m = points
        .iter()
        .fold(0.0_f64, |m, p| m.max(p[0].abs()).max(p[1].abs()));
    if m <= HIGH && (m >= LOW || m == 0.0) || !m.is_finite() {
        return points;
    }
    rescale(points, m)
}

/// [`scaled`] for points out of range: steps of 2^∓300, each exact, until the largest coordinate
/// `m` is in range.
#[cold]
fn rescale<const N: usize>(mut points: [[f64; 2]; N], mut m: f64) -> [[f64; 2]; N] {
    const STEP: f64 = 2.037_035_976_334_486e90; // 2^300
    let factor = if m > 1.0 { 1.0 / STEP } else { STEP };
    while !(1e-120..=1e120).contains(&m) {
        points = points.map(|p| [p[0] * factor, p[1] * factor]);
        m *= factor;
    }
    points
}

/// The exact sign of `(p − q) × (r − s)`, for the cases the filter leaves open.
#[cold]
fn exact_cross_sign(p: [f64; 2], q: [f64; 2], r: [f64; 2], s: [f64; 2]) -> i8 {
    sign(cross_expansion(p, q, r, s).signum())
}

/// `(p − q) × (r − s)` in `f64`, within about one rounding of its exact value (the sum of
/// [`cross_expansion`]'s components): a crossing parameter's numerator and denominator where
/// `Real`'s products lost them (a far crossing). The points should be in the window, where the
/// products neither overflow nor underflow `f64`.
#[cold]
pub(crate) fn cross_value(p: Vec2, q: Vec2, r: Vec2, s: Vec2) -> f64 {
    cross_expansion(wide(p), wide(q), wide(r), wide(s)).estimate()
}

/// `(p − q) × (r − s)` exactly: each difference split into its rounded value and its exact
/// error (`Two-Sum`), the four products of each term into their rounded values and errors
/// (`Two-Product`), and the sixteen numbers summed exactly ([`Expansion`]).
fn cross_expansion(p: [f64; 2], q: [f64; 2], r: [f64; 2], s: [f64; 2]) -> Expansion<16> {
    let ux = two_sum(p[0], -q[0]);
    let uy = two_sum(p[1], -q[1]);
    let vx = two_sum(r[0], -s[0]);
    let vy = two_sum(r[1], -s[1]);
    let mut sum = Expansion::<16>::ZERO;
    for (a, b, negate) in [(ux, vy, false), (uy, vx, true)] {
        for x in [a.0, a.1] {
            for y in [b.0, b.1] {
                let (hi, lo) = two_product(x, y);
                for term in [hi, lo] {
                    sum.add(if negate { -term } else { term });
                }
            }
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// `x` as `m · 2^e` with an integer `m` (exact; `x` finite).
    fn split_exponent(x: f64) -> (i128, i32) {
        if x == 0.0 {
            return (0, 0);
        }
        let bits = x.to_bits();
        let exponent = ((bits >> 52) & 0x7ff) as i32;
        let fraction = (bits & ((1 << 52) - 1)) as i128;
        let (m, e) = if exponent == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), exponent - 1075)
        };
        // Odd mantissas, so that the scaled integers below stay small.
        let zeros = m.trailing_zeros();
        let (m, e) = (m >> zeros, e + zeros as i32);
        (if x < 0.0 { -m } else { m }, e)
    }

    /// The sign of `(p − q) × (r − s)` in integer arithmetic, for coordinates whose exponents
    /// span little enough that the scaled products fit in `i128` (the strategies ensure it).
    fn reference(p: Vec2, q: Vec2, r: Vec2, s: Vec2) -> i8 {
        let wide_points = [p, q, r, s].map(wide);
        let coords: [(i128, i32); 8] =
            core::array::from_fn(|i| split_exponent(wide_points[i / 2][i % 2]));
        let low = coords
            .iter()
            .filter(|c| c.0 != 0)
            .map(|c| c.1)
            .min()
            .unwrap_or(0);
        let n = coords.map(|(m, e)| if m == 0 { 0 } else { m << (e - low) });
        let (ux, uy, vx, vy) = (n[0] - n[2], n[1] - n[3], n[4] - n[6], n[5] - n[7]);
        compare_products(ux, vy, uy, vx)
    }

    /// The sign of `a b − c d`, exactly, for factors below 2¹²⁶ in magnitude.
    fn compare_products(a: i128, b: i128, c: i128, d: i128) -> i8 {
        let sign = |x: i128, y: i128| (x.signum() * y.signum()) as i8;
        let (s1, s2) = (sign(a, b), sign(c, d));
        if s1 != s2 || s1 == 0 {
            // Different signs, or a zero product: the difference has the sign of s1 − s2.
            return (s1 - s2).signum();
        }
        let (m1, m2) = (
            wide_product(a.unsigned_abs(), b.unsigned_abs()),
            wide_product(c.unsigned_abs(), d.unsigned_abs()),
        );
        match m1.cmp(&m2) {
            core::cmp::Ordering::Greater => s1,
            core::cmp::Ordering::Less => -s1,
            core::cmp::Ordering::Equal => 0,
        }
    }

    /// `x · y` as `(high, low)` 128-bit halves, by 64-bit limbs.
    fn wide_product(x: u128, y: u128) -> (u128, u128) {
        let mask = u128::from(u64::MAX);
        let (x1, x0, y1, y0) = (x >> 64, x & mask, y >> 64, y & mask);
        let (p00, p01, p10, p11) = (x0 * y0, x0 * y1, x1 * y0, x1 * y1);
        let middle = (p00 >> 64) + (p01 & mask) + (p10 & mask);
        let low = (p00 & mask) | (middle << 64);
        let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
        (high, low)
    }

    /// A coordinate `m · 2^e` with a full-width mantissa and `e` in a window wide enough that
    /// differences are inexact in `f64` but narrow enough that the reference fits. In `isect-f64`
    /// the near-parallel cases reach the expansion path (a mutant that trusts the filter's
    /// estimate there fails); from `f32` input the filter decides nearly every case.
    fn coordinate() -> impl Strategy<Value = Real> {
        let bits = Real::MANTISSA_DIGITS as i32;
        let window = if bits > 24 { 40 } else { 60 };
        (any::<i64>(), 0..window).prop_map(move |(m, e)| {
            let m = m >> (64 - bits);
            // m · 2^(e − bits), by exact halvings.
            (0..bits - e).fold(m as Real, |x, _| x * 0.5)
        })
    }

    fn point() -> impl Strategy<Value = Vec2> {
        (coordinate(), coordinate()).prop_map(|(x, y)| Vec2::new(x, y))
    }

    /// The next float after `x` towards `+∞` or `−∞`.
    fn nudge(x: Real, up: bool) -> Real {
        let next = if (x >= 0.0) == up {
            Real::from_bits(x.to_bits() + 1)
        } else if x == 0.0 {
            -Real::from_bits(1)
        } else {
            Real::from_bits(x.to_bits() - 1)
        };
        if next.is_finite() { next } else { x }
    }

    proptest! {
        #[test]
        fn cross_sign_is_exact(p in point(), q in point(), r in point(), s in point()) {
            prop_assert_eq!(cross_sign(p, q, r, s), reference(p, q, r, s));
        }

        /// `r − s` a multiple of `p − q` up to rounding, then nudged by an ulp or not: the
        /// determinant is 0 or within rounding of it, where the filter cannot decide.
        #[test]
        fn cross_sign_near_parallel(
            p in point(), q in point(), s in point(), k in -4i32..=4, nudge_x in 0u8..3,
        ) {
            let d = p - q;
            let mut r = s + d * (k as Real);
            if nudge_x > 0 && r.x != 0.0 {
                r.x = nudge(r.x, nudge_x == 1);
            }
            prop_assert_eq!(cross_sign(p, q, r, s), reference(p, q, r, s));
            prop_assert_eq!(orient(p, q, r), reference(p, r, q, r));
        }
    }

    #[test]
    fn extreme_magnitudes_keep_their_signs() {
        let big = Real::MAX / 4.0;
        let tiny = Real::MIN_POSITIVE * Real::EPSILON;
        for scale in [big, tiny, 1.0] {
            let [a, b, c] =
                [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(1.0, 1.0)].map(|v| v * scale);
            assert_eq!(orient(a, b, c), 1, "scale {scale}");
            assert_eq!(orient(a, c, b), -1, "scale {scale}");
            assert_eq!(orient(a, b, Vec2::new(scale, 0.0)), 0, "scale {scale}");
            assert_eq!(cross_sign(b, a, c, a), 1, "scale {scale}");
            assert_eq!(side(a, Vec2::X, c), 1, "scale {scale}");
        }
    }
}
