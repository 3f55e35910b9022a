//! Differential tests against parry3d (parry3d-f64 in the f64 build) on random inputs.
//!
//! parry is an independent implementation, not ground truth: booleans are compared only where
//! the true answer is clear of the boundary by a tolerance, and known parry faults are avoided.

mod contact;
mod contact_hull;
mod contact_sat;
mod distance;
mod intersects_frustum_hull;
mod intersects_linear;
mod intersects_solids;
mod intersects_triangle;
mod linear;
mod mesh;
mod mesh_contact;
mod mesh_shapes;
mod point_flat;
mod point_solids;
mod raycast;
mod sweep;
mod sweep_pairs;
mod sweep_rotating;
mod sweep_rotating_mesh;
