//! Insertion of a leaf by the surface area heuristic, and the tree rotations that keep the tree
//! good on the way back up.
//!
//! The cost of a tree is the sum of its inner nodes' surface areas (MacDonald and Booth's
//! heuristic: a random query enters a node with a probability proportional to its area).
//! Inserting a leaf `D` next to a sibling `S` adds a node of area `A(S ∪ D)` and grows every
//! ancestor of `S` by `A(ancestor ∪ D) − A(ancestor)`. The sibling is found by a branch and
//! bound along one path (Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019; Box2D v3's
//! dynamic tree; the bound is Bittner et al.'s, "Fast Insertion-Based Optimization of Bounding
//! Volume Hierarchies", 2013): a subtree can cost no less than the growth of its ancestors
//! plus the larger of its own growth and `A(D)`, so the descent goes into the child with the
//! lower bound and stops when neither child's bound beats the best cost found.
//!
//! On the way back up, each node tries the four swaps of one of its children with a grandchild
//! under the other child (Kopta et al., "Fast, Effective BVH Updates for Animated Scenes",
//! 2012) and keeps the one that shrinks the changed node's area most: the tree improves where
//! it changes, which keeps it close to a rebuilt one under long runs of moves.

use crate::broad::node::{BVec4A, Child, Node};
use crate::broad::tree::{ROOT, Tree, half_area, union};
use crate::math::{Real, Vec4};
use crate::shape::Aabb;
use glam::Vec4Swizzles;

/// [`half_area`] per lane of boxes whose sizes along the axes are `sizes`.
#[inline(always)]
fn half_areas(sizes: [Vec4; 3]) -> Vec4 {
    let [x, y, z] = sizes.map(|s| s.max(Vec4::ZERO).min(Vec4::splat(Real::MAX)));
    x * y + y * z + z * x
}

/// Half the areas of a node's two slots' boxes joined with the box `[dmin, dmax]` (given by
/// axis, in all lanes), and of the slots' own boxes, in lanes 0 and 1.
#[inline(always)]
fn slot_areas(node: &Node, dmin: &[Vec4; 3], dmax: &[Vec4; 3]) -> (Vec4, Vec4) {
    let minima = BVec4A::new(true, true, false, false);
    let mut joined = [Vec4::ZERO; 3];
    let mut own = [Vec4::ZERO; 3];
    for a in 0..3 {
        let v = node.axes[a];
        let u = Vec4::select(minima, v.min(dmin[a]), v.max(dmax[a]));
        joined[a] = u.zwxy() - u;
        own[a] = v.zwxy() - v;
    }
    (half_areas(joined), half_areas(own))
}

impl Tree {
    /// Inserts proxy `p`, which is not in the tree, with the (valid) box `fat`.
    pub(crate) fn insert_leaf(&mut self, p: u32, fat: &Aabb) {
        let leaf = Child::leaf(p);
        if self.root == Child::NONE {
            self.root = leaf;
            self.root_box = *fat;
            self.leaf_parent[p as usize] = ROOT;
            return;
        }
        let (sibling, sibling_box) = self.best_sibling(fat);
        let old_parent = self.parent_of(sibling);
        let n = self.allocate();
        self.nodes[n as usize] = Node::new(
            [(sibling, &sibling_box), (leaf, fat)],
            old_parent,
            1 + self.height_of(sibling),
        );
        self.set_parent(sibling, n);
        self.set_parent(leaf, n);
        self.replace_child(
            old_parent,
            sibling,
            Child::node(n),
            &union(&sibling_box, fat),
        );
        // The ancestors grow until one holds the box already: refit them, rotating as we go,
        // up to the first whose box and height come out unchanged (nothing above changed).
        let mut i = old_parent;
        while i != ROOT {
            let before = self.nodes[i as usize].height();
            self.rotate(i);
            let node = &self.nodes[i as usize];
            let aabb = node.own_box();
            let height = self.height_from_children(node);
            let parent = node.parent();
            if before == height && self.child_box(parent, i) == aabb {
                break;
            }
            self.nodes[i as usize].set_height(height);
            self.replace_child(parent, Child::node(i), Child::node(i), &aabb);
            i = parent;
        }
    }

    /// The child (and its box) next to which a leaf of box `d` costs least, by the branch and
    /// bound of the module docs. The tree is not empty.
    ///
    /// Costs may be infinite for boxes beyond `Real::MAX` in size; NaN never arises (areas are
    /// clamped, growths are `max(…, 0)`), and every step goes one level down, so the descent
    /// ends whatever the costs are.
    fn best_sibling(&self, d: &Aabb) -> (Child, Aabb) {
        let area_d = half_area(d);
        let dmin = [0, 1, 2].map(|a| Vec4::splat(d.min[a]));
        let dmax = [0, 1, 2].map(|a| Vec4::splat(d.max[a]));
        let mut best = (self.root, self.root_box);
        let mut direct = half_area(&union(&self.root_box, d));
        let mut best_cost = direct;
        let mut area_here = half_area(&self.root_box);
        // The growth of the ancestors of the children looked at below.
        let mut inherited: Real = 0.0;
        let mut here = self.root;
        while !here.is_leaf() {
            let node = &self.nodes[here.index() as usize];
            inherited += (direct - area_here).max(0.0);
            let (joined, own) = slot_areas(node, &dmin, &dmax);
            let direct_c = [joined.x, joined.y];
            let area_c = [own.x, own.y];
            let mut lower = [Real::INFINITY; 2];
            let children = node.children();
            for s in 0..2 {
                let cost = direct_c[s] + inherited;
                if cost < best_cost {
                    best_cost = cost;
                    best = (children[s], node.slot_box(s));
                }
                if !children[s].is_leaf() {
                    lower[s] = inherited + direct_c[s] + (area_d - area_c[s]).min(0.0);
                }
            }
            let inner = [!children[0].is_leaf(), !children[1].is_leaf()];
            if !(inner[0] && best_cost > lower[0] || inner[1] && best_cost > lower[1]) {
                break;
            }
            let s = if !inner[0] {
                1
            } else if !inner[1] {
                0
            } else if lower[0] == lower[1] {
                // Both contain `d` (their bounds are equal): the nearer centre decides.
                let centre = d.min + d.max;
                let (b0, b1) = (node.slot_box(0), node.slot_box(1));
                let c0 = b0.min + b0.max - centre;
                let c1 = b1.min + b1.max - centre;
                usize::from(c1.length_squared() < c0.length_squared())
            } else {
                usize::from(lower[1] < lower[0])
            };
            here = children[s];
            direct = direct_c[s];
            area_here = area_c[s];
        }
        best
    }

    /// At node `i`, the swap of a child with a grandchild under the other child that shrinks
    /// the area of the node it changes most, if any does. `i`'s own box stays the same.
    fn rotate(&mut self, i: u32) {
        let node = &self.nodes[i as usize];
        let children = node.children();
        // (area saved, side of the inner child, its slot that swaps with the other child)
        let mut best = (0.0, 0, 0);
        for (side, child) in children.into_iter().enumerate() {
            if child.is_leaf() {
                continue;
            }
            let x = &self.nodes[child.index() as usize];
            let area = half_area(&node.slot_box(side));
            let other = node.slot_box(1 - side);
            for k in 0..2 {
                // After the swap `x` holds the other child and its own slot `1 - k`.
                let saved = area - half_area(&union(&other, &x.slot_box(1 - k)));
                if saved > best.0 {
                    best = (saved, side, k);
                }
            }
        }
        let (saved, side, k) = best;
        if !(saved > 0.0) {
            return;
        }
        let x = children[side].index();
        let other = children[1 - side];
        let other_box = node.slot_box(1 - side);
        let grandchild = self.nodes[x as usize].child(k);
        let grandchild_box = self.nodes[x as usize].slot_box(k);

        self.nodes[x as usize].set_slot(k, other, &other_box);
        self.set_parent(other, x);
        let xn = &self.nodes[x as usize];
        let x_box = xn.own_box();
        let x_height = self.height_from_children(xn);
        self.nodes[x as usize].set_height(x_height);

        let height = 1 + x_height.max(self.height_of(grandchild));
        self.changes += 1;
        let n = &mut self.nodes[i as usize];
        n.set_slot(side, Child::node(x), &x_box);
        n.set_slot(1 - side, grandchild, &grandchild_box);
        n.set_height(height);
        self.set_parent(grandchild, i);
    }
}
