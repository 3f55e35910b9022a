//! Shapes themselves: constructors and validity, bounding volumes, classification against a
//! plane, and frusta extracted from projection matrices.

mod aabb;
mod bounded;
mod classify;
mod constructors;
mod frustum;
mod trimesh;
mod validity;

use isect::math::Vec3;
use isect::{Real, ShapeError};

use crate::common::NON_FINITE;

fn non_finite(field: &'static str) -> ShapeError {
    ShapeError::NonFinite { field }
}

fn negative(field: &'static str) -> ShapeError {
    ShapeError::Negative { field }
}

fn zero_vector(field: &'static str) -> ShapeError {
    ShapeError::ZeroVector { field }
}

/// `v` with its `axis` coordinate replaced by `x`.
fn with(v: Vec3, axis: usize, x: Real) -> Vec3 {
    let mut out = v;
    out[axis] = x;
    out
}

/// Every vector with one coordinate NaN or infinite (the others ordinary).
fn non_finite_vectors(base: Vec3) -> Vec<Vec3> {
    NON_FINITE
        .iter()
        .flat_map(|&x| (0..3).map(move |axis| with(base, axis, x)))
        .collect()
}

/// Asserts `is_valid() == expected` and that `try_new` (given as its result) agrees: the shape
/// itself when valid, the same error otherwise.
#[track_caller]
fn check<T: PartialEq + core::fmt::Debug>(
    shape: &T,
    is_valid: Result<(), ShapeError>,
    try_new: Result<T, ShapeError>,
    expected: Result<(), ShapeError>,
) {
    assert_eq!(is_valid, expected, "is_valid of {shape:?}");
    match expected {
        Ok(()) => assert_eq!(try_new.as_ref(), Ok(shape), "try_new of {shape:?}"),
        Err(e) => assert_eq!(try_new, Err(e), "try_new of {shape:?}"),
    }
}
