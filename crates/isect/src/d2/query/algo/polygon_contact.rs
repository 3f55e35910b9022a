//! Contacts of the simple polygon, possibly concave, as a solid (its inside counts): with the
//! convex sets of `contact.rs` and with another polygon.
//!
//! A convex polygon (no reflex corner, decided exactly) is the convex set of its points, and
//! its contact is `contact.rs`'s separating-axis contact, the same as a `ConvexPolygon`'s. A
//! concave polygon has no single least push in general (a shape in a notch pressing on both
//! walls), so the contact is local, as the 3D solid mesh's: the polygon is a closed loop of
//! one-sided edges with outward normals, and the contact is the least of these pushes of the
//! other set (each a translation that leaves it clear of what the push names):
//! - for each edge the set meets, the push along the edge's outward normal that puts the whole
//!   set on the edge line's outer side (the normal never points into the polygon, so never
//!   into a neighbour edge at a reflex corner);
//! - for each edge normal of the set itself, the push that clears the whole polygon;
//! - where the set meets no edge (it lies inside), the push across the edge nearest to the
//!   centre of its core's box (the lesser push of two that share the nearest corner).
//!
//! Where only a radius overlaps (the core is apart from the polygon), the contact is the
//! convex contact with the nearest edge (the discs' normal between the closest points). The
//! manifold clips the set against the edge the push comes from (`clip`); a push of the set's
//! own normal, and two concave polygons, give one point: a common point of the two sets.

use crate::d2::query::ContactInfo;
use crate::d2::query::Intersects;
use crate::d2::query::algo::cast::edge_normal;
use crate::d2::query::algo::clip::clip;
use crate::d2::query::algo::contact::{Body, ContactBody, contact_points};
use crate::d2::query::algo::convex::Convex;
use crate::d2::query::algo::convex_pairs::{closest_points_linear, meets_linear};
use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::linear::Linear;
use crate::d2::query::algo::polygon::{contains, edges, meet_convex, meet_linear, meet_polygon};
use crate::d2::query::algo::segment_point::closest_on_segment;
use crate::d2::query::contact::manifold::{Manifold, ManifoldPoint};
use crate::d2::shape::Polygon;
use crate::math::{Real, Vec2};

/// A contact with its manifold's points (how many are written); the point is their mean.
pub(crate) type Points = (ContactInfo, [ManifoldPoint; 2], usize);

const NO_POINT: ManifoldPoint = ManifoldPoint {
    point: Vec2::ZERO,
    depth: 0.0,
};

/// Whether the polygon (simple, counter-clockwise) turns left or goes straight at every
/// corner: then it is convex. Exact.
pub(crate) fn is_convex(points: &[Vec2]) -> bool {
    let n = points.len();
    (0..n).all(|i| orient(points[(i + n - 1) % n], points[i], points[(i + 1) % n]) >= 0)
}

/// Edge `i`'s ends.
#[inline]
fn edge(points: &[Vec2], i: usize) -> (Vec2, Vec2) {
    (points[i], points[(i + 1) % points.len()])
}

/// Edge `i`'s outward unit normal (zero for none, which a valid polygon does not have).
#[inline]
fn normal(points: &[Vec2], i: usize) -> Vec2 {
    let (a, b) = edge(points, i);
    edge_normal(a, b, Vec2::ZERO)
}

/// Calls `f` with the edges nearest to `p` (two where the nearest point is their shared
/// corner, so that the choice between them is the least push, not the labelling).
fn nearest_edges(points: &[Vec2], p: Vec2, mut f: impl FnMut(usize)) {
    let dist = |i: usize| {
        let (a, b) = edge(points, i);
        closest_on_segment(p, a, b).distance_squared(p)
    };
    let best = (0..points.len()).map(dist).fold(Real::INFINITY, Real::min);
    for i in 0..points.len() {
        if dist(i) == best {
            f(i);
        }
    }
}

/// The least of the pushes offered (the first among equals): depth, normal and the edge of
/// the polygon it crosses (`None` for a push of the other set's own normal).
#[derive(Default)]
struct Least(Option<(Real, Vec2, Option<usize>)>);

impl Least {
    fn offer(&mut self, depth: Real, n: Vec2, edge: Option<usize>) {
        if depth.is_finite() && n != Vec2::ZERO && self.0.is_none_or(|(d, ..)| depth < d) {
            self.0 = Some((depth, n, edge));
        }
    }
}

/// The contact of the polygon and a convex set known to meet it, normal from the polygon
/// towards the set, with its manifold's points.
pub(crate) fn polygon_body(polygon: &Polygon, b: &Body<'_>) -> Points {
    let pts = polygon.points();
    let whole = Body::Hull(Convex::polygon(pts));
    if polygon.is_convex() {
        return contact_points(b, &whole);
    }
    let r = b.radius();
    let core_meets = match b.core() {
        Body::Hull(c) => meet_convex(polygon, &c).is_some(),
        Body::Linear(l) => meet_linear(polygon, &l).is_some(),
    };
    if let (false, Body::Hull(c)) = (core_meets, b.core()) {
        // Only the radius overlaps: as the convex contact with the nearest edge.
        let mut best = (Real::INFINITY, 0);
        for (i, (p, q)) in edges(pts).enumerate() {
            let d = closest_points_linear(&c, &Linear::segment(p, q)).distance;
            if d < best.0 {
                best = (d, i);
            }
        }
        let (p, q) = edge(pts, best.1);
        return contact_points(b, &Body::Hull(Convex::segment(p, q, 0.0)));
    }
    // Pushing the set along `n` clears the line `n·x = h` by `h − min n·x`.
    let push = |n: Vec2, h: Real| h + b.support(-n).0 + r;
    let mut least = Least::default();
    let mut any = false;
    for (i, (p, q)) in edges(pts).enumerate() {
        let seg = Linear::segment(p, q);
        let meets = match b {
            Body::Hull(c) => meets_linear(c, &seg),
            Body::Linear(l) => seg.meets(l),
        };
        if meets {
            any = true;
            let n = normal(pts, i);
            least.offer(push(n, n.dot(p)), n, Some(i));
        }
    }
    if !any {
        // The centre of the core's box: the same point however the set is written.
        let anchor = match b {
            Body::Hull(c) => {
                let v = c.verts();
                let lo = v.iter().fold(v[0], |m, &x| m.min(x));
                let hi = v.iter().fold(v[0], |m, &x| m.max(x));
                (lo + hi) * 0.5
            }
            Body::Linear(l) => l.origin,
        };
        nearest_edges(pts, anchor, |i| {
            let n = normal(pts, i);
            least.offer(push(n, n.dot(pts[i])), n, Some(i));
        });
    }
    b.for_each_axis(|axis, _| {
        let n = -axis;
        least.offer(push(n, whole.support(n).0), n, None);
    });
    let Some((depth, n, from)) = least.0 else {
        let (_, p) = b.support(Vec2::Y);
        return single(ContactInfo {
            point: p,
            normal: Vec2::Y,
            depth: Real::INFINITY,
        });
    };
    let depth = depth.max(0.0);
    let mut out = [NO_POINT; 2];
    let k = match from {
        Some(i) => {
            let (p, q) = edge(pts, i);
            clip(&Body::Hull(Convex::segment(p, q, 0.0)), 0, b, n, &mut out)
        }
        None => 0,
    };
    if k == 0 {
        // A common point (the overlap test's), as the convex contact's fallback.
        let common = match b {
            Body::Hull(c) => meet_convex(polygon, c),
            Body::Linear(l) => meet_linear(polygon, l),
        };
        let (_, deep) = b.support(-n);
        return single(ContactInfo {
            point: common.unwrap_or(deep),
            normal: n,
            depth,
        });
    }
    let point = out[..k].iter().map(|p| p.point).sum::<Vec2>() / k as Real;
    (
        ContactInfo {
            point,
            normal: n,
            depth,
        },
        out,
        k,
    )
}

fn single(c: ContactInfo) -> Points {
    let p = ManifoldPoint {
        point: c.point,
        depth: c.depth,
    };
    (c, [p; 2], 1)
}

/// The contact of two polygons known to meet, normal from `q` towards `p`.
pub(crate) fn polygon_polygon(p: &Polygon, q: &Polygon) -> Points {
    let (pp, qp) = (p.points(), q.points());
    match (p.is_convex(), q.is_convex()) {
        (true, true) => contact_points(
            &Body::Hull(Convex::polygon(pp)),
            &Body::Hull(Convex::polygon(qp)),
        ),
        (true, false) => polygon_body(q, &Body::Hull(Convex::polygon(pp))),
        (false, true) => {
            let (c, points, k) = polygon_body(p, &Body::Hull(Convex::polygon(qp)));
            (
                ContactInfo {
                    normal: -c.normal,
                    ..c
                },
                points,
                k,
            )
        }
        (false, false) => single(concave_pair(p, q)),
    }
}

/// Two concave polygons that meet: the least push of `p` that puts it on the outer side of an
/// edge of `q` it meets, or puts `q` on the outer side of an edge of `p` it meets (or, one
/// inside the other, across the outer's edge nearest to the centre of the inner's box). Normal from
/// `q` towards `p`; the point is a common point (the overlap test's).
fn concave_pair(p: &Polygon, q: &Polygon) -> ContactInfo {
    let (pp, qp) = (p.points(), q.points());
    let (bp, bq) = (
        Body::Hull(Convex::polygon(pp)),
        Body::Hull(Convex::polygon(qp)),
    );
    // `m` is an outward normal of an edge of `from` through `h`; `other` is pushed along it.
    let push = |other: &Body<'_>, m: Vec2, h: Real| h + other.support(-m).0;
    let mut least = Least::default();
    let mut any = false;
    let mut side = |from: &[Vec2], to: &[Vec2], other: &Body<'_>, sign: Real, least: &mut Least| {
        for (i, (a, b)) in edges(from).enumerate() {
            let e = Linear::segment(a, b);
            if edges(to).any(|(c, d)| e.meets(&Linear::segment(c, d))) {
                any = true;
                let m = normal(from, i);
                least.offer(push(other, m, m.dot(a)), m * sign, None);
            }
        }
    };
    side(qp, pp, &bp, 1.0, &mut least);
    side(pp, qp, &bq, -1.0, &mut least);
    if !any {
        // One holds the other: push the inner one out across the outer's nearest edge.
        let (outer, inner, sign) = if contains(qp, pp[0]) {
            (qp, &bp, 1.0)
        } else {
            (pp, &bq, -1.0)
        };
        let (lo, hi) = if sign > 0.0 { p.bounds() } else { q.bounds() };
        let anchor = (lo + hi) * 0.5;
        nearest_edges(outer, anchor, |i| {
            let m = normal(outer, i);
            least.offer(push(inner, m, m.dot(outer[i])), m * sign, None);
        });
    }
    let (depth, n, _) = least.0.unwrap_or((0.0, Vec2::Y, None));
    ContactInfo {
        point: meet_polygon(p, q).unwrap_or(pp[0]),
        normal: n,
        depth: depth.max(0.0),
    }
}

/// The contact of a shape with the polygon, normal from the polygon towards the shape: `None`
/// when they do not meet (their exact overlap test) or the shape is invalid.
pub(crate) fn polygon_contact_of<S>(shape: &S, polygon: &Polygon) -> Option<ContactInfo>
where
    S: Intersects<Polygon> + ContactBody,
{
    if !shape.intersects(polygon) {
        return None;
    }
    Some(polygon_body(polygon, &shape.body()?).0)
}

/// The contact manifold of a shape with the polygon: empty when they do not meet or the shape
/// is invalid.
pub(crate) fn polygon_manifold_of<S>(shape: &S, polygon: &Polygon) -> Manifold
where
    S: Intersects<Polygon> + ContactBody,
{
    if !shape.intersects(polygon) {
        return Manifold::EMPTY;
    }
    match shape.body() {
        Some(b) => {
            let (c, points, k) = polygon_body(polygon, &b);
            Manifold::new(c.normal, &points[..k])
        }
        None => Manifold::EMPTY,
    }
}

/// Two polygons' manifold, normal from `q` towards `p`: empty when apart.
pub(crate) fn polygon_polygon_manifold(p: &Polygon, q: &Polygon) -> Manifold {
    if !p.intersects(q) {
        return Manifold::EMPTY;
    }
    let (c, points, k) = polygon_polygon(p, q);
    Manifold::new(c.normal, &points[..k])
}

/// Two polygons' contact, normal from `q` towards `p`: `None` when apart.
pub(crate) fn polygon_polygon_contact(p: &Polygon, q: &Polygon) -> Option<ContactInfo> {
    p.intersects(q).then(|| polygon_polygon(p, q).0)
}
