//! A node's two boxes tested at once against a query: a box, a frustum plane, a ray. Each
//! lays the query out against the node's per-axis lanes (`[min 0, min 1, max 0, max 1]`).

use crate::broad::node::{BVec4A, Node};
use crate::math::{Real, Vec3, Vec4};
use crate::shape::{Aabb, Ray};
use glam::Vec4Swizzles;

/// The children of a node meeting a box, as bits 0 and 1: the box laid out against the
/// node's axes, per axis `[qmax, qmax, +∞, +∞]` to compare the minima with and `[−∞, −∞, qmin,
/// qmin]` for the maxima.
pub(super) struct BoxQuery {
    hi: [Vec4; 3],
    lo: [Vec4; 3],
}

impl BoxQuery {
    pub(super) fn new(aabb: &Aabb) -> Self {
        let (inf, ninf) = (Real::INFINITY, Real::NEG_INFINITY);
        let hi = |a: usize| Vec4::new(aabb.max[a], aabb.max[a], inf, inf);
        let lo = |a: usize| Vec4::new(ninf, ninf, aabb.min[a], aabb.min[a]);
        Self {
            hi: [hi(0), hi(1), hi(2)],
            lo: [lo(0), lo(1), lo(2)],
        }
    }

    /// The slots of `node` whose boxes meet the query box (touching counts), as bits.
    #[inline(always)]
    pub(super) fn slots(&self, node: &Node) -> u32 {
        let [x, y, z] = &node.axes;
        let ok = x.cmple(self.hi[0])
            & x.cmpge(self.lo[0])
            & y.cmple(self.hi[1])
            & y.cmpge(self.lo[1])
            & z.cmple(self.hi[2])
            & z.cmpge(self.lo[2]);
        let bits = ok.bitmask();
        bits & (bits >> 2) & 0b11
    }
}

/// A plane laid out against a node's axes: its normal's components, and per axis whether the
/// node's halves must swap so that lanes 0 and 1 hold the n-vertex and lanes 2 and 3 the
/// p-vertex (the minimum where the component is positive or zero, as in the exact test).
pub(super) struct PlaneLanes {
    n: [Vec4; 3],
    keep: [BVec4A; 3],
    pub(super) d: Vec4,
}

impl PlaneLanes {
    pub(super) fn new(plane: &crate::Plane) -> Self {
        let n = plane.normal;
        let keep = |a: usize| BVec4A::splat(n[a] >= 0.0);
        Self {
            n: [Vec4::splat(n.x), Vec4::splat(n.y), Vec4::splat(n.z)],
            keep: [keep(0), keep(1), keep(2)],
            d: Vec4::splat(plane.d),
        }
    }

    /// `[lo 0, lo 1, hi 0, hi 1]`: the smallest and largest `normal · x` over each slot's
    /// box, with the operations of [`crate::query::aabb_extent`] in the same order (so a grown box's extent
    /// contains its given box's, bit for bit).
    #[inline(always)]
    pub(super) fn extents(&self, node: &Node) -> Vec4 {
        let v = |a: usize| {
            let axis = node.axes[a];
            Vec4::select(self.keep[a], axis, axis.zwxy())
        };
        self.n[0] * v(0) + self.n[1] * v(1) + self.n[2] * v(2)
    }
}

/// A ray prepared for the slab tests of a node's two boxes: per axis its origin and `1 / dir`
/// in all lanes, and whether `1 / dir` is finite (no zero, subnormal or huge component), which
/// spares the test the `0 · ∞` case.
pub(super) struct PreRay {
    origin: [Vec4; 3],
    inv: [Vec4; 3],
    pub(super) finite: bool,
}

/// The relative widening of a grown box's slab interval. The exact test of a given box divides
/// by the direction ([`crate::query::raycast::slab_interval`]); here the node test multiplies
/// by `1 / dir`, which rounds twice, within `1.5 ε` of the quotient. Widening by `4 ε` (and an
/// absolute `Real::MIN_POSITIVE` for subnormal products) keeps the node's interval around the
/// quotient's, which division's monotone rounding keeps around the interval of any box
/// inside: a node is never culled when a box in it is hit.
const WIDEN: Real = 4.0 * Real::EPSILON;

impl PreRay {
    pub(super) fn new(ray: &Ray) -> Self {
        let inv = Vec3::ONE / ray.dir;
        let o = ray.origin;
        Self {
            origin: [Vec4::splat(o.x), Vec4::splat(o.y), Vec4::splat(o.z)],
            inv: [Vec4::splat(inv.x), Vec4::splat(inv.y), Vec4::splat(inv.z)],
            finite: inv.is_finite(),
        }
    }

    /// The slots of `node` whose boxes the ray enters at or before `max_t`, as bits, and the
    /// widened entry parameters (at least 0) in lanes 0 and 1. With `ZEROS`, `1 / dir` may be
    /// infinite: `0 · ∞` (the origin on a plane of a slab the ray is parallel to) then leaves
    /// that slab satisfied for every `t`, as in the exact test.
    #[inline(always)]
    pub(super) fn enter<const ZEROS: bool>(&self, node: &Node, max_t: Real) -> (u32, Vec4) {
        let mut near = Vec4::NEG_INFINITY;
        let mut far = Vec4::INFINITY;
        for a in 0..3 {
            // `[t at min 0, t at min 1, t at max 0, t at max 1]`
            let t = (node.axes[a] - self.origin[a]) * self.inv[a];
            let (tn, tf) = if ZEROS {
                let ok = t.cmpeq(t);
                (
                    Vec4::select(ok, t, Vec4::NEG_INFINITY),
                    Vec4::select(ok, t, Vec4::INFINITY),
                )
            } else {
                (t, t)
            };
            near = near.max(tn.min(tn.zwxy()));
            far = far.min(tf.max(tf.zwxy()));
        }
        // An infinite end makes NaN here, which `max` and `min` (NaN in the first operand
        // gives the second) turn into the conservative 0 and `max_t`.
        let near = (near - (near.abs() * WIDEN + Real::MIN_POSITIVE)).max(Vec4::ZERO);
        let far = (far + (far.abs() * WIDEN + Real::MIN_POSITIVE)).min(Vec4::splat(max_t));
        (near.cmple(far).bitmask() & 0b11, near)
    }
}
