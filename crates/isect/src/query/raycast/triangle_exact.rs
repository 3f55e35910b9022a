//! The exact signs of the watertight test's edge functions where rounding leaves them in doubt,
//! for [`linear_meets_triangle`](super::triangle::linear_meets_triangle) (issue 24: a line past a
//! far-away sliver triangle, just outside one edge, was reported crossing it).
//!
//! In the sheared frame `U = c'ₓ b'ᵧ − c'ᵧ b'ₓ` is the triple product `d · ((c − o) × (b − o))`
//! over `d_z` (the shear has determinant 1, and the permutation's sign and that of `d_z` cancel),
//! so its sign is that of `d · ((c − o) × (b − o))`; `V` and `W` likewise with `(a, c)` and
//! `(b, a)`.

use crate::math::Real;
use crate::query::algo::expansion::dir_orient;
use crate::query::algo::linear::Linear;
use crate::query::algo::orient::{P, o3, wide};
use crate::shape::Triangle;

use super::triangle::{Sheared, Verdict};

/// The verdict on `p` against the triangle from exact signs, when rounding leaves the rounded
/// one in doubt: some edge function within its rounding bound of 0, or `det = U + V + W`
/// rounded to 0 (which the rounded verdict reads as a line in the plane, though mixed signs
/// say the line passes beside the triangle). `None` when the rounded values decide.
///
/// The bound for `U` is `64 ε |c − o|∞ |b − o|∞`: the sheared coordinates are at most twice
/// the offsets' largest coordinate (`|sx|, |sy| ≤ 1` on the dominant axis), each carrying a
/// few ε of relative error from the offset, the shear and the rounded `dir`, and the two
/// products at most 8 times the bound's product; an edge function outside its bound has its
/// sign right. A doubtful one's exact sign is that of `d · ((c − o) × (b − o))` by expansion
/// arithmetic ([`dir_orient`]) for a line or ray, which needs no second point of the line in
/// the float grid (issue 24: a ray from 2.7e5 whose components span 2⁻⁴⁹..2¹⁸ "met" a 6e-6
/// triangle it passes 1.4e5 away from, at one scale); for a segment, `orient3d` through its
/// ends (its `dir` is rounded).
///
/// Then: all three 0, the line lies in the plane ([`Verdict::InPlane`]); mixed signs, it
/// passes beside the triangle ([`Verdict::Miss`]); one sign, it crosses the triangle, and
/// the range is decided by the exact sides of the plane the origin and the end lie on.
#[inline(never)]
#[cold]
pub(crate) fn exact_verdict(s: &Sheared, tri: &Triangle, p: &Linear) -> Option<Verdict> {
    let o = p.origin;
    let m = [tri.a - o, tri.b - o, tri.c - o].map(|x| x.abs().max_element());
    let k = 64.0 * Real::EPSILON;
    let doubtful = [
        s.u.abs() <= k * m[2] * m[1],
        s.v.abs() <= k * m[0] * m[2],
        s.w.abs() <= k * m[1] * m[0],
    ];
    if !doubtful.contains(&true) && s.det != 0.0 {
        return None;
    }
    let [a, b, c, ow, d] = [tri.a, tri.b, tri.c, o, p.dir].map(wide);
    let end = p.hi.is_finite().then(|| wide(p.at(p.hi)));
    // The sign of the line's orientation against the edge from x to y.
    let orient = |x: P, y: P| match end {
        Some(q) => o3(q, x, y, ow),
        None => dir_orient(d, ow, x, y),
    };
    let rounded = |x: Real| -> f64 {
        if x > 0.0 {
            1.0
        } else if x < 0.0 {
            -1.0
        } else {
            0.0
        }
    };
    let signs = [
        if doubtful[0] {
            orient(c, b)
        } else {
            rounded(s.u)
        },
        if doubtful[1] {
            orient(a, c)
        } else {
            rounded(s.v)
        },
        if doubtful[2] {
            orient(b, a)
        } else {
            rounded(s.w)
        },
    ];
    let positive = signs.iter().any(|&x| x > 0.0);
    let negative = signs.iter().any(|&x| x < 0.0);
    if !positive && !negative {
        return Some(Verdict::InPlane);
    }
    if positive && negative {
        return Some(Verdict::Miss);
    }
    // The line crosses the plane inside the triangle, at t* = n · (a − o) / (n · d), n · d ≠ 0.
    // The side of a point x is the sign of (x − a) · n, o3(x, b, c, a).
    let side_o = o3(ow, b, c, a);
    let within = match end {
        // A segment: its ends not strictly on one side.
        Some(q) => side_o * o3(q, b, c, a) <= 0.0,
        None if p.lo == 0.0 => {
            // A ray: t* ≥ 0, n · (a − o) of the sign of n · d (or 0).
            -side_o * dir_orient(d, a, b, c) >= 0.0
        }
        None => true,
    };
    Some(if within {
        Verdict::Crossing
    } else {
        Verdict::Miss
    })
}
