//! The tree's storage: inner nodes that hold their two children's boxes, a free list of nodes,
//! the root, and each proxy's place in the tree.
//!
//! A node's own box is kept by its parent (in the parent's slot for it) or, for the root, by
//! [`Tree::root_box`]: a traversal tests both children of a node from the one node it has
//! loaded (a 64-byte node in `f32`), and leaves need no node of their own, so `n` proxies take
//! `n − 1` nodes.

use alloc::vec::Vec;

use crate::broad::node::{Child, Node};
use crate::math::{Real, Vec3, Vec4};
use crate::shape::Aabb;

/// The parent of the root (of the root node, or of a proxy that is the root on its own).
pub(crate) const ROOT: u32 = u32::MAX;
/// The parent of a proxy that is not in the tree (its box is invalid, or its slot is free).
pub(crate) const OUT: u32 = u32::MAX - 1;
/// The height of a node on the free list.
pub(crate) const FREE: u32 = u32::MAX;
/// The most proxies a tree can hold: a proxy's index must leave [`Child::LEAF`] free.
pub(crate) const MAX_PROXIES: usize = (1 << 31) - 1;

/// The binary tree of the proxies' fattened boxes.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    /// Indices of the nodes on the free list (their height is [`FREE`]).
    pub(crate) free: Vec<u32>,
    pub(crate) root: Child,
    /// The root's box ([`Aabb::EMPTY`] for an empty tree).
    pub(crate) root_box: Aabb,
    /// Per proxy: the node whose slot holds it, [`ROOT`] when it is the root on its own, or
    /// [`OUT`] when it is not in the tree.
    pub(crate) leaf_parent: Vec<u32>,
    /// Nodes allocated, freed or rotated since the nodes were last put in depth-first order.
    pub(crate) changes: usize,
}

impl Default for Tree {
    fn default() -> Self {
        Self {
            nodes: Vec::new(),
            free: Vec::new(),
            root: Child::NONE,
            root_box: Aabb::EMPTY,
            leaf_parent: Vec::new(),
            changes: 0,
        }
    }
}

/// Makes room for one more element in `v`, doubling its capacity in memory that large
/// vectors ask to be backed by huge pages ([`crate::pages`]): a query's path through a
/// million boxes touches a few dozen nodes spread over tens of megabytes.
pub(crate) fn grow_huge<T: Copy>(v: &mut Vec<T>) {
    if v.len() == v.capacity() {
        let mut bigger = crate::pages::with_capacity((2 * v.capacity()).max(64));
        bigger.extend_from_slice(v);
        *v = bigger;
    }
}

/// Half the surface area of `aabb` (the heuristic only compares areas). Sizes are clamped to
/// `[0, Real::MAX]` so that a box spanning more than `Real::MAX` gives `+∞` and a flat one
/// `0`, never the NaN of `∞ · 0`.
#[inline(always)]
pub(crate) fn half_area(aabb: &Aabb) -> Real {
    let s = (aabb.max - aabb.min)
        .max(Vec3::ZERO)
        .min(Vec3::splat(Real::MAX));
    s.x * s.y + s.y * s.z + s.z * s.x
}

/// The smallest box containing both.
#[inline(always)]
pub(crate) fn union(a: &Aabb, b: &Aabb) -> Aabb {
    Aabb::new(a.min.min(b.min), a.max.max(b.max))
}

/// Whether `outer` contains `inner` (boundaries may coincide).
#[inline(always)]
pub(crate) fn contains(outer: &Aabb, inner: &Aabb) -> bool {
    outer.min.cmple(inner.min).all() && inner.max.cmple(outer.max).all()
}

/// Whether the box with corners `lo` and `hi` (in lanes `xyz`; lane `w` takes no part) meets
/// the box `[qlo, qhi]` (touching counts; `false` for NaN coordinates).
#[inline(always)]
pub(crate) fn overlaps4(lo: Vec4, hi: Vec4, qlo: Vec4, qhi: Vec4) -> bool {
    (lo.cmple(qhi) & qlo.cmple(hi)).bitmask() & 0b111 == 0b111
}

/// Whether two boxes meet (closed: touching counts).
#[inline(always)]
pub(crate) fn overlaps(a: &Aabb, b: &Aabb) -> bool {
    a.min.cmple(b.max).all() && b.min.cmple(a.max).all()
}

impl Tree {
    /// The number of proxies the tree has room for in `leaf_parent`.
    pub(crate) fn grow_proxies(&mut self, len: usize) {
        if self.leaf_parent.len() < len {
            self.leaf_parent.resize(len, OUT);
        }
    }

    /// Whether proxy `p` is in the tree.
    #[inline(always)]
    pub(crate) fn holds(&self, p: u32) -> bool {
        self.leaf_parent[p as usize] != OUT
    }

    /// The fattened box of proxy `p`, which is in the tree.
    #[inline(always)]
    pub(crate) fn leaf_box(&self, p: u32) -> Aabb {
        match self.leaf_parent[p as usize] {
            ROOT => self.root_box,
            parent => {
                let node = &self.nodes[parent as usize];
                node.slot_box(node.slot_of(Child::leaf(p)))
            }
        }
    }

    /// The parent of `child` ([`ROOT`] for the root).
    #[inline(always)]
    pub(crate) fn parent_of(&self, child: Child) -> u32 {
        if child.is_leaf() {
            self.leaf_parent[child.index() as usize]
        } else {
            self.nodes[child.index() as usize].parent()
        }
    }

    /// Records `parent` as the parent of `child`.
    #[inline(always)]
    pub(crate) fn set_parent(&mut self, child: Child, parent: u32) {
        if child.is_leaf() {
            self.leaf_parent[child.index() as usize] = parent;
        } else {
            self.nodes[child.index() as usize].set_parent(parent);
        }
    }

    /// The height of `child`: 0 for a leaf.
    #[inline(always)]
    pub(crate) fn height_of(&self, child: Child) -> u32 {
        if child.is_leaf() {
            0
        } else {
            self.nodes[child.index() as usize].height()
        }
    }

    /// 1 + the taller child's height.
    #[inline(always)]
    pub(crate) fn height_from_children(&self, node: &Node) -> u32 {
        1 + self
            .height_of(node.child(0))
            .max(self.height_of(node.child(1)))
    }

    /// Puts `child` with box `aabb` where `old` was: in `parent`'s slot, or at the root.
    #[inline(always)]
    pub(crate) fn replace_child(&mut self, parent: u32, old: Child, child: Child, aabb: &Aabb) {
        if parent == ROOT {
            self.root = child;
            self.root_box = *aabb;
        } else {
            let node = &mut self.nodes[parent as usize];
            let s = node.slot_of(old);
            node.set_slot(s, child, aabb);
        }
        self.set_parent(child, parent);
    }

    /// A node from the free list, or a new one; its fields are for the caller to set.
    pub(crate) fn allocate(&mut self) -> u32 {
        self.changes += 1;
        if let Some(i) = self.free.pop() {
            return i;
        }
        let i = self.nodes.len();
        assert!(i < MAX_PROXIES, "isect::broad: too many nodes");
        grow_huge(&mut self.nodes);
        self.nodes.push(Node::new(
            [(Child::NONE, &Aabb::EMPTY), (Child::NONE, &Aabb::EMPTY)],
            ROOT,
            FREE,
        ));
        i as u32
    }

    /// Puts node `i` on the free list.
    pub(crate) fn release(&mut self, i: u32) {
        self.changes += 1;
        self.nodes[i as usize] = Node::new(
            [(Child::NONE, &Aabb::EMPTY), (Child::NONE, &Aabb::EMPTY)],
            ROOT,
            FREE,
        );
        self.free.push(i);
    }

    /// Makes the tree empty, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.free.clear();
        self.root = Child::NONE;
        self.root_box = Aabb::EMPTY;
        self.leaf_parent.iter_mut().for_each(|p| *p = OUT);
        self.changes = 0;
    }

    /// From node `i` up to the root: each node's box (the union of its slots) into its
    /// parent's slot and its height from its children's, stopping early once a node's box and
    /// height come out as they were (the nodes above then are as they were too).
    pub(crate) fn refit_from(&mut self, mut i: u32) {
        while i != ROOT {
            let node = &self.nodes[i as usize];
            let aabb = node.own_box();
            let height = self.height_from_children(node);
            let parent = node.parent();
            let unchanged = node.height() == height && self.child_box(parent, i) == aabb;
            if unchanged {
                return;
            }
            self.nodes[i as usize].set_height(height);
            self.replace_child(parent, Child::node(i), Child::node(i), &aabb);
            i = parent;
        }
    }

    /// The box of node `i` as its parent (or the root) holds it.
    #[inline(always)]
    pub(crate) fn child_box(&self, parent: u32, i: u32) -> Aabb {
        if parent == ROOT {
            self.root_box
        } else {
            let p = &self.nodes[parent as usize];
            p.slot_box(p.slot_of(Child::node(i)))
        }
    }

    /// The height of the tree: 0 for none or one proxy.
    pub(crate) fn height(&self) -> u32 {
        if self.root == Child::NONE {
            0
        } else {
            self.height_of(self.root)
        }
    }

    /// The number of nodes in use.
    pub(crate) fn live_nodes(&self) -> usize {
        self.nodes.len() - self.free.len()
    }
}
