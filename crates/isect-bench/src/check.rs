//! Agreement checks, run once on a benchmark's inputs before anything is timed: isect and parry
//! must give the same answers, or the timings compare different work.
//!
//! Each check panics with the first disagreeing input, and returns a short summary that the
//! benchmark prints, so the log shows what was compared.

use isect::Real;
use isect::math::Vec3;

/// `|a − b| <= tol · (1 + max(|a|, |b|))`: absolute near zero, relative for large values.
fn near(a: Real, b: Real, tol: Real) -> bool {
    a == b || (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
}

/// The largest difference `|a − b| / (1 + max(|a|, |b|))` over the pairs.
fn max_difference(pairs: impl Iterator<Item = (Real, Real)>) -> Real {
    pairs
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (a - b).abs() / (1.0 + a.abs().max(b.abs())))
        .fold(0.0, Real::max)
}

/// Asserts that `isect[i]` and `parry[i]` agree within `tol` (see [`near`]) for every `i`;
/// returns the largest difference found.
///
/// # Panics
/// On a length mismatch or the first disagreement.
#[must_use]
pub fn reals(what: &str, isect: &[Real], parry: &[Real], tol: Real) -> Real {
    assert_eq!(isect.len(), parry.len(), "{what}: batch lengths differ");
    for (i, (&a, &b)) in isect.iter().zip(parry).enumerate() {
        assert!(
            near(a, b, tol),
            "{what}: input {i}: isect {a} but parry {b} (tolerance {tol})"
        );
    }
    max_difference(isect.iter().copied().zip(parry.iter().copied()))
}

/// Asserts that the points agree coordinate by coordinate within `tol`; returns the largest
/// difference found.
///
/// # Panics
/// On a length mismatch or the first disagreement.
#[must_use]
pub fn points(what: &str, isect: &[Vec3], parry: &[Vec3], tol: Real) -> Real {
    assert_eq!(isect.len(), parry.len(), "{what}: batch lengths differ");
    for (i, (&a, &b)) in isect.iter().zip(parry).enumerate() {
        assert!(
            (0..3).all(|k| near(a[k], b[k], tol)),
            "{what}: input {i}: isect {a} but parry {b} (tolerance {tol})"
        );
    }
    max_difference(
        isect
            .iter()
            .zip(parry)
            .flat_map(|(a, b)| (0..3).map(move |k| (a[k], b[k]))),
    )
}

/// How two batches of booleans compared: see [`bools`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoolAgreement {
    /// Inputs clear of the boundary, where the answers must agree (and did).
    pub clear: usize,
    /// Of those, how many were `true`.
    pub clear_true: usize,
    /// Inputs near the boundary, where each library's own tolerance decides.
    pub near: usize,
    /// Of those, how many got the same answer from both.
    pub near_agreed: usize,
}

impl core::fmt::Display for BoolAgreement {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} clear of the boundary agree ({} true)",
            self.clear, self.clear_true
        )?;
        if self.near > 0 {
            write!(
                f,
                "; {} near it, {} answered alike",
                self.near, self.near_agreed
            )?;
        }
        Ok(())
    }
}

/// Asserts that the answers agree wherever `clear[i]` (the input is clear of the boundary by a
/// tolerance); near the boundary the two libraries' tolerances differ by design, so those are
/// only counted.
///
/// # Panics
/// On a length mismatch or a disagreement on a clear input.
#[must_use]
pub fn bools(what: &str, isect: &[bool], parry: &[bool], clear: &[bool]) -> BoolAgreement {
    assert_eq!(isect.len(), parry.len(), "{what}: batch lengths differ");
    assert_eq!(isect.len(), clear.len(), "{what}: batch lengths differ");
    let mut summary = BoolAgreement {
        clear: 0,
        clear_true: 0,
        near: 0,
        near_agreed: 0,
    };
    for (i, ((&a, &b), &is_clear)) in isect.iter().zip(parry).zip(clear).enumerate() {
        if is_clear {
            assert_eq!(a, b, "{what}: input {i}: isect {a} but parry {b}");
            summary.clear += 1;
            summary.clear_true += usize::from(a);
        } else {
            summary.near += 1;
            summary.near_agreed += usize::from(a == b);
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reals_accept_close_values_and_report_the_difference() {
        let d = reals("x", &[1.0, 0.0], &[1.0 + 1e-6, 0.0], 1e-5);
        assert!(d > 0.0 && d < 1e-5);
    }

    #[test]
    #[should_panic(expected = "input 1")]
    fn reals_reject_a_difference() {
        let _ = reals("x", &[1.0, 2.0], &[1.0, 2.1], 1e-5);
    }

    #[test]
    #[should_panic(expected = "input 0")]
    fn points_reject_a_difference() {
        let _ = points("p", &[Vec3::X], &[Vec3::Y], 1e-5);
    }

    #[test]
    fn bools_compare_only_clear_inputs() {
        let s = bools(
            "b",
            &[true, false, true],
            &[true, true, true],
            &[true, false, true],
        );
        assert_eq!(
            s,
            BoolAgreement {
                clear: 2,
                clear_true: 2,
                near: 1,
                near_agreed: 0
            }
        );
    }

    #[test]
    #[should_panic(expected = "input 0")]
    fn bools_reject_a_clear_disagreement() {
        let _ = bools("b", &[true], &[false], &[true]);
    }
}
