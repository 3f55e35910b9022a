//! `RayCast` per shape, one file per shape named after it; segments, rays and lines are cast
//! through these (a segment is a ray with `dir = b - a` and `max_t = 1`).

mod aabb;
mod capsule;
mod convex_hull;
mod frustum;
mod obb;
mod plane;
mod sphere;
mod triangle;
