//! Shared test machinery: tolerances, proptest strategies, conversions to parry, and samplers
//! of shapes' points.

#![allow(dead_code)]

#[cfg(not(isect_no_parry))]
pub mod parry_conv;
pub mod sample;
pub mod strategy;
pub mod transform;

use isect::Real;
use isect::math::{Quat, Vec3};

/// Absolute/relative tolerance for answers on inputs of magnitude ~10: about 1e-3 in f32 and
/// 1e-9 in f64 (a few hundred ulps of the coordinates).
#[cfg(not(isect_f64))]
pub const TOL: Real = 1e-3;
#[cfg(isect_f64)]
pub const TOL: Real = 1e-9;

/// `TOL` scaled by the magnitude of the numbers involved (at least 1).
pub fn tol(scale: Real) -> Real {
    TOL * scale.abs().max(1.0)
}

/// Asserts `|a - b| <= tol(max(|a|, |b|))`, with a message naming both.
#[track_caller]
pub fn assert_near(a: Real, b: Real, what: &str) {
    let t = tol(a.abs().max(b.abs()));
    assert!(
        (a - b).abs() <= t || (a.is_infinite() && a == b),
        "{what}: {a} vs {b} (tolerance {t})"
    );
}

/// Asserts `|a - b| <= tol(max coordinate)`.
#[track_caller]
pub fn assert_near_vec(a: Vec3, b: Vec3, what: &str) {
    let t = tol(a.abs().max_element().max(b.abs().max_element()));
    assert!(
        a.distance(b) <= t,
        "{what}: {a} vs {b} (distance {}, tolerance {t})",
        a.distance(b)
    );
}

/// Shorthand for `Vec3::new`.
pub fn v(x: Real, y: Real, z: Real) -> Vec3 {
    Vec3::new(x, y, z)
}

/// The values that must never crash a query: NaN and both infinities.
pub const NON_FINITE: [Real; 3] = [Real::NAN, Real::INFINITY, Real::NEG_INFINITY];

/// Points with one non-finite coordinate (each of `NON_FINITE` in each axis).
pub fn non_finite_points() -> Vec<Vec3> {
    let mut out = Vec::new();
    for x in NON_FINITE {
        for axis in 0..3 {
            let mut p = Vec3::new(0.5, 0.25, 0.125);
            p[axis] = x;
            out.push(p);
        }
    }
    out
}

/// A rigid motion: rotate about the origin, then translate.
#[derive(Clone, Copy, Debug)]
pub struct Motion {
    pub rotation: Quat,
    pub translation: Vec3,
}

impl Motion {
    pub fn apply(&self, p: Vec3) -> Vec3 {
        self.rotation * p + self.translation
    }
    pub fn apply_dir(&self, d: Vec3) -> Vec3 {
        self.rotation * d
    }
}
