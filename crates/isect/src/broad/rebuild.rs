//! A full rebuild by the binned surface area heuristic, for sets that stopped moving.
//!
//! The tree is built by the mesh BVH's builder ([`crate::bvh::build`]: Wald's binned SAH, in
//! parallel with the `rayon` feature), over the proxies' grown boxes instead of triangles'. Its
//! leaves hold up to [`MAX_LEAF`] boxes (the width of a mesh leaf test); each becomes a small
//! subtree here by joining, again and again, the two whose union has the least area. The
//! builder's nodes come in depth-first order, and so do the nodes made from them, which puts
//! a subtree's nodes near each other in memory.

use alloc::vec::Vec;

use crate::broad::BroadPhase;
use crate::broad::node::{Child, Node};
use crate::broad::tree::{ROOT, Tree, half_area, union};
use crate::bvh::build::{BinNode, MAX_LEAF, PrimBox, build};
use crate::shape::Aabb;

impl<T> BroadPhase<T> {
    /// Rebuilds the tree from scratch by the binned surface area heuristic, with every box
    /// grown anew by the current [`Margin`](super::Margin), and finds the pairs again.
    ///
    /// A tree kept up by insertions and removals stays good but not the best; when a set of
    /// boxes stops moving (a level loaded, objects settled), a rebuild gives faster queries
    /// (see [`Stats::cost`](super::Stats::cost)). With [`Margin::NONE`](super::Margin::NONE)
    /// set first, the tree then holds the given boxes themselves. Costs `O(n log n)`;
    /// answers do not change.
    ///
    /// ```
    /// use isect::broad::{BroadPhase, Margin};
    /// use isect::{Aabb, math::Vec3};
    ///
    /// let mut world = BroadPhase::new();
    /// for i in 0..1000 {
    ///     let p = Vec3::new((i % 10) as f32, (i / 10 % 10) as f32, (i / 100) as f32);
    ///     world.insert(Aabb::new(p, p + 0.5), i);
    /// }
    /// world.set_margin(Margin::NONE);
    /// world.rebuild();
    /// assert_eq!(world.len(), 1000);
    /// assert!(world.stats().height < 20);
    /// ```
    pub fn rebuild(&mut self) {
        let n = self.entries.len();
        let proxies: Vec<u32> = (0..n as u32).filter(|&p| self.tree.holds(p)).collect();
        let mut fat = Vec::with_capacity(n);
        fat.resize(n, Aabb::EMPTY);
        let mut prims = Vec::with_capacity(proxies.len());
        for &p in &proxies {
            let given = &self.entries[p as usize].given();
            let f = super::grow(given, self.margin.of(given));
            fat[p as usize] = f;
            prims.push(PrimBox::new(f.min, f.max));
        }
        self.tree.clear();
        self.pairs.clear();
        if proxies.len() <= 1 {
            for &p in &proxies {
                self.tree.insert_leaf(p, &fat[p as usize]);
            }
            return;
        }
        let mut order = proxies.clone();
        let bins = build(&mut prims, &mut order);
        self.tree.build_from(&bins, &order, &fat);
        // Built in depth-first order already.
        self.tree.changes = 0;
        // Every pair once: each proxy with the proxies of higher index its box meets.
        let mut stats = super::QueryStats::default();
        for &p in &proxies {
            let pairs = &mut self.pairs;
            self.tree.visit_aabb(&fat[p as usize], &mut stats, |q| {
                if q > p {
                    pairs.link(p, q);
                }
                true
            });
        }
    }
}

impl Tree {
    /// Makes this (empty) tree the one of `bins` (the builder's nodes, in pre-order) over the
    /// proxies `order` in leaf order, whose boxes are `fat` (by proxy).
    fn build_from(&mut self, bins: &[BinNode], order: &[u32], fat: &[Aabb]) {
        /// A subtree still to make: builder node `bin`, going into `slot` of node `parent`.
        struct Task {
            bin: usize,
            parent: u32,
            slot: usize,
        }
        let mut tasks = Vec::with_capacity(64);
        tasks.push(Task {
            bin: 0,
            parent: ROOT,
            slot: 0,
        });
        while let Some(Task { bin, parent, slot }) = tasks.pop() {
            let b = &bins[bin];
            let (child, aabb) = if b.count == 0 {
                let i = self.allocate();
                // Boxes and height are set when its children are made and by `fix_heights`.
                let aabb = Aabb::new(b.min, b.max);
                self.nodes[i as usize] =
                    Node::new([(Child::NONE, &aabb), (Child::NONE, &aabb)], parent, 0);
                tasks.push(Task {
                    bin: b.index as usize,
                    parent: i,
                    slot: 1,
                });
                tasks.push(Task {
                    bin: bin + 1,
                    parent: i,
                    slot: 0,
                });
                (Child::node(i), Aabb::new(b.min, b.max))
            } else {
                let first = b.index as usize;
                self.join_closest(&order[first..first + b.count as usize], fat)
            };
            if parent == ROOT {
                self.root = child;
                self.root_box = aabb;
            } else {
                self.nodes[parent as usize].set_slot(slot, child, &aabb);
            }
            self.set_parent(child, parent);
        }
        self.fix_heights();
    }

    /// A subtree over `proxies` (one to [`MAX_LEAF`]), made by joining the two items whose
    /// union has the least area until one is left; its root and box.
    fn join_closest(&mut self, proxies: &[u32], fat: &[Aabb]) -> (Child, Aabb) {
        let mut items = [(Child::NONE, Aabb::EMPTY); MAX_LEAF];
        for (item, &p) in items.iter_mut().zip(proxies) {
            *item = (Child::leaf(p), fat[p as usize]);
        }
        let mut len = proxies.len();
        while len > 1 {
            let mut best = (0, 1, crate::math::Real::INFINITY);
            for a in 0..len {
                for b in a + 1..len {
                    let area = half_area(&union(&items[a].1, &items[b].1));
                    if area < best.2 {
                        best = (a, b, area);
                    }
                }
            }
            let (a, b) = (best.0, best.1);
            let i = self.allocate();
            self.nodes[i as usize] = Node::new(
                [(items[a].0, &items[a].1), (items[b].0, &items[b].1)],
                ROOT,
                0,
            );
            self.set_parent(items[a].0, i);
            self.set_parent(items[b].0, i);
            items[a] = (Child::node(i), union(&items[a].1, &items[b].1));
            items[b] = items[len - 1];
            len -= 1;
        }
        items[0]
    }

    /// Every node's height from its children's: parents before children in a breadth-first
    /// list, then that list backwards.
    fn fix_heights(&mut self) {
        if self.root == Child::NONE || self.root.is_leaf() {
            return;
        }
        let mut list = Vec::with_capacity(self.nodes.len());
        list.push(self.root.index());
        let mut k = 0;
        while k < list.len() {
            let node = &self.nodes[list[k] as usize];
            for c in node.children() {
                if !c.is_leaf() {
                    list.push(c.index());
                }
            }
            k += 1;
        }
        for &i in list.iter().rev() {
            let node = &self.nodes[i as usize];
            let h = self.height_from_children(node);
            self.nodes[i as usize].set_height(h);
        }
    }
}

/// Changes below which the nodes are never reordered (small trees stay in the caches).
const REORDER_MIN: usize = 4096;

impl Tree {
    /// [`Tree::reorder`] once more than half the nodes changed since the last time: `O(1)`
    /// amortised per change, and the tree's memory order stays near the depth-first one.
    pub(crate) fn reorder_if_scattered(&mut self) {
        if self.changes > (self.nodes.len() / 2).max(REORDER_MIN) {
            self.reorder();
        }
    }

    /// Renumbers the nodes in depth-first pre-order (a node, its first subtree, its second),
    /// dropping the free list: the same tree, with each subtree's nodes together in memory,
    /// so that a query's walk down the tree reads nearby memory (measured, 100k boxes after
    /// a million moves: see docs/performance.md).
    pub(crate) fn reorder(&mut self) {
        self.changes = 0;
        if self.root == Child::NONE || self.root.is_leaf() {
            self.nodes.clear();
            self.free.clear();
            return;
        }
        let mut out: Vec<Node> = crate::pages::with_capacity(self.nodes.len() - self.free.len());
        // (old index, new parent, slot in the new parent)
        let mut stack = Vec::with_capacity(64);
        stack.push((self.root.index(), ROOT, 0));
        while let Some((old, parent, slot)) = stack.pop() {
            let here = out.len() as u32;
            let mut node = self.nodes[old as usize];
            node.set_parent(parent);
            if parent == ROOT {
                self.root = Child::node(here);
            } else {
                let p = &mut out[parent as usize];
                let b = p.slot_box(slot);
                p.set_slot(slot, Child::node(here), &b);
            }
            for s in [1, 0] {
                let c = node.child(s);
                if c.is_leaf() {
                    self.leaf_parent[c.index() as usize] = here;
                } else {
                    stack.push((c.index(), here, s));
                }
            }
            out.push(node);
        }
        self.nodes = out;
        self.free.clear();
    }
}
