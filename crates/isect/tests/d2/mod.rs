//! The plane (`isect::d2`): shapes, point queries, overlap and distance for every pair of 2D
//! shapes in both argument orders, point-in-polygon against an exact winding number, the
//! invalid-input rule, and differential tests against parry2d.

mod common;
mod invalid;
mod lines;
mod pairs;
mod pip;
mod point;
mod shapes;
mod touching;
