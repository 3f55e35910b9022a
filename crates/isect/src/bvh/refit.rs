//! Refitting: new vertex positions, same tree. The triangle blocks are rewritten and every
//! node's lane boxes recomputed bottom-up (nodes are in pre-order, so a reverse sweep sees the
//! children before their parent). The tree keeps its topology, so its quality degrades when the
//! mesh deforms a lot; build a new mesh then.

use crate::bvh::layout::{
    Bvh, EMPTY, LANES, NO_TRIANGLE, NodeRef, WIDTH, corners, is_degenerate, unit_normal,
};
use crate::bvh::query::subtree_box;
use crate::bvh::ray::clear_flags;
use crate::math::{Vec3, simd};

impl Bvh {
    /// Recomputes the boxes for `vertices` (same count as at build, finite).
    pub(crate) fn refit(&mut self, vertices: &[Vec3], triangles: &[[u32; 3]]) {
        for (slot, &i) in self.order.iter().enumerate() {
            if i == NO_TRIANGLE {
                continue;
            }
            let c = corners(vertices, triangles[i as usize]);
            self.blocks[slot / WIDTH].set(slot % WIDTH, c);
            self.degenerate[slot] = is_degenerate(&c);
            self.clear[slot] = clear_flags(&c);
            self.normals[slot] = unit_normal(&c);
        }
        self.pad_blocks();
        for k in (0..self.nodes.len()).rev() {
            for lane in 0..LANES {
                let (child, count) = (self.nodes[k].child[lane], self.nodes[k].count[lane]);
                if child == EMPTY {
                    continue;
                }
                let (lo, hi) = subtree_box(
                    self,
                    NodeRef {
                        index: child,
                        count,
                    },
                );
                self.nodes[k].set_box(lane, lo, hi);
            }
        }
        let (lo, hi) = subtree_box(self, self.root);
        self.whole = (simd(lo), simd(hi));
        debug_assert_eq!(self.validate(vertices, triangles), Ok(()));
    }
}
