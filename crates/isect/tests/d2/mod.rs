//! The plane (`isect::d2`): shapes, point queries, overlap and distance for every pair of 2D
//! shapes in both argument orders, point-in-polygon against an exact winding number, the
//! invalid-input rule, and differential tests against parry2d.

mod beyond_range;
mod capsule_cast;
mod cast_magnitude;
mod common;
mod contact;
mod contact_magnitude;
mod distance_magnitude;
// Against parry2d (parry2d-f64 for isect-f64); left out where CI builds without parry.
#[cfg(not(isect_no_parry))]
mod differential;
#[cfg(not(isect_no_parry))]
mod differential_moving;
mod fast_paths;
mod invalid;
mod lattice;
mod lines;
mod magnitude;
mod manifold;
mod pairs;
mod pip;
mod point;
mod point_magnitude;
mod polygon_contact;
mod polyline;
mod polyline_manifold;
mod polyline_pairs;
#[cfg(not(isect_no_parry))]
mod polyline_parry;
#[cfg(not(isect_no_parry))]
mod polyline_parry_pairs;
mod polyline_polygon;
mod polyline_polyline;
mod polyline_polyline_manifold;
mod polyline_props;
mod raycast;
mod regressions;
mod scaling;
mod shapes;
mod strategy;
mod sweep;
mod sweep_magnitude;
mod touching;
mod underflow;
