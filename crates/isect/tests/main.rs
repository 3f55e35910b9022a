//! isect's integration tests: one binary, a module per area.
//!
//! The same files are compiled twice: here against `isect` (f32), and from `crates/isect-f64`
//! against `isect-f64` (f64), where the build script sets `cfg(isect_f64)` and `parry` is
//! `parry3d-f64`. Tolerances come from `common::tol`, which scales with the precision.

#![allow(clippy::disallowed_methods)] // tests run with std; the ops rule is for the library

#[cfg(isect_f64)]
extern crate isect_f64 as isect;

mod common;
mod gjk;
mod linear;
mod point;
mod shapes;
