//! Static overlap (`Intersects`) for every pair, by family: hand cases with exactly touching
//! configurations, their mirror images moved apart, degenerate and invalid shapes, symmetry in
//! argument order and agreement with GJK. (parry comparisons: `differential`.)

mod convex_hull;
mod frustum;
mod linear;
mod solids;
mod triangle;
mod trimesh;
