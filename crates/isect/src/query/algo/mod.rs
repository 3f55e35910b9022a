//! Machinery shared by many queries: closest points on simplices, between linear components, and
//! GJK over support maps; for the contact pairs, boxes as frames, the least-overlap axis search,
//! polygon clipping and contact patches. Public where a user can build on it (support maps, GJK);
//! the rest is crate-internal.

pub(crate) mod balls;
pub(crate) mod box_frame;
pub(crate) mod box_sat;
pub mod conservative_advancement;
pub(crate) mod contact_patch;
#[cfg(feature = "alloc")]
pub(crate) mod epa;
#[cfg(feature = "alloc")]
pub(crate) mod epa_rounded;
pub(crate) mod expansion;
pub(crate) mod frustum_pair;
pub mod gjk;
mod gjk_gap;
#[cfg(feature = "alloc")]
pub(crate) mod gjk_raycast;
mod gjk_simplex;
mod gjk_small;
#[cfg(feature = "alloc")]
pub(crate) mod hull_support;
#[cfg(feature = "alloc")]
pub(crate) mod internal_edges;
pub(crate) mod least_overlap;
pub(crate) mod linear;
#[cfg(feature = "alloc")]
pub(crate) mod mesh_pair;
pub(crate) mod moving_sat;
pub(crate) mod orient;
#[cfg(feature = "alloc")]
pub(crate) mod placed_hull;
pub(crate) mod plane_extent;
pub(crate) mod polygon_clip;
pub(crate) mod polytope;
#[cfg(feature = "alloc")]
pub(crate) mod quickhull;
pub(crate) mod rounded;
pub(crate) mod scale;
pub(crate) mod simplex;
mod simplex_flat;
mod simplex_tetrahedron;
mod support_map;
#[cfg(feature = "alloc")]
pub(crate) mod trimesh;
