//! `PointQuery` for every shape: closest point, distance and containment, one file per shape.

mod aabb;
mod capsule;
#[cfg(feature = "alloc")]
mod convex_hull;
mod frustum;
mod linear;
mod obb;
mod plane;
mod sphere;
mod triangle;
