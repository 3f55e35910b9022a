//! Machinery shared by many queries: closest points on simplices, between linear components, and
//! GJK over support maps. Public where a user can build on it (support maps, GJK); the rest is
//! crate-internal.

pub(crate) mod box_sat;
pub mod gjk;
pub(crate) mod linear;
pub(crate) mod simplex;
mod support_map;
