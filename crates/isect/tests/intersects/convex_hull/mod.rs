//! Convex hulls: the cached face planes (Quickhull), overlap with every shape, the ray cast, and
//! the boolean GJK (`gjk_intersects`) that answers the pairs without a specialised routine.

mod faces;
mod gjk;
mod pairs;
mod raycast;

use isect::ConvexHull;
use isect::math::Vec3;

/// The hull of the corners of `[lo, hi]³`.
pub fn cube_hull(lo: Vec3, hi: Vec3) -> ConvexHull {
    ConvexHull::new(crate::common::aabb_corners(&isect::Aabb::new(lo, hi)).to_vec())
}
