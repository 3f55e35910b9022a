//! Sphere–sphere overlap at the edges of its one-branch hot path: radii whose sum is valid while
//! one of them is not, a radius −0, and radii whose square leaves the normal range (the cold
//! path), each beside the same configuration a hair apart.

use isect::math::Vec3;
use isect::{Intersects, Real, Sphere};

use crate::common::{intersects_both, v};

#[test]
fn a_negative_radius_never_meets_even_when_the_sum_is_a_valid_radius() {
    // r = −1 + 3 = 2 would cover the centers' distance 1; the radius −1 is invalid.
    let good = Sphere::new(Vec3::ZERO, 3.0);
    for bad in [-1.0, -Real::MIN_POSITIVE, Real::NEG_INFINITY, -Real::MAX] {
        let b = Sphere::new(v(1.0, 0.0, 0.0), bad);
        assert!(!good.intersects(&b), "{bad}");
        assert!(!b.intersects(&good), "{bad}");
    }
    // A NaN or infinite radius beside a valid one, overlapping centers.
    for bad in [Real::NAN, Real::INFINITY] {
        assert!(!good.intersects(&Sphere::new(Vec3::ZERO, bad)), "{bad}");
    }
}

#[test]
fn radius_minus_zero_is_a_point() {
    let a = Sphere::new(Vec3::ZERO, 1.0);
    assert!(intersects_both(&a, &Sphere::new(v(1.0, 0.0, 0.0), -0.0)));
    assert!(!intersects_both(
        &a,
        &Sphere::new(v(1.0 + Real::EPSILON * 2.0, 0.0, 0.0), -0.0)
    ));
}

#[test]
fn radii_whose_square_under_or_overflows_touch_exactly() {
    // Touching exactly (centers 2r apart on an axis, 2r exact), then one ulp of the distance
    // apart: r² is subnormal or infinite here, so the cold path's scaled comparison decides.
    for r in [Real::MIN_POSITIVE * 4.0, Real::MAX / 8.0] {
        let a = Sphere::new(v(-r, 0.0, 0.0), r);
        let b = Sphere::new(v(r, 0.0, 0.0), r);
        // Both orders, without `intersects_both`'s rescaled copies (which would leave the
        // range this test is about).
        assert!(a.intersects(&b) && b.intersects(&a), "{r}");
        let apart = Sphere::new(v(r * (1.0 + 2.0 * Real::EPSILON), 0.0, 0.0), r);
        assert!(!a.intersects(&apart) && !apart.intersects(&a), "{r}");
    }
}
