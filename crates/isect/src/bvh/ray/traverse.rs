//! The traversal loop every single-ray query runs: [`Bvh::traverse`], nearest first or in no
//! order, with a closure per leaf. The queries differ only in their limit and their leaf closure
//! (`closest`, `any`, `all`, `crossings`).

use crate::bvh::layout::{Bvh, LANES, Node, NodeRef, WIDTH};
use crate::bvh::ray::{PreRay, StackEntry, lanes_within, nearest_next, visit_nearest_first};
use crate::bvh::stack::Stack;
use crate::math::Real;

impl Bvh {
    /// Visits the subtrees of `start` (a leaf or an inner node; the root for a whole traversal)
    /// whose boxes the ray enters within `limit()` (nearest box first when `E` is ordered,
    /// [`StackEntry::ORDERED`]) and calls
    /// `leaf(first, count)` for every leaf reached; stops when `leaf` returns `true`.
    ///
    /// The node being visited is kept in hand rather than pushed and popped: of a node's inner
    /// children the next one visited (the nearest, or unordered the last lane) is taken
    /// at once and only the others go onto the stack, which is made only once the ray has
    /// entered one of the root's boxes. The visiting order is that of a plain stack.
    ///
    /// Ordered traversals are the closest-hit casts, whose rays (a camera's) come in runs of one
    /// direction octant: they are the `COHERENT` ones of [`PreRay::node_slabs`].
    ///
    /// The box test is chosen once per ray, not per node: a ray with no zero direction
    /// coordinate on a processor with AVX (nearly every ray) runs a copy of the loop whose box
    /// test is the eight-lane one at the ray's plane offsets, with no per-node check of
    /// `oblique` and `v3` and no octant jump; the others run [`PreRay::node_slabs`]. Both give
    /// the same bits (the same operations on the same planes).
    #[inline(always)]
    pub(super) fn traverse<E: StackEntry>(
        &self,
        ray: &PreRay,
        start: NodeRef,
        mut limit: impl FnMut() -> Real,
        mut leaf: impl FnMut(u32, u32) -> bool,
    ) {
        if start.count > 0 {
            if limit() >= 0.0 {
                leaf(start.index, u32::from(start.count));
            }
            return;
        }
        #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
        if let (true, Some(v3)) = (ray.oblique, ray.v3) {
            let offsets = crate::dispatch::PlaneOffsets::new(ray.negative);
            return self.traverse_with::<E>(
                start,
                limit,
                leaf,
                #[inline(always)]
                |node: &Node, t_max| {
                    let planes = crate::dispatch::Planes::Offsets {
                        bounds: &node.bounds,
                        offsets,
                    };
                    ray.avx_slabs(v3, planes, t_max)
                },
            );
        }
        self.traverse_with::<E>(
            start,
            limit,
            leaf,
            #[inline(always)]
            |node: &Node, t_max| {
                if E::ORDERED {
                    ray.node_slabs::<true>(node, t_max)
                } else {
                    ray.node_slabs::<false>(node, t_max)
                }
            },
        );
    }

    /// [`Bvh::traverse`] from the inner node `start` with the box test `slabs` (one of
    /// [`PreRay`]'s, chosen per ray).
    #[inline(always)]
    fn traverse_with<E: StackEntry>(
        &self,
        start: NodeRef,
        mut limit: impl FnMut() -> Real,
        mut leaf: impl FnMut(u32, u32) -> bool,
        slabs: impl Fn(&Node, Real) -> (u32, [Real; LANES]),
    ) {
        let mut node = &self.nodes[start.index as usize];
        let (mut mask, mut near) = slabs(node, limit());
        if mask == 0 {
            return;
        }
        let mut stack = Stack::new(E::NONE);
        loop {
            let leaves = mask & u32::from(node.leaf_mask);
            let inner = mask & !leaves;
            // Every child entered starts loading before any is visited (large hierarchies
            // only, see `PREFETCH_FROM`; not for a lone child, which is visited at once). Kept
            // in the loop: as a method of its own it cost instructions on every node.
            // (A mask made once per traversal in place of the test of `self.prefetch` cost
            // the hierarchies that do not prefetch more than it saved the others.)
            let mut rest = if self.prefetch && mask & mask.wrapping_sub(1) != 0 {
                mask
            } else {
                0
            };
            while rest != 0 {
                let lane = rest.trailing_zeros() as usize % LANES;
                rest &= rest - 1;
                let child = node.child[lane] as usize;
                if leaves & (1 << lane) != 0 {
                    crate::dispatch::prefetch_in(&self.blocks, child / WIDTH);
                } else {
                    crate::dispatch::prefetch_in(&self.nodes, child);
                }
            }
            let mut next = None;
            if !E::ORDERED {
                // Leaves at once; of the inner lanes the last is next, the others are pushed.
                let mut rest = leaves;
                while rest != 0 {
                    let lane = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if leaf(node.child[lane], u32::from(node.count[lane])) {
                        return;
                    }
                }
                // The entries carry no distance: the limit does not change, and the box test
                // already kept only lanes entered within it (widened), so the entry distances
                // are neither stored nor compared again. (Pushing before the leaves' tests,
                // the same order of visits, measured 8 instructions more per shadow ray: more
                // values spilled across the leaves.)
                if inner != 0 {
                    let last = (31 - inner.leading_zeros()) as usize % LANES;
                    let mut others = inner & !(1 << last);
                    while others != 0 {
                        let lane = others.trailing_zeros() as usize % LANES;
                        stack.push(E::new(node.child[lane], 0.0));
                        others &= others - 1;
                    }
                    next = Some(E::new(node.child[last], 0.0));
                }
            } else {
                // Leaves at once, nearest first (shrinking the limit), then the nearest inner
                // lane still within the limit.
                let stop = visit_nearest_first(
                    &near,
                    leaves,
                    #[inline(always)]
                    |lane| {
                        near[lane] <= limit() && leaf(node.child[lane], u32::from(node.count[lane]))
                    },
                );
                if stop {
                    return;
                }
                // The box test kept only lanes entered within the limit it was given (widened a
                // few ulp); only a leaf's hit can have lowered the limit since.
                let inner = if leaves != 0 {
                    inner & lanes_within(&near, limit())
                } else {
                    inner
                };
                next = nearest_next(node, &near, inner, &mut stack);
            }
            let index = match next {
                Some(e) => e.index(),
                None => loop {
                    let Some(e) = stack.pop() else { return };
                    if !E::ORDERED || e.near() <= limit() {
                        break e.index();
                    }
                },
            };
            node = &self.nodes[index as usize];
            (mask, near) = slabs(node, limit());
        }
    }
}
