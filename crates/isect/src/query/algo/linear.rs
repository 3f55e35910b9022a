//! Closest points between two linear components (lines, rays, segments): a point `origin +
//! t · dir` with `t` in an interval `[lo, hi]` that is `(-∞, ∞)`, `[0, ∞)` or `[0, 1]`.

use crate::math::{Real, Vec3, from_f64, to_f64};
use crate::query::algo::expansion::{normalizer, two_product, two_sum};
#[cfg(isect_f64)]
use crate::query::algo::scale::ldexp_vec;
use crate::query::algo::scale::{in_squares, ldexp, normalized_direction};
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

    /// The same ray or line with its direction brought to a largest coordinate in `[1, 2)` by a
    /// power of two (its parameters scale, its points do not), so that `|dir|²` neither
    /// underflows nor overflows; a segment (finite `hi`, parameters fixed to `[0, 1]`) as it is.
    #[inline]
    pub fn normalized(&self) -> Self {
        if self.hi.is_finite() {
            return *self;
        }
        let (dir, _) = normalized_direction(self.dir);
        Self { dir, ..*self }
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

    /// Whether `t` lies strictly inside the interval (not at an end it was clamped to).
    #[inline]
    pub fn is_inside(&self, t: Real) -> bool {
        t > self.lo && t < self.hi
    }

    /// The parameter of the point closest to `p`; 0 for a zero `dir` (a point segment).
    #[inline]
    pub fn project(&self, p: Vec3) -> Real {
        let (dir, k) = tame(self.dir);
        let dd = dir.length_squared();
        if dd > 0.0 {
            self.clamp(ldexp((p - self.origin).dot(dir) / dd, k))
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

/// `(dir · 2ᵏ, k)` with a largest coordinate in `[1, 2)` when `dir`'s is so small or so large
/// that the products below (up to the fourth power of `|dir|`) would underflow or overflow; and
/// `(dir, 0)` otherwise, so that ordinary input is computed exactly as written. A parameter along
/// the returned direction, times `2ᵏ`, is one along `dir`: a power of two, so the answer is the
/// same whichever way it went (see [`crate::query::algo::scale`]).
#[inline]
fn tame(dir: Vec3) -> (Vec3, i32) {
    const SMALL: Real = 1.0 / 65536.0;
    const LARGE: Real = 65536.0;
    let m = dir.abs().max_element();
    if (m > 0.0 && m < SMALL) || (m > LARGE && m.is_finite()) {
        normalized_direction(dir)
    } else {
        (dir, 0)
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
    let (p_dir, _) = tame(p.dir);
    let (q_dir, _) = tame(q.dir);
    let nn = p_dir.cross(q_dir).length_squared();
    let bound =
        16.0 * Real::EPSILON * Real::EPSILON * p_dir.length_squared() * q_dir.length_squared();
    if !(nn > bound) {
        return None;
    }
    let (s, _) = crossing_parameter(p, q)?;
    // t as the foot of p(s) on q rather than from its own formula: nearly parallel, both
    // formulas are off by a relative ε / sin θ, independently, which pulls the points apart
    // along the lines; the foot keeps the pair a closest one.
    let point = p.at(s);
    point.is_finite().then(|| (s, q.project(point)))
}

/// The parameter along `p` of the point where the infinite lines through `p` and `q` come
/// closest, `s = ((q₀ − p₀) × d_q) · n / |n|²` with `n = dₚ × d_q`; `None` for parallel directions
/// (`n = 0`). The flag says the lines are nearly parallel (`sin² θ` below [`NEARLY_PARALLEL`],
/// or `|n|²` out of range), where the closest pair lies far out.
///
/// The rounded cross product's coordinates cancel to an error of about `ε |dₚ| |d_q|`, a
/// relative `ε / sin θ` in `n`, which moves the crossing along the lines by about
/// `ε |q₀ − p₀| / sin² θ`: `1 / sin θ` times what a rounding of the inputs explains
/// (`ε |q₀ − p₀| / sin θ`). Lines `6e-8` rad apart got an `s` of the wrong size and sign
/// (`regressions::nearly_parallel_far_pair`), lines `5.6e-5` rad apart had their pair 3500 times
/// the conditioning off (`regressions::nearly_parallel_pair_points`). And `|n| = |dₚ| |d_q| sin θ`,
/// so nearly parallel lines square it out of the normal range long before the directions leave
/// it: directions `2⁻¹⁵` long and `10⁻¹⁶` apart give `|n|² ≈ 10⁻⁴⁹`, 0 in `f32`
/// (`regressions::nearly_parallel_lines`).
///
/// In `isect-f64` the rounded product is kept where `sin² θ ≥ 1/16` (its error there within 4
/// times the conditioning) and `|n|²` lies in [`SQUARES`](crate::query::algo::scale::SQUARES);
/// elsewhere (a cold path) the directions are brought to `[1, 2)` and `n` is taken from exact
/// products ([`normalized_exact_cross`]) and brought there too, each by a power of two, which `s`
/// undoes.
#[cfg(isect_f64)]
#[inline]
fn crossing_parameter(p: &Linear, q: &Linear) -> Option<(Real, bool)> {
    let (p_dir, p_scale) = tame(p.dir);
    let (q_dir, _) = tame(q.dir);
    let n = p_dir.cross(q_dir);
    let nn = n.length_squared();
    let squares = p_dir.length_squared() * q_dir.length_squared();
    if in_squares(nn) && nn > squares / 16.0 {
        return Some((
            ldexp((q.origin - p.origin).cross(q_dir).dot(n) / nn, p_scale),
            false,
        ));
    }
    let near = !in_squares(nn) || nn <= NEARLY_PARALLEL * squares;
    nearly_parallel_crossing(p, q).map(|s| (s, near))
}

/// [`crossing_parameter`] in `f32`: computed in `f64` from the `f32` numbers, where the products
/// of two coordinates are exact, so each coordinate of `n` is `aᵢ bⱼ − aⱼ bᵢ` rounded once (right
/// to a relative `2⁻⁵³` however nearly parallel the lines), and no product of up to four `f32`
/// numbers underflows or overflows (`2⁻⁵⁹⁶` to `2¹⁰²⁴`): no rescaling, the same roundings at every
/// power-of-two scale, and `s` right to a few `f32` ulp of the lines' closest point (the rest of
/// its error, from `q₀ − p₀ × d_q` rounded in `f64`, moves the point by `2⁻⁵³ |q₀ − p₀| / sin θ`).
///
/// The rounded `f32` cross product cancels to an error of `ε |dₚ| |d_q|` per coordinate, a relative
/// `ε / sin θ` in `n`, which moved the crossing along the lines by about `ε |q₀ − p₀| / sin² θ`:
/// lines `5.6e-5` rad apart had their pair 3500 times the conditioning off at scales where `|n|²`
/// stayed in [`SQUARES`](crate::query::algo::scale::SQUARES) and right at the others, where an
/// exact cold path ran (`regressions::nearly_parallel_pair_points`). The flag says the lines are
/// nearly parallel (`sin² θ` below [`NEARLY_PARALLEL`]).
#[cfg(not(isect_f64))]
#[inline]
fn crossing_parameter(p: &Linear, q: &Linear) -> Option<(Real, bool)> {
    wide_crossing(p, q).map(|(s, near)| (from_f64(s), near))
}

/// [`crossing_parameter`] in `f32` as computed, in `f64` (where it does not overflow).
#[cfg(not(isect_f64))]
#[inline(always)]
fn wide_crossing(p: &Linear, q: &Linear) -> Option<(f64, bool)> {
    let wide = |v: Vec3| [to_f64(v.x), to_f64(v.y), to_f64(v.z)];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let (p_dir, q_dir) = (wide(p.dir), wide(q.dir));
    let (po, qo) = (wide(p.origin), wide(q.origin));
    let offset = [qo[0] - po[0], qo[1] - po[1], qo[2] - po[2]];
    let n = cross(p_dir, q_dir);
    let nn = dot(n, n);
    if !(nn > 0.0) {
        return None;
    }
    let near = to_f64(NEARLY_PARALLEL) * dot(p_dir, p_dir) * dot(q_dir, q_dir);
    Some((dot(cross(offset, q_dir), n) / nn, nn <= near))
}

/// The point of `p` in the closest pair of the infinite lines through `p` and `q`, and its
/// parameter along `p`, for a pair whose parameter (in `f32`) overflowed: each coordinate
/// `p₀ + s dₚ` formed in `f64` from the `f64` parameter and rounded once, so a coordinate the
/// pair lies beyond the float range in is `±∞` (with the parameter) and the others are right,
/// never NaN. `None` for parallel directions.
#[cfg(not(isect_f64))]
#[cold]
#[inline(never)]
fn far_point(p: &Linear, q: &Linear) -> Option<(Vec3, Real)> {
    let (s, _) = wide_crossing(p, q)?;
    let at = |o: Real, d: Real| from_f64(to_f64(o) + s * to_f64(d));
    let (o, d) = (p.origin, p.dir);
    Some((
        Vec3::new(at(o.x, d.x), at(o.y, d.y), at(o.z, d.z)),
        from_f64(s),
    ))
}

/// [`far_point`] in `isect-f64`: the parameter from [`nearly_parallel_crossing`]'s exact normal,
/// kept as a quotient and a power of two that is applied to each coordinate's step, so that a
/// coordinate the pair lies beyond the float range in is `±∞` and the others are right.
#[cfg(isect_f64)]
#[cold]
#[inline(never)]
fn far_point(p: &Linear, q: &Linear) -> Option<(Vec3, Real)> {
    let (p_dir, p_scale) = normalized_direction(p.dir);
    let (q_dir, _) = normalized_direction(q.dir);
    let (n, n_scale) = normalized_exact_cross(p_dir, q_dir);
    let nn = n.length_squared();
    if !(nn > 0.0) {
        return None;
    }
    // s dₚ = quotient · 2^n_scale · (dₚ normalized).
    let quotient = (q.origin - p.origin).cross(q_dir).dot(n) / nn;
    Some((
        p.origin + ldexp_vec(p_dir * quotient, n_scale),
        ldexp(quotient, p_scale + n_scale),
    ))
}

/// The parameters of the infinite lines' closest pair when it lies inside both intervals, for a
/// crossing parameter that overflowed: a pair at infinity (one parameter or both `±∞`, the
/// pair's points by [`far_points`]). `None` where it lies outside either interval (a segment's,
/// or a ray's behind its origin): the closest pair is then on the boundary.
#[cold]
#[inline(never)]
fn far_parameters(p: &Linear, q: &Linear) -> Option<(Real, Real)> {
    let (_, s) = far_point(p, q)?;
    let (_, t) = far_point(q, p)?;
    let within = |l: &Linear, x: Real| l.lo <= x && x <= l.hi;
    (within(p, s) && within(q, t)).then_some((s, t))
}

/// The points of the infinite lines' closest pair, at the input's scale: coordinates beyond the
/// float range `±∞`, the others right ([`far_point`]); `None` for parallel directions.
#[cold]
#[inline(never)]
pub(crate) fn far_points(p: &Linear, q: &Linear) -> Option<(Vec3, Vec3)> {
    Some((far_point(p, q)?.0, far_point(q, p)?.0))
}

/// `sin² θ` below which [`crossing_parameter`] calls lines nearly parallel (their crossing, inside
/// both intervals, taken without measuring it against the ends): `2¹⁶ ε²`, `sin θ` below `2⁸ ε`.
const NEARLY_PARALLEL: Real = 65536.0 * Real::EPSILON * Real::EPSILON;

/// [`crossing_parameter`]'s path for small angles (`sin² θ < 1/16`) and `|n|²` out of range:
/// directions and normal at `[1, 2)`, the normal from exact products.
#[cfg(isect_f64)]
#[inline(never)]
fn nearly_parallel_crossing(p: &Linear, q: &Linear) -> Option<Real> {
    let (p_dir, p_scale) = normalized_direction(p.dir);
    let (q_dir, _) = normalized_direction(q.dir);
    let (n, n_scale) = normalized_exact_cross(p_dir, q_dir);
    let nn = n.length_squared();
    // With n scaled by 2ʲ the quotient is s · 2⁻ʲ.
    (nn > 0.0).then(|| {
        ldexp(
            (q.origin - p.origin).cross(q_dir).dot(n) / nn,
            p_scale + n_scale,
        )
    })
}

/// `a × b · 2ʲ` and `j`, the power of two bringing the largest coordinate into `[1, 2)` (`(0, 0)`
/// for a zero product): each coordinate the exact `aᵢ bⱼ − aⱼ bᵢ` (Dekker's products and Knuth's
/// sum in `f64`, `query::algo::expansion`; for `isect-f64` to about an ulp, short of underflowing
/// partial products), scaled in `f64` and then rounded once, so a product of `1e-38` keeps its
/// bits in `f32` rather than rounding to a subnormal first. For nearly parallel `a` and `b` the
/// rounded cross product cancels to an error of `ε |a| |b|` in each coordinate; this one is right
/// to its own ulp.
#[inline]
pub(crate) fn normalized_exact_cross(a: Vec3, b: Vec3) -> (Vec3, i32) {
    let minor = |p: Real, q: Real, r: Real, s: Real| -> f64 {
        let (x, ex) = two_product(to_f64(p), to_f64(q));
        let (y, ey) = two_product(to_f64(r), to_f64(s));
        let (d, ed) = two_sum(x, -y);
        d + (ed + (ex - ey))
    };
    let n = [
        minor(a.y, b.z, a.z, b.y),
        minor(a.z, b.x, a.x, b.z),
        minor(a.x, b.y, a.y, b.x),
    ];
    let k = normalizer(&[n]);
    let j = ((k.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    (
        Vec3::new(from_f64(n[0] * k), from_f64(n[1] * k), from_f64(n[2] * k)),
        j,
    )
}

/// The distance between the infinite lines through `p` and `q`: `|(q₀ − p₀) · n̂|` with `n` the
/// cross product of the directions from exact products ([`normalized_exact_cross`], directions and
/// `n` brought to `[1, 2)` by powers of two). Right to a few ulp of the origins' distance
/// `|q₀ − p₀|` however small the angle, where the lines' closest pair lies far out (about
/// `|q₀ − p₀| / sin θ`) and the distance between its points carries an ulp of *their*
/// coordinates. `None` for parallel directions (`n = 0` exactly) and zero ones.
#[inline]
pub(crate) fn line_line_distance(p: &Linear, q: &Linear) -> Option<Real> {
    let (p_dir, _) = normalized_direction(p.dir);
    let (q_dir, _) = normalized_direction(q.dir);
    let (n, _) = normalized_exact_cross(p_dir, q_dir);
    let nn = n.length_squared();
    (nn > 0.0).then(|| ((q.origin - p.origin).dot(n) / crate::ops::sqrt(nn)).abs())
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
///
/// Every candidate is a pair of feet (each point the closest point of its set to the other), as
/// is the answer: see the comments below for why pairs that are not go wrong.
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
    if let Some((s, nearly_parallel)) = crossing_parameter(p, q) {
        // Only s from the formula, then feet. Nearly parallel, the formulas for s and t are
        // each off by a relative ε / sin θ, independently, and the points they give drift
        // apart along the lines by that times their length; a pair of feet stays together, its
        // error lies along the lines, where the distance hardly changes, and its distance is
        // right to about ε times the length however small θ. Feet also settle the parameter
        // that clamping moves.
        if s.is_finite() {
            let t = q.project(p.at(p.clamp(s)));
            let s = p.project(q.at(t));
            let t = q.project(p.at(s));
            // So nearly parallel that the normal came from exact products, s is right to a few
            // ulp, and the lines' closest pair lies far out (|q₀ − p₀| / sin θ), where its
            // points' rounding (an ulp of their coordinates) can exceed what the other
            // candidates' distances exceed the least by: inside both intervals it is the least,
            // so it is not measured against them (regressions::nearly_parallel_far_pair).
            if nearly_parallel && p.is_inside(s) && q.is_inside(t) {
                return (s, t);
            }
            consider(s, t);
        } else if let Some(pair) = far_parameters(p, q) {
            // The crossing lies beyond the float range, inside both intervals: the closest pair
            // is there, not at the ends (which are more than the lines' distance apart).
            return pair;
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
    // Near a minimum the distance is flat, so a candidate within rounding of the best distance
    // can be off by up to about sqrt(ε) times the distance, along the flat direction (an end's
    // pair beating the minimum's by a rounding). Another round of feet, which never increases
    // the distance, brings it to the minimum's point.
    let t = q.project(p.at(best.0));
    let s = p.project(q.at(t));
    (s, q.project(p.at(s)))
}

/// Parameters `(s, t)` of a closest pair between the segments `p1 p2` and `q1 q2` (Ericson
/// §5.1.9), with `s` from the cross-product formula rather than from `a·e − b²`, which cancels
/// for nearly parallel segments.
///
/// `s` is the unconstrained solution clamped to `[0, 1]`, `t` the foot of that point on the other
/// segment's line; when the foot falls outside `[0, 1]`, `t` is clamped and `s` becomes the foot
/// of that end. In exact arithmetic this is the minimum. In floating point, nearly parallel, `s`
/// is off by about `ε / sin θ`, but `t` is the foot of the point actually chosen, so the pair
/// moves along the valley where the distance hardly changes: the distance stays right to about
/// `ε` times the segments' length however small the angle (the general routine's argument).
///
/// Segments whose squared lengths leave [`SQUARES`](crate::query::algo::scale::SQUARES) (where
/// products underflow or overflow; point segments aside) take [`closest_parameters`], which
/// rescales them.
#[inline]
pub(crate) fn segment_segment_parameters(p: &Segment, q: &Segment) -> (Real, Real) {
    let d1 = p.b - p.a;
    let d2 = q.b - q.a;
    let r = p.a - q.a;
    let a = d1.length_squared();
    let e = d2.length_squared();
    // A zero squared length is a point only when the direction is zero: one of a direction
    // `1e-25` long (a capsule's short core beside a long radius, rescaled) has underflowed.
    let safe = |x: Real, d: Vec3| in_squares(x) || d == Vec3::ZERO;
    if !(safe(a, d1) && safe(e, d2)) {
        return closest_parameters(&Linear::segment(p), &Linear::segment(q));
    }
    let f = d2.dot(r);
    if a == 0.0 {
        // p is a point.
        return (0.0, if e > 0.0 { clamp01(f / e) } else { 0.0 });
    }
    let c = d1.dot(r);
    if e == 0.0 {
        // q is a point.
        return (clamp01(-c / a), 0.0);
    }
    let n = d1.cross(d2);
    let nn = n.length_squared();
    let s = if nn > 0.0 {
        clamp01((q.a - p.a).cross(d2).dot(n) / nn)
    } else {
        // Parallel: every s of the overlap is as good; Ericson's choice.
        0.0
    };
    let b = d1.dot(d2);
    // The foot of p(s) on q's line: ((r + s d1) · d2) / e.
    let t = (b * s + f) / e;
    if t < 0.0 {
        (clamp01(-c / a), 0.0)
    } else if t > 1.0 {
        (clamp01((b - c) / a), 1.0)
    } else {
        (s, t)
    }
}

/// `x` in `[0, 1]`; NaN becomes 0.
#[inline]
fn clamp01(x: Real) -> Real {
    x.max(0.0).min(1.0)
}
