//! Box queries, and the traversal of two hierarchies together for overlapping leaves.

use crate::bvh::layout::{Bvh, EMPTY, LANES, Node, NodeRef};
use crate::bvh::stack::Stack;
use crate::math::Vec3;

/// The lanes of `node` whose boxes meet the box `[lo, hi]` (touching counts), as a bit mask.
#[inline(always)]
pub(crate) fn overlap_lanes(node: &Node, lo: Vec3, hi: Vec3) -> u32 {
    let mut ok = [true; LANES];
    for axis in 0..3 {
        for (lane, ok) in ok.iter_mut().enumerate() {
            *ok &= node.min()[axis][lane] <= hi[axis] && lo[axis] <= node.max()[axis][lane];
        }
    }
    let mut mask = 0;
    for (lane, &ok) in ok.iter().enumerate() {
        if ok && node.child[lane] != EMPTY {
            mask |= 1 << lane;
        }
    }
    mask
}

/// The box of a subtree: of a leaf's triangles `first..first + count`, or the union of a
/// node's lane boxes.
#[inline]
pub(crate) fn subtree_box(bvh: &Bvh, r: NodeRef) -> (Vec3, Vec3) {
    let mut lo = Vec3::INFINITY;
    let mut hi = Vec3::NEG_INFINITY;
    if r.count > 0 {
        for slot in r.index..r.index + u32::from(r.count) {
            let t = bvh.tri(slot);
            lo = lo.min(t[0]).min(t[1]).min(t[2]);
            hi = hi.max(t[0]).max(t[1]).max(t[2]);
        }
    } else {
        let n = &bvh.nodes[r.index as usize];
        for lane in 0..LANES {
            if n.child[lane] != EMPTY {
                let (l, h) = n.lane_box(lane);
                lo = lo.min(l);
                hi = hi.max(h);
            }
        }
    }
    (lo, hi)
}

const NO_REF: NodeRef = NodeRef { index: 0, count: 0 };

impl Bvh {
    /// Calls `f(slot)` for each triangle whose own box meets `[lo, hi]`.
    pub(crate) fn query_box(&self, lo: Vec3, hi: Vec3, mut f: impl FnMut(u32)) {
        let mut stack = Stack::new(NO_REF);
        stack.push(self.root);
        while let Some(r) = stack.pop() {
            if r.count > 0 {
                for slot in r.index..r.index + u32::from(r.count) {
                    let t = self.tri(slot);
                    let tlo = t[0].min(t[1]).min(t[2]);
                    let thi = t[0].max(t[1]).max(t[2]);
                    if tlo.cmple(hi).all() && lo.cmple(thi).all() {
                        f(slot);
                    }
                }
                continue;
            }
            let node = &self.nodes[r.index as usize];
            let mask = overlap_lanes(node, lo, hi);
            for lane in 0..LANES {
                if mask & (1 << lane) != 0 {
                    stack.push(NodeRef {
                        index: node.child[lane],
                        count: node.count[lane],
                    });
                }
            }
        }
    }
}
