//! How closely the answers of a case at two scales must match (fuzz/README.md).

use isect::Real;
use isect::math::Vec3;

use crate::Answer;
use crate::check::{Cores, Query};

/// How closely a case's answers at scale `4^k` must match its answers at scale 1, scaled: the
/// accuracy the queries document (README "Accuracy"), relative to the case's size.
///
/// A power-of-two scaling changes no rounding of a computation that neither overflows nor
/// underflows, so the two runs differ only where one of them meets subnormal intermediates (a
/// plane normal's component of `1e-40` times a length) or is rescaled while the other is
/// computed as given. Those differences are absolute errors at the floor of the float grid,
/// which the computation may carry up to the size of the case; so lengths and points are
/// compared within `ULPS` units in the last place of the case's size (its largest length, or the
/// answer's magnitude if larger), plus a few smallest normals at each scale; a parameter along a
/// motion within the same length divided by the motion's length. Booleans and the presence of
/// an answer (`Some`/`None`, finite or not) must be the same.
pub(crate) struct Tolerance {
    /// The case's largest finite length at scale 1.
    size: Real,
    /// The scale factor `4^k`.
    s: Real,
    /// The length of the motion a parameter is measured along (a ray's direction, a sweep's
    /// relative motion), at scale 1; 0 where there is none.
    motion: Real,
}

/// Units in the last place of the case's size that two computed lengths or points of one case at
/// two scales may differ by: a few roundings of coordinates ("closed forms to a few ulp of the
/// coordinates"), with a margin.
const ULPS: Real = 16.0;

impl Tolerance {
    /// The tolerance of a case of `motion` (its length at scale 1, see [`Query::motion`]) and
    /// `lengths`, compared at scale `s`.
    pub(crate) fn of(motion: Real, lengths: &[Real], s: Real) -> Tolerance {
        let size = lengths
            .iter()
            .filter(|x| x.is_finite())
            .fold(0.0, |m: Real, x| m.max(x.abs()));
        Tolerance { size, s, motion }
    }

    /// The absolute difference allowed between two lengths of magnitude up to `m` at scale `s`.
    fn length(&self, m: Real) -> Real {
        ULPS * Real::EPSILON * (self.size * self.s).max(m)
            + ULPS * Real::MIN_POSITIVE * self.s.max(1.0)
    }

    /// The distance within which shapes count as touching (README "Accuracy": the on-set
    /// tolerance, `ON_SET_TOLERANCE + MAGNITUDE_TOLERANCE` = 72 ε of the size) for one run; twice
    /// that, since each of the two runs may be off by it, at scale `s`.
    pub(crate) fn touching(&self, s: Real) -> Real {
        2.0 * 72.0 * Real::EPSILON * self.size * s + ULPS * Real::MIN_POSITIVE * s.max(1.0)
    }

    /// Whether the case is within the tolerance of touching at either scale (at the time of
    /// either run's first contact, for a sweep).
    pub(crate) fn near<C: Query>(&self, case: &C, scaled: &C, x: &[Answer], y: &[Answer]) -> bool {
        let t = |answers: &[Answer]| match answers.first() {
            Some(Answer::Param(t)) => *t,
            _ => None,
        };
        [t(x), t(y)].into_iter().any(|t| {
            case.separation(t).is_some_and(|d| d <= self.touching(1.0))
                || scaled
                    .separation(t)
                    .is_some_and(|d| d <= self.touching(self.s))
        })
    }

    /// Whether the expected length `a` (the first run's, times the scale) is `+∞` because the
    /// first run's answer lies beyond the float range (a distance above `Real::MAX`, which the
    /// queries answer `+∞`, README "Accuracy") and the scaled run's finite `b`, divided back by
    /// the scale, is beyond it too: the same length, representable at one scale only.
    pub(crate) fn beyond_range_length(&self, a: Real, b: Real) -> bool {
        a == Real::INFINITY && b.is_finite() && b / self.s == Real::INFINITY
    }

    /// Whether two contact normals' x (`a`, `b`) are the same up to the floor: exactly, or
    /// apart by at most `ULPS` smallest normal numbers (a normal whose component is subnormal,
    /// `9e-39` in a triangle–box contact, is rounded in subnormal units that differ between
    /// scales). A normal does not scale, so neither does the floor.
    pub(crate) fn normal(&self, a: Real, b: Real) -> bool {
        a == b || (a - b).abs() <= ULPS * Real::MIN_POSITIVE
    }

    /// Whether two contact normals' x (`a`, `b`) of a rounded shape (sphere, capsule) and a
    /// rounded shape, a triangle or a convex hull (whose normal is the direction between the
    /// closest points of their cores, a triangle or a hull being its own core) differ by no more
    /// than the closest points' accuracy allows: the points are right to a few ulp of the
    /// cores' coordinates (README "Accuracy": closed forms, and GJK, which reaches a polytope's
    /// closest feature), so the direction between them is right to that over the cores'
    /// distance `D` (no bound where `D` is within the cores' on-set tolerance: there the
    /// library may take the crossing normal at one scale and the points' direction at the
    /// other, and neither is defined better). Where the cores meet (`D = 0`) the crossing
    /// normal is compared exactly, unless they only touch: `depth` (the contact's at scale 1)
    /// exceeds the radii by no more than the touching tolerance. `false` for other pairs (their
    /// normals are compared exactly).
    pub(crate) fn rounded_normal(
        &self,
        cores: Option<Cores>,
        a: Real,
        b: Real,
        depth: Real,
    ) -> bool {
        let Some(cores) = cores else {
            return false;
        };
        if cores.distance == 0.0 {
            // Cores that meet but only touch (the contact's depth less the radii within the
            // touching tolerance: a capsule's end on a hull's corner) have no normal the case
            // defines, as touching shapes have none; cores that cross are compared exactly.
            return depth - cores.radii <= self.touching(1.0);
        }
        (a - b).abs() <= ULPS * Real::EPSILON * cores.extent / cores.distance
    }

    /// Whether the expected point `a` (the first run's, times the scale) has coordinates
    /// beyond the float range (`±∞`: a line crossing a plane it nearly parallels, say) where the
    /// scaled run's `b` has the same coordinate in range, divided back by the scale beyond it,
    /// and the other coordinates agree: the same point, representable at one scale only.
    fn beyond_range(&self, a: Vec3, b: Vec3) -> bool {
        (0..3).all(|i| {
            let (x, y) = (a[i], b[i]);
            x == y
                || (x.is_infinite() && y.is_finite() && y / self.s == x)
                || (x.is_finite()
                    && y.is_finite()
                    && (x - y).abs() <= self.length(x.abs().max(y.abs())))
        })
    }

    pub(crate) fn same(&self, x: &Answer, y: &Answer) -> bool {
        match (x, y) {
            (Answer::Length(a), Answer::Length(b)) => {
                a == b
                    || (a.is_nan() && b.is_nan())
                    || (a.is_finite()
                        && b.is_finite()
                        && (a - b).abs() <= self.length(a.abs().max(b.abs())))
            }
            (Answer::Point(a), Answer::Point(b)) => {
                a == b
                    || (!a.is_finite() && !b.is_finite())
                    || (a.is_finite()
                        && b.is_finite()
                        && (*a - *b).abs().max_element()
                            <= self.length(a.abs().max_element().max(b.abs().max_element())))
                    || self.beyond_range(*a, *b)
            }
            (Answer::Param(Some(a)), Answer::Param(Some(b))) => {
                a == b
                    || (self.motion > 0.0
                        && (a - b).abs() * self.motion * self.s
                            <= self.length(a.abs().max(b.abs()) * self.motion * self.s))
            }
            _ => x == y,
        }
    }
}

/// The length of `x`, measured at its own scale where its square would underflow or overflow
/// (a motion of `3e-37`: `length()` gave 0, and no parameter was compared by the motion).
pub(crate) fn length(x: Vec3) -> Real {
    let m = x.abs().max_element();
    if m > 0.0 && m.is_finite() {
        m * (x / m).length()
    } else {
        x.length()
    }
}
