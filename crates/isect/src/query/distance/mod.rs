//! `Distance` (closest points and distance) per pair of shapes, one file per pair named
//! `<a>_<b>.rs` in the same shape order as the overlap files (Sphere, Aabb, Obb, Capsule, Triangle,
//! Segment, Ray, Line, Plane, Frustum, `ConvexHull`); each file ends with the mirror line that
//! implements the other argument order.

mod line_line;
mod ray_line;
mod ray_ray;
mod segment_line;
mod segment_ray;
mod segment_segment;
mod triangle_segment;

use crate::query::ClosestPoints;
use crate::query::algo::linear::{Linear, closest_parameters};

/// Closest points between two lines, rays or segments (see [`closest_parameters`]).
#[inline]
fn linear_closest_points(p: &Linear, q: &Linear) -> ClosestPoints {
    if !(p.is_usable() && q.is_usable()) {
        return ClosestPoints::NONE;
    }
    let (s, t) = closest_parameters(p, q);
    ClosestPoints::from_points(p.at(s), q.at(t))
}
