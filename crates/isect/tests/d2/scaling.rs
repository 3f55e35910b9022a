//! Powers of two and exact-scaling checks shared by the 2D magnitude tests
//! (`cast_magnitude.rs`, `contact_magnitude.rs`, `point_magnitude.rs`).

use isect::Real;
use isect::math::Vec2;

/// `2ᵏ` for `k` in the normal range.
pub fn pow2(k: i32) -> Real {
    (2.0 as Real).powi(k)
}

/// `2ᵏ` for any `k` whose power is a normal number, in two steps (`powi` of a large `k` may
/// round through an overflow).
pub fn scale_of(k: i32) -> Real {
    pow2(k / 2) * pow2(k - k / 2)
}

/// A length whose square overflows: `2^(MAX_EXP/2 + 4)` (`2⁶⁸`, `2⁵¹⁶`).
pub fn huge() -> Real {
    pow2(Real::MAX_EXP / 2 + 4)
}

/// A length whose square underflows to 0: `2^(MIN_EXP/2 − 30)` (`2⁻⁹²`, `2⁻⁵⁴⁰`).
pub fn tiny() -> Real {
    pow2(Real::MIN_EXP / 2 - 30)
}

/// `want · 2ᵏ` against `got`: equal where the scaled value is a normal number (or 0), within two
/// subnormal steps below (where a result rounds to the subnormal grid).
pub fn check_scaled(got: Vec2, want: Vec2, k: i32, what: &str) {
    let want = want * scale_of(k);
    let normal_range = |x: Real| x == 0.0 || x.abs() >= Real::MIN_POSITIVE;
    if normal_range(want.x) && normal_range(want.y) {
        assert_eq!(got, want, "{what} at 2^{k}");
    } else {
        let step = 2.0 * Real::MIN_POSITIVE * Real::EPSILON;
        assert!(
            (got - want).abs().max_element() <= step,
            "{what} at 2^{k}: {got:?} vs {want:?}"
        );
    }
}
