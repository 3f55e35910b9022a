//! isect's integration tests: one binary, a module per area.
//!
//! The same files are compiled twice: here against `isect` (f32), and from `crates/isect-f64`
//! against `isect-f64` (f64), where the build script sets `cfg(isect_f64)` and `parry` is
//! `parry3d-f64`. Tolerances come from `common::tol`, which scales with the precision.

#![expect(
    clippy::disallowed_methods,
    reason = "tests run with std; the ops rule is for the library"
)]

#[cfg(isect_f64)]
extern crate isect_f64 as isect;

mod batch;
mod broad;
mod character;
mod common;
// Against parry3d (parry3d-f64 for isect-f64). CI's glam-0.34 run builds without parry, whose
// glam is 0.33, and sets `isect_no_parry`.
mod contact;
mod d2;
#[cfg(not(isect_no_parry))]
mod differential;
mod distance;
mod gjk;
mod intersects;
#[cfg(feature = "io")]
mod io;
mod linear;
mod mesh;
mod point;
mod raycast;
mod regressions;
mod scene;
mod shapes;
mod sweep;
mod wide;
