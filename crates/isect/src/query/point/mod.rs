//! `PointQuery` for every shape: closest point, distance and containment, one file per shape.

mod aabb;
mod capsule;
#[cfg(feature = "alloc")]
mod convex_hull;
mod frustum;
mod linear;
mod obb;
mod plane;
mod sphere;
mod triangle;
#[cfg(feature = "alloc")]
mod trimesh;

use crate::math::{Real, SimdVec3, Vec3, simd};
use crate::ops;
use crate::query::algo::scale::{
    ldexp, ldexp_vec, normalizing_exponent, square_in_range, within_radius,
};

/// Whether every coordinate of `points` is finite: one mask in SIMD lanes rather than a chain
/// of branches. `N >= 1`.
#[inline(always)]
pub(super) fn all_finite<const N: usize>(points: [Vec3; N]) -> bool {
    let inf = SimdVec3::splat(Real::INFINITY);
    let finite = |v: Vec3| simd(v).abs().cmplt(inf);
    points[1..]
        .iter()
        .fold(finite(points[0]), |m, &v| m & finite(v))
        .all()
}

/// Whether `q`, the closest point to `p`, is within `tolerance` of it: compared squared, without
/// a square root, unless the squared tolerance overflows. `false` whenever `q` is not finite
/// (`NO_POINT`, the closest point of invalid input): `|p − q|²` is then +∞ or NaN, which neither
/// comparison accepts, whatever the tolerance.
#[inline]
pub(super) fn within(p: Vec3, q: Vec3, tolerance: Real) -> bool {
    let dd = p.distance_squared(q);
    let tt = tolerance * tolerance;
    if tt.is_finite() {
        dd <= tt
    } else {
        dd.is_finite() && ops::sqrt(dd) <= tolerance
    }
}

/// The distance from a point at offset `d` from a ball's center (or a capsule's core) to the
/// ball of radius `r`: 0 exactly when [`within_radius`] holds (the containment test), and
/// positive otherwise, also just outside where `|d| − r` rounds to 0 — then
/// `(|d|² − r²) / (|d| + r)`, the same gap without the cancellation. Offsets and radii whose
/// squares leave the normal range are scaled by a power of two first.
#[inline]
pub(super) fn gap_beyond_radius(d: Vec3, r: Real) -> Real {
    let dd = d.length_squared();
    if !square_in_range(dd) {
        return gap_beyond_radius_cold(d, r);
    }
    gap_in_range(dd, r)
}

/// [`gap_beyond_radius`] for `|d|² = dd` in the range of [`square_in_range`].
#[inline(always)]
pub(super) fn gap_in_range(dd: Real, r: Real) -> Real {
    // `|d|²` is exact to rounding; `r²` is too, or is decided anyway (see `within_radius`).
    // No branch on inside/outside (a mix no predictor guesses in a loop over random points):
    // `max(|d| − r, 0)` — inside, `√|d|² <= r` (the square root is monotonic and `√(r²) = r`),
    // so the gap is `<= 0`. One rare branch, taken only where `|d|² >= r²` but `|d| − r`
    // rounded to `<= 0`, the boundary's neighbourhood: `min(|d|² − r², r − |d|) >= 0`, one
    // comparison (no NaN here). There `(|d|² − r²) / (|d| + r)`, the same gap without the
    // cancellation, positive exactly when `|d|² > r²` (0 on the boundary, `|d| > 0` here).
    let rr = r * r;
    let distance = ops::sqrt(dd);
    let gap = distance - r;
    let excess = dd - rr;
    // `min(excess, −gap)` as a select, which is one `minss`: `Real::min` ignores a NaN operand,
    // which costs five more instructions, and changes nothing here (a NaN `gap` comes with a
    // NaN `excess`, and where `excess` is NaN both forms give `−gap`).
    let least = if excess < -gap { excess } else { -gap };
    if least >= 0.0 {
        excess / (distance + r)
    } else {
        gap.max(0.0)
    }
}

#[cold]
#[inline(never)]
fn gap_beyond_radius_cold(d: Vec3, r: Real) -> Real {
    if within_radius(d, r) {
        return 0.0;
    }
    // Apart: `|d| > r`, so `|d|` is the larger, and the gap is `|d| − r` rounded once from
    // `d` and `r` scaled together; a gap that rounds to 0 is the smallest positive number.
    let m = d.abs().max_element().max(r);
    if !(m < Real::INFINITY) {
        return Real::INFINITY;
    }
    let k = normalizing_exponent(m);
    let (d, r) = (ldexp_vec(d, k), ldexp(r, k));
    let (dd, rr) = (d.length_squared(), r * r);
    let distance = ops::sqrt(dd);
    let gap = distance - r;
    let gap = if gap > 0.0 {
        gap
    } else {
        (dd - rr) / (distance + r)
    };
    ldexp(gap, -k).max(Real::from_bits(1))
}

/// `d` scaled to length `r` (`d · r / |d|`), for a non-zero finite `d`: the point at distance
/// `r` from a center towards `center + d`; `d` scaled by a power of two first where `|d|²`
/// leaves the normal range.
#[inline]
pub(super) fn toward(d: Vec3, r: Real) -> Vec3 {
    let dd = d.length_squared();
    if square_in_range(dd) {
        d * (r / ops::sqrt(dd))
    } else {
        toward_cold(d, r)
    }
}

/// [`toward`] for `|d|²` out of range: the same formula on `d` and `r` scaled by one power of
/// two, so the same bits as where it is in range.
#[cold]
#[inline(never)]
fn toward_cold(d: Vec3, r: Real) -> Vec3 {
    let m = d.abs().max_element().max(r);
    if !(m > 0.0 && m < Real::INFINITY && d != Vec3::ZERO) {
        return Vec3::ZERO;
    }
    let k = normalizing_exponent(m);
    let (d, r) = (ldexp_vec(d, k), ldexp(r, k));
    ldexp_vec(d * (r / ops::sqrt(d.length_squared())), -k)
}
