//! Query cases from bytes, and the checks every case must pass: shared by the coverage-guided
//! `query_*` targets (AFL++) and the stable fixed-seed driver (`query_driver`, run by CI).
//!
//! A case is a query family, shape kinds and their numbers. Each number is drawn from all
//! exponents: raw bits (subnormals, NaN payloads, ±0, ±∞, the largest and smallest values) or,
//! so that shapes also meet, a small multiple of 1/16. Every case is checked for
//! - no panic (the caller sees one);
//! - the invalid-input rule: a shape with a NaN or infinite number, a negative radius or
//!   extent, `min > max` or a zero direction gives `false`, `None`, distance `+∞`, a non-finite
//!   closest point ([`Violation`], which the targets and the driver treat as failures);
//! - power-of-two scale invariance: the same case with every number times `4^k` (exact, and
//!   every operation of a query scales exactly) must give the same booleans and hits and
//!   lengths times `4^k`, within the accuracy the queries document ([`Tolerance`];
//!   [`ScaleMismatch`], counted by family and magnitude; those left at extreme magnitudes are
//!   issue 24's items 10–12).

#[macro_use]
mod macros;
mod case;
mod check;
mod cores;
pub mod d2;
mod exact;
mod frustum;
mod input;
mod shape;
mod tolerance;
mod wide;

pub use case::{Answer, Case, FAMILIES};
pub use check::{
    Checker, Cores, Outcome, Query, ScaleMismatch, Violation, check, check_case, fuzz_query,
    fuzz_query_d2, strict_scale_from_env,
};
pub use input::Input;
pub use shape::Shape;
