//! Closest points of a point to a segment, triangle and tetrahedron, as barycentric weights
//! (Ericson, *Real-Time Collision Detection*, §5.1.2, §5.1.5, §5.1.6).
//!
//! The weights say both where the closest point is (`Σ wᵢ vᵢ`) and which feature it lies on (the
//! vertices with non-zero weight), which is what GJK needs to reduce its simplex. Degenerate
//! simplices (coincident or collinear corners, flat tetrahedra) are answered as the lower-
//! dimensional sets they are.

use crate::math::{Real, Vec3};

/// Weights `[1 - t, t]` of the point of segment `ab` closest to `p`; `[1, 0]` when `a == b`.
#[inline]
pub(crate) fn segment_weights(p: Vec3, a: Vec3, b: Vec3) -> [Real; 2] {
    let ab = b - a;
    let denom = ab.length_squared();
    let t = if denom > 0.0 {
        // max/min rather than clamp: NaN input gives t = 0, not a panic.
        ((p - a).dot(ab) / denom).max(0.0).min(1.0)
    } else {
        0.0
    };
    [1.0 - t, t]
}

/// Weights `[u, v, w]` of the point of triangle `abc` closest to `p`, by Voronoi regions
/// (Ericson §5.1.5): vertex regions, then edge regions, then the face.
///
/// The face-region tests use the signed areas `n · (x × y)` rather than Ericson's products of
/// dot products, which cancel for thin triangles. A degenerate triangle (zero area) that reaches
/// the face test is answered as the best of its three edges, that is, as the segment it is.
pub(crate) fn triangle_weights(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> [Real; 3] {
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = ab.dot(ap);
    let d2 = ac.dot(ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return [1.0, 0.0, 0.0];
    }
    let bp = p - b;
    let d3 = ab.dot(bp);
    let d4 = ac.dot(bp);
    if d3 >= 0.0 && d4 <= d3 {
        return [0.0, 1.0, 0.0];
    }
    let n = ab.cross(ac);
    let vc = n.dot(ab.cross(ap));
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let t = ratio(d1, d1 - d3);
        return [1.0 - t, t, 0.0];
    }
    let cp = p - c;
    let d5 = ab.dot(cp);
    let d6 = ac.dot(cp);
    if d6 >= 0.0 && d5 <= d6 {
        return [0.0, 0.0, 1.0];
    }
    let vb = n.dot(ap.cross(ac));
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let t = ratio(d2, d2 - d6);
        return [1.0 - t, 0.0, t];
    }
    let va = n.dot(bp.cross(cp));
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        let t = ratio(d4 - d3, (d4 - d3) + (d5 - d6));
        return [0.0, 1.0 - t, t];
    }
    let denom = va + vb + vc;
    if denom > 0.0 {
        let v = vb / denom;
        let w = vc / denom;
        return [1.0 - v - w, v, w];
    }
    degenerate_triangle_weights(p, a, b, c)
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

/// The best of the three edges, for a triangle without area.
#[cold]
fn degenerate_triangle_weights(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> [Real; 3] {
    let [ab_a, ab_b] = segment_weights(p, a, b);
    let [bc_b, bc_c] = segment_weights(p, b, c);
    let [ca_c, ca_a] = segment_weights(p, c, a);
    let candidates = [[ab_a, ab_b, 0.0], [0.0, bc_b, bc_c], [ca_a, 0.0, ca_c]];
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
    let mut outside_any = false;
    for (face, opposite) in FACES {
        let [i, j, k] = face;
        let n = (v[j] - v[i]).cross(v[k] - v[i]);
        let side_p = (p - v[i]).dot(n);
        let side_opposite = (v[opposite] - v[i]).dot(n);
        // Outside this face when p and the opposite vertex are on different sides.
        if flat || side_p * side_opposite < 0.0 {
            outside_any = true;
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
        }
    }
    if outside_any {
        return (best.0, false);
    }
    // Inside: Cramer's rule on p - a = λb ab + λc ac + λd ad.
    let ap = p - a;
    let lb = ap.dot(ac.cross(ad)) / volume;
    let lc = ab.dot(ap.cross(ad)) / volume;
    let ld = ab.dot(ac.cross(ap)) / volume;
    ([1.0 - lb - lc - ld, lb, lc, ld], true)
}
