//! Machinery shared by many queries: closest points on simplices, between linear components, and
//! GJK over support maps. Public where a user can build on it (support maps, GJK); the rest is
//! crate-internal.

pub(crate) mod balls;
pub(crate) mod box_sat;
pub mod conservative_advancement;
#[cfg(feature = "alloc")]
pub(crate) mod epa;
pub mod gjk;
#[cfg(feature = "alloc")]
pub(crate) mod gjk_raycast;
pub(crate) mod linear;
pub(crate) mod moving_sat;
pub(crate) mod plane_extent;
pub(crate) mod polytope;
#[cfg(feature = "alloc")]
pub(crate) mod quickhull;
pub(crate) mod rounded;
pub(crate) mod simplex;
mod support_map;
#[cfg(feature = "alloc")]
mod trimesh;
