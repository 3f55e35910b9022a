//! Removal of a leaf: its sibling takes its parent's place, and the boxes above shrink; and
//! the move of a leaf that stays near its sibling, in place.

/// How much larger than its two children together a node may grow when a leaf moves in place:
/// the leaf's parent may cover at most this many times the summed areas of the leaf's new box
/// and its sibling's. Coherent moves stay well within it (two unit boxes three sizes apart make
/// 1.8); a leaf that drifts away from its sibling crosses it and is reinserted by the surface
/// area heuristic, so the tree does not decay into boxes stretched along old paths.
const IN_PLACE_GROWTH: crate::math::Real = 2.0;

use crate::broad::node::Child;
use crate::broad::tree::{OUT, ROOT, Tree, half_area, union};
use crate::shape::Aabb;

impl Tree {
    /// Takes proxy `p`, which is in the tree, out of it.
    pub(crate) fn remove_leaf(&mut self, p: u32) {
        let parent = self.leaf_parent[p as usize];
        debug_assert_ne!(parent, OUT);
        self.leaf_parent[p as usize] = OUT;
        if parent == ROOT {
            self.root = Child::NONE;
            self.root_box = Aabb::EMPTY;
            return;
        }
        let node = &self.nodes[parent as usize];
        let s = 1 - node.slot_of(Child::leaf(p));
        let (sibling, sibling_box, grandparent) = (node.child(s), node.slot_box(s), node.parent());
        self.replace_child(grandparent, Child::node(parent), sibling, &sibling_box);
        self.release(parent);
        if grandparent != ROOT {
            self.refit_from(grandparent);
        }
    }
}

impl Tree {
    /// Gives proxy `p` (in the tree) the box `fat` where it is, refitting the boxes above,
    /// when its parent stays tight enough (see [`IN_PLACE_GROWTH`]); `false`, and nothing
    /// changed, otherwise.
    pub(crate) fn move_in_place(&mut self, p: u32, fat: &Aabb) -> bool {
        let parent = self.leaf_parent[p as usize];
        if parent == ROOT {
            self.root_box = *fat;
            return true;
        }
        let node = &mut self.nodes[parent as usize];
        let s = node.slot_of(Child::leaf(p));
        let sibling = node.slot_box(1 - s);
        let joined = half_area(&union(&sibling, fat));
        if !(joined <= IN_PLACE_GROWTH * (half_area(&sibling) + half_area(fat))) {
            return false;
        }
        node.set_slot(s, Child::leaf(p), fat);
        self.refit_from(parent);
        true
    }
}
