//! Box–box overlap by the separating-axis test (Gottschalk, Lin and Manocha, `OBBTree`, 1996;
//! Ericson, *Real-Time Collision Detection*, §4.4.1), and the squared distance from a segment to
//! an axis-aligned box, shared by the box pairs.

use crate::math::{Mat3, Real, Vec3};
use crate::query::algo::scale::within_radius;

/// What is added to every entry of `|R|` (Ericson §4.4.2): when an edge of one box is nearly
/// parallel to an edge of the other, their cross product is nearly zero and its rounded
/// projections could separate boxes that overlap; the epsilon keeps such an axis from separating.
///
/// The price is conservatism: the projected radii grow by at most `SAT_EPSILON · (Σ eᵃ + Σ eᵇ)`,
/// so on the six face axes the test may report `true` for boxes up to that far apart (about
/// `1.9e-6 · Σ extents` in `f32`, `3.6e-15 · Σ extents` in `f64`); on a cross axis `aᵢ × bⱼ` the
/// same slack is divided by `|aᵢ × bⱼ| = sin θ`, so only nearly parallel edges, whose cross axis
/// is noise anyway, lose it. Exactly touching boxes are never reported apart.
pub(crate) const SAT_EPSILON: Real = 16.0 * Real::EPSILON;

/// Whether box A (half extents `ea`, frame the identity) and box B (half extents `eb`, axes the
/// columns of `r`, center `t`, all in A's frame) overlap: Gottschalk's 15 axes, the relative
/// rotation `r` given, [`SAT_EPSILON`] added to `|r|`. Closed: touching is `true`; NaN anywhere
/// gives `true` from the comparisons, so callers check validity first.
#[inline]
pub(crate) fn boxes_overlap(ea: Vec3, eb: Vec3, r: &Mat3, t: Vec3) -> bool {
    // r.col(j)[i] = aᵢ · bⱼ.
    let r = [
        r.x_axis.to_array(),
        r.y_axis.to_array(),
        r.z_axis.to_array(),
    ];
    let rr = |i: usize, j: usize| r[j][i];
    let mut abs = [[0.0 as Real; 3]; 3];
    for (j, col) in abs.iter_mut().enumerate() {
        for (i, entry) in col.iter_mut().enumerate() {
            *entry = rr(i, j).abs() + SAT_EPSILON;
        }
    }
    let ar = |i: usize, j: usize| abs[j][i];
    let ea = ea.to_array();
    let eb = eb.to_array();
    let t = t.to_array();
    // A's face axes.
    for i in 0..3 {
        let rb = eb[0] * ar(i, 0) + eb[1] * ar(i, 1) + eb[2] * ar(i, 2);
        if t[i].abs() > ea[i] + rb {
            return false;
        }
    }
    // B's face axes.
    #[expect(
        clippy::needless_range_loop,
        reason = "`j` indexes the rows of `r` too"
    )]
    for j in 0..3 {
        let ra = ea[0] * ar(0, j) + ea[1] * ar(1, j) + ea[2] * ar(2, j);
        let tb = t[0] * rr(0, j) + t[1] * rr(1, j) + t[2] * rr(2, j);
        if tb.abs() > ra + eb[j] {
            return false;
        }
    }
    // The nine edge–edge axes aᵢ × bⱼ (Ericson §4.4.1, with i1, i2 and j1, j2 the other indices).
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let ra = ea[i1] * ar(i2, j) + ea[i2] * ar(i1, j);
            let rb = eb[j1] * ar(i, j2) + eb[j2] * ar(i, j1);
            let tl = t[i2] * rr(i1, j) - t[i1] * rr(i2, j);
            if tl.abs() > ra + rb {
                return false;
            }
        }
    }
    true
}

/// Whether the segment `p + t d`, `t` in `[0, 1]`, comes within `r` of the box `[lo, hi]`:
/// the offset from the box at the parameter of [`segment_box_distance_squared`], against the
/// radius by [`within_radius`], not its square against `r²`, which both underflow to 0 where
/// the offset and the radius are tiny beside the segment (issue 24,
/// `regressions::tiny_radius_beside_unit_offsets`).
#[inline]
pub(crate) fn segment_box_within(p: Vec3, d: Vec3, lo: Vec3, hi: Vec3, r: Real) -> bool {
    let (_, t) = segment_box_distance_squared(p, d, lo, hi);
    let x = p + d * t;
    within_radius(x - x.clamp(lo, hi), r)
}

/// The smallest squared distance from the segment `p + t d`, `t` in `[0, 1]`, to the box
/// `[lo, hi]`, and a parameter `t` where it is reached.
///
/// The squared distance `f(t) = Σᵢ (max(0, loᵢ − pᵢ(t), pᵢ(t) − hiᵢ))²` is convex and piecewise
/// quadratic in `t`, with a break where a coordinate crosses a slab plane: at most six in
/// `(0, 1)`. Each piece is minimised in closed form, and the distance is evaluated from the
/// coordinates at that `t` (not from the quadratic's coefficients), so ends and touching points
/// come out exact.
#[inline]
pub(crate) fn segment_box_distance_squared(p: Vec3, d: Vec3, lo: Vec3, hi: Vec3) -> (Real, Real) {
    let excess = |t: Real| -> Real {
        let x = p + d * t;
        let e = (lo - x).max(x - hi).max(Vec3::ZERO);
        e.length_squared()
    };
    let mut breaks = [0.0 as Real; 8];
    let mut n = 1;
    let (pa, da, loa, hia) = (p.to_array(), d.to_array(), lo.to_array(), hi.to_array());
    for i in 0..3 {
        if da[i] != 0.0 {
            for plane in [loa[i], hia[i]] {
                let t = (plane - pa[i]) / da[i];
                if t > 0.0 && t < 1.0 {
                    breaks[n] = t;
                    n += 1;
                }
            }
        }
    }
    breaks[n] = 1.0;
    n += 1;
    breaks[1..n - 1].sort_unstable_by(|a, b| a.total_cmp(b));
    let mut best = (excess(0.0), 0.0);
    for k in 0..n - 1 {
        let (t0, t1) = (breaks[k], breaks[k + 1]);
        let mid = p + d * (0.5 * (t0 + t1));
        // The quadratic A t² + B t + C of this piece: the axes outside their slab at `mid`.
        let (mut qa, mut qb) = (0.0, 0.0);
        for i in 0..3 {
            let m = mid.to_array()[i];
            let off = if m > hia[i] {
                pa[i] - hia[i]
            } else if m < loa[i] {
                pa[i] - loa[i]
            } else {
                continue;
            };
            qa += da[i] * da[i];
            qb += 2.0 * da[i] * off;
        }
        let t = if qa > 0.0 {
            (-qb / (2.0 * qa)).max(t0).min(t1)
        } else {
            t0
        };
        let f = excess(t);
        if f < best.0 {
            best = (f, t);
        }
    }
    let f1 = excess(1.0);
    if f1 < best.0 {
        best = (f1, 1.0);
    }
    best
}

/// Whether the segment `p + t d`, `t` in `[0, 1]`, meets the box `[lo, hi]`: the slab test
/// (Kay and Kajiya 1986; Ericson §5.3.3), clipping `[0, 1]` by each axis's slab.
///
/// It decides crossings that a squared distance cannot: a segment through a flat box meets it at
/// one parameter, where the rounded coordinates are a few ulp off the slab and the distance a
/// tiny positive number; the slab test compares the entry and exit parameters, which are then the
/// same computed number. NaN gives `false`.
#[inline]
pub(crate) fn segment_meets_box(p: Vec3, d: Vec3, lo: Vec3, hi: Vec3) -> bool {
    let (mut t0, mut t1): (Real, Real) = (0.0, 1.0);
    let (pa, da, loa, hia) = (p.to_array(), d.to_array(), lo.to_array(), hi.to_array());
    for i in 0..3 {
        if da[i] == 0.0 {
            if !(loa[i] <= pa[i] && pa[i] <= hia[i]) {
                return false;
            }
        } else {
            let a = (loa[i] - pa[i]) / da[i];
            let b = (hia[i] - pa[i]) / da[i];
            t0 = t0.max(a.min(b));
            t1 = t1.min(a.max(b));
            if !(t0 <= t1) {
                return false;
            }
        }
    }
    true
}
