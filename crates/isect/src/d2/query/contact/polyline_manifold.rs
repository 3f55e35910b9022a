//! `ContactManifold` of the seven convex shapes, the concave [`Polygon`], rays and lines against
//! a [`Polyline`], both orders: up to two points with the normal of `Contact<Polyline>` (ghost
//! vertices applied).
//!
//! Where the deepest contact's normal is not its segment's face normal (a genuine corner: a
//! step's edge), the manifold is that segment's pair manifold (`ContactManifold<Segment>`).
//! Where it is the face normal (the face itself, or an end where the chain continues flat and
//! the ghost-vertex rule turned a vertex normal into the face normal), every segment the shape
//! touches whose kept contact has that normal and which runs across it on the same line (the
//! straight run under the shape) is the reference face of the pair clipping (`algo/contact.rs`'s `clip`) with that
//! normal, and of all the points found the two furthest apart along the face are kept, each
//! with its depth below the run: a box lying across two collinear segments gets its two
//! corners, not the corner and the shared vertex.
//!
//! The points' mean is the contact's point when one segment gives them; over several segments
//! of a run it is the middle of the outermost points, while `Contact<Polyline>` keeps the
//! deepest segment's point.

use crate::d2::query::algo::clip::clip;
use crate::d2::query::algo::contact::{Body, ContactBody};
use crate::d2::query::algo::convex::Convex;
use crate::d2::query::algo::polyline::PolylineShape;
use crate::d2::query::contact::polyline::{deepest_of, rise, segment_length_times};
use crate::d2::query::{ContactInfo, ContactManifold, Manifold, ManifoldPoint, mirror_manifold};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Polyline, Ray, Segment, Triangle,
};
use crate::math::{ON_SET_TOLERANCE, Real, Vec2};
use crate::query::algo::scale::length;

/// A segment runs across a normal when its extent along it is at most this fraction of its
/// length (the tolerance the ghost-vertex rule reads a face with).
const ACROSS: Real = 1.0 / 1024.0;

/// Two unit normals within about 0.08° count as one.
pub(super) const SAME_NORMAL: Real = 1.0 - 1e-6;

/// Two points closer than this are one (the same corner clipped against two segments of a
/// run, rounded differently).
pub(super) fn merge(a: Vec2, b: Vec2) -> Real {
    ON_SET_TOLERANCE * a.abs().max(b.abs()).max_element().max(1.0)
}

/// The manifold of the contact's one point.
pub(super) fn one_point(c: &ContactInfo) -> Manifold {
    Manifold::new(
        c.normal,
        &[ManifoldPoint {
            point: c.point,
            depth: c.depth,
        }],
    )
}

/// Whether the unit `n` is a face normal of `segment`.
pub(super) fn across(segment: &Segment, n: Vec2) -> bool {
    segment.a != segment.b && rise(segment, n).abs() <= ACROSS
}

/// Whether `s` lies on the line of `face` (normal `n`) within the ghost rule's tolerance: each
/// end at most [`ACROSS`] of the longer segment's length off it. A parallel segment on another
/// line is another face: its points, measured below it, are not the run's (a zigzag whose first
/// and last segments are parallel would give the same point of the shape twice, at two depths).
pub(super) fn on_line(s: &Segment, face: &Segment, n: Vec2) -> bool {
    let h = n.dot(face.a);
    let slack = segment_length_times(s, ACROSS).max(segment_length_times(face, ACROSS));
    (n.dot(s.a) - h).abs() <= slack && (n.dot(s.b) - h).abs() <= slack
}

/// The manifold of the valid `shape` against `polyline`: see the module's doc.
fn polyline_manifold<S>(polyline: &Polyline, shape: &S) -> Manifold
where
    S: PolylineShape + ContactManifold<Segment> + ContactBody,
{
    run_manifold(polyline, shape, shape.body().map(Incident::Body))
}

/// What the shape offers a straight run's clipping: a convex body, or a concave polygon's
/// corners.
enum Incident<'a> {
    Body(Body<'a>),
    Corners(&'a [Vec2]),
}

/// [`polyline_manifold`] with the shape's `incident` for a straight run (`None`: the contact's
/// one point).
fn run_manifold<S>(polyline: &Polyline, shape: &S, incident: Option<Incident<'_>>) -> Manifold
where
    S: PolylineShape + ContactManifold<Segment>,
{
    let Some((i, c)) = deepest_of(polyline, shape) else {
        return Manifold::EMPTY;
    };
    let single = one_point(&c);
    let n = c.normal;
    let segment = polyline.segment(i);
    if !across(&segment, n) {
        let m = shape.contact_manifold(&segment);
        return if m.is_empty() { single } else { m };
    }
    let Some(incident) = incident else {
        return single;
    };
    // The outermost points along the face, with their places along it.
    let t = n.perp();
    let mut lo: Option<(Real, ManifoldPoint)> = None;
    let mut hi: Option<(Real, ManifoldPoint)> = None;
    polyline.contacts(shape, 0.0, |k| {
        if !(k.depth >= 0.0 && k.normal.dot(n) >= SAME_NORMAL) {
            return;
        }
        let s = polyline.segment(k.segment);
        if !(across(&s, n) && on_line(&s, &segment, n)) {
            return;
        }
        let mut out = [ManifoldPoint {
            point: Vec2::ZERO,
            depth: 0.0,
        }; 2];
        let count = match &incident {
            Incident::Body(body) => {
                let reference = Body::Hull(Convex::segment(s.a, s.b, 0.0));
                clip(&reference, 0, body, n, &mut out)
            }
            Incident::Corners(corners) => clip_corners(corners, &s, n, t, &mut out),
        };
        for p in &out[..count] {
            let p = ManifoldPoint {
                point: p.point,
                depth: p.depth.min(c.depth),
            };
            let x = t.dot(p.point);
            if lo.is_none_or(|(l, _)| x < l) {
                lo = Some((x, p));
            }
            if hi.is_none_or(|(h, _)| x > h) {
                hi = Some((x, p));
            }
        }
    });
    match (lo, hi) {
        (Some((_, a)), Some((_, b)))
            if length((b.point - a.point).extend(0.0)) > merge(a.point, b.point) =>
        {
            Manifold::new(n, &[a, b])
        }
        (Some((_, a)), _) => Manifold::new(n, &[a]),
        _ => single,
    }
}

/// The outermost points along `t` of a concave polygon (`corners`, counter-clockwise) on or below
/// the line of `segment` (normal `n` towards the polygon) and within the segment's slab: its
/// corners there and its edges' crossings of the slab's ends, each written halfway between the
/// polygon and the line with its depth below the line, as `clip` writes a convex body's.
/// Returns how many (0 to 2).
fn clip_corners(
    corners: &[Vec2],
    segment: &Segment,
    n: Vec2,
    t: Vec2,
    out: &mut [ManifoldPoint; 2],
) -> usize {
    let h = n.dot(segment.a);
    let (ta, tb) = (t.dot(segment.a), t.dot(segment.b));
    let (lo, hi) = (ta.min(tb), ta.max(tb));
    let mut ends: [Option<(Real, ManifoldPoint)>; 2] = [None, None];
    let mut take = |p: Vec2| {
        let depth = h - n.dot(p);
        let x = t.dot(p);
        if !(depth >= 0.0 && x >= lo && x <= hi) {
            return;
        }
        let q = ManifoldPoint {
            point: p + n * (0.5 * depth),
            depth,
        };
        if ends[0].is_none_or(|(l, _)| x < l) {
            ends[0] = Some((x, q));
        }
        if ends[1].is_none_or(|(u, _)| x > u) {
            ends[1] = Some((x, q));
        }
    };
    let k = corners.len();
    for i in 0..k {
        let (p, q) = (corners[i], corners[(i + 1) % k]);
        take(p);
        // The edge's crossings of the slab's ends.
        let (tp, tq) = (t.dot(p), t.dot(q));
        for end in [lo, hi] {
            if (tp - end) * (tq - end) < 0.0 {
                let u = (end - tp) / (tq - tp);
                take(p + (q - p) * u);
            }
        }
    }
    match ends {
        [Some((l, a)), Some((u, b))] if u > l => {
            out[0] = a;
            out[1] = b;
            2
        }
        [Some((_, a)), _] => {
            out[0] = a;
            1
        }
        _ => 0,
    }
}

impl ContactManifold<Polyline> for Polygon {
    /// Up to two points with the normal of [`Contact`](crate::d2::Contact) (from the polyline
    /// towards the polygon, ghost vertices applied). A convex polygon gives the `ConvexPolygon`'s
    /// manifold of its corners. A concave one on a straight run of segments gives its outermost
    /// points on or below the run (its corners and its edges at the run's ends), each halfway
    /// between the polygon and the run with its depth below it; at a genuine corner, that
    /// segment's pair manifold. Empty when they do not meet.
    #[inline]
    fn contact_manifold(&self, other: &Polyline) -> Manifold {
        let corners = self.points();
        let incident = if self.is_convex() {
            Incident::Body(Body::Hull(Convex::polygon(corners)))
        } else {
            Incident::Corners(corners)
        };
        run_manifold(other, self, Some(incident))
    }
}
mirror_manifold!(Polygon, Polyline);

/// Implements `ContactManifold<Polyline> for $shape` and the mirror.
macro_rules! polyline_manifold {
    ($shape:ty) => {
        impl ContactManifold<Polyline> for $shape {
            /// Up to two points with the normal of [`Contact`](crate::d2::Contact) (from the
            /// polyline towards the shape, ghost vertices applied): on a straight run of
            /// segments, the outermost points of the shape's clipping against the run, each
            /// with its depth below it; at a genuine corner, that segment's pair manifold.
            /// Empty when they do not meet and for an invalid shape.
            #[inline]
            fn contact_manifold(&self, other: &Polyline) -> Manifold {
                polyline_manifold(other, self)
            }
        }
        mirror_manifold!($shape, Polyline);
    };
}

polyline_manifold!(Circle);
polyline_manifold!(Aabb);
polyline_manifold!(Obb);
polyline_manifold!(Capsule);
polyline_manifold!(Triangle);
polyline_manifold!(Segment);
polyline_manifold!(ConvexPolygon);
polyline_manifold!(Ray);
polyline_manifold!(Line);
