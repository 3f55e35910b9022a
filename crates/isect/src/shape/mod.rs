//! The 3D shapes: plain `Copy` structs with public fields (except [`ConvexHull`], which owns its
//! points), one file each, with their constructors, validity checks, bounding volumes and
//! classification against a plane. Their queries live in [`crate::query`].

mod aabb;
mod capsule;
#[cfg(feature = "alloc")]
mod convex_hull;
mod frustum;
mod line;
mod obb;
mod plane;
mod ray;
mod segment;
mod sphere;
mod triangle;
#[cfg(feature = "alloc")]
pub(crate) mod trimesh;

pub use aabb::Aabb;
pub use capsule::Capsule;
#[cfg(feature = "alloc")]
pub use convex_hull::ConvexHull;
pub use frustum::Frustum;
pub use line::Line;
pub use obb::Obb;
pub use plane::Plane;
pub use ray::Ray;
pub use segment::Segment;
pub use sphere::Sphere;
pub use triangle::Triangle;
#[cfg(feature = "alloc")]
pub use trimesh::TriMesh;

use crate::error::ShapeError;
use crate::math::{Real, Vec3};

/// `Err(NonFinite { field })` unless every coordinate of `v` is finite.
#[inline]
pub(crate) fn check_finite(v: Vec3, field: &'static str) -> Result<(), ShapeError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(ShapeError::NonFinite { field })
    }
}

/// `Err` unless `x` is finite and `>= 0`.
#[inline]
pub(crate) fn check_non_negative(x: Real, field: &'static str) -> Result<(), ShapeError> {
    if !x.is_finite() {
        Err(ShapeError::NonFinite { field })
    } else if x < 0.0 {
        Err(ShapeError::Negative { field })
    } else {
        Ok(())
    }
}

/// `Err` unless `v` is finite and not the zero vector.
#[inline]
pub(crate) fn check_direction(v: Vec3, field: &'static str) -> Result<(), ShapeError> {
    check_finite(v, field)?;
    if v == Vec3::ZERO {
        Err(ShapeError::ZeroVector { field })
    } else {
        Ok(())
    }
}

/// The minimum and maximum of `normal · v` over `points`: the extent of a point set along a
/// direction, as classification and support queries need it.
#[inline]
pub(crate) fn extent_along<const N: usize>(normal: Vec3, points: [Vec3; N]) -> (Real, Real) {
    let mut lo = Real::INFINITY;
    let mut hi = Real::NEG_INFINITY;
    for p in points {
        let s = normal.dot(p);
        lo = lo.min(s);
        hi = hi.max(s);
    }
    (lo, hi)
}
