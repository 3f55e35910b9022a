//! Checking one case: the invalid-input rule and the scale comparison.

use isect::Real;
use isect::math::NO_POINT;

use crate::tolerance::Tolerance;
use crate::{Answer, Case, Input};

/// A case of either tree (3D [`Case`], 2D [`crate::d2::Case`]): what the checks need of it.
/// Families are numbered alike in both trees ([`crate::FAMILIES`]).
pub trait Query: Sized + std::fmt::Debug {
    /// The family, an index into [`crate::FAMILIES`].
    fn family(&self) -> usize;
    /// The answers of the case's family (several per case), points in 3D (2D ones at `z = 0`).
    fn answers(&self) -> Vec<Answer>;
    /// Whether an input breaks the invalid-input rule, and whether every input is valid.
    fn validity(&self) -> (bool, bool);
    /// The same case with every length times `s`; `None` where the scaled shapes cannot be
    /// built (a polygon whose scaled points touch after rounding).
    fn scaled(&self, s: Real) -> Option<Self>;
    /// The numbers that scale (not rotations or a plane's normal).
    fn lengths(&self) -> Vec<Real>;
    /// The length of the motion a parameter is measured along (a ray's direction, a sweep's
    /// relative motion), 0 where there is none.
    fn motion(&self) -> Real;
    /// How far the case is from its shapes touching, at time `t` for a sweep (`None` where
    /// they meet in `f64` too).
    fn separation(&self, t: Option<Real>) -> Option<Real>;
    /// Whether `answers` (distance family) are a closest pair of this case within `tolerance`.
    fn closest_pair(&self, answers: &[Answer], tolerance: Real) -> bool;
    /// For a rounded shape against a rounded shape or a polytope: the distance between their
    /// cores, the cores' largest coordinate and the radii (see `Tolerance::rounded_normal`).
    fn cores(&self) -> Option<Cores>;
    /// Whether a box is turned by a rotation with an entry so small (nonzero, below
    /// [`TILT_FLOOR`]) that its products with the case's lengths reach the subnormals at some
    /// scale: the tilt is then not the same at both scales.
    fn tilted_below_floor(&self) -> bool;
}

/// Rotation entries below this (and not 0) tilt a box by less than the scalings keep: times a
/// length of `2⁻¹⁷` at scale `4⁻¹²` they are below `2⁻¹²⁶`, `f32`'s smallest normal.
pub const TILT_FLOOR: Real = 5.421_011e-20; // 2⁻⁶⁴

/// The invalid-input rule for a case of `family` (see [`Query::validity`]): whether an input
/// breaks it, and whether every input is valid. `a` and `b` are each shape's (invalid, valid);
/// `v`, `w` finite and `w` nonzero tell the point, the motions or the ray; `t_nan` a NaN
/// `max_t`. Only the pair families use `b`.
pub(crate) fn family_validity(
    family: usize,
    a: (bool, bool),
    b: (bool, bool),
    (v_finite, w_finite, w_nonzero, t_nan): (bool, bool, bool, bool),
) -> (bool, bool) {
    let extra_invalid = match family {
        3 => !(v_finite && w_finite),
        4 => !(v_finite && w_finite && w_nonzero) || t_nan,
        5 => !v_finite,
        _ => false,
    };
    let b_used = family <= 3;
    let invalid = a.0 || (b_used && b.0) || extra_invalid;
    let valid = !invalid && a.1 && (!b_used || b.1);
    (invalid, valid)
}

/// Whether any of `entries` is nonzero and below [`TILT_FLOOR`].
pub(crate) fn below_floor(entries: &[Real]) -> bool {
    entries.iter().any(|&r| r != 0.0 && r.abs() < TILT_FLOOR)
}

/// Two shapes' cores (a sphere's or circle's center, a capsule's axis, a triangle or convex
/// polytope itself): how far apart, their largest coordinate, and the shapes' radii.
pub struct Cores {
    pub distance: Real,
    pub extent: Real,
    pub radii: Real,
}

/// An answer that looks valid for invalid input.
#[derive(Debug)]
pub struct Violation(pub String);

/// A case whose answers at scale `4^k` are not its answers at scale 1, scaled.
#[derive(Debug)]
pub struct ScaleMismatch {
    pub family: usize,
    /// The largest finite magnitude among the case's lengths, as a power of two.
    pub exponent: i32,
    pub what: String,
}

/// What checking one case found.
#[derive(Debug, Default)]
pub struct Outcome {
    pub violation: Option<Violation>,
    pub mismatch: Option<ScaleMismatch>,
    /// Whether the invalid-input rule was checked (an input was invalid).
    pub rule_checked: bool,
    /// Whether the scale comparison ran (every input valid, the scaling exact both ways).
    pub scale_checked: bool,
}

/// A tree's checker: [`check`] (3D) or [`crate::d2::check`] (2D).
pub type Checker = fn(Option<usize>, &[u8]) -> (usize, Outcome);

/// Runs a case of `family` (or of the family the input names), checks the invalid-input rule,
/// and compares it with the same case scaled by `4^k` (`k` from the input, in -12..=12).
pub fn check(family: Option<usize>, data: &[u8]) -> (usize, Outcome) {
    let mut input = Input::new(data);
    let k = i32::from(input.byte() % 25) - 12;
    let case = Case::read(&mut input, family);
    (case.family, check_case(&case, k))
}

/// Checks one case as [`check`] does: the invalid-input rule, and the comparison with the case
/// scaled by `4^k`.
pub fn check_case<C: Query>(case: &C, k: i32) -> Outcome {
    let answers = case.answers();
    let mut outcome = Outcome::default();
    let (invalid, valid) = case.validity();
    let family = case.family();
    if invalid {
        outcome.rule_checked = true;
        for a in &answers {
            let empty = match *a {
                Answer::Bool(b) => !b,
                Answer::Length(d) => d == Real::INFINITY,
                Answer::Param(p) => p.is_none(),
                Answer::Point(p) => !p.is_finite() || p == NO_POINT,
            };
            if !empty {
                outcome.violation = Some(Violation(format!("{case:?}: {a:?} for invalid input")));
                break;
            }
        }
        return outcome;
    }
    if !valid || answers.is_empty() {
        return outcome;
    }
    // 4^k by exponent bits (an exact power of two, k in -12..=12).
    let s = f32::from_bits(((127 + 2 * k) as u32) << 23);
    // Only where the scaling is exact both ways for every number (no overflow, no subnormal
    // losing bits), so that the scaled case is the same case.
    let lengths = case.lengths();
    if !lengths
        .iter()
        .all(|&x| (x * s).is_finite() && (x * s) / s == x && ((x * s) == 0.0) == (x == 0.0))
    {
        return outcome;
    }
    let Some(scaled) = case.scaled(s) else {
        return outcome;
    };
    let (_, scaled_valid) = scaled.validity();
    if !scaled_valid {
        return outcome;
    }
    outcome.scale_checked = true;
    let expected: Vec<Answer> = answers
        .iter()
        .map(|a| match *a {
            Answer::Length(d) => Answer::Length(d * s),
            Answer::Point(p) => Answer::Point(p * s),
            other => other,
        })
        .collect();
    let got = scaled.answers();
    let tolerance = Tolerance::of(case.motion(), &lengths, s);
    let same = |x: &Answer, y: &Answer| tolerance.same(x, y);
    // Within the documented tolerance of touching, a boolean or the presence of an answer may
    // go either way, and a contact's normal is not defined by the case.
    let near = std::cell::OnceCell::new();
    let near = || *near.get_or_init(|| tolerance.near(case, &scaled, &answers, &got));
    // A contact's depth at scale 1 (for the rounded pairs' normals).
    let depth = match answers.get(1) {
        Some(Answer::Length(d)) => *d,
        _ => Real::NAN,
    };
    let agree = |points: bool| {
        expected.iter().zip(&got).all(|(x, y)| match (x, y) {
            (Answer::Point(_), Answer::Point(_)) if !points => true,
            (Answer::Bool(_), _) | (Answer::Param(None), _) | (_, Answer::Param(None)) => {
                x == y || near()
            }
            (Answer::Length(a), Answer::Length(b)) if a.is_finite() != b.is_finite() => {
                tolerance.beyond_range_length(*a, *b) || near()
            }
            // A contact's depth: EPA's is promised to `ON_SET_TOLERANCE` of the coordinates
            // (plus its relative tolerance), so two runs may differ by the touching tolerance:
            // a flat box `2.2e12` long touching a hull 4e4 long gave depth 0 at one scale and 29
            // at `4⁻⁹` (`7.6e6` at scale 1: 29 ulp of the box's coordinates; the normal's
            // rounding, `3.5e-6` in x, times the box's length; `fuzz/findings/s17/contact/13`).
            (Answer::Length(a), Answer::Length(b))
                if family == 2
                    && a.is_finite()
                    && b.is_finite()
                    && (a - b).abs() <= tolerance.touching(s) =>
            {
                true
            }
            // A distance: within the touching tolerance of 0 at both scales, the shapes touch
            // up to the queries' documented accuracy and either distance is right: a point
            // `5.6e-5` (59 ulp) outside a rotated box's corner got 0 at scale 1 and its distance
            // at `4⁻⁷` (`fuzz/findings/s18/distance/00`).
            (Answer::Length(a), Answer::Length(b))
                if family == 1 && a.max(*b) <= tolerance.touching(s) =>
            {
                true
            }
            // A contact's normal (both present): undefined where they only touch, and not
            // compared where a box is turned by less than the floor can hold at every scale
            // (a rotation entry of `1.4e-43`, whose products with the lengths flush to 0 at one
            // scale: two flat boxes crossing at their middles push out as deep either way, and
            // that tilt breaks the tie at one scale only; the depths are still compared).
            (Answer::Param(Some(a)), Answer::Param(Some(b))) if family == 2 => {
                tolerance.normal(*a, *b)
                    || tolerance.rounded_normal(case.cores(), *a, *b, depth)
                    || case.tilted_below_floor()
                    || near()
            }
            _ => same(x, y),
        })
    };
    // A closest pair that is not unique (parallel edges or faces): another closest pair.
    let agree = agree(true) || (agree(false) && scaled.closest_pair(&got, tolerance.touching(s)));
    if !agree {
        let exponent = lengths
            .iter()
            .filter(|x| x.is_finite() && **x != 0.0)
            .map(|x| ((x.to_bits() >> 23) & 0xff) as i32 - 127)
            .max_by_key(|e| e.abs())
            .unwrap_or(0);
        outcome.mismatch = Some(ScaleMismatch {
            family,
            exponent,
            what: format!("{case:?} at scale 4^{k}: expected {expected:?}, got {got:?}"),
        });
    }
    outcome
}

/// The strictness the AFL query targets read from `ISECT_FUZZ_STRICT_SCALE`: unset, scale
/// mismatches are only counted; a number `E`, those of cases whose largest |exponent| is at most
/// `E` abort (as `query_driver --strict-exponent E`); any other value, every mismatch aborts.
pub fn strict_scale_from_env() -> Option<u32> {
    std::env::var("ISECT_FUZZ_STRICT_SCALE")
        .ok()
        .map(|v| v.trim().parse().unwrap_or(u32::MAX))
}

/// One input of an AFL query target: a case of `family` from `data`, checked as [`check`] does.
/// Panics (a crash for AFL) on a broken invalid-input rule, and on a scale mismatch of a case
/// whose largest |exponent| is at most `strict` (see [`strict_scale_from_env`]).
pub fn fuzz_query(family: usize, data: &[u8], strict: Option<u32>) {
    fail_on(check(Some(family), data).1, strict);
}

/// One input of an AFL 2D query target ([`crate::d2::check`]), as [`fuzz_query`].
pub fn fuzz_query_d2(family: usize, data: &[u8], strict: Option<u32>) {
    fail_on(crate::d2::check(Some(family), data).1, strict);
}

fn fail_on(outcome: Outcome, strict: Option<u32>) {
    if let Some(v) = outcome.violation {
        panic!("invalid-input rule: {}", v.0);
    }
    if let (Some(limit), Some(m)) = (strict, outcome.mismatch)
        && m.exponent.unsigned_abs() <= limit
    {
        panic!("scale (exponent {}): {}", m.exponent, m.what);
    }
}
