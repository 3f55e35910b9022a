//! Quick rejections before a triangle's exact sweep: balls around the shape and the triangle,
//! widened so that rounding never rejects a pair that meets.

use crate::math::{Real, Vec3};

/// Whether the ball `(center, r)` moving by `v` over `[0, max_t]` may meet the ball
/// `(m, rho)`: the distance from `m` to the segment its center sweeps against `r + rho`. A
/// quick rejection before a triangle's exact sweep (a shape the size of a character meets far
/// fewer of the small triangles of a large mesh than its swept box does); the bound is widened
/// by many ulp of the magnitudes involved, so rounding never rejects a pair that meets.
#[inline]
pub(super) fn balls_may_meet(
    center: Vec3,
    r: Real,
    v: Vec3,
    max_t: Real,
    m: Vec3,
    rho: Real,
) -> bool {
    let w = v * max_t;
    let d = m - center;
    let ww = w.length_squared();
    let s = if ww > 0.0 {
        (d.dot(w) / ww).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = d - w * s;
    let scale = center.abs().max_element() + m.abs().max_element() + w.abs().max_element();
    let reach = (r + rho) * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * scale;
    let reach2 = reach * reach;
    // Squares near the subnormal range lose their relative precision (and a tiny ball's
    // radius may have underflowed): no rejection there. NaN (an overflowing motion) does not
    // reject either.
    let tiny = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);
    !(reach2 >= tiny && gap.length_squared() > reach2)
}

/// Whether the segment `[a, b]` grown by `r` may meet the ball `(m, rho)`: the distance from `m`
/// to the segment against `r + rho`, widened by many ulp of the magnitudes involved as in
/// [`balls_may_meet`], so rounding never rejects a pair that meets.
#[inline]
pub(super) fn core_may_reach(a: Vec3, b: Vec3, r: Real, m: Vec3, rho: Real) -> bool {
    let ab = b - a;
    let am = m - a;
    let ll = ab.length_squared();
    let s = if ll > 0.0 {
        (am.dot(ab) / ll).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = am - ab * s;
    let scale = a.abs().max_element() + b.abs().max_element() + m.abs().max_element();
    let reach = (r + rho) * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * scale;
    let reach2 = reach * reach;
    let tiny = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);
    !(reach2 >= tiny && gap.length_squared() > reach2)
}
