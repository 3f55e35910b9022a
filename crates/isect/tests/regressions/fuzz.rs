//! Issue 24's fuzz pass (`fuzz/`, `query_driver`): wrong answers that its power-of-two scale
//! comparison found at ordinary magnitudes, each named after the bug.

use isect::math::Vec3;
use isect::{Contact, Real, Sphere, Triangle};

use crate::common::v;

/// A side length whose square underflows to 0 while the length itself is a normal number:
/// `2⁻⁸⁰` in `f32` (square `2⁻¹⁶⁰`), `2⁻⁶⁰⁰` in `f64` (square `2⁻¹²⁰⁰`).
#[cfg(not(isect_f64))]
const THIN: Real = 1.0 / (1u128 << 80) as Real;
#[cfg(isect_f64)]
const THIN: Real = {
    let p100 = 1.0 / (1u128 << 100) as Real;
    p100 * p100 * p100 * p100 * p100 * p100
};

/// `Triangle::normal` of a sliver whose cross product is clearly nonzero but whose square
/// underflows was `n / √0`: NaN and ∞ coordinates, which a sphere's contact on the triangle then
/// returned as its normal (fuzz: `Triangle((1.1875, 2.4e-15, -3.5e13), (7.6e-14, 0, 0), 0)`
/// against a point sphere at its corner, rescaled to offsets of 1 and 2e-27).
#[test]
fn sliver_triangle_normal_was_nan() {
    let sliver = Triangle::new(Vec3::ZERO, v(1.0, 0.0, 0.0), v(0.0, THIN, 0.0));
    assert_eq!(sliver.normal(), Some(Vec3::Z));
    let reversed = Triangle::new(Vec3::ZERO, v(0.0, THIN, 0.0), v(1.0, 0.0, 0.0));
    assert_eq!(reversed.normal(), Some(-Vec3::Z));
    let point = Sphere::new(Vec3::ZERO, 0.0);
    let c = point.contact(&sliver).expect("the point is the corner");
    assert_eq!(c.depth, 0.0);
    assert_eq!(c.normal.abs(), Vec3::Z, "a unit normal: {c:?}");
    let c = sliver.contact(&point).expect("the point is the corner");
    assert_eq!(c.normal.abs(), Vec3::Z, "a unit normal: {c:?}");
    // The fuzz case itself (f32 magnitudes, exact in both precisions): the normal is ±y.
    let found = Triangle::new(
        v(1.1875, 2.4076657e-15, -35274483000000.0),
        v(7.627252e-14, 0.0, 0.0),
        Vec3::ZERO,
    );
    let n = found.normal().expect("a proper triangle");
    assert!((n - v(0.0, -1.0, 0.0)).length() < 1e-6, "{n}");
    let c = point.contact(&found).expect("the point is the corner");
    assert!(
        c.normal.is_finite() && (c.normal.length() - 1.0).abs() < 1e-6,
        "{c:?}"
    );
}
