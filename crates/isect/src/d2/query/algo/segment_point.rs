//! A point against a segment in the plane: the closest point of the segment (exact in the end
//! regions and on axis-aligned segments) and whether the point lies on it, exactly.

use crate::d2::query::algo::linear::Linear;
use crate::math::{Real, Vec2};

/// `(w · d) / (d · d)`: the parameter of the foot of `w` along `d` (non-zero), with `d` scaled
/// to unit largest coordinate first, so that neither product overflows nor underflows.
#[inline]
pub(crate) fn project(w: Vec2, d: Vec2) -> Real {
    let m = d.abs().max_element();
    let u = d / m;
    (w / m).dot(u) / u.length_squared()
}

/// `b − a`, or where that difference overflows (ends of opposite signs near `Real::MAX`) the
/// halves' difference `b / 2 − a / 2` (exact there), with the factor (1 or 2) that makes it
/// `b − a`: a segment's direction at any magnitude.
#[inline]
pub(crate) fn segment_direction(a: Vec2, b: Vec2) -> (Vec2, Real) {
    let e = b - a;
    if e.is_finite() {
        (e, 1.0)
    } else {
        (b * 0.5 - a * 0.5, 2.0)
    }
}

/// The point of segment `ab` closest to `p` (finite input): `a` or `b` exactly in their
/// regions, the exact foot on an axis-aligned segment, else the rounded projection (Ericson
/// §5.1.2). Coordinates whose differences overflow are halved first (exactly); NaN for a
/// non-finite input.
#[inline]
pub(crate) fn closest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    if !(ab.is_finite() && (p - a).is_finite()) {
        return closest_on_halved_segment(p, a, b);
    }
    if ab == Vec2::ZERO {
        return a;
    }
    if ab.y == 0.0 {
        return Vec2::new(p.x.max(a.x.min(b.x)).min(a.x.max(b.x)), a.y);
    }
    if ab.x == 0.0 {
        return Vec2::new(a.x, p.y.max(a.y.min(b.y)).min(a.y.max(b.y)));
    }
    let t = project(p - a, ab);
    if !(t > 0.0) {
        a
    } else if t >= 1.0 {
        b
    } else {
        a + ab * t
    }
}

/// [`closest_on_segment`] of coordinates whose differences overflow: halved (exactly, as the
/// finite coordinates are far above the subnormals); a non-finite input, which halving never
/// brings into range, gives NaN.
#[cold]
#[inline(never)]
fn closest_on_halved_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    if !(p.is_finite() && a.is_finite() && b.is_finite()) {
        return Vec2::NAN;
    }
    closest_on_segment(p * 0.5, a * 0.5, b * 0.5) * 2.0
}

/// Whether `p` lies on the segment `ab` (on the point `a` when `a == b`), exactly, given `dd`,
/// its squared distance to the rounded foot [`closest_on_segment`]: a `dd` beyond the foot's
/// rounding (a few ulps of the coordinates; a generous bound is taken) answers `false` without
/// the exact test.
#[inline(always)]
pub(crate) fn on_segment_near_foot(p: Vec2, a: Vec2, b: Vec2, dd: Real) -> bool {
    let m = a.abs().max(b.abs()).max(p.abs()).max_element();
    let slack = crate::math::ON_SET_TOLERANCE * m;
    dd <= 4.0 * (slack * slack) + Real::MIN_POSITIVE && on_segment_exact(p, a, b)
}

/// Whether `p` lies on the segment `ab` (on the point `a` when `a == b`), exactly.
#[inline(never)]
fn on_segment_exact(p: Vec2, a: Vec2, b: Vec2) -> bool {
    if a == b {
        p == a
    } else {
        Linear::segment(a, b).contains_exact(p)
    }
}
