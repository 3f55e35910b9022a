//! The sweeps' entry (`advance.rs` is the advancement): the shapes' bodies and the motions
//! checked, swept as given inside the magnitude window and scaled by a power of two outside it
//! (`window/`), against a convex body or a simple polygon's edges.

use crate::d2::query::Intersects;
use crate::d2::query::SweepHit;
use crate::d2::query::algo::advance::{sweep_bodies, sweep_edges};
use crate::d2::query::algo::contact::Body;
use crate::d2::query::algo::window::{ldexp2, scale_for, with_rescaled};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::in_window;

/// The sweep of two shapes the bodies stand for; `None` for invalid input (either body, or a
/// non-finite motion). Bodies and motions whose largest magnitude lies outside the window
/// computed as given (issue 24: the distance routines square offsets) are swept scaled by a
/// power of two ([`sweep_scaled`]).
#[inline]
pub(crate) fn sweep_of<A, B>(a: &A, motion: Vec2, b: &B, other_motion: Vec2) -> Option<SweepHit>
where
    A: Intersects<B> + crate::d2::query::algo::contact::ContactBody + crate::d2::query::Distance<B>,
    B: crate::d2::query::algo::contact::ContactBody,
{
    if !(motion.is_finite() && other_motion.is_finite()) {
        return None;
    }
    let (ba, bb) = (a.body()?, b.body()?);
    let start = a.intersects(b).then(|| a.closest_points(b).a);
    let m = ba
        .window_magnitude()
        .max(bb.window_magnitude())
        .max(motion.abs().max_element())
        .max(other_motion.abs().max_element());
    if !in_window(m) {
        return sweep_scaled(&ba, motion, &bb, other_motion, start, m);
    }
    sweep_pair(&ba, motion, &bb, other_motion, start)
}

/// [`sweep_of`] of the bodies as given.
fn sweep_pair(
    ba: &Body<'_>,
    motion: Vec2,
    bb: &Body<'_>,
    other_motion: Vec2,
    start: Option<Vec2>,
) -> Option<SweepHit> {
    if ba.translated(Vec2::ZERO).is_none() && bb.translated(Vec2::ZERO).is_none() {
        // Two convex polygons held by reference: `b` through its edges.
        if let Body::Hull(c) = bb {
            let v = c.verts();
            let n = v.len();
            return sweep_edges(
                ba,
                motion,
                (0..n).map(|i| (v[i], v[(i + 1) % n])),
                |p| c.contains(p),
                v[0],
                other_motion,
                start,
            );
        }
    }
    sweep_bodies(ba, motion, bb, other_motion, start)
}

/// [`sweep_of`] where the largest magnitude `m` of the bodies and motions lies outside the
/// window: the bodies and motions scaled by the power of two `2ᵏ` that brings `m` into
/// `[1, 2)`, which changes no rounding in the sweep (nothing there overflows or underflows), so
/// the times are those of the scaled input and the point is scaled back (the start's given
/// common point kept as it is). A point beyond `Real::MAX` (shapes that fit moving by motions
/// that carry them out of the finite range, lines crossing that far out) keeps its overflowing
/// coordinates `±∞`, as closest points do: the times are right, and `None` would say the
/// shapes never touch.
#[cold]
#[inline(never)]
fn sweep_scaled(
    ba: &Body<'_>,
    motion: Vec2,
    bb: &Body<'_>,
    other_motion: Vec2,
    start: Option<Vec2>,
    m: Real,
) -> Option<SweepHit> {
    let Some(k) = scale_for(m) else {
        return sweep_pair(ba, motion, bb, other_motion, start);
    };
    let (motion, other_motion) = (ldexp2(motion, k), ldexp2(other_motion, k));
    let start_scaled = start.map(|p| ldexp2(p, k));
    let hit = with_rescaled(ba, k, |sa| {
        with_rescaled(bb, k, |sb| {
            sweep_pair(sa, motion, sb, other_motion, start_scaled)
        })
    })
    .flatten()
    .flatten()?;
    Some(unscaled(hit, k, start))
}

/// A hit of the input scaled by `2ᵏ` brought back: the point scaled back (the given common point
/// at the start), its coordinates beyond `Real::MAX` `±∞`.
fn unscaled(hit: SweepHit, k: i32, start: Option<Vec2>) -> SweepHit {
    let point = start.unwrap_or_else(|| ldexp2(hit.point, -k));
    SweepHit { point, ..hit }
}

/// The sweep of a shape against a simple polygon, through the polygon's edges plus
/// containment; `None` for invalid input. Out of the window, scaled as [`sweep_scaled`].
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn sweep_polygon<A>(
    a: &A,
    motion: Vec2,
    polygon: &crate::d2::shape::Polygon,
    other_motion: Vec2,
) -> Option<SweepHit>
where
    A: Intersects<crate::d2::shape::Polygon>
        + crate::d2::query::algo::contact::ContactBody
        + crate::d2::query::Distance<crate::d2::shape::Polygon>,
{
    if !(motion.is_finite() && other_motion.is_finite()) {
        return None;
    }
    let ba = a.body()?;
    let start = a.intersects(polygon).then(|| a.closest_points(polygon).a);
    let points = polygon.points();
    let m = points
        .iter()
        .fold(ba.window_magnitude(), |m: Real, p| {
            m.max(p.abs().max_element())
        })
        .max(motion.abs().max_element())
        .max(other_motion.abs().max_element());
    if !in_window(m) {
        return sweep_polygon_scaled(&ba, motion, points, other_motion, start, m);
    }
    sweep_points(&ba, motion, points, other_motion, start)
}

/// [`sweep_polygon`] of the body and the polygon's points as given.
#[cfg(feature = "alloc")]
fn sweep_points(
    ba: &Body<'_>,
    motion: Vec2,
    points: &[Vec2],
    other_motion: Vec2,
    start: Option<Vec2>,
) -> Option<SweepHit> {
    use crate::d2::query::algo::polygon::{contains, edges};
    sweep_edges(
        ba,
        motion,
        edges(points),
        |p| contains(points, p),
        points[0],
        other_motion,
        start,
    )
}

/// [`sweep_polygon`] out of the window, as [`sweep_scaled`].
#[cfg(feature = "alloc")]
#[cold]
#[inline(never)]
fn sweep_polygon_scaled(
    ba: &Body<'_>,
    motion: Vec2,
    points: &[Vec2],
    other_motion: Vec2,
    start: Option<Vec2>,
    m: Real,
) -> Option<SweepHit> {
    let Some(k) = scale_for(m) else {
        return sweep_points(ba, motion, points, other_motion, start);
    };
    let scaled: alloc::vec::Vec<Vec2> = points.iter().map(|&p| ldexp2(p, k)).collect();
    let (motion, other_motion) = (ldexp2(motion, k), ldexp2(other_motion, k));
    let start_scaled = start.map(|p| ldexp2(p, k));
    let hit = with_rescaled(ba, k, |sa| {
        sweep_points(sa, motion, &scaled, other_motion, start_scaled)
    })
    .flatten()?;
    Some(unscaled(hit, k, start))
}
