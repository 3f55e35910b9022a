//! `Contact` (point, normal and penetration depth) per pair of 2D shapes, one file per pair
//! named `<a>_<b>.rs` in the shape order of the overlap files, each ending with the mirror line
//! for the other order; all through the separating-axis contact of `algo/contact.rs`, and with
//! each contact its `ContactManifold` (the points that contact's clipping finds). The
//! `Polygon` pairs (`<shape>_polygon.rs`) go through `algo/polygon_contact.rs`: a convex
//! polygon as the convex contact, a concave one the least of the local one-sided pushes (out
//! across an edge the shape meets, clear of the whole polygon along the shape's own normal, or,
//! inside, across the nearest edge), since its least separating push is not one edge's.

mod aabb_aabb;
mod aabb_capsule;
#[cfg(feature = "alloc")]
mod aabb_convex_polygon;
mod aabb_line;
mod aabb_obb;
#[cfg(feature = "alloc")]
mod aabb_polygon;
mod aabb_ray;
mod aabb_segment;
mod aabb_triangle;
mod capsule_capsule;
#[cfg(feature = "alloc")]
mod capsule_convex_polygon;
mod capsule_line;
#[cfg(feature = "alloc")]
mod capsule_polygon;
mod capsule_ray;
mod capsule_segment;
mod capsule_triangle;
mod circle_aabb;
mod circle_capsule;
mod circle_circle;
#[cfg(feature = "alloc")]
mod circle_convex_polygon;
mod circle_line;
mod circle_obb;
#[cfg(feature = "alloc")]
mod circle_polygon;
mod circle_ray;
mod circle_segment;
mod circle_triangle;
#[cfg(feature = "alloc")]
mod convex_polygon_convex_polygon;
#[cfg(feature = "alloc")]
mod convex_polygon_polygon;
#[cfg(feature = "alloc")]
mod line_convex_polygon;
mod line_line;
#[cfg(feature = "alloc")]
mod line_polygon;
pub(crate) mod manifold;
mod obb_capsule;
#[cfg(feature = "alloc")]
mod obb_convex_polygon;
mod obb_line;
mod obb_obb;
#[cfg(feature = "alloc")]
mod obb_polygon;
mod obb_ray;
mod obb_segment;
mod obb_triangle;
#[cfg(feature = "alloc")]
mod polygon_polygon;
#[cfg(feature = "alloc")]
mod polyline;
#[cfg(feature = "alloc")]
mod polyline_manifold;
#[cfg(feature = "alloc")]
mod polyline_polyline;
#[cfg(feature = "alloc")]
mod polyline_polyline_manifold;
#[cfg(feature = "alloc")]
mod ray_convex_polygon;
mod ray_line;
#[cfg(feature = "alloc")]
mod ray_polygon;
mod ray_ray;
#[cfg(feature = "alloc")]
mod segment_convex_polygon;
mod segment_line;
#[cfg(feature = "alloc")]
mod segment_polygon;
mod segment_ray;
mod segment_segment;
#[cfg(feature = "alloc")]
mod triangle_convex_polygon;
mod triangle_line;
#[cfg(feature = "alloc")]
mod triangle_polygon;
mod triangle_ray;
mod triangle_segment;
mod triangle_triangle;
