//! Closest points of a point to a segment, triangle and tetrahedron, as barycentric weights
//! (Ericson, *Real-Time Collision Detection*, §5.1.2, §5.1.5, §5.1.6).
//!
//! The weights say both where the closest point is (`Σ wᵢ vᵢ`) and which feature it lies on (the
//! vertices with non-zero weight), which is what GJK needs to reduce its simplex. Degenerate
//! simplices (coincident or collinear corners, flat tetrahedra) are answered as the lower-
//! dimensional sets they are.

use crate::math::{Real, Vec3};

/// Weights `[1 - t, t]` of the point of segment `ab` closest to `p`; `[1, 0]` when `a == b`.
///
/// The end regions are decided before dividing (Ericson §5.1.2), so the common cases cost no
/// division and the ends come out exactly.
#[inline]
pub(crate) fn segment_weights(p: Vec3, a: Vec3, b: Vec3) -> [Real; 2] {
    let ab = b - a;
    let t = (p - a).dot(ab);
    // `!(t > 0)`: NaN input gives the first end, not a panic.
    if !(t > 0.0) {
        return [1.0, 0.0];
    }
    let dd = ab.length_squared();
    if t >= dd {
        return [0.0, 1.0];
    }
    let t = t / dd;
    [1.0 - t, t]
}

/// The point of segment `ab` closest to `p`: `a` or `b` exactly in their regions, else the
/// projection (Ericson §5.1.2). Coordinates whose squares overflow are scaled first.
#[inline]
pub(crate) fn closest_on_segment(p: Vec3, a: Vec3, b: Vec3) -> Vec3 {
    let ab = b - a;
    let t = (p - a).dot(ab);
    if !(t > 0.0) {
        return a;
    }
    let dd = ab.length_squared();
    if t >= dd {
        return if dd.is_finite() {
            b
        } else {
            closest_on_huge_segment(p, a, ab)
        };
    }
    a + ab * (t / dd)
}

/// [`closest_on_segment`] for a segment whose squared length or `(p − a) · ab` overflows: the
/// same projection with `ab` scaled down by its largest coordinate.
#[cold]
fn closest_on_huge_segment(p: Vec3, a: Vec3, ab: Vec3) -> Vec3 {
    let (unit, k) = crate::query::algo::scale::normalized_direction(ab);
    let t = crate::query::algo::scale::ldexp_vec(p - a, k).dot(unit) / unit.length_squared();
    a + ab * t.max(0.0).min(1.0)
}

/// Weights `[u, v, w]` of the point of triangle `abc` closest to `p`, by Voronoi regions
/// (Ericson §5.1.5): vertex regions, then edge regions, then the face.
///
/// The face-region tests use the signed areas `n · (x × y)` rather than Ericson's products of
/// dot products, which cancel for thin triangles. A degenerate triangle (zero area, or within
/// rounding of it) is answered as the best of its three edges, that is, as the segment it is.
pub(crate) fn triangle_weights(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> [Real; 3] {
    triangle_region(p, a, b, c).0
}

/// [`triangle_weights`], and whether `p` is in the face region (its projection onto the plane
/// lies inside the triangle), where the weights are those of that projection.
pub(crate) fn triangle_region(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> ([Real; 3], bool) {
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = ab.dot(ap);
    let d2 = ac.dot(ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return ([1.0, 0.0, 0.0], false);
    }
    let bp = p - b;
    let d3 = ab.dot(bp);
    let d4 = ac.dot(bp);
    if d3 >= 0.0 && d4 <= d3 {
        return ([0.0, 1.0, 0.0], false);
    }
    let n = ab.cross(ac);
    // A normal within rounding of zero (the sine of the angle at a below 8 ulps, as in
    // `Plane::from_points`) has a direction of noise, and so have the signed areas that the
    // edge and face tests use: such a triangle is a segment to within rounding, and answered
    // as one.
    let flat = !(n.length_squared()
        > (8.0 * Real::EPSILON)
            * (8.0 * Real::EPSILON)
            * ab.length_squared()
            * ac.length_squared());
    if flat {
        return (degenerate_triangle_weights(p, a, b, c), false);
    }
    let vc = n.dot(ab.cross(ap));
    // `d1 > d3` (|ab|² > 0): when a == b every term is 0 and the test would pass for any p.
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 > d3 {
        let t = ratio(d1, d1 - d3);
        return ([1.0 - t, t, 0.0], false);
    }
    let cp = p - c;
    let d5 = ab.dot(cp);
    let d6 = ac.dot(cp);
    if d6 >= 0.0 && d5 <= d6 {
        return ([0.0, 0.0, 1.0], false);
    }
    let vb = n.dot(ap.cross(ac));
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let t = ratio(d2, d2 - d6);
        return ([1.0 - t, 0.0, t], false);
    }
    let va = n.dot(bp.cross(cp));
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        let t = ratio(d4 - d3, (d4 - d3) + (d5 - d6));
        return ([0.0, 1.0 - t, t], false);
    }
    let denom = va + vb + vc;
    if denom > 0.0 {
        let v = vb / denom;
        let w = vc / denom;
        return ([1.0 - v - w, v, w], true);
    }
    (degenerate_triangle_weights(p, a, b, c), false)
}

/// `num / den` in `[0, 1]`, or 0 when `den` is 0 (a zero-length edge).
#[inline]
fn ratio(num: Real, den: Real) -> Real {
    if den > 0.0 {
        (num / den).max(0.0).min(1.0)
    } else {
        0.0
    }
}

/// The best of the three edges, for a triangle without area; the longest edge first, so that
/// it wins ties. It spans the other two corners (they lie on it within rounding), and its answer
/// is the well-conditioned one: where p is nearly square to the triangle's line near a corner,
/// a zero-length edge's answer (the corner) is as near to rounding but 1e-3 away along the line.
#[cold]
fn degenerate_triangle_weights(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> [Real; 3] {
    let [ab_a, ab_b] = segment_weights(p, a, b);
    let [bc_b, bc_c] = segment_weights(p, b, c);
    let [ca_c, ca_a] = segment_weights(p, c, a);
    let mut candidates = [
        ([ab_a, ab_b, 0.0], a.distance_squared(b)),
        ([0.0, bc_b, bc_c], b.distance_squared(c)),
        ([ca_a, 0.0, ca_c], c.distance_squared(a)),
    ];
    // Longest first (a total order; `sort_unstable_by` is in core, for builds without alloc).
    candidates.sort_unstable_by(|x, y| y.1.total_cmp(&x.1));
    let candidates = candidates.map(|(w, _)| w);
    let mut best = candidates[0];
    let mut best_d2 = Real::INFINITY;
    for w in candidates {
        let d2 = (a * w[0] + b * w[1] + c * w[2]).distance_squared(p);
        if d2 < best_d2 {
            best_d2 = d2;
            best = w;
        }
    }
    best
}

/// Weights of the point of tetrahedron `v` closest to `p` (Ericson §5.1.6), and whether `p` is
/// inside it (all four weights then come from the signed volumes and are `>= 0`).
///
/// A flat tetrahedron (volume within rounding of 0) never reports `p` inside: it is answered as
/// the best of its four faces.
pub(crate) fn tetrahedron_weights(p: Vec3, v: [Vec3; 4]) -> ([Real; 4], bool) {
    let [a, b, c, d] = v;
    let ab = b - a;
    let ac = c - a;
    let ad = d - a;
    let volume = ab.dot(ac.cross(ad));
    let scale = ab.length() * ac.length() * ad.length();
    let flat = !(volume.abs() > 16.0 * Real::EPSILON * scale);

    // Each face with the index of the vertex opposite it.
    const FACES: [([usize; 3], usize); 4] = [
        ([0, 1, 2], 3),
        ([0, 2, 3], 1),
        ([0, 3, 1], 2),
        ([1, 3, 2], 0),
    ];
    let mut best = ([0.0; 4], Real::INFINITY);
    // Keeps the face's closest point if it is the closest so far.
    let mut consider = |[i, j, k]: [usize; 3]| {
        let w = triangle_weights(p, v[i], v[j], v[k]);
        let q = v[i] * w[0] + v[j] * w[1] + v[k] * w[2];
        let d2 = q.distance_squared(p);
        if d2 < best.1 {
            let mut weights = [0.0; 4];
            weights[i] = w[0];
            weights[j] = w[1];
            weights[k] = w[2];
            best = (weights, d2);
        }
    };
    let mut outside_any = false;
    for (face, opposite) in FACES {
        let [i, j, k] = face;
        let n = (v[j] - v[i]).cross(v[k] - v[i]);
        let side_p = (p - v[i]).dot(n);
        let side_opposite = (v[opposite] - v[i]).dot(n);
        // Outside this face when p and the opposite vertex are on different sides.
        if flat || side_p * side_opposite < 0.0 {
            outside_any = true;
            consider(face);
        }
    }
    if !outside_any {
        // Inside: Cramer's rule on p - a = λb ab + λc ac + λd ad.
        let ap = p - a;
        let lb = ap.dot(ac.cross(ad)) / volume;
        let lc = ab.dot(ap.cross(ad)) / volume;
        let ld = ab.dot(ac.cross(ap)) / volume;
        let weights = [1.0 - lb - lc - ld, lb, lc, ld];
        if weights.iter().all(|&w| w >= 0.0) {
            return (weights, true);
        }
        // The face tests and the volumes disagree: in a thin tetrahedron (a sliver beside a
        // long edge, as GJK builds on curved shapes) the face normals' signs are rounding noise.
        // Not reliably inside: answer with the closest face.
        for (face, _) in FACES {
            consider(face);
        }
    }
    (best.0, false)
}
