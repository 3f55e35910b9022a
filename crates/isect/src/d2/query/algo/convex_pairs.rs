//! The convex routines' pair queries: whether two convex sets (or a convex and a linear set)
//! meet and their closest points, on the sets as given inside the magnitude window and scaled
//! into it outside (`window/`), and the same for the shapes that are convex sets.

use crate::d2::query::ClosestPoints;
use crate::d2::query::algo::convex::{AsConvex, Convex, rounded};
use crate::d2::query::algo::corners::{
    hull_linear_apart, hull_meets_linear, hulls_apart, hulls_meet,
};
use crate::d2::query::algo::linear::{AsLinear, Linear};
use crate::d2::query::algo::reach::within;
use crate::d2::query::algo::window;

/// Whether two convex sets meet: the hulls exactly, or the squared distance between them
/// within the squared sum of the radii; sets outside the window scaled into it first
/// ([`window`](super::window)), as the other three pair routines here.
#[inline]
pub(crate) fn meets(a: &Convex<'_>, b: &Convex<'_>) -> bool {
    window::hulls(a, b, meets_as_given, |x, _| x).unwrap_or_else(|| meets_as_given(a, b))
}

#[inline]
fn meets_as_given(a: &Convex<'_>, b: &Convex<'_>) -> bool {
    let (v, w) = (a.verts(), b.verts());
    let r = a.radius + b.radius;
    if r == 0.0 {
        return hulls_meet(v, w).is_some();
    }
    if hulls_meet(v, w).is_some() {
        return true;
    }
    let (p, q) = hulls_apart(v, w);
    within(p, q, a.radius, b.radius)
}

/// Closest points of two convex sets, `a` on the first: distance 0 exactly when [`meets`].
#[inline]
pub(crate) fn closest_points(a: &Convex<'_>, b: &Convex<'_>) -> ClosestPoints {
    window::hulls(a, b, closest_points_as_given, window::unscaled_closest)
        .unwrap_or_else(|| closest_points_as_given(a, b))
}

#[inline]
fn closest_points_as_given(a: &Convex<'_>, b: &Convex<'_>) -> ClosestPoints {
    let (v, w) = (a.verts(), b.verts());
    if let Some(p) = hulls_meet(v, w) {
        return ClosestPoints::common(p);
    }
    let (p, q) = hulls_apart(v, w);
    rounded(p, a.radius, q, b.radius)
}

/// Whether a convex set and a linear set meet (as [`meets`]).
#[inline]
pub(crate) fn meets_linear(a: &Convex<'_>, l: &Linear) -> bool {
    window::hull_linear(a, l, meets_linear_as_given, |x, _| x)
        .unwrap_or_else(|| meets_linear_as_given(a, l))
}

#[inline]
fn meets_linear_as_given(a: &Convex<'_>, l: &Linear) -> bool {
    let v = a.verts();
    if hull_meets_linear(v, l).is_some() {
        return true;
    }
    let r = a.radius;
    if r == 0.0 {
        return false;
    }
    let (p, q) = hull_linear_apart(v, l);
    within(p, q, r, 0.0)
}

/// Closest points of a convex set (`a`) and a linear set (`b`): distance 0 exactly when
/// [`meets_linear`].
#[inline]
pub(crate) fn closest_points_linear(a: &Convex<'_>, l: &Linear) -> ClosestPoints {
    window::hull_linear(
        a,
        l,
        closest_points_linear_as_given,
        window::unscaled_closest,
    )
    .unwrap_or_else(|| closest_points_linear_as_given(a, l))
}

#[inline]
fn closest_points_linear_as_given(a: &Convex<'_>, l: &Linear) -> ClosestPoints {
    let v = a.verts();
    if let Some(p) = hull_meets_linear(v, l) {
        return ClosestPoints::common(p);
    }
    let (p, q) = hull_linear_apart(v, l);
    rounded(p, a.radius, q, 0.0)
}

/// Whether two shapes the convex routines answer meet; `false` when either is invalid.
#[inline]
pub(crate) fn convex_meets<A, B>(a: &A, b: &B) -> bool
where
    A: AsConvex + ?Sized,
    B: AsConvex + ?Sized,
{
    match (a.as_convex(), b.as_convex()) {
        (Some(a), Some(b)) => meets(&a, &b),
        _ => false,
    }
}

/// Closest points of two shapes the convex routines answer; `NONE` when either is invalid.
#[inline]
pub(crate) fn convex_closest_points<A, B>(a: &A, b: &B) -> ClosestPoints
where
    A: AsConvex + ?Sized,
    B: AsConvex + ?Sized,
{
    match (a.as_convex(), b.as_convex()) {
        (Some(a), Some(b)) => closest_points(&a, &b),
        _ => ClosestPoints::NONE,
    }
}

/// [`convex_closest_points`] off the hot path of a closed form, for the input it leaves to the
/// convex routines (invalid, or out of its range).
#[cold]
#[inline(never)]
pub(crate) fn cold_closest_points<A, B>(a: &A, b: &B) -> ClosestPoints
where
    A: AsConvex + ?Sized,
    B: AsConvex + ?Sized,
{
    convex_closest_points(a, b)
}

/// Whether a convex shape and a linear shape meet; `false` when either is invalid.
#[inline]
pub(crate) fn convex_linear_meets<A, L>(a: &A, l: &L) -> bool
where
    A: AsConvex + ?Sized,
    L: AsLinear,
{
    match (a.as_convex(), l.as_linear()) {
        (Some(a), Some(l)) => meets_linear(&a, &l),
        _ => false,
    }
}

/// Closest points of a convex shape (`a`) and a linear shape (`b`); `NONE` when either is
/// invalid.
#[inline]
pub(crate) fn convex_linear_closest_points<A, L>(a: &A, l: &L) -> ClosestPoints
where
    A: AsConvex + ?Sized,
    L: AsLinear,
{
    match (a.as_convex(), l.as_linear()) {
        (Some(a), Some(l)) => closest_points_linear(&a, &l),
        _ => ClosestPoints::NONE,
    }
}
