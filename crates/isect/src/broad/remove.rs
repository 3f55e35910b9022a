//! Removal of a leaf: its sibling takes its parent's place, and the boxes above shrink.

use crate::broad::tree::{Child, OUT, ROOT, Tree};
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
        let (sibling, sibling_box, grandparent) = (node.child[s], node.slot_box(s), node.parent);
        self.replace_child(grandparent, Child::node(parent), sibling, &sibling_box);
        self.release(parent);
        if grandparent != ROOT {
            self.refit_from(grandparent);
        }
    }
}
