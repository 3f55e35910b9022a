//! Front-to-back traversal for a box moving along a straight line: the candidates of a shape's
//! sweep against a mesh ([`crate::query`]'s `Sweep<TriMesh>`), nearest first, pruned by the
//! first contact found so far.
//!
//! The moving box `[lo, hi] + t v` meets a node's box `[min, max]` while, on every axis,
//! `min <= hi + t v` and `lo + t v <= max`: the slab test of a ray from `hi` (or `lo`, by the
//! sign of `v`) against the node's near planes and from the other corner against its far
//! planes. That is the node box grown by the moving box's half extents (a Minkowski sum) against
//! the ray of its center, without rounding the grown box: only `bound − corner` rounds, as in
//! the ray's test, and the far distances are widened by a few ulp as there (Ize 2013), so
//! rounding never culls a box the exact test keeps. The entry time into a node's box is a lower
//! bound on the first contact with any triangle inside it, which prunes every node entered after
//! the best contact so far.

use crate::bvh::layout::{Bvh, LANES, Node};
use crate::bvh::ray::{NO_ENTRY, WIDEN, lanes_within, nearest_next, visit_nearest_first};
use crate::bvh::stack::Stack;
use crate::math::{Real, Vec3};

/// A box moving along a line, prepared for the slab tests.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MovingBox {
    lo: Vec3,
    hi: Vec3,
    /// Per axis, the corner whose coordinate meets a box's near plane first: `hi` where the
    /// motion is positive (or zero), `lo` where it is negative.
    near_origin: Vec3,
    far_origin: Vec3,
    /// `1 / v` (infinite on axes without motion).
    inv: Vec3,
    /// `inv` widened by a few ulp for the far planes.
    inv_far: Vec3,
    /// Per axis, which side of a node's bounds is its near plane (1 where `v` is negative).
    side: [usize; 3],
    /// Per axis, whether the box does not move along it (an interval test there).
    still: [bool; 3],
}

impl MovingBox {
    /// The box `[lo, hi]` moving by `v` per unit time, widened by a few ulp so that a box
    /// computed with rounding (a sphere's `center ± r`) still holds its shape. `None` for
    /// non-finite input or an empty box.
    pub(crate) fn new(lo: Vec3, hi: Vec3, v: Vec3) -> Option<Self> {
        if !(lo.is_finite() && hi.is_finite() && v.is_finite() && lo.cmple(hi).all()) {
            return None;
        }
        let lo = lo - lo.abs() * (4.0 * Real::EPSILON);
        let hi = hi + hi.abs() * (4.0 * Real::EPSILON);
        let negative = v.cmplt(Vec3::ZERO);
        let inv = v.recip();
        Some(Self {
            lo,
            hi,
            near_origin: Vec3::select(negative, lo, hi),
            far_origin: Vec3::select(negative, hi, lo),
            inv,
            inv_far: inv * WIDEN,
            side: core::array::from_fn(|axis| usize::from(v[axis] < 0.0)),
            still: core::array::from_fn(|axis| v[axis] == 0.0),
        })
    }

    /// The time in `[0, limit]` at which the moving box first meets `[min, max]`, touching
    /// included (rounded down by at most a few ulp); `None` when it does not within `limit`
    /// (widened by a few ulp, as the node test is).
    #[inline]
    pub(crate) fn entry(&self, min: Vec3, max: Vec3, limit: Real) -> Option<Real> {
        let bounds = [min, max];
        let mut near: Real = 0.0;
        let mut far = limit * WIDEN;
        for axis in 0..3 {
            if self.still[axis] {
                if !(min[axis] <= self.hi[axis] && self.lo[axis] <= max[axis]) {
                    return None;
                }
                continue;
            }
            let s = self.side[axis];
            near = near.max((bounds[s][axis] - self.near_origin[axis]) * self.inv[axis]);
            far = far.min((bounds[s ^ 1][axis] - self.far_origin[axis]) * self.inv_far[axis]);
        }
        (near <= far).then_some(near)
    }

    /// The slab test of `node`'s lanes within `[0, limit]`: the mask of the lanes the moving
    /// box meets and their entry times. Empty lanes hold the empty box (min `+∞`, max `−∞`),
    /// which every axis rejects.
    #[inline]
    fn node_slabs(&self, node: &Node, limit: Real) -> (u32, [Real; LANES]) {
        let mut near = [0.0 as Real; LANES];
        let mut far = [limit * WIDEN; LANES];
        let mut inside = [true; LANES];
        for axis in 0..3 {
            if self.still[axis] {
                let (lo, hi) = (self.lo[axis], self.hi[axis]);
                let (mins, maxs) = (&node.min()[axis], &node.max()[axis]);
                for (lane, inside) in inside.iter_mut().enumerate() {
                    *inside &= mins[lane] <= hi && lo <= maxs[lane];
                }
                continue;
            }
            let s = self.side[axis];
            let (no, fo) = (self.near_origin[axis], self.far_origin[axis]);
            let (inv, inv_far) = (self.inv[axis], self.inv_far[axis]);
            let (near_planes, far_planes) = (&node.bounds[s][axis], &node.bounds[s ^ 1][axis]);
            for lane in 0..LANES {
                near[lane] = near[lane].max((near_planes[lane] - no) * inv);
                far[lane] = far[lane].min((far_planes[lane] - fo) * inv_far);
            }
        }
        let mut mask = 0;
        for lane in 0..LANES {
            if inside[lane] && near[lane] <= far[lane] {
                mask |= 1 << lane;
            }
        }
        (mask, near)
    }
}

impl Bvh {
    /// The lanes of node `k` whose subtrees hold a triangle index below `below`.
    #[inline(always)]
    fn lanes_below(&self, k: usize, below: u32) -> u32 {
        let lowest = &self.lowest[k];
        let mut mask = 0;
        for (lane, &i) in lowest.iter().enumerate() {
            mask |= u32::from(i < below) << lane;
        }
        mask
    }

    /// Calls `leaf(first_slot, count)` for every leaf whose box the moving box meets within
    /// `[0, limit()]` and whose subtree holds a triangle index below `below()`, nearest box
    /// first (by entry time); `leaf` may lower the limit (the best contact so far), which prunes
    /// every box entered after it, and the bound on indices (a contact at `t = 0`, which only
    /// a lower index can tie), which prunes every subtree without one. The bound is a filter
    /// on subtrees: `leaf` still sees triangles above it in a leaf that holds a lower one.
    pub(crate) fn sweep_leaves(
        &self,
        moving: &MovingBox,
        mut limit: impl FnMut() -> Real,
        mut below: impl FnMut() -> u32,
        mut leaf: impl FnMut(u32, u32),
    ) {
        let (lo, hi) = self.bounds();
        if moving.entry(lo, hi, limit()).is_none() {
            return;
        }
        if self.root.count > 0 {
            leaf(self.root.index, u32::from(self.root.count));
            return;
        }
        let mut index = self.root.index as usize;
        let mut node = &self.nodes[index];
        let (mut mask, mut near) = moving.node_slabs(node, limit());
        let mut stack = Stack::new(NO_ENTRY);
        loop {
            mask &= self.lanes_below(index, below());
            let leaves = mask & u32::from(node.leaf_mask);
            visit_nearest_first(&near, leaves, |lane| {
                if near[lane] <= limit() * WIDEN && self.lowest[index][lane] < below() {
                    leaf(node.child[lane], u32::from(node.count[lane]));
                }
                false
            });
            let inner = mask
                & !leaves
                & lanes_within(&near, limit() * WIDEN)
                & self.lanes_below(index, below());
            let next = match nearest_next(node, &near, inner, &mut stack) {
                Some(e) => e.index,
                None => loop {
                    let Some(e) = stack.pop() else { return };
                    if e.near <= limit() * WIDEN {
                        break e.index;
                    }
                },
            };
            index = next as usize;
            node = &self.nodes[index];
            (mask, near) = moving.node_slabs(node, limit());
        }
    }
}
