//! `RayCast` per 2D shape, one file per shape named after it, all through the intervals of
//! `algo/cast.rs`: a convex set meets the ray's line in one interval, entered and left with an
//! outward normal; the polygon, possibly concave, is cast against edge by edge.
//!
//! Conventions every file keeps (see [`RayCast`](crate::d2::RayCast)): `t` is counted in units
//! of the ray's `dir`; a ray with a zero or non-finite `dir` or origin, an invalid shape, and a
//! negative or NaN `max_t` give `None`; every reported normal is unit length. Whether the origin
//! lies in a solid (the hit at `t = 0`) is decided exactly, as `contains_point` decides it.
//! Segments, rays and lines have no inside: their solid and surface casts agree, and their
//! normal faces the ray.

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
