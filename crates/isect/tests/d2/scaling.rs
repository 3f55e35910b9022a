//! Powers of two, exact-scaling checks and star-shaped polygons shared by the 2D magnitude
//! tests (`cast_magnitude.rs`, `contact_magnitude.rs`, `distance_magnitude.rs`,
//! `point_magnitude.rs`).

use isect::Real;
use isect::math::Vec2;

use super::common::{Xorshift, v};

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

/// The corners of a star-shaped simple polygon: seven along fixed directions (coordinates in
/// eighths), at integer radii 2 to 4 around an integer center in `-4..=4`.
pub fn star_corners(g: &mut Xorshift) -> Vec<Vec2> {
    let directions = [
        (1.0, 0.0),
        (0.625, 0.75),
        (-0.25, 1.0),
        (-1.0, 0.5),
        (-0.75, -0.625),
        (0.0, -1.0),
        (0.875, -0.5),
    ];
    let c = g.int_point(-4, 4);
    directions
        .iter()
        .map(|&(x, y)| c + v(x, y) * g.int(2, 4))
        .collect()
}
