//! Contact of two triangles.

use crate::math::{Real, Vec3};
use crate::query::algo::least_overlap::{AxisSearch, NoFeature, unit_axis};
use crate::query::algo::scale::rescale;
use crate::query::contact::{common_point, degenerate_segment, precedes};
use crate::query::{Contact, ContactInfo, Distance, Intersects};
use crate::shape::{Capsule, Segment, Triangle};

impl Contact<Triangle> for Triangle {
    /// The triangles as flat two-sided solids: the least overlap over both normals and the nine
    /// edge–edge cross products (normals preferred unless an edge axis is clearly smaller),
    /// normal from `other` towards `self`; coplanar overlapping triangles have depth 0 along the
    /// normal. The point is the average of the points where an edge of one meets the other (the
    /// middle of the segment where they cross; inside their common polygon when coplanar). Overlap is decided by the exact test of `intersects`; touching gives depth
    /// 0. A degenerate triangle is the segment or point it is: against a proper triangle by the
    /// same axes (the normal and its edge crossed with the triangle's edges); two degenerate ones
    /// as capsule cores of radius 0 (depth 0 where they cross). Computed in one fixed order of the
    /// pair, so swapping them flips the normal exactly. `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        if precedes(key(other), key(self)) {
            return ordered(other, self).map(|c| ContactInfo {
                normal: -c.normal,
                ..c
            });
        }
        ordered(self, other)
    }
}

fn key(t: &Triangle) -> [Real; 9] {
    let [a, b, c] = t.vertices();
    [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]
}

fn core(t: &Triangle) -> Capsule {
    let s = degenerate_segment(t.vertices());
    Capsule::new(s.a, s.b, 0.0)
}

fn ordered(a: &Triangle, b: &Triangle) -> Option<ContactInfo> {
    let (na, nb) = (a.normal(), b.normal());
    if na.is_none() && nb.is_none() {
        return core(a).contact(&core(b));
    }
    if !a.intersects(b) {
        return None;
    }
    // A degenerate triangle takes part as its segment (or point).
    let corners = |t: &Triangle, n: Option<Vec3>| {
        let s = degenerate_segment(t.vertices());
        n.map_or([s.a, s.b, s.b], |_| t.vertices())
    };
    let (ca, cb) = (corners(a, na), corners(b, nb));
    let (pa, pb) = (
        &ca[..if na.is_some() { 3 } else { 2 }],
        &cb[..if nb.is_some() { 3 } else { 2 }],
    );
    let fallback = na.or(nb).unwrap_or(Vec3::Y);
    let (normal, depth) = flat_axis(pa, na, pb, nb, fallback);
    let point = common_of_edges(a, b).unwrap_or_else(|| common_point(a, b));
    Some(ContactInfo {
        point,
        normal: if normal.is_finite() { normal } else { Vec3::Y },
        depth,
    })
}

/// The average of the points where an edge of one triangle meets the other (within rounding):
/// the ends of the segment where they cross, or the corners of their common polygon when
/// coplanar, each a point of both; `None` when rounding leaves no edge touching.
fn common_of_edges(a: &Triangle, b: &Triangle) -> Option<Vec3> {
    let [p, q, r] = a.vertices();
    let [u, w, x] = b.vertices();
    let tolerance = crate::math::on_set_tolerance([p, q, r, u, w, x]);
    let (mut sum, mut count) = (Vec3::ZERO, 0.0);
    for (edges, other) in [([p, q, r], b), ([u, w, x], a)] {
        for i in 0..3 {
            let edge = Segment::new(edges[i], edges[(i + 1) % 3]);
            let cp = other.closest_points(&edge);
            if cp.distance <= tolerance {
                sum += (cp.a + cp.b) * 0.5;
                count += 1.0;
            }
        }
    }
    (count > 0.0).then(|| sum / count)
}

/// The least-overlap axis of two flat convex sets that meet, each given by its corners (a
/// triangle's three, a segment's two) and its unit normal when it is a proper triangle: the
/// normals and the cross products of every edge of one with every edge of the other (the
/// complete separating-axis set of two triangles, or of a triangle and a segment), normals
/// preferred. `(normal from b towards a, depth)`; depth 0 along the first separating axis when
/// only rounding separates them, or along `fallback` when there is no axis at all.
// Algorithm:
// 1. Face axes: the proper triangles' normals.
// 2. Edge axes: every edge of `a` crossed with every edge of `b` (a segment has one edge),
//    nearly parallel pairs skipped (relative to the pair's own lengths), each with the rounding
//    noise of its overlap (it grows with the pair's lengths and as the cross product shortens).
// 3. The least overlap over them, normals preferred unless an edge axis is clearly smaller;
//    the projections come from the corners, so a sliver whose normal is rounding noise is
//    still pushed apart.
// 4. An axis that separates (the caller's exact test found the sets meeting: only rounding
//    separates them) gives depth 0 along it; no axis at all gives `fallback`.
fn flat_axis(
    a: &[Vec3],
    na: Option<Vec3>,
    b: &[Vec3],
    nb: Option<Vec3>,
    fallback: Vec3,
) -> (Vec3, Real) {
    let interval = |pts: &[Vec3], l: Vec3| {
        pts.iter()
            .map(|p| p.dot(l))
            .fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            })
    };
    let mut search = AxisSearch::new();
    for n in [na, nb].into_iter().flatten() {
        search.axis(n, interval(a, n), interval(b, n), true, NoFeature);
    }
    let edges = |t: &[Vec3]| {
        let mut e = [Vec3::ZERO; 3];
        let k = if t.len() == 2 { 1 } else { t.len() };
        for (i, slot) in e.iter_mut().enumerate().take(k) {
            *slot = t[(i + 1) % t.len()] - t[i];
        }
        (e, k)
    };
    let ((ea, ka), (eb, kb)) = (edges(a), edges(b));
    let scale = a
        .iter()
        .chain(b.iter())
        .map(|p| p.abs().max_element())
        .fold(0.0, Real::max);
    for x in &ea[..ka] {
        for y in &eb[..kb] {
            // Measured against the pair's own lengths: `x × y` carries rounding of `ε |x| |y|`,
            // so the axis's direction is off by about `ε |x| |y| / |x × y|` (the projections'
            // noise below, with their own rounding of `ε · scale`). The longest edge of either
            // triangle in place of `|x| |y|` rejected a unit edge against a 4096-long one as
            // "nearly parallel" though they were square (issue 24: a least push of 0.0625 came
            // out 1 along a face normal).
            let xy = x.length_squared() * y.length_squared();
            if let Some((l, len)) = unit_axis(x.cross(*y), xy) {
                let noise = 4.0 * Real::EPSILON * scale * crate::ops::sqrt(xy) / len;
                search.axis_with_noise(l, interval(a, l), interval(b, l), Some(noise), NoFeature);
            }
        }
    }
    search
        .result(|| true, NoFeature)
        .map_or((fallback, 0.0), |best| (best.normal, best.depth))
}
