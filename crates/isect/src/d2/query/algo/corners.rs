//! The hull of a few corners (one point, the two ends of a segment, or the counter-clockwise
//! corners of a convex polygon with positive area), without a radius: exact containment and
//! overlap with linear sets and other hulls, and the closest pairs of hulls that do not meet.
//! [`convex`](super::convex) grows them by radii.

use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::linear::{Kind, Linear};
use crate::d2::query::algo::segment_point::closest_on_segment;
use crate::math::{Real, Vec2};

/// The edges of a hull of two or more vertices (one for a segment), as pairs of ends.
#[inline]
fn edges(v: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    let n = v.len();
    let count = match n {
        0 | 1 => 0,
        2 => 1,
        _ => n,
    };
    (0..count).map(move |i| (v[i], v[(i + 1) % n]))
}

/// The box of the vertices (exact).
#[inline]
fn bounds(v: &[Vec2]) -> (Vec2, Vec2) {
    v.iter()
        .fold((v[0], v[0]), |(lo, hi), &p| (lo.min(p), hi.max(p)))
}

/// Whether the boxes `(lo, hi)` are apart on some axis (exact).
#[inline]
fn boxes_apart(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> bool {
    a.0.cmpgt(b.1).any() || b.0.cmpgt(a.1).any()
}

/// Whether `p` lies in the hull of `v`, exactly: equal to a point, on a segment, or left of or
/// on every edge of a counter-clockwise polygon.
#[inline]
pub(crate) fn hull_contains(v: &[Vec2], p: Vec2) -> bool {
    match v.len() {
        1 => v[0] == p,
        2 => Linear::segment(v[0], v[1]).contains_exact(p),
        _ => edges(v).all(|(a, b)| orient(a, b, p) >= 0),
    }
}

/// The point of the hull's boundary closest to `p` (for `p` outside the hull, its closest
/// point): the best of the edges' closest points. Of a polygon, only the edges `p` lies
/// strictly outside of are measured (exact signs), where there are any: the closest point lies
/// on one of them (inside an edge, `p − q` is its outward normal; at a corner, `p` lies in the
/// cone of the two edges' outward normals, strictly outside one, as every angle is at most π).
/// Among equal squared distances an edge's point is taken, never a corner for its own sake:
/// seen from `MAX` away, every point of a segment `1.6e33` long is at the same rounded distance,
/// and the first corner, `8e32` from the closest point, was the answer.
#[inline]
pub(crate) fn hull_closest_point(v: &[Vec2], p: Vec2) -> Vec2 {
    if v.len() == 1 {
        return v[0];
    }
    let facing = if v.len() >= 3 {
        nearest_on(p, edges(v).filter(|&(a, b)| orient(a, b, p) < 0))
    } else {
        None
    };
    facing
        .or_else(|| nearest_on(p, edges(v)))
        .map_or(v[0], |(q, _)| q)
}

/// The closest to `p` of the closest points of the edges given, with its squared distance (the
/// first among equals); `None` for no edge.
#[inline]
fn nearest_on(p: Vec2, edges: impl Iterator<Item = (Vec2, Vec2)>) -> Option<(Vec2, Real)> {
    let mut best: Option<(Vec2, Real)> = None;
    for (a, b) in edges {
        let q = closest_on_segment(p, a, b);
        let d2 = q.distance_squared(p);
        if best.is_none_or(|(_, d)| d2 < d) {
            best = Some((q, d2));
        }
    }
    best
}

/// A common point of the hull of `v` and the linear set, when they meet (exact).
pub(crate) fn hull_meets_linear(v: &[Vec2], l: &Linear) -> Option<Vec2> {
    match v.len() {
        1 => return l.contains_exact(v[0]).then_some(v[0]),
        2 => return Linear::segment(v[0], v[1]).meet(l),
        _ => {}
    }
    if l.kind == Kind::Segment && boxes_apart(bounds(v), bounds(&[l.origin, l.end])) {
        return None;
    }
    // A segment or ray inside the polygon holds its origin there; otherwise whatever meets the
    // polygon crosses its boundary.
    if l.kind != Kind::Line && hull_contains(v, l.origin) {
        return Some(l.origin);
    }
    edges(v).find_map(|(a, b)| Linear::segment(a, b).meet(l))
}

/// A common point of the hulls of `v` and `w`, when they meet (exact): a vertex of one inside
/// the other, or else the boundaries cross (two convex sets that meet with neither holding a
/// vertex of the other have crossing edges).
pub(crate) fn hulls_meet(v: &[Vec2], w: &[Vec2]) -> Option<Vec2> {
    if boxes_apart(bounds(v), bounds(w)) {
        return None;
    }
    if let Some(&p) = v.iter().find(|&&p| hull_contains(w, p)) {
        return Some(p);
    }
    if let Some(&p) = w.iter().find(|&&p| hull_contains(v, p)) {
        return Some(p);
    }
    edges(v).find_map(|(a, b)| {
        let e = Linear::segment(a, b);
        edges(w).find_map(|(c, d)| e.meet(&Linear::segment(c, d)))
    })
}

/// A closest pair `(on v, on w)` of two hulls that do not meet: in the plane, the distance
/// between disjoint convex polygons is attained at a vertex of one of them.
pub(crate) fn hulls_apart(v: &[Vec2], w: &[Vec2]) -> (Vec2, Vec2) {
    let mut best = (v[0], w[0]);
    let mut best_d2 = Real::INFINITY;
    let mut consider = |a: Vec2, b: Vec2| {
        let d2 = a.distance_squared(b);
        if d2 < best_d2 {
            best_d2 = d2;
            best = (a, b);
        }
    };
    for &p in v {
        consider(p, hull_closest_point(w, p));
    }
    for &p in w {
        consider(hull_closest_point(v, p), p);
    }
    best
}

/// A closest pair `(on the hull, on l)` of a hull and a linear set that do not meet: the best
/// over the hull's edges (or its point).
pub(crate) fn hull_linear_apart(v: &[Vec2], l: &Linear) -> (Vec2, Vec2) {
    if v.len() == 1 {
        return (v[0], l.closest_point(v[0]));
    }
    let mut best = (v[0], l.closest_point(v[0]));
    let mut best_d2 = Real::INFINITY;
    for (a, b) in edges(v) {
        let pair = Linear::segment(a, b).closest_apart(l);
        let d2 = pair.0.distance_squared(pair.1);
        if d2 < best_d2 {
            best_d2 = d2;
            best = pair;
        }
    }
    best
}
