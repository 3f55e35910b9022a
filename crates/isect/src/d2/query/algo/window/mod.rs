//! 2D contacts at any magnitude: input whose largest coordinate or radius lies outside the
//! window where the contact's products neither overflow nor underflow
//! ([`in_window`](crate::query::algo::scale::in_window), the 3D queries' window) is scaled by
//! one power of two, which brings that magnitude into `[1, 2)`, its contact computed there and
//! the points and depths scaled back (normals unchanged). Scaling by a power of two is exact, so
//! the answer for input scaled by `2ᵏ` is the answer at scale 1 scaled by `2ᵏ`, at every
//! magnitude the input can be written in. A ray's or line's direction is normalized on its own
//! (its length does not change the set).
//!
//! Three levels use it: [`contact_points`](super::contact::contact_points), through which every
//! convex and polygon contact goes, on its bodies; the convex routines' pair and point queries
//! (`convex.rs`), on their hulls; and the closed forms of the circle's contacts and of the
//! triangle's and linear sets' point queries, on their shapes (`shapes.rs`).

use crate::d2::query::algo::contact::Body;
use crate::d2::query::algo::convex::Convex;
use crate::d2::query::algo::linear::{Kind, Linear};
use crate::d2::query::contact::manifold::{MANIFOLD_CAPACITY, Manifold, ManifoldPoint};
use crate::d2::query::{ClosestPoints, ContactInfo};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::{Unscale, in_window, ldexp, normalizing_exponent};

mod shapes;
pub(crate) use shapes::{contact, manifold, point, unscaled_distance, unscaled_point};

/// `v · 2ᵏ`, exactly where it stays normal.
#[inline]
pub(crate) fn ldexp2(v: Vec2, k: i32) -> Vec2 {
    Vec2::new(ldexp(v.x, k), ldexp(v.y, k))
}

/// `max(a, b)` as one compare and select (`maxss`): `Real::max`'s NaN rule costs more
/// instructions, and a NaN reaching the magnitude only sends valid-looking input to the cold
/// path, which computes it as given.
#[inline(always)]
pub(crate) fn fmax(a: Real, b: Real) -> Real {
    if a > b { a } else { b }
}

/// The largest absolute coordinate of `v`.
#[inline(always)]
pub(crate) fn max_abs(v: Vec2) -> Real {
    fmax(v.x.abs(), v.y.abs())
}

/// `dir` brought into `[1, 2)` by its own power of two (as given when zero or not finite): the
/// same set for a ray's or line's direction.
#[inline]
pub(crate) fn normalized_dir(dir: Vec2) -> Vec2 {
    let m = max_abs(dir);
    if m > 0.0 && m < Real::INFINITY {
        ldexp2(dir, normalizing_exponent(m))
    } else {
        dir
    }
}

/// The power of two that brings the largest magnitude `m` into `[1, 2)`, `Some(0)` when it lies
/// in the window already (only a direction to normalize), `None` for 0 and non-finite `m` (no
/// shape to scale, or invalid input: computed as given).
#[inline]
pub(crate) fn scale_for(m: Real) -> Option<i32> {
    if in_window(m) {
        Some(0)
    } else {
        (m > 0.0 && m < Real::INFINITY).then(|| normalizing_exponent(m))
    }
}

/// A length or depth scaled back by `2⁻ᵏ`: the 3D answers' [`Unscale`] for a `Real` (a positive
/// one that would round to 0 stays the smallest positive number, so a penetration stays one).
#[inline]
pub(super) fn unscaled_length(x: Real, k: i32) -> Real {
    x.unscaled(k)
}

impl ContactInfo {
    /// The contact of the input before it was scaled by `2ᵏ`.
    #[inline]
    pub(crate) fn unscaled(self, k: i32) -> Self {
        Self {
            point: ldexp2(self.point, -k),
            normal: self.normal,
            depth: unscaled_length(self.depth, k),
        }
    }
}

impl ManifoldPoint {
    /// The point of the input before it was scaled by `2ᵏ`.
    #[inline]
    pub(crate) fn unscaled(self, k: i32) -> Self {
        Self {
            point: ldexp2(self.point, -k),
            depth: unscaled_length(self.depth, k),
        }
    }
}

impl Manifold {
    /// The manifold of the input before it was scaled by `2ᵏ`.
    #[inline]
    pub(crate) fn unscaled(self, k: i32) -> Self {
        let mut points = [ManifoldPoint {
            point: Vec2::ZERO,
            depth: 0.0,
        }; MANIFOLD_CAPACITY];
        let given = self.points();
        for (slot, p) in points.iter_mut().zip(given) {
            *slot = p.unscaled(k);
        }
        Manifold::new(self.normal, &points[..given.len()])
    }
}

impl Body<'_> {
    /// The largest absolute coordinate or radius of the set's own points (a ray's or line's
    /// origin; its direction is [`steady`](Self::steady)'s).
    #[inline]
    pub(crate) fn window_magnitude(&self) -> Real {
        match self {
            Body::Hull(c) => c.verts().iter().fold(c.radius, |m, &p| fmax(m, max_abs(p))),
            Body::Linear(l) => match l.kind {
                Kind::Segment => fmax(max_abs(l.origin), max_abs(l.end)),
                Kind::Ray | Kind::Line => max_abs(l.origin),
            },
        }
    }

    /// Whether a ray's or line's direction is in the window (always, for a hull).
    #[inline]
    fn steady(&self) -> bool {
        match self {
            Body::Linear(l) if l.kind != Kind::Segment => in_window(max_abs(l.dir)),
            _ => true,
        }
    }
}

/// `f` of the two bodies brought into the window, its contact and manifold points scaled back;
/// `None` when they are in it (or invalid): the caller computes as given.
#[inline(always)]
pub(crate) fn bodies<R>(
    a: &Body<'_>,
    b: &Body<'_>,
    f: impl FnOnce(&Body<'_>, &Body<'_>) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let m = fmax(a.window_magnitude(), b.window_magnitude());
    if in_window(m) && a.steady() && b.steady() {
        return None;
    }
    bodies_cold(m, a, b, f, unscale)
}

#[cold]
#[inline(never)]
fn bodies_cold<R>(
    m: Real,
    a: &Body<'_>,
    b: &Body<'_>,
    f: impl FnOnce(&Body<'_>, &Body<'_>) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m)?;
    let answer = with_rescaled(a, k, |a| with_rescaled(b, k, |b| f(a, b))).flatten()?;
    Some(unscale(answer, k))
}

/// `f` of `body` scaled by `2ᵏ` (a direction normalized on its own); `None` where that cannot be
/// formed (a polygon's many vertices without `alloc`, which cannot occur: such bodies need it).
pub(crate) fn with_rescaled<R>(
    body: &Body<'_>,
    k: i32,
    f: impl FnOnce(&Body<'_>) -> R,
) -> Option<R> {
    match *body {
        Body::Linear(l) => Some(f(&Body::Linear(rescaled_linear(l, k)))),
        Body::Hull(c) => with_rescaled_hull(&c, k, |c| f(&Body::Hull(*c))),
    }
}

/// `f` of the hull `c` scaled by `2ᵏ`, as [`with_rescaled`]. Scaling down may flush a short
/// segment's ends onto one point: a point then.
pub(crate) fn with_rescaled_hull<R>(
    c: &Convex<'_>,
    k: i32,
    f: impl FnOnce(&Convex<'_>) -> R,
) -> Option<R> {
    let verts = c.verts();
    let radius = ldexp(c.radius, k);
    match *verts {
        [p] => return Some(f(&Convex::point(ldexp2(p, k), radius))),
        [a, b] => return Some(f(&Convex::segment(ldexp2(a, k), ldexp2(b, k), radius))),
        _ => {}
    }
    if verts.len() <= 4 {
        let mut inline = [Vec2::ZERO; 4];
        for (slot, &p) in inline.iter_mut().zip(verts) {
            *slot = ldexp2(p, k);
        }
        return Some(f(&Convex::from_inline(&inline[..verts.len()], radius)));
    }
    #[cfg(feature = "alloc")]
    {
        let scaled: alloc::vec::Vec<Vec2> = verts.iter().map(|&p| ldexp2(p, k)).collect();
        let mut hull = Convex::polygon(&scaled);
        hull.radius = radius;
        Some(f(&hull))
    }
    #[cfg(not(feature = "alloc"))]
    {
        None
    }
}

/// The largest absolute coordinate of a hull's vertices, or its radius.
#[inline(always)]
fn hull_magnitude(c: &Convex<'_>) -> Real {
    c.verts().iter().fold(c.radius, |m, &p| fmax(m, max_abs(p)))
}

/// `f` of two hulls brought into the window (the convex routines' overlap and closest points),
/// scaled back by `unscale`; `None` when they are in it (or invalid): computed as given.
#[inline(always)]
pub(crate) fn hulls<R>(
    a: &Convex<'_>,
    b: &Convex<'_>,
    f: impl FnOnce(&Convex<'_>, &Convex<'_>) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let m = fmax(hull_magnitude(a), hull_magnitude(b));
    if in_window(m) {
        return None;
    }
    hulls_cold(m, a, b, f, unscale)
}

#[cold]
#[inline(never)]
fn hulls_cold<R>(
    m: Real,
    a: &Convex<'_>,
    b: &Convex<'_>,
    f: impl FnOnce(&Convex<'_>, &Convex<'_>) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m).filter(|&k| k != 0)?;
    let answer = with_rescaled_hull(a, k, |a| with_rescaled_hull(b, k, |b| f(a, b))).flatten()?;
    Some(unscale(answer, k))
}

/// [`hulls`] for a hull and a linear set (whose direction is normalized on its own).
#[inline(always)]
pub(crate) fn hull_linear<R>(
    a: &Convex<'_>,
    l: &Linear,
    f: impl FnOnce(&Convex<'_>, &Linear) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let line = Body::Linear(*l);
    let m = fmax(hull_magnitude(a), line.window_magnitude());
    if in_window(m) && line.steady() {
        return None;
    }
    hull_linear_cold(m, a, l, f, unscale)
}

#[cold]
#[inline(never)]
fn hull_linear_cold<R>(
    m: Real,
    a: &Convex<'_>,
    l: &Linear,
    f: impl FnOnce(&Convex<'_>, &Linear) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m)?;
    let l = rescaled_linear(*l, k);
    let answer = with_rescaled_hull(a, k, |a| f(a, &l))?;
    Some(unscale(answer, k))
}

/// [`hulls`] for two linear sets (their closest points: the candidates compared by squared
/// distances, which overflow and underflow out of the window).
#[inline(always)]
pub(crate) fn linears<R>(
    a: &Linear,
    b: &Linear,
    f: impl FnOnce(&Linear, &Linear) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let (la, lb) = (Body::Linear(*a), Body::Linear(*b));
    let m = fmax(la.window_magnitude(), lb.window_magnitude());
    if in_window(m) && la.steady() && lb.steady() {
        return None;
    }
    linears_cold(m, a, b, f, unscale)
}

#[cold]
#[inline(never)]
fn linears_cold<R>(
    m: Real,
    a: &Linear,
    b: &Linear,
    f: impl FnOnce(&Linear, &Linear) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m)?;
    let answer = f(&rescaled_linear(*a, k), &rescaled_linear(*b, k));
    Some(unscale(answer, k))
}

/// [`hulls`] for a hull and a point (point queries on convex polygons).
#[inline(always)]
pub(crate) fn hull_point<R>(
    a: &Convex<'_>,
    p: Vec2,
    f: impl FnOnce(&Convex<'_>, Vec2) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let m = fmax(hull_magnitude(a), max_abs(p));
    if in_window(m) {
        return None;
    }
    hull_point_cold(m, a, p.x, p.y, f, unscale)
}

#[cold]
#[inline(never)]
fn hull_point_cold<R>(
    m: Real,
    a: &Convex<'_>,
    x: Real,
    y: Real,
    f: impl FnOnce(&Convex<'_>, Vec2) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m).filter(|&k| k != 0)?;
    let p = ldexp2(Vec2::new(x, y), k);
    let answer = with_rescaled_hull(a, k, |a| f(a, p))?;
    Some(unscale(answer, k))
}

/// `f` of a simple polygon's points and a point brought into the window (the polygon's own
/// best-of-edges point queries), scaled back by `unscale`; `None` when they are in it.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn points_point<R>(
    points: &[Vec2],
    p: Vec2,
    f: impl FnOnce(&[Vec2], Vec2) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let m = points.iter().fold(max_abs(p), |m, &q| fmax(m, max_abs(q)));
    if in_window(m) {
        return None;
    }
    let k = scale_for(m).filter(|&k| k != 0)?;
    let scaled: alloc::vec::Vec<Vec2> = points.iter().map(|&q| ldexp2(q, k)).collect();
    Some(unscale(f(&scaled, ldexp2(p, k)), k))
}

/// Closest points of the input before it was scaled by `2ᵏ`.
#[inline]
pub(crate) fn unscaled_closest(c: ClosestPoints, k: i32) -> ClosestPoints {
    ClosestPoints {
        a: ldexp2(c.a, -k),
        b: ldexp2(c.b, -k),
        distance: unscaled_length(c.distance, k),
    }
}

/// A linear set scaled by `2ᵏ`: its points scaled, a ray's or line's direction brought into
/// `[1, 2)` by its own power of two.
fn rescaled_linear(l: Linear, k: i32) -> Linear {
    let (origin, end) = (ldexp2(l.origin, k), ldexp2(l.end, k));
    let dir = match l.kind {
        // From the scaled ends: the same bits as `(b − a) · 2ᵏ` where that difference is
        // finite, and finite where it overflowed (ends of opposite signs near `Real::MAX`),
        // which the scaled direction was not.
        Kind::Segment => end - origin,
        Kind::Ray | Kind::Line => normalized_dir(l.dir),
    };
    Linear {
        origin,
        dir,
        end,
        kind: l.kind,
    }
}
