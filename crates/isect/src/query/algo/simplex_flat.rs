//! A triangle without area (or one whose face test only rounding passed) answered as the
//! segment it is: the best of its three edges, for [`super::simplex`]'s triangle weights; and
//! a tiny triangle that test only seemed to find flat, taken again at unit scale.

use crate::math::Real;
use crate::math::Vec3;
use crate::query::algo::simplex::{TriangleFrom, UNDERFLOWING_AREA, region, segment_weights};

/// The best of the three edges, for a triangle without area; the longest edge first, so that
/// it wins ties. It spans the other two corners (they lie on it within rounding), and its answer
/// is the well-conditioned one: where p is nearly square to the triangle's line near a corner,
/// a zero-length edge's answer (the corner) is as near to rounding but 1e-3 away along the line.
#[cold]
pub(super) fn degenerate_triangle_weights(t: &TriangleFrom) -> [Real; 3] {
    let TriangleFrom { ap, bp, cp, ab, ac } = *t;
    let bc = ac - ab;
    let [ab_a, ab_b] = segment_weights(ap, bp, ab);
    let [bc_b, bc_c] = segment_weights(bp, cp, bc);
    let [ca_c, ca_a] = segment_weights(cp, ap, -ac);
    // Each candidate's offset from p (the point minus p), measured from the edge's start, and
    // the point minus a, formed along its edge.
    let mut candidates = [
        (
            [ab_a, ab_b, 0.0],
            ab * ab_b - ap,
            ab * ab_b,
            ab.length_squared(),
        ),
        (
            [0.0, bc_b, bc_c],
            bc * bc_c - bp,
            ab + bc * bc_c,
            bc.length_squared(),
        ),
        (
            [ca_a, 0.0, ca_c],
            -ac * ca_a - cp,
            ac * ca_c,
            ac.length_squared(),
        ),
    ];
    // Longest first (a total order; `sort_unstable_by` is in core, for builds without alloc).
    candidates.sort_unstable_by(|x, y| y.3.total_cmp(&x.3));
    let mut best = candidates[0].0;
    let mut best_d2 = Real::INFINITY;
    for &(w, offset, ..) in &candidates {
        let d2 = offset.length_squared();
        if d2 < best_d2 {
            best_d2 = d2;
            best = w;
        }
    }
    // p far from the triangle (beyond four times its longest edge): the squared offsets, of
    // size D², round at `ε D²`, more than the candidates differ by, and ranked them at random
    // (a point 1e9 above a face near edge `ab`, sent here by a face weight that rounded
    // negative, got corner a, 2.8 from the answer; issue 24, `regressions::far_point_edge_
    // fallback`). Ranked again by the difference of squares `|r − ap|² − |s − ap|²` written
    // as `(r − s) · (r + s − 2 ap)` (r, s the candidates minus a), which rounds at
    // `ε L D`; a later, shorter edge wins only beyond that, so ties keep the longest.
    if best_d2 > 16.0 * candidates[0].3 {
        let (mut far_best, mut best_r) = (candidates[0].0, candidates[0].2);
        for &(w, _, r, _) in &candidates[1..] {
            let sum = r + best_r - ap * 2.0;
            let slack = 4.0 * Real::EPSILON * (r.length() + best_r.length()) * sum.length();
            if (r - best_r).dot(sum) < -slack {
                far_best = w;
                best_r = r;
            }
        }
        best = far_best;
    }
    best
}

/// The weights of a triangle that the region tests' flatness test found flat: the segment's it
/// is ([`degenerate_triangle_weights`]), unless the test's squares may have underflowed (its bound below `UNDERFLOWING_AREA`: sides below
/// about `2⁻¹⁵` in `f32` and `2⁻²¹⁸` in `f64`, which the rescaling window allows where the input
/// lies farther from the origin), where nothing was decided: the offsets are then brought to a
/// largest side in `[1, 2)` by a power of two (exact, and the weights are ratios) and the regions
/// taken again. A triangle `2⁻⁴⁰` across at `(0, 1, 0)` was a segment, and a ball on its face
/// missed it (issue 24, `regressions::tiny_radius_beside_unit_offsets`). The face region found
/// there is not passed on (its projection and refinement are for triangles whose normal is in
/// range; the weights are the answer). Out of the hot path, and returning only the weights: a
/// cold call returning `region`'s whole answer made every return of `region` go through memory
/// (+20 and +37 instructions per closest point and containment, `scripts/hot_path.sh`).
#[cold]
#[inline(never)]
pub(super) fn flat_weights(t: &TriangleFrom) -> [Real; 3] {
    use crate::query::algo::scale::{ldexp_vec, normalizing_exponent};
    let (ab, ac) = (t.ab, t.ac);
    let m = ab.abs().max_element().max(ac.abs().max_element());
    let bound = (8.0 * Real::EPSILON) * (8.0 * Real::EPSILON) * (m * m) * (m * m);
    if !(m > 0.0 && m < 1.0 && bound < UNDERFLOWING_AREA) {
        return degenerate_triangle_weights(t);
    }
    let k = normalizing_exponent(m);
    let s = |v: Vec3| ldexp_vec(v, k);
    let scaled = TriangleFrom {
        ap: s(t.ap),
        bp: s(t.bp),
        cp: s(t.cp),
        ab: s(t.ab),
        ac: s(t.ac),
    };
    if !(scaled.ap.is_finite() && scaled.bp.is_finite() && scaled.cp.is_finite()) {
        // `p` farther from the triangle than `2¹²⁷` of its sides: the segment's answer.
        return degenerate_triangle_weights(t);
    }
    // The scaled largest side lies in `[1, 2)`, so this does not come back here.
    region(&scaled).0
}
