//! GJK (`isect::query::algo::gjk::gjk_closest_points`) against closed forms, and the support maps
//! it runs on.
//!
//! - `point`: a point against each shape with a closed-form point query.
//! - `pairs`: pairs with known distances (spheres, boxes, segments, capsules) and overlapping
//!   pairs, whose common point must lie in both shapes.
//! - `degenerate`: coincident points, flat hulls, scales from 1e-4 to 1e4, non-finite support
//!   points and support maps that are not convex: GJK must terminate with a sensible answer.
//! - `support`: each `SupportMap` gives a point of its shape that maximises `dir · x`.
//!
//! Tolerances are `common::gjk_distance_tolerance` and `common::gjk_point_tolerance`: GJK stops
//! at a relative gap of `GJK_RELATIVE_TOLERANCE` and cannot rank points below about √ε of the
//! coordinates.

mod degenerate;
mod hull_support;
mod pairs;
mod point;
mod support;

use isect::Real;
use isect::math::Vec3;
use proptest::prelude::*;

use crate::common::strategy::unit;

/// The largest absolute coordinate of `points`, at least 1.
fn scale_of(points: &[Vec3]) -> Real {
    points
        .iter()
        .fold(1.0 as Real, |s, p| s.max(p.abs().max_element()))
}

/// Initial directions: any, including the zero vector and NaN (replaced inside GJK).
fn initial_dir() -> impl Strategy<Value = Vec3> {
    prop_oneof![
        6 => unit(),
        1 => (unit(), crate::common::strategy::real(1e-3, 1e3)).prop_map(|(u, s)| u * s),
        1 => Just(Vec3::ZERO),
        1 => Just(Vec3::NAN),
    ]
}

/// How far from the closest point `q` of a convex set to `p` (at distance `d`) a point `b` of
/// the set can be when `|p − b| = d + excess`: `|b − q|² <= |p − b|² − |p − q|²` (the angle at
/// `q` between `p` and any point of the set is obtuse), plus rounding at coordinates of
/// magnitude `scale`.
///
/// GJK's documented bound (`common::gjk_point_tolerance`) assumes it reaches its relative
/// tolerance; on curved shapes in f64 it stops earlier, when rounding in a thin simplex leaves
/// no representable progress (distance off by ~1e-8 relative), so points are checked against
/// the distance GJK actually reached.
fn convexity_bound(d: Real, excess: Real, scale: Real) -> Real {
    let rounding = 64.0 * Real::EPSILON * scale.max(1.0);
    let excess = excess.max(0.0) + rounding;
    (excess * (2.0 * d + excess)).sqrt() + rounding
}
