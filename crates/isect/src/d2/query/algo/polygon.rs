//! Simple polygons, possibly concave, through their edges and the crossings test: two sets meet
//! when an edge of the polygon meets the other set, or when the other set lies inside the
//! polygon (then any one of its points does). No decomposition, so nothing is computed at
//! construction beyond the validity checks, and every answer is exact.

use alloc::vec::Vec;

use crate::d2::query::ClosestPoints;
use crate::d2::query::algo::convex::{AsConvex, Convex};
use crate::d2::query::algo::convex_pairs::{closest_points_linear, meets_linear};
use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::linear::{AsLinear, Kind, Linear};
use crate::d2::query::algo::segment_point::closest_on_segment;
use crate::d2::shape::Polygon;
use crate::math::{Real, Vec2};

/// The polygon's edges, each from a point to the next (the last back to the first).
#[inline]
pub(crate) fn edges(points: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    let n = points.len();
    (0..n).map(move |i| (points[i], points[(i + 1) % n]))
}

/// Whether `p` lies in the polygon, boundary included: the crossings test (Haines, "Point in
/// Polygon Strategies", Graphics Gems IV, 1994; Real-Time Rendering, 4th ed., §22.8) with
/// exact signs.
///
/// A horizontal ray from `p` to `+x` crosses an edge when the edge's ends are on different
/// sides of the line `y = p.y` (an end exactly on it counts as above, so a vertex the ray
/// passes through is counted once or not at all, and horizontal edges never); the crossing
/// lies right of `p` when `p` is left of the edge directed upwards, an exact orientation. A
/// point on an edge (orientation 0 within the edge's box) is contained at once, which makes the
/// test exact on the boundary too.
pub(crate) fn contains(points: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    for (a, b) in edges(points) {
        let (below_a, below_b) = (a.y <= p.y, b.y <= p.y);
        let in_box = || p.cmpge(a.min(b)).all() && p.cmple(a.max(b)).all();
        if below_a == below_b {
            // No crossing; still the edge may hold p (a horizontal edge, or an end at p).
            if (a.y == p.y || b.y == p.y) && in_box() && orient(a, b, p) == 0 {
                return true;
            }
            continue;
        }
        let o = orient(a, b, p);
        if o == 0 {
            // On the edge's line, at a height within the edge's: on the edge.
            return true;
        }
        // Upward edge (a below): the crossing is right of p when p is left of it.
        let upward = below_a;
        if (o > 0) == upward {
            inside = !inside;
        }
    }
    inside
}

/// The point of the polygon's boundary closest to `p`.
pub(crate) fn boundary_closest_point(points: &[Vec2], p: Vec2) -> Vec2 {
    let mut best = points[0];
    let mut best_d2 = Real::INFINITY;
    for (a, b) in edges(points) {
        let q = closest_on_segment(p, a, b);
        let d2 = q.distance_squared(p);
        if d2 < best_d2 {
            best_d2 = d2;
            best = q;
        }
    }
    best
}

/// A common point of the polygon and a convex set when they meet (exact for the hull, the
/// radius compared squared): on an edge the set meets, or the set's first vertex when the
/// polygon holds the set.
pub(crate) fn meet_convex(polygon: &Polygon, c: &Convex<'_>) -> Option<Vec2> {
    // The box the set reaches, widened by a few ulps where a radius makes it rounded, so that
    // it never cuts off a touching contact that the squared-distance test accepts.
    let slack = |p: Vec2| (p.abs() + c.radius) * (4.0 * Real::EPSILON) + c.radius;
    let reach = c.verts().iter().fold(
        (Vec2::splat(Real::INFINITY), Vec2::splat(Real::NEG_INFINITY)),
        |(lo, hi), &p| {
            let r = if c.radius > 0.0 { slack(p) } else { Vec2::ZERO };
            (lo.min(p - r), hi.max(p + r))
        },
    );
    if !polygon.bounds_meet(reach.0, reach.1) {
        return None;
    }
    for (a, b) in edges(polygon.points()) {
        if !box_meets(a, b, reach) {
            continue;
        }
        let edge = Linear::segment(a, b);
        if meets_linear(c, &edge) {
            let cp = closest_points_linear(c, &edge);
            return Some(cp.a);
        }
    }
    let anchor = c.anchor();
    contains(polygon.points(), anchor).then_some(anchor)
}

/// Closest points of the polygon (`a`) and a convex set (`b`): distance 0 exactly when
/// [`meet_convex`] finds a common point, otherwise the best over the edges.
pub(crate) fn closest_convex(polygon: &Polygon, c: &Convex<'_>) -> ClosestPoints {
    if let Some(p) = meet_convex(polygon, c) {
        return ClosestPoints::common(p);
    }
    best_of(polygon.points(), |edge| {
        closest_points_linear(c, &edge).swapped()
    })
}

/// A common point of the polygon and a linear set when they meet (exact).
pub(crate) fn meet_linear(polygon: &Polygon, l: &Linear) -> Option<Vec2> {
    for (a, b) in edges(polygon.points()) {
        if let Some(p) = Linear::segment(a, b).meet(l) {
            return Some(p);
        }
    }
    // A segment or ray that meets no edge meets the polygon only if it lies inside.
    (l.kind != Kind::Line && contains(polygon.points(), l.origin)).then_some(l.origin)
}

/// Closest points of the polygon (`a`) and a linear set (`b`).
pub(crate) fn closest_linear(polygon: &Polygon, l: &Linear) -> ClosestPoints {
    if let Some(p) = meet_linear(polygon, l) {
        return ClosestPoints::common(p);
    }
    best_of(polygon.points(), |edge| edge.closest_points(l))
}

/// A common point of two polygons when they meet (exact): edges that meet, or one polygon
/// inside the other (then its first point is).
pub(crate) fn meet_polygon(p: &Polygon, q: &Polygon) -> Option<Vec2> {
    let (lo, hi) = q.bounds();
    if !p.bounds_meet(lo, hi) {
        return None;
    }
    for (a, b) in edges(p.points()) {
        if !box_meets(a, b, (lo, hi)) {
            continue;
        }
        let e = Linear::segment(a, b);
        for (c, d) in edges(q.points()) {
            if !box_meets(c, d, (a.min(b), a.max(b))) {
                continue;
            }
            if let Some(x) = e.meet(&Linear::segment(c, d)) {
                return Some(x);
            }
        }
    }
    let (p0, q0) = (p.points()[0], q.points()[0]);
    if contains(q.points(), p0) {
        return Some(p0);
    }
    contains(p.points(), q0).then_some(q0)
}

/// Closest points of two polygons.
pub(crate) fn closest_polygon(p: &Polygon, q: &Polygon) -> ClosestPoints {
    if let Some(x) = meet_polygon(p, q) {
        return ClosestPoints::common(x);
    }
    best_of(p.points(), |edge| {
        best_of(q.points(), |other| edge.closest_points(&other))
    })
}

/// The pair of least distance among `pair(edge)` over the polygon's edges. Pairs further
/// apart than `Real::MAX` (distance `+∞`, points finite) are compared by their points' offset
/// at a quarter, so that the closest of them is chosen as at any smaller scale.
fn best_of(points: &[Vec2], mut pair: impl FnMut(Linear) -> ClosestPoints) -> ClosestPoints {
    let mut best = ClosestPoints::NONE;
    for (a, b) in edges(points) {
        let cp = pair(Linear::segment(a, b));
        if cp.distance < best.distance
            || (cp.distance == best.distance && beyond_closer(&cp, &best))
        {
            best = cp;
        }
    }
    best
}

/// Whether `x` is a closer pair than `y`, both at distance `+∞`: by `|a − b|²` formed from the
/// quarters' offset (finite for finite points) times `4·MIN_POSITIVE`, which brings offsets
/// beyond `Real::MAX` to a few units, exactly (`y` may be [`ClosestPoints::NONE`], whose offset
/// is NaN).
#[cold]
#[inline(never)]
fn beyond_closer(x: &ClosestPoints, y: &ClosestPoints) -> bool {
    let down = |c: &ClosestPoints| {
        ((c.a * 0.25 - c.b * 0.25) * (Real::MIN_POSITIVE * 4.0)).length_squared()
    };
    x.distance == Real::INFINITY && !(down(y) <= down(x))
}

/// Whether the box of segment `ab` meets the box `(lo, hi)` (exact).
#[inline]
fn box_meets(a: Vec2, b: Vec2, (lo, hi): (Vec2, Vec2)) -> bool {
    a.max(b).cmpge(lo).all() && a.min(b).cmple(hi).all()
}

/// The two edges (by position in `points`) that make the closed chain through `points`
/// (finite, no point equal to the next, at least three) not simple, if any: two edges that
/// are not neighbours and meet, or two neighbours that fold back over each other (collinear,
/// the second turning back along the first). Exact.
///
/// Edges are swept in order of their smallest `x`, and each is tested only against those whose
/// `x` range overlaps its own (then their boxes, then exactly): about `n log n` for polygons
/// whose edges are short against their extent, `n²` at worst.
pub(crate) fn crossing_edges(points: &[Vec2]) -> Option<[usize; 2]> {
    let n = points.len();
    let edge = |i: usize| (points[i], points[(i + 1) % n]);
    let mut order: Vec<usize> = (0..n).collect();
    let min_x = |i: usize| {
        let (a, b) = edge(i);
        a.x.min(b.x)
    };
    order.sort_unstable_by(|&i, &j| min_x(i).total_cmp(&min_x(j)));
    for (k, &i) in order.iter().enumerate() {
        let (a, b) = edge(i);
        let (lo, hi) = (a.min(b), a.max(b));
        for &j in &order[k + 1..] {
            let (c, d) = edge(j);
            if c.x.min(d.x) > hi.x {
                break;
            }
            if !box_meets(c, d, (lo, hi)) {
                continue;
            }
            let bad = if (i + 1) % n == j {
                folds(a, b, d)
            } else if (j + 1) % n == i {
                folds(c, d, b)
            } else {
                Linear::segment(a, b).meets(&Linear::segment(c, d))
            };
            if bad {
                return Some([i.min(j), i.max(j)]);
            }
        }
    }
    None
}

/// Whether the edges `p → v` and `v → q` overlap beyond `v`: collinear with `q` on the same
/// side of `v` as `p` (a turn of 180°). Exact (the side is read off a coordinate of the points,
/// which lie on one line).
#[inline]
fn folds(p: Vec2, v: Vec2, q: Vec2) -> bool {
    if orient(p, v, q) != 0 {
        return false;
    }
    if p.x != v.x {
        (p.x > v.x) == (q.x > v.x)
    } else {
        (p.y > v.y) == (q.y > v.y)
    }
}

/// Whether the polygon and a convex shape meet; `false` when the shape is invalid.
#[inline]
pub(crate) fn polygon_convex_meets<S: AsConvex + ?Sized>(polygon: &Polygon, shape: &S) -> bool {
    shape
        .as_convex()
        .is_some_and(|c| meet_convex(polygon, &c).is_some())
}

/// Closest points of the polygon (`a`) and a convex shape (`b`); `NONE` when the shape is
/// invalid.
#[inline]
pub(crate) fn polygon_convex_closest_points<S: AsConvex + ?Sized>(
    polygon: &Polygon,
    shape: &S,
) -> ClosestPoints {
    shape
        .as_convex()
        .map_or(ClosestPoints::NONE, |c| closest_convex(polygon, &c))
}

/// Whether the polygon and a linear shape meet; `false` when the shape is invalid.
#[inline]
pub(crate) fn polygon_linear_meets<S: AsLinear>(polygon: &Polygon, shape: &S) -> bool {
    shape
        .as_linear()
        .is_some_and(|l| meet_linear(polygon, &l).is_some())
}

/// Closest points of the polygon (`a`) and a linear shape (`b`); `NONE` when the shape is
/// invalid.
#[inline]
pub(crate) fn polygon_linear_closest_points<S: AsLinear>(
    polygon: &Polygon,
    shape: &S,
) -> ClosestPoints {
    shape
        .as_linear()
        .map_or(ClosestPoints::NONE, |l| closest_linear(polygon, &l))
}
