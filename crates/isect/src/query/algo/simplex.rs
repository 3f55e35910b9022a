//! Closest points of a point to a segment, triangle and tetrahedron, as barycentric weights
//! (Ericson, *Real-Time Collision Detection*, §5.1.2, §5.1.5, §5.1.6).
//!
//! The weights say both where the closest point is (`Σ wᵢ vᵢ`) and which feature it lies on (the
//! vertices with non-zero weight), which is what GJK needs to reduce its simplex. Degenerate
//! simplices (coincident or collinear corners, flat tetrahedra) are answered as the lower-
//! dimensional sets they are.

use crate::math::{Real, Vec3};
use crate::query::algo::simplex_flat::{degenerate_triangle_weights, flat_weights};
pub(crate) use crate::query::algo::simplex_tetrahedron::tetrahedron_weights;

/// Weights `[u, t]` (`u + t = 1`) of the point of segment `ab` closest to `p`, from `ap = p − a`,
/// `bp = p − b` and `ab = b − a`; `[1, 0]` when `ab` is zero.
///
/// The end regions are decided before dividing (Ericson §5.1.2), so the common cases cost no
/// division and the ends come out exactly. Each weight is its own end's projection over the
/// length (`u = (b − p) · ab / |ab|²`), not `1 − t`: a point that projects within rounding of
/// `|ab|²` of `b` (a point 4.7 beside the end of an edge 4e5 long) keeps its small weight on `a`,
/// where `1 − t` rounded it to 0 and GJK stopped at the end `b`, 4.7 from a hull's own corner
/// at `p` (issue 24, `regressions::segment_weight_near_an_end`).
#[inline]
pub(crate) fn segment_weights(ap: Vec3, bp: Vec3, ab: Vec3) -> [Real; 2] {
    let t = ap.dot(ab);
    // `!(t > 0)`: NaN input gives the first end, not a panic.
    if !(t > 0.0) {
        return [1.0, 0.0];
    }
    let u = -bp.dot(ab);
    if !(u > 0.0) {
        return [0.0, 1.0];
    }
    split(u, t)
}

/// `[x, y] / (x + y)` for `x, y > 0`, each as its own quotient (so a small one keeps its
/// relative precision), clamped to `[0, 1]`.
#[inline]
fn split(x: Real, y: Real) -> [Real; 2] {
    let sum = x + y;
    [(x / sum).min(1.0), (y / sum).min(1.0)]
}

/// The point of segment `ab` closest to `p`: `a` or `b` exactly in their regions, else the
/// projection (Ericson §5.1.2). A segment whose squared length leaves
/// [`SQUARES`](crate::query::algo::scale::SQUARES) is projected along its direction scaled first.
#[inline]
pub(crate) fn closest_on_segment(p: Vec3, a: Vec3, b: Vec3) -> Vec3 {
    let ab = b - a;
    let dd = ab.length_squared();
    if !crate::query::algo::scale::in_squares(dd) {
        // A point segment (a zero-length capsule: a sphere) stays on the hot path.
        return if ab == Vec3::ZERO {
            a
        } else {
            closest_on_scaled_segment(p, a, b)
        };
    }
    let t = (p - a).dot(ab);
    if !(t > 0.0) {
        return a;
    }
    if t >= dd {
        return b;
    }
    a + ab * (t / dd)
}

/// [`closest_on_segment`] for a segment whose squared length overflows or underflows: the
/// projection onto `ab · 2ᵏ` (largest coordinate in `[1, 2)`), whose parameter times `2ᵏ` is
/// the one along `ab`. A core `1e-25` long beside a radius that rescaling brings to 1 squared to
/// 0, and its end was taken for the closest point (issue 24,
/// `regressions::tiny_core_offset_normal`).
#[cold]
fn closest_on_scaled_segment(p: Vec3, a: Vec3, b: Vec3) -> Vec3 {
    use crate::query::algo::scale::{ldexp, normalized_direction};
    let ab = b - a;
    let (unit, k) = normalized_direction(ab);
    // `(p − a) · unit` rather than `(p − a) · 2ᵏ` first: the offset of a point 1 away from a
    // core `2⁻¹⁴⁰` long would overflow. NaN (invalid input) gives `a`.
    let s = (p - a).dot(unit) / unit.length_squared();
    if !(s > 0.0) {
        return a;
    }
    let t = ldexp(s, k);
    if t >= 1.0 { b } else { a + ab * t }
}

/// A triangle `abc` seen from a point `p`: the offsets `p − a`, `p − b`, `p − c` and the edges
/// `b − a`, `c − a`.
///
/// Given rather than computed from the corners, so that GJK can give the edges of a simplex far
/// from the origin as differences of the shapes' own points: a corner of `A − B` at distance `D`
/// carries rounding of `ε D`, and so would an edge computed from two of them, where the shapes'
/// points give it to `ε L` (`L` the edge's length). The offsets carry `ε D` whatever is done.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TriangleFrom {
    pub(crate) ap: Vec3,
    pub(crate) bp: Vec3,
    pub(crate) cp: Vec3,
    pub(crate) ab: Vec3,
    pub(crate) ac: Vec3,
}

impl TriangleFrom {
    /// The triangle `abc` seen from `p`.
    #[inline]
    pub(crate) fn points(p: Vec3, a: Vec3, b: Vec3, c: Vec3) -> Self {
        Self {
            ap: p - a,
            bp: p - b,
            cp: p - c,
            ab: b - a,
            ac: c - a,
        }
    }
}

/// Weights `[u, v, w]` of the point of triangle `abc` closest to `p`, by Voronoi regions
/// (Ericson §5.1.5): vertex regions, then edge regions, then the face; and whether `p` is in the
/// face region (its projection onto the plane lies inside the triangle), where the weights are
/// those of that projection.
///
/// The face-region tests use the signed areas `n · (x × y)` rather than Ericson's products of
/// dot products, which cancel for thin triangles, all of them measured from corner `a` (so for
/// `p` far away their rounding grows with the distance, not with its square). A degenerate
/// triangle (zero area, or within rounding of it) is answered as the best of its three edges,
/// that is, as the segment it is.
#[inline]
pub(crate) fn triangle_region(t: &TriangleFrom) -> ([Real; 3], bool) {
    let (weights, face) = region(t);
    (weights, face.is_some())
}

/// What [`refined_triangle_weights`] reuses from the face region's tests: the normal `ab × ac`,
/// its squared length and the corner nearest `p` (0, 1, 2 for a, b, c).
#[derive(Clone, Copy)]
pub(super) struct FaceRegion {
    n: Vec3,
    nn: Real,
    nearest: usize,
}

/// [`triangle_region`] with the face region's [`FaceRegion`] in place of its flag.
#[inline(always)]
pub(super) fn region(t: &TriangleFrom) -> ([Real; 3], Option<FaceRegion>) {
    let TriangleFrom { ap, bp, cp, ab, ac } = *t;
    let d1 = ab.dot(ap);
    let d2 = ac.dot(ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return ([1.0, 0.0, 0.0], None);
    }
    // `p` at `c` is answered `c` before `b`'s test, which it can pass by rounding: `d4 <= d3`
    // is `(c − b) · bp <= 0` through `ac − ab`, which cancels where `bc` is short beside the
    // other sides (a sliver's corner, `bc` of `7.6e-14` beside a side of `3.5e13`, had the
    // closest point to itself at `b`; issue 24, `regressions::fuzz::sliver_triangle_normal_was_nan`).
    if cp == Vec3::ZERO {
        return ([0.0, 0.0, 1.0], None);
    }
    let d3 = ab.dot(bp);
    let d4 = ac.dot(bp);
    if d3 >= 0.0 && d4 <= d3 {
        return ([0.0, 1.0, 0.0], None);
    }
    // The third vertex region before the flatness test: the vertex tests hold for any triangle,
    // and `p` at a corner (an offset of exactly 0) then gets that corner exactly, in every
    // corner order; a flat triangle's best edge gave the corner between its ends only to
    // within rounding (issue 24).
    let d5 = ab.dot(cp);
    let d6 = ac.dot(cp);
    if d6 >= 0.0 && d5 <= d6 {
        return ([0.0, 0.0, 1.0], None);
    }
    let n = ab.cross(ac);
    // A normal within rounding of zero (the sine of the angle at a below 8 ulps, as in
    // `Plane::from_points`) has a direction of noise, and so have the signed areas that the
    // edge and face tests use: such a triangle is a segment to within rounding, and answered
    // as one.
    let nn = n.length_squared();
    let flat = !(nn
        > (8.0 * Real::EPSILON)
            * (8.0 * Real::EPSILON)
            * ab.length_squared()
            * ac.length_squared());
    if flat {
        return (flat_weights(t), None);
    }
    let vc = n.dot(ab.cross(ap));
    let vb = n.dot(ap.cross(ac));
    edge_and_face_regions::<true>(t, n, [nn, vb, vc], [d1, d2, d3, d4, d5, d6])
}

/// Below this a signed area of [`triangle_region`] may have lost its sign to underflow (its
/// terms' rounding near `MIN_POSITIVE` is no longer `ε` relative).
pub(super) const UNDERFLOWING_AREA: Real = Real::MIN_POSITIVE / Real::EPSILON;

/// [`triangle_region`]'s edge and face tests with the normal `n` scaled by a power of two to a
/// largest coordinate in `[1, 2)`: the signed areas `n · (x × y)` then are of degree 2 in the
/// lengths, not 4, and keep their signs where the triangle's lengths span `2⁶⁰` (a needle hull
/// 6 long against a box `1e-18` across: the area `4e-51` of the edge region's test underflowed
/// to 0, the origin was put at a corner `9e-18` away whose tolerance along the needle made the
/// shapes touch, `1.9e-18` apart; issue 24, `regressions::needle_hull_box_sweep`). The weights
/// are ratios of the areas, unchanged by the scaling.
#[cold]
fn rescaled_normal_regions(
    t: &TriangleFrom,
    n: Vec3,
    d: [Real; 6],
) -> ([Real; 3], Option<FaceRegion>) {
    let (scaled, _) = crate::query::algo::scale::normalized_direction(n);
    let TriangleFrom { ap, ab, ac, .. } = *t;
    let vc = scaled.dot(ab.cross(ap));
    let vb = scaled.dot(ap.cross(ac));
    edge_and_face_regions::<false>(t, scaled, [scaled.dot(n), vb, vc], d)
}

/// [`triangle_region`] past its vertex regions: the edge regions and the face, from the normal
/// `n` (any positive scaling of `ab × ac`), `n · (ab × ac)` and the signed areas `[vb, vc]`
/// measured with it, and the dot products `[d1, ..., d6]` of the vertex tests. With `CHECK`,
/// a region chosen on a signed area below [`UNDERFLOWING_AREA`] is chosen again by
/// [`rescaled_normal_regions`]: tested only on the region about to be answered, so that
/// ordinary triangles pay a comparison, not a rescaling.
#[inline(always)]
fn edge_and_face_regions<const CHECK: bool>(
    t: &TriangleFrom,
    n: Vec3,
    [nn, vb, vc]: [Real; 3],
    d: [Real; 6],
) -> ([Real; 3], Option<FaceRegion>) {
    let [d1, d2, d3, d4, d5, d6] = d;
    // `d1 > d3` (|ab|² > 0): when a == b every term is 0 and the test would pass for any p.
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 > d3 {
        if CHECK && vc > -UNDERFLOWING_AREA {
            return rescaled_normal_regions(t, n, d);
        }
        let [u, t] = split(-d3, d1);
        return ([u, t, 0.0], None);
    }
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 && d2 > d6 {
        if CHECK && vb > -UNDERFLOWING_AREA {
            return rescaled_normal_regions(t, n, d);
        }
        let [u, t] = split(-d6, d2);
        return ([u, 0.0, t], None);
    }
    // Not `n · (bp × cp)`: for p far from the triangle (at distance D, the triangle of size L)
    // bp × cp has terms of size D² that cancel to L², an error of ε D² / L² relative; written
    // relative to corner a (bp × cp = n − ab × ap − ap × ac) every term is of size L D at most.
    let va = nn - vb - vc;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 && (d4 - d3) + (d5 - d6) > 0.0 {
        if CHECK && va > -UNDERFLOWING_AREA {
            return rescaled_normal_regions(t, n, d);
        }
        let [u, t] = split(d5 - d6, d4 - d3);
        return ([0.0, u, t], None);
    }
    if CHECK && !(va.min(vb).min(vc) >= UNDERFLOWING_AREA) {
        return rescaled_normal_regions(t, n, d);
    }
    let denom = va + vb + vc;
    if denom > 0.0 {
        let (weights, nearest) = face_weights(t, n, [vb, vc], denom, [d1, d3, d2, d6]);
        // A negative weight: the region tests' signed areas were rounding (a sliver that
        // passed the flatness test, as GJK builds on curved shapes). A triangle of a sphere and
        // a ball's support points, 1e-9 across, got weights [16.8, −7.5, −8.3] in `f64`, and
        // GJK's closest points were 53.6 apart for the exact 3.19 (issue 24,
        // `regressions::sliver_face_weights`). Such a point lies within rounding of an edge:
        // the best edge answers it.
        if weights.iter().all(|&w| w >= 0.0) {
            return (weights, Some(FaceRegion { n, nn, nearest }));
        }
    }
    (degenerate_triangle_weights(t), None)
}

/// [`triangle_region`]'s weights, refined in the face region for GJK, which builds points of
/// the shapes from them (where [`Triangle::closest_point`](crate::shape::Triangle) projects
/// instead).
///
/// Across a thin triangle the face weights are ill-conditioned: they come from cross products
/// of the offsets, which carry rounding of `ε D L` (`D` the distance to the corners, `L` the
/// triangle's length), over areas of `L h` (`h` its height), so the point can be off by
/// `ε D L / h` in the plane. A box face against a flat box 65,570 long and 27 wide (the origin
/// in the middle, 32,700 from every corner) gave a point 1.4 off in the plane: its distance
/// 2.568 for the exact 2.1875, and GJK stopped there (issue 24, `regressions::thin_face_weights`).
/// One step of iterative refinement removes it: the point's offset `q − p`, measured from the
/// nearest corner, is exact up to `ε D`; its part in the plane is what the weights got wrong,
/// and the correction, solved from the same edges, carries only rounding relative to that
/// small part. The weights are kept when the correction would make one negative (the region
/// test's own rounding).
#[inline]
pub(crate) fn refined_triangle_weights(t: &TriangleFrom) -> [Real; 3] {
    let (weights, face) = region(t);
    let Some(FaceRegion { n, nn, nearest }) = face else {
        return weights;
    };
    let [u, v, w] = weights;
    let TriangleFrom { ap, bp, cp, ab, ac } = *t;
    let bc = ac - ab;
    // q − p for q = u a + v b + w c, from the corner nearest p.
    let r = match nearest {
        0 => ab * v + ac * w - ap,
        1 => bc * w - ab * u - bp,
        _ => -(ac * u) - bc * v - cp,
    };
    // Weights δ (summing to 0) with δ_b ab + δ_c ac = −r by Cramer's rule; the products with
    // the in-plane vectors `ac × n` and `n × ab` see only r's part in the plane.
    let db = -r.dot(ac.cross(n)) / nn;
    let dc = -r.dot(n.cross(ab)) / nn;
    let refined = [u - db - dc, v + db, w + dc];
    // NaN (an area that underflowed or overflowed) fails the test and keeps the weights.
    if refined.iter().all(|&x| x >= 0.0) {
        refined
    } else {
        weights
    }
}

/// The face region's weights `[u, v, w]` from the signed areas `[vb, vc]` measured from corner
/// `a` (over their sum with `va`, `denom`), re-measured from the corner nearest `p` when that is
/// not `a`, and which corner that was (0, 1, 2 for a, b, c). Which corner is nearest comes from the dot products the region tests computed
/// (`[d1, d3, d2, d6]`; the offsets are `ap = p − a`, ...): `|bp|² − |ap|² = (a − b) · (bp + ap)
/// = −(d1 + d3)` and `|cp|² − |ap|² = −(d2 + d6)`, with no lengths computed; where they nearly
/// tie, either corner serves.
///
/// The weight left as `1 − v − w` carries an absolute error of `ε`, which moves the point by
/// `ε` times that corner's distance from `p`; the two areas measured from a corner carry
/// errors of `ε |n|` times its distance from `p` times an edge. Both are smallest from the
/// nearest corner. From a far one they are not small: a triangle of `A − B` with one corner
/// 1.3e5 out and the origin 6.5 from another got its closest point 0.006 off across the
/// triangle, and GJK's next support point along that wrong direction was the far corner again,
/// so it stopped at 6.5 for the exact 2.25 (issue 24, `regressions::far_corner_face_weights`).
#[inline]
fn face_weights(
    t: &TriangleFrom,
    n: Vec3,
    [vb, vc]: [Real; 2],
    denom: Real,
    [d1, d3, d2, d6]: [Real; 4],
) -> ([Real; 3], usize) {
    let TriangleFrom { bp, cp, ab, ac, .. } = *t;
    // |bp|² − |ap|² and |cp|² − |ap|².
    let (to_b, to_c) = (-(d1 + d3), -(d2 + d6));
    if to_b >= 0.0 && to_c >= 0.0 {
        let v = vb / denom;
        let w = vc / denom;
        return ([1.0 - v - w, v, w], 0);
    }
    // From b or c, by one formula on selected vectors: a's weight is n · (bc × q) for q = bp or
    // cp (bc × bp = bc × cp), and the other corner's n · (e × q), from b with e = ab (c's
    // weight n · (ab × bp)), from c with e = −ac (b's weight n · (cp × ac)).
    let from_b = to_b <= to_c;
    let (q, e) = if from_b { (bp, ab) } else { (cp, -ac) };
    let bc = ac - ab;
    let u = n.dot(bc.cross(q)) / denom;
    let x = n.dot(e.cross(q)) / denom;
    let rest = 1.0 - u - x;
    if from_b {
        ([u, rest, x], 1)
    } else {
        ([u, x, rest], 2)
    }
}
