//! Machinery shared by the 2D queries: exact predicates, linear sets (segments, rays, lines),
//! convex sets given by their vertices and a radius, simple polygons by their edges, and the
//! convex hull. Crate-internal.
//!
//! The plane needs none of the 3D iterative machinery for these families: overlap is decided by
//! exact signs, and the distance between convex polygons that do not meet is attained at a
//! vertex of one and an edge of the other, so enumerating those pairs is a closed form, exact
//! up to the rounding of one projection (ARCHITECTURE.md, "2D").

pub(crate) mod advance;
pub(crate) mod advance_entry;
pub(crate) mod cast;
pub(crate) mod clip;
pub(crate) mod contact;
pub(crate) mod convex;
pub(crate) mod convex_pairs;
pub(crate) mod corners;
mod crossing;
pub(crate) mod exact;
pub(crate) mod hull;
pub(crate) mod interval;
pub(crate) mod linear;
mod meet;
#[cfg(feature = "alloc")]
pub(crate) mod polygon;
#[cfg(feature = "alloc")]
pub(crate) mod polygon_contact;
#[cfg(feature = "alloc")]
pub(crate) mod polyline;
#[cfg(feature = "alloc")]
mod polyline_probe;
pub(crate) mod reach;
pub(crate) mod segment_point;
pub(crate) mod window;
