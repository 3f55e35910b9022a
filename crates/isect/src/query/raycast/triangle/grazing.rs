//! Whether a ray runs along the triangle's plane within rounding (see the parent module).

use crate::math::{Real, Vec3};

/// Whether `dir` runs parallel to the plane of `corners` within rounding: `|n · dir| <= 64 ε
/// |n| |dir|`. The watertight test's edge functions are then all rounding noise (the triangle
/// seen along the ray is flat), and signs that happen to agree make a false hit (found: rays in
/// a face's plane reported on the line of an edge beyond a corner), so such a candidate is
/// decided in the plane instead, as a ray with `det = 0` is. Asked only of candidate hits; `n`
/// is the triangle's `scaled_normal`.
#[inline(always)]
pub(super) fn grazing(n: Vec3, dir: Vec3) -> bool {
    grazing_unscaled(n, dir).unwrap_or_else(|| grazing_scaled(n, dir))
}

/// `|n · dir| <= k |n| |dir|` (`k = 64 ε`) decided without scaling where that is safe: `None`
/// when `|n|²` or `|dir|²` lies outside [1e-12, 1e12] (where a square or product could underflow
/// or overflow) or the cosine lies within [k / 2, 2k]. Elsewhere the answer is
/// [`grazing_scaled`]'s: the two cosines differ only by the rounding of the scaling and of the
/// dot products, about 10 ε, against at least 32 ε between the thresholds. This spares most
/// candidate hits the scaling's six divisions.
#[inline(always)]
pub(crate) fn grazing_unscaled(n: Vec3, dir: Vec3) -> Option<bool> {
    let (nn, dd) = (n.length_squared(), dir.length_squared());
    let range = 1e-12..=1e12;
    if !(range.contains(&nn) && range.contains(&dd)) {
        return None;
    }
    let k = GRAZING_COSINE;
    let (nd, kk) = (n.dot(dir), k * k * nn * dd);
    if nd * nd > 4.0 * kk {
        Some(false)
    } else if nd * nd < 0.25 * kk {
        Some(true)
    } else {
        None
    }
}

/// The cosine below which a direction runs along a plane within rounding ([`grazing`]).
pub(super) const GRAZING_COSINE: Real = 64.0 * Real::EPSILON;

/// [`grazing`] for any `n` and `dir`: both scaled to a largest coordinate in `[1, 2)` first (by
/// powers of two, which change no rounding), so that
/// squares neither underflow (directions of length 1e-30 are valid) nor overflow.
#[inline]
pub(super) fn grazing_scaled(n: Vec3, dir: Vec3) -> bool {
    let unit = |v: Vec3| crate::query::algo::scale::normalized_direction(v).0;
    let (n, d) = (unit(n), unit(dir));
    let nd = n.dot(d);
    let k = GRAZING_COSINE;
    // (A zero normal gives NaN: not grazing; such triangles have no candidate hits.)
    nd * nd <= k * k * n.length_squared() * d.length_squared()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `base^e` by repeated multiplication (`powi` is not in every `no_std` build).
    fn pow(base: Real, e: i32) -> Real {
        let x = (0..e.unsigned_abs()).fold(1.0, |x, _| x * base);
        if e < 0 { 1.0 / x } else { x }
    }

    /// A direction of length `len` whose cosine with the normal `n` is `cos` (so it runs along
    /// the plane when `cos` is small), turned about `n` by `turn`.
    fn direction(n: Vec3, cos: Real, len: Real, turn: Real) -> Vec3 {
        let n = n.normalize();
        let (u, v) = n.any_orthonormal_pair();
        let along = u * crate::ops::cos(turn) + v * crate::ops::sin(turn);
        (n * cos + along * crate::ops::sqrt(1.0 - cos * cos)) * len
    }

    proptest! {
        /// The unscaled test answers only where it agrees with the scaled one, and answers
        /// away from the threshold; cosines are drawn around it (k / 8 to 8k) and scales
        /// across its range.
        #[test]
        fn unscaled_grazing_agrees_with_scaled(
            n in (-1.0..1.0 as Real, -1.0..1.0 as Real, 0.1..1.0 as Real),
            n_exp in -5i32..=5,
            d_exp in -5i32..=5,
            cos_exp in -3i32..3,
            cos_mantissa in 1.0..2.0 as Real,
            turn in 0.0..6.0 as Real,
            sign in prop::bool::ANY,
        ) {
            let n = Vec3::new(n.0, n.1, n.2) * pow(10.0, n_exp);
            let cos = GRAZING_COSINE * cos_mantissa * pow(2.0, cos_exp);
            let cos = if sign { cos } else { -cos };
            let d = direction(n, cos, pow(10.0, d_exp), turn);
            let scaled = grazing_scaled(n, d);
            if let Some(g) = grazing_unscaled(n, d) {
                prop_assert_eq!(g, scaled, "n {:?} d {:?}", n, d);
            }
            // Cosines below k / 4 or from 4k on, scales within 1e-3..=1e3: decided unscaled.
            if (cos_exp <= -3 || cos_exp >= 2) && n_exp.abs() <= 3 && d_exp.abs() <= 3 {
                prop_assert_eq!(grazing_unscaled(n, d), Some(scaled));
            }
            // And rightly, by the cosine the direction was made with (its rounding, a few ε,
            // is far below the gap between k / 4 and k or between k and 4k).
            if cos_exp <= -3 || cos_exp >= 2 {
                prop_assert_eq!(scaled, cos_exp <= -3, "cos {} n {:?} d {:?}", cos, n, d);
            }
        }
    }

    #[test]
    fn unscaled_grazing_leaves_extreme_scales_to_the_scaled_test() {
        let n = Vec3::Z;
        for d in [Vec3::X * 1e-7, Vec3::X * 1e7, Vec3::new(1.0, 0.0, 1e-30)] {
            assert_eq!(grazing_unscaled(n * 1e-7, d), None);
            assert_eq!(grazing_unscaled(n * 1e7, d), None);
        }
        assert_eq!(grazing_unscaled(n, Vec3::X), Some(true));
        assert_eq!(grazing_unscaled(n, Vec3::Z), Some(false));
        assert!(grazing_scaled(n * 1e-20, Vec3::X * 1e-30));
        assert!(!grazing_scaled(n * 1e-20, Vec3::Z * 1e-30));
    }
}
