//! Closest points between two linear components (lines, rays, segments): a point `origin +
//! t · dir` with `t` in an interval `[lo, hi]` that is `(-∞, ∞)`, `[0, ∞)` or `[0, 1]`.

use crate::math::{Real, Vec3};
use crate::shape::{Line, Ray, Segment};

/// A line, ray or segment as `origin + t · dir`, `t` in `[lo, hi]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Linear {
    pub origin: Vec3,
    pub dir: Vec3,
    pub lo: Real,
    pub hi: Real,
    /// The point at `t = hi` when `hi` is finite (a segment's `b`), returned exactly rather than
    /// as `origin + dir`, which rounds.
    end: Vec3,
}

impl Linear {
    #[inline]
    pub fn line(line: &Line) -> Self {
        Self {
            origin: line.origin,
            dir: line.dir,
            lo: Real::NEG_INFINITY,
            hi: Real::INFINITY,
            end: Vec3::ZERO,
        }
    }

    #[inline]
    pub fn ray(ray: &Ray) -> Self {
        Self {
            origin: ray.origin,
            dir: ray.dir,
            lo: 0.0,
            hi: Real::INFINITY,
            end: Vec3::ZERO,
        }
    }

    #[inline]
    pub fn segment(segment: &Segment) -> Self {
        Self {
            origin: segment.a,
            dir: segment.b - segment.a,
            lo: 0.0,
            hi: 1.0,
            end: segment.b,
        }
    }

    #[inline]
    pub fn at(&self, t: Real) -> Vec3 {
        if t == self.hi {
            self.end
        } else {
            self.origin + t * self.dir
        }
    }

    /// Finite, with a non-zero `dir` unless it is a segment (where `a == b` is a point).
    #[inline]
    pub fn is_usable(&self) -> bool {
        self.origin.is_finite()
            && self.dir.is_finite()
            && self.end.is_finite()
            && (self.dir != Vec3::ZERO || self.hi.is_finite())
    }

    /// `t` clamped to the interval (NaN becomes `lo`, or 0 for a line).
    #[inline]
    pub fn clamp(&self, t: Real) -> Real {
        let t = if t.is_nan() { 0.0 } else { t };
        t.max(self.lo).min(self.hi)
    }

    /// The parameter of the point closest to `p`; 0 for a zero `dir` (a point segment).
    #[inline]
    pub fn project(&self, p: Vec3) -> Real {
        let dd = self.dir.length_squared();
        if dd > 0.0 {
            self.clamp((p - self.origin).dot(self.dir) / dd)
        } else {
            0.0
        }
    }

    /// The ends of the interval that are finite, or 0 when neither is (a line): the anchors
    /// from which a boundary candidate of the closest pair is taken.
    #[inline]
    fn anchors(&self) -> ([Real; 2], usize) {
        match (self.lo.is_finite(), self.hi.is_finite()) {
            (true, true) => ([self.lo, self.hi], 2),
            (true, false) => ([self.lo, 0.0], 1),
            (false, true) => ([self.hi, 0.0], 1),
            (false, false) => ([0.0, 0.0], 1),
        }
    }
}

/// Parameters `(s, t)` of the points where the infinite lines through `p` and `q` come closest;
/// `None` when they are parallel to within a few units in the last place (the pair is then not
/// unique).
///
/// Uses the cross product `n = dₚ × d_q`, so `|n|²` measures the angle without the cancellation
/// of the textbook `(dₚ·dₚ)(d_q·d_q) − (dₚ·d_q)²`.
#[inline]
pub(crate) fn line_line_parameters(p: &Linear, q: &Linear) -> Option<(Real, Real)> {
    let n = p.dir.cross(q.dir);
    let nn = n.length_squared();
    let bound =
        16.0 * Real::EPSILON * Real::EPSILON * p.dir.length_squared() * q.dir.length_squared();
    if !(nn > bound) {
        return None;
    }
    let r = q.origin - p.origin;
    let s = r.cross(q.dir).dot(n) / nn;
    let t = r.cross(p.dir).dot(n) / nn;
    (s.is_finite() && t.is_finite()).then_some((s, t))
}

/// Parameters `(s, t)` of a closest pair between `p` and `q`.
///
/// The squared distance is a convex quadratic in `(s, t)` over the rectangle of the two
/// intervals. Its minimum is the unconstrained one when that lies in the rectangle, and otherwise
/// lies on the rectangle's boundary, where one parameter sits at an end of its interval and the
/// other is that end's projection. Every candidate is a feasible pair and is measured by the
/// distance of its actual points, so the best is kept even when the lines are so nearly parallel
/// that the unconstrained solution is inaccurate: near-parallel input degrades to the exact
/// boundary answer rather than to garbage. Parallel and zero-length cases need no special path.
pub(crate) fn closest_parameters(p: &Linear, q: &Linear) -> (Real, Real) {
    let mut best = (0.0, 0.0);
    let mut best_d2 = Real::INFINITY;
    let mut consider = |s: Real, t: Real| {
        let d2 = p.at(s).distance_squared(q.at(t));
        if d2 < best_d2 {
            best_d2 = d2;
            best = (s, t);
        }
    };
    let n = p.dir.cross(q.dir);
    let nn = n.length_squared();
    if nn > 0.0 {
        let r = q.origin - p.origin;
        let s = r.cross(q.dir).dot(n) / nn;
        let t = r.cross(p.dir).dot(n) / nn;
        if s.is_finite() && t.is_finite() {
            consider(p.clamp(s), q.clamp(t));
        }
    }
    let (p_anchors, p_count) = p.anchors();
    for &s in &p_anchors[..p_count] {
        consider(s, q.project(p.at(s)));
    }
    let (q_anchors, q_count) = q.anchors();
    for &t in &q_anchors[..q_count] {
        consider(p.project(q.at(t)), t);
    }
    best
}
