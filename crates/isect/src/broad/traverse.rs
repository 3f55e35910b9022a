//! Box, frustum and ray traversals of the fattened boxes. Each calls `leaf` for the proxies it
//! reaches; the caller ([`super::BroadPhase`]) tests the proxy's given box exactly there, so
//! the answers are about the given boxes and the fattened ones only prune.
//!
//! Each traversal keeps the node it visits in hand and pushes only the other child it enters
//! (so a path with one child entered costs no stack traffic), and counts its work in a
//! [`QueryStats`] for the tests.

use crate::broad::lanes::{BoxQuery, PlaneLanes, PreRay};
use crate::broad::node::{Child, Node};
use crate::broad::query::{ALL_PLANES, QueryStats, cull};
use crate::broad::tree::{Tree, overlaps};
use crate::bvh::stack::InlineStack;
use crate::math::Real;
use crate::shape::{Aabb, Frustum, Ray};

/// Stack entries kept inline: the depth of a binary tree of a few million proxies, after
/// which the stack spills to the heap.
const STACK: usize = 64;

impl Tree {
    /// Starts loading the inner children of `node` into the caches while `node` is tested: a
    /// traversal is a chain of dependent loads, and the next node is one of these (measured:
    /// box queries over 10k boxes 2.3 -> 1.45 µs).
    #[inline(always)]
    fn prefetch_children(&self, node: &Node) {
        for c in node.children() {
            if !c.is_leaf() {
                crate::dispatch::prefetch(&self.nodes[c.index() as usize]);
            }
        }
    }

    /// Calls `leaf(p)` for each proxy whose grown box meets `aabb` (touching counts), until
    /// `leaf` returns `false`; returns whether it ran to the end.
    #[inline]
    pub(crate) fn visit_aabb(
        &self,
        aabb: &Aabb,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32) -> bool,
    ) -> bool {
        if self.root == Child::NONE || !overlaps(&self.root_box, aabb) {
            return true;
        }
        if self.root.is_leaf() {
            stats.leaves += 1;
            return leaf(self.root.index());
        }
        let query = BoxQuery::new(aabb);
        let mut stack = InlineStack::<u32, STACK>::new(0);
        let mut i = self.root.index();
        loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            self.prefetch_children(node);
            let mut slots = query.slots(node);
            let mut next = None;
            while slots != 0 {
                let c = node.child(slots.trailing_zeros() as usize);
                slots &= slots - 1;
                if c.is_leaf() {
                    stats.leaves += 1;
                    if !leaf(c.index()) {
                        return false;
                    }
                } else if let Some(other) = next.replace(c.index()) {
                    stack.push(other);
                }
            }
            match next.or_else(|| stack.pop()) {
                Some(n) => i = n,
                None => return true,
            }
        }
    }

    /// Calls `leaf(p, mask)` for each proxy whose grown box is in front of none of the
    /// frustum's planes, with the planes that box straddles (the others it is behind, and so
    /// is its given box), until `leaf` returns `false`. A subtree behind a plane stops testing
    /// that plane.
    #[inline]
    pub(crate) fn visit_frustum(
        &self,
        frustum: &Frustum,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32, u8) -> bool,
    ) -> bool {
        if self.root == Child::NONE {
            return true;
        }
        let Some(mask) = cull(frustum, &self.root_box, ALL_PLANES, stats) else {
            return true;
        };
        if self.root.is_leaf() {
            stats.leaves += 1;
            return leaf(self.root.index(), mask);
        }
        let planes = frustum.planes.each_ref().map(PlaneLanes::new);
        let mut stack = InlineStack::<(u32, u8), STACK>::new((0, 0));
        let (mut i, mut mask) = (self.root.index(), mask);
        loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            self.prefetch_children(node);
            // Both slots against the planes still to test: `out` the slots in front of one,
            // `masks` the planes each straddles.
            let (mut out, mut masks) = (0, [mask; 2]);
            let mut bits = mask;
            while bits != 0 && out != 0b11 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                stats.plane_tests += 2;
                let e = planes[k].extents(node);
                out |= e.cmpgt(planes[k].d).bitmask() & 0b11;
                let behind = e.cmple(planes[k].d).bitmask() >> 2;
                for (s, m) in masks.iter_mut().enumerate() {
                    if behind & (1 << s) != 0 {
                        *m &= !(1 << k);
                    }
                }
            }
            let mut next = None;
            for (s, m) in masks.into_iter().enumerate() {
                if out & (1 << s) != 0 {
                    continue;
                }
                let c = node.child(s);
                if c.is_leaf() {
                    stats.leaves += 1;
                    if !leaf(c.index(), m) {
                        return false;
                    }
                } else if let Some(other) = next.replace((c.index(), m)) {
                    stack.push(other);
                }
            }
            match next.or_else(|| stack.pop()) {
                Some(n) => (i, mask) = n,
                None => return true,
            }
        }
    }

    /// Visits the proxies whose grown boxes the ray (valid) enters within `max_t`, nearer
    /// subtrees first: `leaf(p, max_t)` returns the new `max_t` (at most the one given), which
    /// prunes what lies beyond; a negative one ends the traversal.
    #[inline]
    pub(crate) fn visit_ray(
        &self,
        ray: &Ray,
        max_t: Real,
        stats: &mut QueryStats,
        leaf: impl FnMut(u32, Real) -> Real,
    ) {
        if self.root == Child::NONE {
            return;
        }
        // The root's box, as a node's slot, through the same test.
        let root = Node::new([(Child::NONE, &self.root_box); 2], 0, 0);
        let pre = PreRay::new(ray);
        let entered = if pre.finite {
            pre.enter::<false>(&root, max_t).0
        } else {
            pre.enter::<true>(&root, max_t).0
        };
        if entered == 0 {
            return;
        }
        if self.root.is_leaf() {
            stats.leaves += 1;
            let mut leaf = leaf;
            leaf(self.root.index(), max_t);
        } else if pre.finite {
            self.walk_ray::<false>(&pre, max_t, stats, leaf);
        } else {
            self.walk_ray::<true>(&pre, max_t, stats, leaf);
        }
    }

    /// [`Tree::visit_ray`] from the root node, with [`PreRay::enter`]'s `ZEROS`. A node's
    /// children are taken nearer first; a leaf is tested at once (its exact test is cheap and
    /// may clip the ray), the nearer inner child is visited next and the farther pushed with
    /// its entry, to be skipped when a hit found meanwhile lies before it.
    #[inline(always)]
    fn walk_ray<const ZEROS: bool>(
        &self,
        pre: &PreRay,
        mut max_t: Real,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32, Real) -> Real,
    ) {
        let mut stack = InlineStack::<(u32, Real), STACK>::new((0, 0.0));
        let mut i = self.root.index();
        'nodes: loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            self.prefetch_children(node);
            let (slots, near) = pre.enter::<ZEROS>(node, max_t);
            if slots != 0 {
                // The entered children, nearer first (selected without a jump table, whose
                // indirect jump random rays mispredict at most nodes).
                let [c0, c1] = node.children();
                let swap = slots == 0b10 || (slots == 0b11 && near.y < near.x);
                let (first, t_first, second, t_second) = if swap {
                    (c1, near.y, c0, near.x)
                } else {
                    (c0, near.x, c1, near.y)
                };
                let mut next = None;
                for (c, t) in [(first, t_first), (second, t_second)]
                    .into_iter()
                    .take(if slots == 0b11 { 2 } else { 1 })
                {
                    if !(t <= max_t) {
                        continue;
                    }
                    if c.is_leaf() {
                        stats.leaves += 1;
                        max_t = leaf(c.index(), max_t);
                        if max_t < 0.0 {
                            return;
                        }
                    } else if next.is_none() {
                        next = Some(c.index());
                    } else {
                        stack.push((c.index(), t));
                    }
                }
                if let Some(n) = next {
                    i = n;
                    continue;
                }
            }
            while let Some((n, t)) = stack.pop() {
                if t <= max_t {
                    i = n;
                    continue 'nodes;
                }
            }
            return;
        }
    }
}
