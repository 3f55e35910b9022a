//! Whether two points are within a summed radius, and the gap between them past it, at any
//! finite magnitude (issue 24): the squared distance as given where it is in the normal range
//! (one predictable check, as the 3D balls', `query/intersects/sphere_sphere.rs`), else decided
//! on a cold path from the offset and radius brought to a unit magnitude by a power of two, and
//! from halves of the points and radii where the offset or the summed radius overflows.

use crate::d2::query::ClosestPoints;
use crate::d2::query::algo::convex::{gap, rounded_at};
use crate::d2::query::algo::window::ldexp2;
use crate::math::{Real, Vec2, Vec3};
use crate::query::algo::scale::{
    ldexp, normalize, normalizing_exponent, square_in_range, within_radius,
};

/// Whether `|p − q| <= ra + rb`, for radii in `[0, ∞)` (their sum may overflow) and finite
/// points; `false` for a non-finite point. Where `|p − q|²` is in the normal range the squared
/// comparison is exact to rounding whatever `(ra + rb)²` is: one that overflows exceeds it, one
/// that underflows is below it.
#[inline]
pub(crate) fn within(p: Vec2, q: Vec2, ra: Real, rb: Real) -> bool {
    let dd = p.distance_squared(q);
    if square_in_range(dd) {
        let r = ra + rb;
        dd <= r * r
    } else {
        within_cold(p, q, ra, rb)
    }
}

/// `p − q` and `ra + rb` and the power of two `e` they were scaled by (0, or −1 for halves
/// where either overflows); `None` for non-finite points.
#[inline]
fn offset(p: Vec2, q: Vec2, ra: Real, rb: Real) -> Option<(Vec2, Real, i32)> {
    let (d, r) = (p - q, ra + rb);
    if d.is_finite() && r < Real::INFINITY {
        Some((d, r, 0))
    } else if p.is_finite() && q.is_finite() {
        // Halves of finite numbers subtract and add without overflow (exactly but for
        // subnormal halves, which are far below the magnitudes that overflowed).
        Some((p * 0.5 - q * 0.5, ra * 0.5 + rb * 0.5, -1))
    } else {
        None
    }
}

#[cold]
#[inline(never)]
fn within_cold(p: Vec2, q: Vec2, ra: Real, rb: Real) -> bool {
    match offset(p, q, ra, rb) {
        Some((d, r, _)) => within_radius(Vec3::new(d.x, d.y, 0.0), r),
        None => false,
    }
}

/// `|p − q| − (ra + rb)` for points apart beyond the radii (0 within them), as
/// [`gap`](super::convex::gap) computes it from the squared distance, at any finite magnitude:
/// `+∞` only where the gap exceeds `Real::MAX` (or a point is not finite), and at least the
/// smallest positive number where positive.
#[inline]
pub(crate) fn gap_between(p: Vec2, q: Vec2, ra: Real, rb: Real) -> Real {
    let dd = p.distance_squared(q);
    if square_in_range(dd) {
        gap(dd, ra + rb)
    } else {
        gap_cold(p, q, ra, rb)
    }
}

#[cold]
#[inline(never)]
fn gap_cold(p: Vec2, q: Vec2, ra: Real, rb: Real) -> Real {
    let Some((d, r, e)) = offset(p, q, ra, rb) else {
        return Real::INFINITY;
    };
    let m = d.x.abs().max(d.y.abs()).max(r);
    if !(m > 0.0) {
        // A point on a point, no radius.
        return 0.0;
    }
    let k = normalizing_exponent(m);
    let ds = ldexp2(d, k);
    let g = gap(ds.length_squared(), ldexp(r, k));
    if g == 0.0 {
        0.0
    } else {
        ldexp(g, -k - e).max(Real::from_bits(1))
    }
}

/// The point at distance `r` from `q` towards `p` (`dd = |p − q|²`, `p` beyond `r`): scaled by
/// `r / √dd` where `dd` is in the normal range, else along the unit offset found at any
/// magnitude.
#[inline]
pub(crate) fn toward(q: Vec2, p: Vec2, r: Real, dd: Real) -> Vec2 {
    if square_in_range(dd) {
        q + (p - q) * (r / crate::ops::sqrt(dd))
    } else {
        toward_cold(q, p, r)
    }
}

#[cold]
#[inline(never)]
fn toward_cold(q: Vec2, p: Vec2, r: Real) -> Vec2 {
    let n = offset(p, q, 0.0, 0.0).and_then(|(d, _, _)| normalize(Vec3::new(d.x, d.y, 0.0)));
    match n {
        Some(n) => q + Vec2::new(n.x, n.y) * r,
        None => q,
    }
}

/// [`rounded`](super::convex::rounded) where `|p − q|²` leaves the normal range or the radii's
/// sum overflows: the same answer formed from the offset `p − q` (of halves where it
/// overflows) and the radii scaled by one power of two to a unit magnitude, then placed back at
/// `q`. Points finite, radii in `[0, ∞)` with a positive sum.
#[cold]
#[inline(never)]
pub(crate) fn rounded_cold(p: Vec2, ra: Real, q: Vec2, rb: Real) -> ClosestPoints {
    let Some((d, _, e)) = offset(p, q, ra, rb) else {
        return ClosestPoints::NONE;
    };
    let (ra, rb) = (ldexp(ra, e), ldexp(rb, e));
    let m = d.x.abs().max(d.y.abs()).max(ra + rb);
    let k = normalizing_exponent(m);
    let ds = ldexp2(d, k);
    let c = rounded_at(
        ds,
        ldexp(ra, k),
        Vec2::ZERO,
        ldexp(rb, k),
        ds.length_squared(),
    );
    // Placed back at `q`: an offset beyond `Real::MAX` (points far apart) can still land on a
    // representable point, so that sum is taken in halves where it overflows.
    let back = |v: Vec2| {
        let w = q + ldexp2(v, -k - e);
        if w.is_finite() {
            w
        } else {
            ldexp2(q * 0.5 + ldexp2(v, -k - e - 1), 1)
        }
    };
    ClosestPoints {
        a: back(c.a),
        b: back(c.b),
        distance: if c.distance == 0.0 {
            0.0
        } else {
            ldexp(c.distance, -k - e).max(Real::from_bits(1))
        },
    }
}
