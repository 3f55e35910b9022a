//! Segments, rays and lines as one type: exact overlap tests and closest points.

use crate::d2::query::ClosestPoints;
use crate::d2::query::algo::exact::{orient, side};
use crate::d2::query::algo::meet::Meeting;
use crate::d2::query::algo::reach::gap_between;
use crate::d2::query::algo::segment_point::{closest_on_segment, project};
use crate::d2::query::algo::window::{self, unscaled_closest};
use crate::d2::shape::{Line, Ray, Segment};
use crate::math::{Real, Vec2};

/// Which linear set: the parameter range of `origin + t · dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `t` in `[0, 1]`, from `origin` to `end`.
    Segment,
    /// `t >= 0`.
    Ray,
    /// Every real `t`.
    Line,
}

/// A segment, ray or line.
///
/// A segment is held by its two ends (`dir = end − origin` is rounded, so exact tests use the
/// ends); a ray or a line by its origin and direction, both exact.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Linear {
    pub(crate) origin: Vec2,
    pub(crate) dir: Vec2,
    /// A segment's `b`; unused for rays and lines.
    pub(crate) end: Vec2,
    pub(crate) kind: Kind,
}

impl Linear {
    #[inline]
    pub(crate) fn segment(a: Vec2, b: Vec2) -> Self {
        Self {
            origin: a,
            dir: b - a,
            end: b,
            kind: Kind::Segment,
        }
    }

    #[inline]
    pub(crate) fn ray(ray: &Ray) -> Self {
        Self {
            origin: ray.origin,
            dir: ray.dir,
            end: ray.origin,
            kind: Kind::Ray,
        }
    }

    #[inline]
    pub(crate) fn line(line: &Line) -> Self {
        Self {
            origin: line.origin,
            dir: line.dir,
            end: line.origin,
            kind: Kind::Line,
        }
    }

    /// Finite, with a non-zero `dir` unless it is a segment (where `a == b` is a point).
    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.origin.is_finite()
            && self.end.is_finite()
            && match self.kind {
                Kind::Segment => true,
                Kind::Ray | Kind::Line => self.dir.is_finite() && self.dir != Vec2::ZERO,
            }
    }

    /// A segment whose ends coincide.
    #[inline]
    pub(super) fn is_point(&self) -> bool {
        self.kind == Kind::Segment && self.origin == self.end
    }

    /// The direction as a difference of two exact points, `u − v`: the ends of a segment, or
    /// `dir − 0`.
    #[inline]
    pub(super) fn dir_points(&self) -> (Vec2, Vec2) {
        match self.kind {
            Kind::Segment => (self.end, self.origin),
            Kind::Ray | Kind::Line => (self.dir, Vec2::ZERO),
        }
    }

    /// The exact side of `p` relative to the carrier line (1: left of the direction); 0 for
    /// every `p` when the set is a point.
    #[inline]
    pub(super) fn side(&self, p: Vec2) -> i8 {
        match self.kind {
            Kind::Segment => orient(self.origin, self.end, p),
            Kind::Ray | Kind::Line => side(self.origin, self.dir, p),
        }
    }

    /// The finite ends: a segment's two, a ray's origin, none for a line.
    #[inline]
    pub(super) fn ends(&self) -> ([Vec2; 2], usize) {
        match self.kind {
            Kind::Segment => ([self.origin, self.end], 2),
            Kind::Ray => ([self.origin, self.origin], 1),
            Kind::Line => ([self.origin, self.origin], 0),
        }
    }

    /// A coordinate that orders the points of the carrier line along the direction: `x` (or
    /// `−x`) unless the line is vertical, then `y` (or `−y`). Exact.
    #[inline]
    fn along(&self, p: Vec2) -> Real {
        let d = self.dir_points();
        let d = d.0 - d.1;
        if d.x > 0.0 {
            p.x
        } else if d.x < 0.0 {
            -p.x
        } else if d.y > 0.0 {
            p.y
        } else {
            -p.y
        }
    }

    /// Whether `p`, known to lie on the carrier line, lies in the set: compares coordinates,
    /// exact.
    #[inline]
    pub(super) fn in_range(&self, p: Vec2) -> bool {
        match self.kind {
            Kind::Segment => {
                let (lo, hi) = (self.origin.min(self.end), self.origin.max(self.end));
                p.cmpge(lo).all() && p.cmple(hi).all()
            }
            Kind::Ray => self.along(p) >= self.along(self.origin),
            Kind::Line => true,
        }
    }

    /// Whether `p` lies exactly in the set.
    #[inline]
    pub(crate) fn contains_exact(&self, p: Vec2) -> bool {
        if self.is_point() {
            return p == self.origin;
        }
        self.side(p) == 0 && self.in_range(p)
    }

    /// `origin + t · dir`, exactly `end` at a segment's `t = 1`.
    #[inline]
    pub(crate) fn at(&self, t: Real) -> Vec2 {
        if self.kind == Kind::Segment && t == 1.0 {
            self.end
        } else if t == 0.0 {
            self.origin
        } else {
            self.origin + t * self.dir
        }
    }

    /// `t` clamped to the parameter range (NaN becomes 0).
    #[inline]
    pub(super) fn clamp(&self, t: Real) -> Real {
        let t = if t.is_nan() { 0.0 } else { t };
        match self.kind {
            Kind::Segment => t.max(0.0).min(1.0),
            Kind::Ray => t.max(0.0),
            Kind::Line => t,
        }
    }

    /// The point of the set closest to `p` (finite input): exact in the end regions and on
    /// axis-aligned sets, otherwise the rounded projection.
    #[inline]
    pub(crate) fn closest_point(&self, p: Vec2) -> Vec2 {
        match self.kind {
            Kind::Segment => closest_on_segment(p, self.origin, self.end),
            Kind::Ray | Kind::Line => {
                let (o, d) = (self.origin, self.dir);
                if d.y == 0.0 || d.x == 0.0 {
                    // Axis-aligned: the foot keeps p's coordinate along the axis, exactly.
                    let foot = if d.y == 0.0 {
                        Vec2::new(p.x, o.y)
                    } else {
                        Vec2::new(o.x, p.y)
                    };
                    return if self.kind == Kind::Line || self.along(foot) >= self.along(o) {
                        foot
                    } else {
                        o
                    };
                }
                self.at(self.clamp(project(p - o, d)))
            }
        }
    }

    /// A closest pair `(on self, on q)` of two sets that do not meet: in the plane the
    /// distance between them is attained at a finite end of one of them (their carriers would
    /// cross otherwise), or, for two parallel lines, anywhere.
    pub(crate) fn closest_apart(&self, q: &Linear) -> (Vec2, Vec2) {
        let mut best = (self.origin, q.closest_point(self.origin));
        let mut best_d2 = best.0.distance_squared(best.1);
        let mut consider = |a: Vec2, b: Vec2| {
            let d2 = a.distance_squared(b);
            if d2 < best_d2 {
                best_d2 = d2;
                best = (a, b);
            }
        };
        let (ends, count) = self.ends();
        for &p in &ends[..count] {
            consider(p, q.closest_point(p));
        }
        let (ends, count) = q.ends();
        for &p in &ends[..count] {
            consider(self.closest_point(p), p);
        }
        best
    }

    /// Closest points, `a` on `self`: a common point at distance 0 when the sets meet (exact),
    /// otherwise the closest pair at a positive distance, at any magnitude (the candidate pairs
    /// are compared in the window). A crossing of rays or lines beyond the float range (nearly
    /// parallel carriers) is the common point with its overflowing coordinates `±∞` and the
    /// others right. `NONE` for invalid input.
    #[inline]
    pub(crate) fn closest_points(&self, q: &Linear) -> ClosestPoints {
        let pair = window::linears(self, q, Self::closest_points_in_window, unscaled_closest)
            .unwrap_or_else(|| self.closest_points_in_window(q));
        if pair.distance == 0.0 && !pair.a.is_finite() {
            return self.far_common_point(q);
        }
        pair
    }

    /// The common point of rays or lines whose crossing lay beyond the float range of the frame
    /// it was found in (the window's, `2ᵏ` times the input's): formed again at the input's
    /// scale, where it may be representable (tiny lines scaled up) or not (its overflowing
    /// coordinates `±∞`).
    #[cold]
    #[inline(never)]
    fn far_common_point(&self, q: &Linear) -> ClosestPoints {
        // The origins by the power of two that brings them into the window (so that their
        // products stay in `f64`'s range in `isect-f64`), the directions by their own.
        let k = window::scale_for(window::fmax(
            window::max_abs(self.origin),
            window::max_abs(q.origin),
        ))
        .unwrap_or(0);
        let carrier = |l: &Linear| (window::ldexp2(l.origin, k), window::normalized_dir(l.dir));
        let p = self.far_crossing(carrier(self), carrier(q), k);
        ClosestPoints {
            a: p,
            b: p,
            distance: 0.0,
        }
    }

    /// [`closest_points`](Self::closest_points) of sets in the window (or invalid).
    fn closest_points_in_window(&self, q: &Linear) -> ClosestPoints {
        if !(self.is_usable() && q.is_usable()) {
            return ClosestPoints::NONE;
        }
        if let Some(m) = self.meeting(q) {
            // In the window already (`closest_points` brought the sets there): the crossing as
            // given. Not `ClosestPoints::common`: a crossing beyond the float range (lines
            // nearly parallel) is a common point with coordinates `±∞`, at distance 0 all the
            // same.
            let p = match m {
                Meeting::At(p) => p,
                Meeting::Crossing => self.crossing_as_given(q),
            };
            return ClosestPoints {
                a: p,
                b: p,
                distance: 0.0,
            };
        }
        let (a, b) = self.closest_apart(q);
        apart(a, b)
    }
}

/// The pair `(a, b)` of two sets known not to meet, with their distance, at least the smallest
/// positive number (a distance that rounds to 0 would claim they touch).
#[inline]
pub(crate) fn apart(a: Vec2, b: Vec2) -> ClosestPoints {
    if !(a.is_finite() && b.is_finite()) {
        return ClosestPoints::NONE;
    }
    ClosestPoints {
        a,
        b,
        // At any magnitude: `|a − b|²` may under- or overflow where the distance does not.
        distance: gap_between(a, b, 0.0, 0.0).max(Real::from_bits(1)),
    }
}

/// A shape the linear routines answer, `None` when invalid.
pub(crate) trait AsLinear {
    fn as_linear(&self) -> Option<Linear>;
}

impl AsLinear for Segment {
    #[inline]
    fn as_linear(&self) -> Option<Linear> {
        let l = Linear::segment(self.a, self.b);
        l.is_usable().then_some(l)
    }
}

impl AsLinear for Ray {
    #[inline]
    fn as_linear(&self) -> Option<Linear> {
        let l = Linear::ray(self);
        l.is_usable().then_some(l)
    }
}

impl AsLinear for Line {
    #[inline]
    fn as_linear(&self) -> Option<Linear> {
        let l = Linear::line(self);
        l.is_usable().then_some(l)
    }
}

/// Whether two linear shapes meet (exact); `false` when either is invalid.
#[inline]
pub(crate) fn linear_meets<A: AsLinear, B: AsLinear>(a: &A, b: &B) -> bool {
    match (a.as_linear(), b.as_linear()) {
        (Some(a), Some(b)) => a.meets(&b),
        _ => false,
    }
}

/// Closest points of two linear shapes; `NONE` when either is invalid.
#[inline]
pub(crate) fn linear_closest_points<A: AsLinear, B: AsLinear>(a: &A, b: &B) -> ClosestPoints {
    match (a.as_linear(), b.as_linear()) {
        (Some(a), Some(b)) => a.closest_points(&b),
        _ => ClosestPoints::NONE,
    }
}
