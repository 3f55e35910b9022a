//! `PointQuery` for every 2D shape: closest point, distance and containment, one file per shape
//! (the three linear sets share one).

mod aabb;
mod capsule;
mod circle;
#[cfg(feature = "alloc")]
mod convex_polygon;
mod linear;
mod obb;
#[cfg(feature = "alloc")]
mod polygon;
#[cfg(feature = "alloc")]
mod polyline;
mod triangle;

use crate::d2::NO_POINT;
use crate::d2::query::algo::convex::AsConvex;
use crate::math::{Real, Vec2};
use crate::query::algo::scale::square_in_range;

/// The point of a convex shape closest to `p`; `NO_POINT` for invalid input.
#[inline]
fn convex_closest_point<S: AsConvex + ?Sized>(shape: &S, p: Vec2) -> Vec2 {
    match shape.as_convex() {
        Some(c) if p.is_finite() => c.closest_point(p),
        _ => NO_POINT,
    }
}

/// The distance from `p` to a convex shape: 0 exactly when it contains `p`; `+∞` for invalid
/// input.
#[inline]
fn convex_distance_to_point<S: AsConvex + ?Sized>(shape: &S, p: Vec2) -> Real {
    match shape.as_convex() {
        Some(c) if p.is_finite() => c.distance_to_point(p),
        _ => Real::INFINITY,
    }
}

/// Whether a convex shape contains `p`; `false` for invalid input.
#[inline]
fn convex_contains_point<S: AsConvex + ?Sized>(shape: &S, p: Vec2) -> bool {
    match shape.as_convex() {
        Some(c) if p.is_finite() => c.contains(p),
        _ => false,
    }
}

/// [`convex_closest_point`] off the hot path of a closed form, for the input it leaves to the
/// convex routine (invalid, or out of its range).
#[cold]
#[inline(never)]
fn cold_closest_point<S: AsConvex + ?Sized>(shape: &S, p: Vec2) -> Vec2 {
    convex_closest_point(shape, p)
}

/// [`convex_distance_to_point`] off the hot path of a closed form.
#[cold]
#[inline(never)]
fn cold_distance_to_point<S: AsConvex + ?Sized>(shape: &S, p: Vec2) -> Real {
    convex_distance_to_point(shape, p)
}

/// [`convex_contains_point`] off the hot path of a closed form.
#[cold]
#[inline(never)]
fn cold_contains_point<S: AsConvex + ?Sized>(shape: &S, p: Vec2) -> bool {
    convex_contains_point(shape, p)
}

/// The length of `v`, the offset between a point outside a set and the set's closest point:
/// `|v|`, never 0 (at least the smallest positive number), and where `|v|²` leaves the normal
/// range taken from `v` divided by its largest coordinate (so that it scales with `v` by powers
/// of two at any magnitude).
#[inline]
fn outside_distance(v: Vec2) -> Real {
    let dd = v.length_squared();
    if square_in_range(dd) {
        return crate::ops::sqrt(dd);
    }
    outside_distance_cold(v)
}

#[cold]
#[inline(never)]
fn outside_distance_cold(v: Vec2) -> Real {
    let m = v.abs().max_element();
    if !(m > 0.0 && m < Real::INFINITY) {
        return m.max(Real::from_bits(1));
    }
    (m * (v / m).length()).max(Real::from_bits(1))
}
