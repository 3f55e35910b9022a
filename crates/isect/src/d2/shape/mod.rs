//! The 2D shapes: plain `Copy` structs with public fields (except [`ConvexPolygon`] and
//! [`Polygon`], which own their points), one file each, with their constructors, validity
//! checks, bounding volumes and classification against a line. Their queries live in
//! [`crate::d2::query`].

mod aabb;
mod capsule;
mod circle;
#[cfg(feature = "alloc")]
mod convex_polygon;
mod line;
mod obb;
#[cfg(feature = "alloc")]
mod polygon;
#[cfg(feature = "alloc")]
mod polyline;
mod ray;
mod segment;
mod triangle;

pub use aabb::Aabb;
pub use capsule::Capsule;
pub use circle::Circle;
#[cfg(feature = "alloc")]
pub use convex_polygon::ConvexPolygon;
pub use line::Line;
pub use obb::Obb;
#[cfg(feature = "alloc")]
pub use polygon::Polygon;
#[cfg(feature = "alloc")]
pub(crate) use polyline::{LEFT, RIGHT, box_distance_squared, box_entry, slab_entry};
#[cfg(feature = "alloc")]
pub use polyline::{Polyline, PolylineError};
pub use ray::Ray;
pub use segment::Segment;
pub use triangle::Triangle;

use crate::error::ShapeError;
use crate::math::{Real, Vec2};

/// `Err(NonFinite { field })` unless every coordinate of `v` is finite.
#[inline]
pub(crate) fn check_finite(v: Vec2, field: &'static str) -> Result<(), ShapeError> {
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
pub(crate) fn check_direction(v: Vec2, field: &'static str) -> Result<(), ShapeError> {
    check_finite(v, field)?;
    if v == Vec2::ZERO {
        Err(ShapeError::ZeroVector { field })
    } else {
        Ok(())
    }
}

/// `Err(NonFinitePoint)` naming the first non-finite point, `Err(Empty)` for no points.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn check_points(points: &[Vec2]) -> Result<(), ShapeError> {
    if points.is_empty() {
        return Err(ShapeError::Empty);
    }
    match points.iter().position(|p| !p.is_finite()) {
        Some(index) => Err(ShapeError::NonFinitePoint { index }),
        None => Ok(()),
    }
}

/// Ritter's circle ("An Efficient Bounding Sphere", Graphics Gems, 1990) around `points`
/// (finite, at least one): within about 5–20 % of the smallest, in three passes; every point is
/// inside despite rounding (the radius is the largest computed distance).
#[cfg(feature = "alloc")]
pub(crate) fn ritter_circle(points: &[Vec2]) -> Circle {
    let farthest = |from: Vec2| {
        points
            .iter()
            .copied()
            .fold((from, 0.0), |(best, best_d2), p| {
                let d2 = p.distance_squared(from);
                if d2 > best_d2 {
                    (p, d2)
                } else {
                    (best, best_d2)
                }
            })
            .0
    };
    let y = farthest(points[0]);
    let z = farthest(y);
    let mut center = (y + z) * 0.5;
    let mut radius = 0.5 * y.distance(z);
    for &p in points {
        let d = p.distance(center);
        if d > radius {
            // Grow just enough to take in p, keeping the far side of the old circle.
            let new_radius = 0.5 * (radius + d);
            center += (p - center) * ((new_radius - radius) / d);
            radius = new_radius;
        }
    }
    let radius = points
        .iter()
        .map(|p| p.distance(center))
        .fold(radius, Real::max);
    Circle::new(center, radius)
}
