//! The exact signs of the watertight test's edge functions where rounding leaves them in doubt,
//! for [`linear_meets_triangle`](super::triangle::linear_meets_triangle) (issue 24: a line past a
//! far-away sliver triangle, just outside one edge, was reported crossing it).
//!
//! In the sheared frame `U = c'ₓ b'ᵧ − c'ᵧ b'ₓ` is the triple product `d · ((c − o) × (b − o))`
//! over `d_z` (the shear has determinant 1, and the permutation's sign and that of `d_z` cancel),
//! so its sign is that of `orient3d(q, c, b, o)` for any point `q = o + λ d` with `λ > 0`; `V` and
//! `W` likewise with `(a, c)` and `(b, a)`.

use crate::math::Real;
use crate::query::algo::linear::Linear;
use crate::query::algo::orient::{P, o3, wide};
use crate::shape::Triangle;

use super::triangle::Sheared;

/// `s` with the edge functions whose magnitude is within their rounding bound replaced by their
/// exact sign (0 exactly on the edge's line; the magnitude kept, or the smallest positive value
/// when it rounded to 0). The bound for `U` is `64 ε |c − o|∞ |b − o|∞`: the sheared coordinates
/// are at most twice the offsets' largest coordinate (`|sx|, |sy| ≤ 1` on the dominant axis),
/// each carrying a few ε of relative error from the offset, the shear and the rounded `dir`,
/// and the two products at most 8 times the bound's product. Untouched when no point past the
/// origin along `dir` is exactly representable in `f64` (a spread of exponents the scaled
/// `dir` cannot bridge), where the rounded signs stand.
#[inline(never)]
#[cold]
pub(crate) fn exact_signs(mut s: Sheared, tri: &Triangle, p: &Linear) -> Sheared {
    let o = p.origin;
    let m = [tri.a - o, tri.b - o, tri.c - o].map(|x| x.abs().max_element());
    let k = 64.0 * Real::EPSILON;
    let doubtful = [
        s.u.abs() <= k * m[2] * m[1],
        s.v.abs() <= k * m[0] * m[2],
        s.w.abs() <= k * m[1] * m[0],
    ];
    if !doubtful.contains(&true) {
        return s;
    }
    let Some(q) = second_point(p) else {
        return s;
    };
    let [a, b, c, ow] = [tri.a, tri.b, tri.c, o].map(wide);
    let exact = |value: Real, sign: f64| -> Real {
        if sign == 0.0 {
            0.0
        } else {
            let magnitude = if value == 0.0 {
                Real::MIN_POSITIVE
            } else {
                value.abs()
            };
            if sign > 0.0 { magnitude } else { -magnitude }
        }
    };
    if doubtful[0] {
        s.u = exact(s.u, o3(q, c, b, ow));
    }
    if doubtful[1] {
        s.v = exact(s.v, o3(q, a, c, ow));
    }
    if doubtful[2] {
        s.w = exact(s.w, o3(q, b, a, ow));
    }
    s
}

/// A point `o + λ d` (`λ > 0`) of the line exactly, in `f64`: a segment's end; else `o + d`,
/// or `o + 2ᵏ d` with `d` brought to the exponent of `o`'s largest coordinate, when that sum is
/// exact (checked by Knuth's two-sum, whose error term is exact).
fn second_point(p: &Linear) -> Option<P> {
    if p.hi.is_finite() {
        return Some(wide(p.at(p.hi)));
    }
    let (o, d) = (wide(p.origin), wide(p.dir));
    let exact_sum = |scale: f64| -> Option<P> {
        let mut q = [0.0; 3];
        for i in 0..3 {
            let dd = d[i] * scale;
            let sum = o[i] + dd;
            let bv = sum - o[i];
            let av = sum - bv;
            if (o[i] - av) + (dd - bv) != 0.0 || !sum.is_finite() {
                return None;
            }
            q[i] = sum;
        }
        Some(q)
    };
    exact_sum(1.0).or_else(|| {
        let (om, dm) = (max_abs(o), max_abs(d));
        if om == 0.0 || dm == 0.0 {
            return None;
        }
        // A power of two near om / dm: exact scaling of d.
        let ratio = om / dm;
        let scale = f64::from_bits(ratio.to_bits() & 0xfff0_0000_0000_0000);
        exact_sum(scale)
    })
}

/// The largest `|x[i]|` (the sign bits cleared: `f64::abs` needs `std` before Rust 1.85's core).
fn max_abs(x: P) -> f64 {
    x.map(|c| f64::from_bits(c.to_bits() & !(1 << 63)))
        .into_iter()
        .fold(0.0, f64::max)
}
