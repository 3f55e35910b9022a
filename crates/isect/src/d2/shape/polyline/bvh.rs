//! The polyline's bounding volume hierarchy: a binary tree over the segments' boxes, built once
//! at construction by median splits, stored as one `Vec` of nodes in depth-first pre-order, and
//! walked with a fixed stack (no allocation per query).
//!
//! Median splits along the longer side of the box of the segments' centres keep the tree
//! balanced (depth `⌈log2(n / MAX_LEAF)⌉ + 1`, so the fixed stack always suffices) and the build
//! `O(n log n)`; level geometry's segments are of similar sizes, where the surface area heuristic
//! of the 3D mesh's builder gains little (ARCHITECTURE.md, "2D").

use alloc::vec::Vec;

use crate::d2::shape::Aabb;
use crate::math::{Real, Vec2};

/// The most segments in a leaf.
const MAX_LEAF: usize = 4;
/// Traversal stack depth: a balanced tree over at most `2^32` segments in leaves of four is at
/// most 31 levels deep, and a walk keeps at most one pending node per level.
const STACK: usize = 64;

/// A node of the tree: its box, and for a leaf (`count > 0`) the first of its `count` entries
/// in the build order; for an inner node (`count == 0`) the index of its right child (the left
/// one follows the node).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) min: Vec2,
    pub(crate) max: Vec2,
    index: u32,
    count: u32,
}

/// The hierarchy: nodes in pre-order and the segment indices in leaf order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bvh {
    nodes: Vec<Node>,
    order: Vec<u32>,
}

impl Bvh {
    /// The tree over the boxes `boxes[i] = (min, max)`; empty for no boxes.
    pub(crate) fn build(boxes: &[(Vec2, Vec2)]) -> Self {
        let mut order: Vec<u32> = (0..boxes.len() as u32).collect();
        let mut nodes = Vec::with_capacity(2 * boxes.len().div_ceil(MAX_LEAF));
        if !boxes.is_empty() {
            build_node(boxes, &mut order, 0, &mut nodes);
        }
        Self { nodes, order }
    }

    /// The box of everything: the root's; `None` for an empty tree.
    pub(crate) fn root(&self) -> Option<Aabb> {
        self.nodes.first().map(|n| Aabb::new(n.min, n.max))
    }

    /// Bytes held on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * core::mem::size_of::<Node>()
            + self.order.capacity() * core::mem::size_of::<u32>()
    }

    /// Calls `leaf` with every segment in a leaf whose box `enter` accepts (inner nodes too are
    /// only opened when `enter` accepts them), nearer child first by `enter`'s key; stops when
    /// `leaf` returns `true`, and says whether it did. `enter` returns a key (smaller first) or
    /// `None` to skip the node; it is asked again on popping, so a bound that tightened meanwhile
    /// prunes.
    pub(crate) fn walk(
        &self,
        mut enter: impl FnMut(&Node) -> Option<Real>,
        mut leaf: impl FnMut(u32) -> bool,
    ) -> bool {
        let Some(root) = self.nodes.first() else {
            return false;
        };
        if enter(root).is_none() {
            return false;
        }
        let mut stack = [0u32; STACK];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let mut at = stack[top] as usize;
            loop {
                let node = &self.nodes[at];
                if node.count > 0 {
                    let first = node.index as usize;
                    for &i in &self.order[first..first + node.count as usize] {
                        if leaf(i) {
                            return true;
                        }
                    }
                    break;
                }
                let (l, r) = (at + 1, node.index as usize);
                match (enter(&self.nodes[l]), enter(&self.nodes[r])) {
                    (None, None) => break,
                    (Some(_), None) => at = l,
                    (None, Some(_)) => at = r,
                    (Some(kl), Some(kr)) => {
                        let (near, far) = if kr < kl { (r, l) } else { (l, r) };
                        stack[top] = far as u32;
                        top += 1;
                        at = near;
                    }
                }
            }
            // A pending node is checked again: the bound may have tightened since it was pushed.
            while top > 0 && enter(&self.nodes[stack[top - 1] as usize]).is_none() {
                top -= 1;
            }
        }
        false
    }
}

/// Builds the subtree over `order[first..]`'s slice `ids` (whose entries are segment indices),
/// appending its nodes in pre-order.
fn build_node(boxes: &[(Vec2, Vec2)], ids: &mut [u32], first: usize, nodes: &mut Vec<Node>) {
    let (mut min, mut max) = boxes[ids[0] as usize];
    let (mut cmin, mut cmax) = (Vec2::splat(Real::INFINITY), Vec2::splat(Real::NEG_INFINITY));
    for &i in ids.iter() {
        let (lo, hi) = boxes[i as usize];
        min = min.min(lo);
        max = max.max(hi);
        let c = lo + hi;
        cmin = cmin.min(c);
        cmax = cmax.max(c);
    }
    let at = nodes.len();
    if ids.len() <= MAX_LEAF {
        nodes.push(Node {
            min,
            max,
            index: first as u32,
            count: ids.len() as u32,
        });
        return;
    }
    nodes.push(Node {
        min,
        max,
        index: 0,
        count: 0,
    });
    let axis = usize::from(cmax.y - cmin.y > cmax.x - cmin.x);
    let key = |i: &u32| {
        let (lo, hi) = boxes[*i as usize];
        (lo + hi)[axis]
    };
    let mid = ids.len() / 2;
    ids.select_nth_unstable_by(mid, |a, b| key(a).total_cmp(&key(b)));
    let (left, right) = ids.split_at_mut(mid);
    build_node(boxes, left, first, nodes);
    nodes[at].index = nodes.len() as u32;
    build_node(boxes, right, first + mid, nodes);
}

/// Whether two boxes overlap, touching included.
#[inline]
pub(crate) fn boxes_meet(node: &Node, min: Vec2, max: Vec2) -> bool {
    node.min.cmple(max).all() && min.cmple(node.max).all()
}

/// The squared distance between the node's box and the box `min..max` (0 when they meet).
#[inline]
pub(crate) fn box_distance_squared(node: &Node, min: Vec2, max: Vec2) -> Real {
    let gap = (node.min - max).max(min - node.max).max(Vec2::ZERO);
    gap.length_squared()
}

/// The first `t` in `[0, t_max]` at which the point `o + t d` lies in the node's box grown by
/// `grow` on every side, or `None`. Conservative: the box is widened by a few ulps of its
/// coordinates and of `o`, so that a hit the exact test accepts (a ray grazing a box, a segment
/// cast a few ulps past its end) is never pruned by rounding.
#[inline]
pub(crate) fn slab_entry(node: &Node, grow: Vec2, o: Vec2, d: Vec2, t_max: Real) -> Option<Real> {
    box_entry(node.min, node.max, grow, o, d, t_max)
}

/// [`slab_entry`] for the box `min..max`.
#[inline]
pub(crate) fn box_entry(
    min: Vec2,
    max: Vec2,
    grow: Vec2,
    o: Vec2,
    d: Vec2,
    t_max: Real,
) -> Option<Real> {
    let slack = (min.abs().max(max.abs()) + o.abs() + grow) * (8.0 * Real::EPSILON);
    let lo = min - grow - slack;
    let hi = max + grow + slack;
    let (mut t0, mut t1): (Real, Real) = (0.0, t_max);
    for k in 0..2 {
        if d[k] == 0.0 {
            if o[k] < lo[k] || o[k] > hi[k] {
                return None;
            }
        } else {
            let inv = 1.0 / d[k];
            let (a, b) = ((lo[k] - o[k]) * inv, (hi[k] - o[k]) * inv);
            let (near, far) = if a < b { (a, b) } else { (b, a) };
            // One rounding step each way keeps the interval conservative.
            t0 = t0.max(near - near.abs() * (4.0 * Real::EPSILON));
            t1 = t1.min(far + far.abs() * (4.0 * Real::EPSILON));
        }
    }
    (t0 <= t1).then_some(t0)
}
