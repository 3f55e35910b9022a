//! The plane: the same shapes and queries as the crate root, in 2D.
//!
//! ```
//! use isect::d2::{Aabb, Circle, Distance, Intersects, PointQuery, Polygon, Segment};
//! use isect::math::Vec2;
//!
//! let coin = Circle::new(Vec2::new(0.0, 0.0), 1.0);
//! let tile = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(3.0, 1.0));
//! // Closed sets: touching counts.
//! assert!(coin.intersects(&tile));
//! assert_eq!(coin.distance(&Aabb::new(Vec2::new(2.0, -1.0), Vec2::new(3.0, 1.0))), 1.0);
//!
//! // Concave polygons, with an exact point-in-polygon test, boundary included.
//! let notch = Polygon::new(vec![
//!     Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0),
//!     Vec2::new(2.0, 1.0), Vec2::new(0.0, 4.0),
//! ]).unwrap();
//! assert!(notch.contains_point(Vec2::new(3.0, 2.5)));
//! assert!(!notch.contains_point(Vec2::new(2.0, 2.0)));
//! assert!(Segment::new(Vec2::new(2.0, 1.0), Vec2::new(2.0, 5.0)).intersects(&notch));
//! ```
//!
//! The shapes ([`Circle`], [`Aabb`], [`Obb`], [`Capsule`], [`Triangle`], [`Segment`], [`Ray`],
//! [`Line`], [`ConvexPolygon`], [`Polygon`]) are plain structs in world coordinates (and
//! [`Polyline`], level geometry: segments between shared vertices with a BVH, against every
//! convex shape, with ghost vertices for its contacts), the
//! queries traits of the same names as in 3D ([`PointQuery`], [`Intersects`], [`Distance`],
//! [`Classify`], [`Bounded`]) implemented for every pair in both argument orders, with free
//! functions. [`query`] sets out the semantics; in the plane, overlap is decided exactly.

pub mod query;
mod shape;

#[cfg(feature = "alloc")]
pub use query::PolylineShape;
pub use query::{
    Bounded, Classify, ClosestPoints, Contact, ContactInfo, ContactManifold, Distance, Intersects,
    LineIntersection2, MANIFOLD_CAPACITY, Manifold, ManifoldPoint, PointQuery, PolylineContact,
    PolylineHit, PolylineSweepHit, RayCast, RayHit, Side, Sweep, SweepHit, classify,
    closest_points, contact, contact_manifold, distance, intersects, raycast, sweep,
};
pub use shape::{Aabb, Capsule, Circle, Line, Obb, Ray, Segment, Triangle};
#[cfg(feature = "alloc")]
pub use shape::{ConvexPolygon, Polygon, Polyline, PolylineError};

use crate::math::{ON_SET_TOLERANCE, Real, Vec2};

/// A point that stands for "no point" in the plane: what closest-point queries return for
/// invalid input. Every coordinate is `+∞`: not finite, so it never passes for a real result,
/// and not NaN, so comparisons with it behave.
pub const NO_POINT: Vec2 = Vec2::splat(Real::INFINITY);

/// The absolute tolerance within which lines, rays and segments contain a point:
/// [`ON_SET_TOLERANCE`] times the largest absolute coordinate among `points`.
#[inline]
#[must_use]
pub fn on_set_tolerance<const N: usize>(points: [Vec2; N]) -> Real {
    let mut scale: Real = 0.0;
    for p in points {
        scale = scale.max(p.abs().max_element());
    }
    ON_SET_TOLERANCE * scale
}
