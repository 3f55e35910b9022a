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
