//! Rays in the triangle's plane, triangles without area, and the hit's steady barycentric
//! coordinates and facing normal (see the parent module); and the overlap test of a line, ray
//! or segment with a triangle built on them.

use crate::math::{Real, Vec3, on_set_tolerance};
use crate::query::algo::linear::{Linear, closest_parameters};
use crate::query::algo::scale::{in_window, ldexp_vec, normalized_direction, normalizing_exponent};
use crate::query::raycast::segment::first_on_line;
use crate::query::raycast::triangle_exact::exact_verdict;
use crate::query::raycast::{Clip, unit_or_against};
use crate::query::{PointQuery, TriangleHit};
use crate::shape::{Line, Plane, Ray, Segment, Triangle};

use super::grazing::GRAZING_COSINE;
use super::watertight::{Verdict, watertight};

/// `hit` with `u`, `v` taken from its point when the ray runs nearly in the triangle's plane
/// (within about 1e-3 rad): the sheared triangle of the watertight test is then nearly flat and
/// its edge functions, though right in sign, carry errors far above their size, so `u`, `v`
/// from them can be off by percents (seen: 0.4 for 0.42). The point's barycentric coordinates,
/// clamped into the triangle, describe the same hit. Other hits are returned unchanged. `n` is
/// the triangle's `scaled_normal`.
#[inline]
pub(crate) fn steady_barycentric(
    corners: [Vec3; 3],
    n: Vec3,
    origin: Vec3,
    dir: Vec3,
    hit: TriangleHit,
) -> TriangleHit {
    let [a, b, c] = corners;
    let nd = n.dot(dir);
    if nd * nd >= 1e-6 * n.length_squared() * dir.length_squared() {
        return hit;
    }
    let Some([u, v]) = clamped_weights(&Triangle::new(a, b, c), origin + dir * hit.t) else {
        return hit;
    };
    TriangleHit { t: hit.t, u, v }
}

/// The weights `[u, v]` of corners `b` and `c` of a point in the triangle's plane, clamped into
/// the triangle (rounding leaves a point on an edge a hair outside); `None` for a triangle
/// without area.
#[inline]
pub(super) fn clamped_weights(tri: &Triangle, p: Vec3) -> Option<[Real; 2]> {
    let w = tri.barycentric(p)?.max(Vec3::ZERO);
    let sum = w.x + w.y + w.z;
    (sum > 0.0).then(|| [w.y / sum, w.z / sum])
}

/// The unit normal of a non-degenerate triangle (`scaled_normal` `n`) facing the side `dir` comes
/// from; the unit vector against `dir` for a triangle without one (see [`unit_or_against`]:
/// no closure taking the ray's address).
#[inline]
pub(super) fn facing_normal(n: Vec3, dir: Vec3) -> Vec3 {
    let n = unit_or_against(n, dir);
    if n.dot(dir) > 0.0 { -n } else { n }
}

/// [`face_normal`]'s bound: a sine of 8 ulps, squared (exact: a power of two).
pub(crate) const FLAT_SINE_SQUARED: Real = (8.0 * Real::EPSILON) * (8.0 * Real::EPSILON);

/// The triangle's normal where it has area within rounding, `None` where it has none (a
/// segment or a point, cast against as that in [`in_plane`]); `n` is its `scaled_normal`,
/// which is returned when its direction is clear: the sine of the angle at `a` at least 8 ulps
/// (as in `Plane::from_points`), the rounded cross product then right to an eighth.
///
/// Otherwise [`sharpest_normal`] decides, at the corner opposite the longest side: a needle
/// whose sharp tip is `a` (a triangle 3e9 long and 10 wide, its angle at `a` 4.6e-9) has the
/// noise of `ab × ac` (a relative ε / sin) for its normal there, and was cast against as its
/// longest side, missing rays through its body at one scale and meeting them at a wrong `t`
/// at another (issue 24, `regressions::needle_triangle_cast`). A flat triangle's edge functions
/// are noise too (their signs can agree on a ray that misses, or disagree on one that crosses
/// the segment the triangle is), so it is cast against as that segment before the watertight
/// test, not after it.
#[inline]
pub(super) fn face_normal(tri: &Triangle, n: Vec3) -> Option<Vec3> {
    let (ab, ac) = (tri.b - tri.a, tri.c - tri.a);
    // The test is of the triangle's shape alone, so it may run at the triangle's own scale:
    // there when its edges lie outside the window (a triangle 1e-12 across beside a line whose
    // origin the rescaling brought to 1.7 had `|n|²` underflow to 0 and was flat, and the line
    // 3.7e7 from a triangle 8 across met it at every scale above 2²⁴, issue 24,
    // `regressions::small_triangle_far_line`).
    let m = ab.abs().max(ac.abs()).max_element();
    if in_window(m)
        && n.length_squared() > FLAT_SINE_SQUARED * ab.length_squared() * ac.length_squared()
    {
        return Some(n);
    }
    sharpest_normal(tri)
}

/// [`face_normal`]'s rare half: the cross product of the two shorter sides (at the corner
/// opposite the longest, whose sine is the triangle's largest), at the triangle's own scale
/// (its largest side in `[1, 2)` by a power of two), with the orientation of `ab × ac`; `None`
/// where that sine is below 8 ulps, or the triangle is a point or not finite. A normal of a
/// triangle outside the window, whose own `|n|²` may underflow (a triangle 1e-18 across beside
/// a ray origin at 1.4 had `n = 0`, and [`in_plane`] took every origin as on its plane and
/// every edge as passed: a ray from 1.9e11 away hit at `t = 0`, issue 24,
/// `regressions::tiny_triangle_far_ray`), is scaled by the same power of two.
#[cold]
#[inline(never)]
fn sharpest_normal(tri: &Triangle) -> Option<Vec3> {
    let edges = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c];
    let m = edges.map(|e| e.abs().max_element());
    let m = m[0].max(m[1]).max(m[2]);
    if !(m > 0.0 && m < Real::INFINITY) {
        return None;
    }
    let k = normalizing_exponent(m);
    let [ab, bc, ca] = edges.map(|e| ldexp_vec(e, k));
    let [lab, lbc, lca] = [ab, bc, ca].map(Vec3::length_squared);
    // (b − a) × (c − a) = (c − b) × (a − b) = (a − c) × (b − c): at c, a or b.
    let (n, p, q) = if lab >= lbc && lab >= lca {
        (bc.cross(ca), lbc, lca)
    } else if lbc >= lca {
        (ca.cross(ab), lca, lab)
    } else {
        (ab.cross(bc), lab, lbc)
    };
    (n.length_squared() > FLAT_SINE_SQUARED * p * q).then_some(n)
}

/// The first point of the triangle along `origin + t dir`, `t` in `[lo, hi]`, for a ray the
/// watertight test found parallel to the triangle's plane (`det = 0`): clipped against the
/// three edges in the plane when the ray lies in it (within `on_set_tolerance`), the closest
/// point to the segment a triangle without area is, with the weights `[u, v]` of corners `b`
/// and `c` of that point on the segment (a triangle with area leaves them to its
/// barycentric coordinates: `None`). `None` when they do not meet.
///
/// With `widened`, the edges are moved out by the same tolerance (an overlap test, where a line
/// through a corner or along an edge must touch in every corner order: the clip at a corner
/// otherwise rounds either way, issue 24); a cast keeps the exact edges, whose entry `t` it
/// reports.
#[cold]
pub(super) fn in_plane(
    tri: &Triangle,
    origin: Vec3,
    dir: Vec3,
    (lo, hi): (Real, Real),
    widened: bool,
) -> Option<(Real, Option<[Real; 2]>)> {
    let tolerance = on_set_tolerance([origin, tri.a, tri.b, tri.c]);
    if let Some(n) = face_normal(tri, tri.scaled_normal()) {
        let t = clip_in_plane(tri, n, origin, dir, (lo, hi), widened, tolerance)?;
        // The clip's point is on the triangle up to a few tolerances (the origin's distance
        // from the plane, the ray's drift off it within the grazing cosine, the widening), but
        // not for a sliver whose two long edges are parallel to within the rounding of the
        // clip's products, and not for a ray that crosses the plane though `det` cancelled to
        // 0 on such a sliver: their `t` is noise (a ray 5.25 from a triangle 1.9e11 long and
        // 3.7e-19 wide entered it 2e12 beyond its far corner at one scale and at the origin at
        // another, issue 24, `regressions::sliver_in_plane_clip`). Such a triangle is within
        // rounding the segment it nearly is, and is cast against as that.
        let p = origin + dir * t;
        let near = on_set_tolerance([p, origin, tri.a, tri.b, tri.c]);
        if tri.distance_to_point(p) <= 4.0 * near {
            return Some((t, None));
        }
    }
    // A segment or a point: the longest edge covers the three corners. With it, the weights of
    // b and c of its point at parameter t: on ab, a + t (b − a); on bc, a + (1 − t)(b − a) +
    // t (c − a); on ca, a + (1 − t)(c − a).
    let [ab, bc, ca] = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c].map(Vec3::length_squared);
    let (segment, weights): (Segment, fn(Real) -> [Real; 2]) = if ab >= bc && ab >= ca {
        (Segment::new(tri.a, tri.b), |t| [t, 0.0])
    } else if bc >= ca {
        (Segment::new(tri.b, tri.c), |t| [1.0 - t, t])
    } else {
        (Segment::new(tri.c, tri.a), |t| [0.0, 1.0 - t])
    };
    // [0, hi]: as the segment from the origin to the point at hi, unless that point lies
    // beyond the float range (a direction of 2.5 and `hi = Real::MAX`: the segment's direction
    // became infinite and its points NaN, and a ray through the segment's end missed at one
    // scale and hit at another, issue 24, `regressions::segment_triangle_long_cast`); then as
    // the ray, whose parameter is checked against hi below.
    let end = origin + dir * hi;
    let linear = if lo == Real::NEG_INFINITY {
        Linear::line(&Line::new(origin, dir))
    } else if hi == Real::INFINITY || !end.is_finite() {
        Linear::ray(&Ray::new(origin, dir))
    } else {
        Linear::segment(&Segment::new(origin, end))
    };
    let (s, t) = closest_parameters(&linear, &Linear::segment(&segment));
    let on_linear = linear.at(s);
    let tolerance = on_set_tolerance([on_linear, segment.a, segment.b, origin]);
    if !(on_linear.distance(segment.point_at(t)) <= tolerance) {
        return None;
    }
    let at = if hi.is_finite() && lo == 0.0 && end.is_finite() {
        s * hi
    } else {
        s
    };
    if !(at <= hi) {
        return None;
    }
    // A segment lying along the line has a closest pair anywhere on their overlap (its far
    // end, seen: a ray from z = 11 down a segment from z = 5 to 7 was hit at z = 5): the piece
    // starts at whichever end lies on the line first (the range's start when an end lies
    // before it), as `Segment`'s cast takes it.
    let first = first_on_line(origin, dir, [segment.a, segment.b], lo, at);
    if first < at {
        let u = Linear::segment(&segment).project(origin + dir * first);
        return Some((first, Some(weights(u))));
    }
    Some((at, Some(weights(t))))
}

/// [`in_plane`]'s clip of `origin + t dir` against the triangle with area (normal `n`):
/// `None` unless the origin lies on its plane within `tolerance` and the clipped interval is
/// not empty; otherwise its entry `t`.
fn clip_in_plane(
    tri: &Triangle,
    n: Vec3,
    origin: Vec3,
    dir: Vec3,
    (lo, hi): (Real, Real),
    widened: bool,
    tolerance: Real,
) -> Option<Real> {
    // n brought to a largest coordinate in [1, 2) by a power of two, which changes no answer:
    // the squared lengths of n and of the edges' outward normals `(q − p) × n` overflowed for
    // a triangle 7e6 across in `f32` (issue 24: the slack became infinite and every clip
    // passed, so a ray 4441 away "met" it at one scale and not at 4⁻³).
    let (n, _) = normalized_direction(n);
    let nn = n.length_squared();
    // The origin on the plane (distance n·(o − a) / |n|), then the edges' half-planes.
    let s = n.dot(origin - tri.a);
    if !(s * s <= tolerance * tolerance * nn) {
        return None;
    }
    let mut clip = Clip::new(lo, hi);
    for (i, (p, q)) in [(tri.a, tri.b), (tri.b, tri.c), (tri.c, tri.a)]
        .into_iter()
        .enumerate()
    {
        let outward = (q - p).cross(n);
        let slack = if widened {
            tolerance * crate::ops::sqrt(outward.length_squared())
        } else {
            0.0
        };
        let edge = Plane {
            normal: outward,
            d: outward.dot(p) + slack,
        };
        if !clip.clip(i, &edge, origin, dir) {
            return None;
        }
    }
    Some(clip.lo)
}

/// Whether the line, ray or segment `p` meets the triangle (both valid): the watertight test
/// with the parameter interval, in-plane and degenerate cases as in a cast; a zero-length
/// segment by point containment.
#[inline]
pub(crate) fn linear_meets_triangle(p: &Linear, tri: &Triangle) -> bool {
    if p.dir == Vec3::ZERO {
        return tri.contains_point(p.origin);
    }
    let Some(n) = face_normal(tri, tri.scaled_normal()) else {
        return in_plane(tri, p.origin, p.dir, (p.lo, p.hi), true).is_some();
    };
    // Edge functions within their rounding of 0, or a sum of them rounded to 0, are decided by
    // exact signs (issue 24), on this path only: the ray casts and the mesh's leaves keep the
    // watertight test as it is.
    let sheared = watertight(tri, p.origin, p.dir);
    let verdict = exact_verdict(&sheared, tri, p)
        .unwrap_or_else(|| sheared.verdict_normal(p.lo, p.hi, false, p.dir, || n));
    match verdict {
        Verdict::Crossing => true,
        Verdict::InPlane => in_plane(tri, p.origin, p.dir, (p.lo, p.hi), true).is_some(),
        // A line in the plane within rounding has edge functions that are all rounding noise,
        // whose signs may disagree as well as agree: a segment along an edge was a miss in some
        // corner orders and a hit in others (issue 24). It is decided in the plane either way.
        // And an end exactly on the triangle (a segment ending at a corner) puts the line
        // through a corner or an edge, where one triangle's edge functions may round to a miss,
        // or `T / det` on the range's bound, where the order of `T`'s sum decides: such an end
        // is on the triangle within `on_set_tolerance`.
        Verdict::Miss => {
            (along_plane(tri, p.dir)
                && in_plane(tri, p.origin, p.dir, (p.lo, p.hi), true).is_some())
                || (p.lo.is_finite() && end_on(tri, p.at(p.lo)))
                || (p.hi.is_finite() && end_on(tri, p.at(p.hi)))
        }
    }
}

/// Whether the end `x` of a segment or ray lies on the triangle within `on_set_tolerance`: its
/// bounding box grown by that tolerance first, which most misses fail.
#[inline]
pub(super) fn end_on(tri: &Triangle, x: Vec3) -> bool {
    let tolerance = on_set_tolerance([x, tri.a, tri.b, tri.c]);
    let lo = tri.a.min(tri.b).min(tri.c) - Vec3::splat(tolerance);
    let hi = tri.a.max(tri.b).max(tri.c) + Vec3::splat(tolerance);
    x.cmpge(lo).all() && x.cmple(hi).all() && tri.contains_point(x)
}

/// Whether `dir` may lie in the triangle's plane as far as the rounded normal can tell:
/// `|n · dir|` within the rounding of `n = ab × ac`, which is about ε `|ab| |ac|` whatever the
/// triangle's shape (so wider than [`grazing`]'s cosine for thin triangles, whose normal's
/// direction is off by ε over the sine of their angle). Bounded with the largest coordinates
/// (each length at most √3 of it), which needs no squares and no square root.
#[inline]
pub(super) fn along_plane(tri: &Triangle, dir: Vec3) -> bool {
    let (ab, ac) = (tri.b - tri.a, tri.c - tri.a);
    let bound = (3.0 * GRAZING_COSINE)
        * ab.abs().max_element()
        * ac.abs().max_element()
        * dir.abs().max_element();
    ab.cross(ac).dot(dir).abs() <= bound
}
