//! Sweeps in the plane by conservative advancement on the cores (Mirtich's conservative
//! advancement, as in Ericson, *Real-Time Collision Detection*, §5.5.6; for translations it is
//! Newton's method on the distance).
//!
//! A convex set moving by `t · v` against a fixed convex set is at a distance `f(t)` from it
//! that is convex in `t`, with slope `v · n` along the unit direction `n` between the closest
//! points. Each step moves `t` to where the tangent of `f − r` (for the sum of radii `r`)
//! reaches 0: from the left of the first root of a convex function that step never passes
//! it, so the iteration rises monotonically to the time of first contact (in one step per
//! feature pair for polygons, quadratically for rounded shapes), and stops as soon as the
//! shapes move apart (`v · n` no longer closing the gap). The last time of overlap is the same
//! advance from the end of the motion backwards. The cores' closest points come from the exact
//! 2D distance routines, and the radii are kept out of them, so the normal at contact is the
//! direction between cores `r` apart, not between two points within rounding of each other.

use crate::d2::query::ClosestPoints;
use crate::d2::query::SweepHit;
use crate::d2::query::algo::cast::unit_or;
use crate::d2::query::algo::contact::{Body, core_closest};
use crate::d2::query::algo::convex::Convex;
use crate::math::{Real, Vec2};

/// The most advancement steps: far more than a first contact takes (a few for polygons, some
/// ten for a grazing rounded contact, each halving the gap), and a bound that keeps a sweep
/// from looping on any input.
const MAX_STEPS: usize = 64;

pub(crate) use crate::d2::query::algo::advance_entry::sweep_of;
#[cfg(feature = "alloc")]
pub(crate) use crate::d2::query::algo::advance_entry::sweep_polygon;

impl Body<'_> {
    /// The body moved by `by`; `None` for a polygon held by reference, which only the other
    /// body can be moved against.
    pub(super) fn translated(&self, by: Vec2) -> Option<Self> {
        match *self {
            Body::Hull(c) => c.translated(by).map(Body::Hull),
            Body::Linear(mut l) => {
                l.origin += by;
                l.end += by;
                Some(Body::Linear(l))
            }
        }
    }

    fn radius_of(&self) -> Real {
        match self {
            Body::Hull(c) => c.radius,
            Body::Linear(_) => 0.0,
        }
    }

    /// The largest coordinate magnitude of the points that define the core: the distance
    /// routines round at that magnitude, wherever the closest points lie.
    fn magnitude(&self) -> Real {
        match self {
            Body::Hull(c) => c
                .verts()
                .iter()
                .fold(0.0, |m: Real, p| m.max(p.abs().max_element())),
            Body::Linear(l) => l.origin.abs().max_element().max(l.end.abs().max_element()),
        }
    }
}

impl Convex<'_> {
    /// The set moved by `by`, when its vertices are held inline.
    fn translated(&self, by: Vec2) -> Option<Self> {
        let v = self.verts();
        if v.len() > 4 {
            return None;
        }
        let mut moved = [Vec2::ZERO; 4];
        for (m, p) in moved.iter_mut().zip(v) {
            *m = *p + by;
        }
        Some(Convex::from_inline(&moved[..v.len()], self.radius))
    }
}

/// Closest points of the cores of `a` moved by `by` and `b`; `None` when neither can be moved
/// (two polygons held by reference).
fn closest_moved(a: &Body<'_>, by: Vec2, b: &Body<'_>) -> Option<ClosestPoints> {
    if let Some(moved) = a.translated(by) {
        return Some(core_closest(&moved, b));
    }
    let back = b.translated(-by)?;
    let cp = core_closest(a, &back);
    Some(ClosestPoints {
        a: cp.a + by,
        b: cp.b + by,
        distance: cp.distance,
    })
}

/// The first contact of `a` moving by `t · v` with `b` for `t` in `[0, 1]`, from apart at
/// `t = 0`: `(t, normal from b towards a, closest points of the cores there)`. `None` when
/// they never come within the radii, and when neither body can be moved.
fn advance(a: &Body<'_>, v: Vec2, b: &Body<'_>) -> Option<(Real, Vec2, ClosestPoints)> {
    let r = a.radius_of() + b.radius_of();
    let (reach_a, reach_b) = (a.magnitude(), b.magnitude());
    let mut t: Real = 0.0;
    let mut normal = unit_or(-v, Vec2::Y);
    let mut measured = false;
    for _ in 0..MAX_STEPS {
        let cp = closest_moved(a, v * t, b)?;
        let d = cp.distance;
        if !d.is_finite() {
            return None;
        }
        // The distance is rounded at the magnitude of the cores' defining points, `a`'s moved
        // by `v t` (each term of the sum rounds at its own magnitude, which may exceed the
        // sum's, by up to an ulp of the motion), not only at that of the closest points: within
        // it the direction between the cores is noise (across a flat box or a segment, it can
        // point the wrong way and end the advance as if they moved apart).
        let moved = reach_a + v.abs().max_element();
        let scale = moved
            .max(reach_b)
            .max(cp.a.abs().max_element())
            .max(cp.b.abs().max_element())
            + r;
        let tol = 16.0 * Real::EPSILON * scale;
        let gap = d - r;
        // A direction between cores within rounding of each other is noise: keep the last one.
        if d > tol {
            let n = unit_or(cp.a - cp.b, normal);
            // A step ends on the tangent line of the gap's last closest points, which the set
            // lies behind, so in exact arithmetic the new direction never turns more than a
            // right angle from the last (exactly a right angle past a corner it grazes). It
            // turns back only when rounding carried the step through a contact of zero extent
            // (a point across a segment, a flat box past a corner): the contact is here.
            if measured && n.dot(normal) < -0.5 {
                return Some((t, normal, cp));
            }
            normal = n;
            measured = true;
        }
        if gap <= tol {
            return Some((t, normal, cp));
        }
        let closing = -v.dot(normal);
        if !(closing > 0.0) {
            return None;
        }
        t += gap / closing;
        if !(t <= 1.0) {
            return None;
        }
    }
    // Still closing in after every step: a grazing contact, reached to within rounding.
    let cp = closest_moved(a, v * t, b)?;
    Some((t, normal, cp))
}

/// The sweep of two convex bodies (the caller says whether they overlap at the start, exactly,
/// and checks the motions): `self` moves by `motion`, `other` by `other_motion`. The point at
/// first contact lies on `a`'s surface towards `b` (for shapes that already overlap, the given
/// common point); the normal points from `b` towards `a` (against the relative motion for
/// shapes that already overlap). `None` when they never touch, and when neither body can be
/// moved.
pub(crate) fn sweep_bodies(
    a: &Body<'_>,
    motion: Vec2,
    b: &Body<'_>,
    other_motion: Vec2,
    overlap_at_start: Option<Vec2>,
) -> Option<SweepHit> {
    let v = motion - other_motion;
    let (t_first, point, normal) = match overlap_at_start {
        Some(p) => (0.0, p, unit_or(-v, Vec2::Y)),
        None => {
            let (t, n, cp) = advance(a, v, b)?;
            let on_a = cp.a - n * a.radius_of();
            (t, on_a + other_motion * t, n)
        }
    };
    let t_last = last_time(a, v, b).max(t_first);
    Some(SweepHit {
        t_first,
        t_last,
        point,
        normal,
    })
}

/// The last time in `[0, 1]` at which `a` moving by `t · v` overlaps `b` (cores within the
/// radii): 1 when they overlap at the end, else the first contact of the motion run backwards;
/// 0 when that finds none (the caller raises it to the first contact).
fn last_time(a: &Body<'_>, v: Vec2, b: &Body<'_>) -> Real {
    let r = a.radius_of() + b.radius_of();
    let Some(end) = a.translated(v) else {
        // `a` held by reference: run `b` the other way instead.
        let Some(b_end) = b.translated(-v) else {
            return 0.0;
        };
        let cp = core_closest(a, &b_end);
        if cp.distance <= r {
            return 1.0;
        }
        return advance(&b_end, v, a).map_or(0.0, |(s, ..)| 1.0 - s);
    };
    if core_closest(&end, b).distance <= r {
        return 1.0;
    }
    advance(&end, -v, b).map_or(0.0, |(s, ..)| 1.0 - s)
}

/// Whether the body holds `p` (exactly for hulls and linear sets, the radius compared squared).
fn body_contains(body: &Body<'_>, p: Vec2) -> bool {
    match body {
        Body::Hull(c) => c.contains(p),
        Body::Linear(l) => l.contains_exact(p),
    }
}

/// A point of the body: its first vertex or its origin.
fn anchor(body: &Body<'_>) -> Vec2 {
    match body {
        Body::Hull(c) => c.verts()[0],
        Body::Linear(l) => l.origin,
    }
}

/// The sweep of a body against a set given by its boundary edges (a polygon's, or a convex
/// polygon's that cannot be moved), through its edges plus containment: the set and the body
/// first meet at the start or where the body first touches an edge, and last overlap at the end
/// or where it last touches an edge. `contains` says whether the set holds a point, `first`
/// is one of its points. `overlap_at_start` as for [`sweep_bodies`].
pub(crate) fn sweep_edges(
    a: &Body<'_>,
    motion: Vec2,
    edges: impl Iterator<Item = (Vec2, Vec2)>,
    contains: impl Fn(Vec2) -> bool,
    first: Vec2,
    other_motion: Vec2,
    overlap_at_start: Option<Vec2>,
) -> Option<SweepHit> {
    let v = motion - other_motion;
    let mut best: Option<SweepHit> = None;
    let mut t_last: Real = 0.0;
    for (p, q) in edges {
        let edge = Body::Hull(Convex::segment(p, q, 0.0));
        if let Some(hit) = sweep_bodies(a, motion, &edge, other_motion, None) {
            t_last = t_last.max(hit.t_last);
            if best.is_none_or(|b| hit.t_first < b.t_first) {
                best = Some(hit);
            }
        }
    }
    // Held at the end: either set contains a point of the other (neither touching an edge).
    let held_at_end = contains(anchor(a) + v) || body_contains(a, first - v);
    let mut hit = match (overlap_at_start, best) {
        (Some(p), _) => SweepHit {
            t_first: 0.0,
            t_last: 0.0,
            point: p,
            normal: unit_or(-v, Vec2::Y),
        },
        (None, Some(hit)) => hit,
        (None, None) => return None,
    };
    hit.t_last = if held_at_end {
        1.0
    } else {
        t_last.max(hit.t_first)
    };
    Some(hit)
}
