//! The hierarchy's invariants, checked after every build and refit in builds with debug
//! assertions (so every test that makes or refits a mesh checks them): a traversal that trusts
//! a box that does not hold its subtree, a triangle filed twice or not at all, or a padding lane
//! that is not lane 0's copy would miss hits or report them twice without any query failing
//! loudly.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::bvh::layout::{
    Bvh, EMPTY, LANES, NO_TRIANGLE, NodeRef, WIDTH, corners, is_degenerate, unit_normal,
};
use crate::bvh::query::subtree_box;
use crate::math::{Real, Vec3};

/// Whether the box `[lo, hi]` holds the box `[l, h]` (an empty `[l, h]`, `l > h`, is held by
/// any box).
fn holds((lo, hi): (Vec3, Vec3), (l, h): (Vec3, Vec3)) -> bool {
    l.cmpgt(h).any() || (lo.cmple(l).all() && h.cmple(hi).all())
}

impl Bvh {
    /// `Ok` when the hierarchy is consistent with the mesh of `vertices` and `triangles`:
    /// - every node is reached once from the root, after its parent (pre-order), and each lane
    ///   is empty (no child, no count, the blank box), a leaf (a block's first slot, 1 to
    ///   [`WIDTH`] triangles, its `leaf_mask` bit set) or an inner node;
    /// - each lane's box holds its subtree (the child's lane boxes, or the leaf's triangles),
    ///   and the whole box holds the root's; each lane's lowest triangle index is its
    ///   subtree's;
    /// - every triangle of the mesh is in exactly one slot, with its current corners and its
    ///   degenerate and clear flags; every other slot is padding: no triangle, flagged
    ///   degenerate and not clear, a copy
    ///   of its block's lane 0; every block belongs to one leaf.
    ///
    /// Otherwise the first fault found, in words.
    pub(crate) fn validate(&self, vertices: &[Vec3], triangles: &[[u32; 3]]) -> Result<(), String> {
        let slots = self.blocks.len() * WIDTH;
        if self.order.len() != slots
            || self.degenerate.len() != slots
            || self.clear.len() != slots
            || self.normals.len() != slots
        {
            return Err(format!(
                "{} blocks but {} order entries, {} degenerate flags, {} clear flags and {} normals",
                self.blocks.len(),
                self.order.len(),
                self.degenerate.len(),
                self.clear.len(),
                self.normals.len()
            ));
        }
        if self.lowest.len() != self.nodes.len() {
            return Err(format!(
                "{} nodes but {} lowest-index entries",
                self.nodes.len(),
                self.lowest.len()
            ));
        }
        let mut node_seen = vec![false; self.nodes.len()];
        let mut block_seen = vec![false; self.blocks.len()];
        let mut leaves: Vec<NodeRef> = Vec::new();
        // (reference, its parent's index) for the nodes still to check.
        let mut todo: Vec<(NodeRef, Option<u32>)> = vec![(self.root, None)];
        while let Some((r, parent)) = todo.pop() {
            if r.count > 0 {
                leaves.push(r);
                continue;
            }
            let k = r.index as usize;
            if k >= self.nodes.len() {
                return Err(format!("node {k} out of range ({})", self.nodes.len()));
            }
            if core::mem::replace(&mut node_seen[k], true) {
                return Err(format!("node {k} reached twice"));
            }
            if parent.is_some_and(|p| p >= r.index) {
                return Err(format!(
                    "node {k} before its parent {parent:?}: not pre-order"
                ));
            }
            let node = &self.nodes[k];
            for lane in 0..LANES {
                let (child, count) = (node.child[lane], node.count[lane]);
                let lane_box = node.lane_box(lane);
                let leaf_bit = node.leaf_mask & (1 << lane) != 0;
                if child == EMPTY {
                    let blank = lane_box.0 == Vec3::INFINITY && lane_box.1 == Vec3::NEG_INFINITY;
                    if count != 0 || leaf_bit || !blank || self.lowest[k][lane] != NO_TRIANGLE {
                        return Err(format!("node {k} lane {lane}: empty but not blank"));
                    }
                    continue;
                }
                if leaf_bit != (count > 0) {
                    return Err(format!(
                        "node {k} lane {lane}: leaf_mask disagrees with count"
                    ));
                }
                let sub = NodeRef {
                    index: child,
                    count,
                };
                if count > 0 && (child as usize % WIDTH != 0 || usize::from(count) > WIDTH) {
                    return Err(format!(
                        "node {k} lane {lane}: leaf at slot {child}, {count}"
                    ));
                }
                if count > 0 && child as usize >= slots {
                    return Err(format!("node {k} lane {lane}: slot {child} out of range"));
                }
                if count == 0 && child as usize >= self.nodes.len() {
                    return Err(format!("node {k} lane {lane}: child {child} out of range"));
                }
                if !holds(lane_box, subtree_box(self, sub)) {
                    return Err(format!(
                        "node {k} lane {lane}: box {lane_box:?} does not hold its subtree {:?}",
                        subtree_box(self, sub)
                    ));
                }
                let lowest = subtree_lowest(self, sub);
                if self.lowest[k][lane] != lowest {
                    return Err(format!(
                        "node {k} lane {lane}: lowest index {} but its subtree's is {lowest}",
                        self.lowest[k][lane]
                    ));
                }
                todo.push((sub, Some(r.index)));
            }
        }
        if let Some(k) = node_seen.iter().position(|&s| !s) {
            return Err(format!("node {k} unreachable"));
        }
        if self.root.count > 0 && !self.nodes.is_empty() {
            return Err(String::from("a leaf root with nodes besides"));
        }
        let whole = self.bounds();
        if !holds(whole, subtree_box(self, self.root)) {
            return Err(format!("the whole box {whole:?} does not hold the root's"));
        }
        // Slots: each triangle once, with its corners; padding after each leaf's count.
        let mut filed = vec![false; triangles.len()];
        for leaf in leaves {
            let b = leaf.index as usize / WIDTH;
            if core::mem::replace(&mut block_seen[b], true) {
                return Err(format!("block {b} in two leaves"));
            }
            let block = &self.blocks[b];
            for lane in 0..WIDTH {
                let slot = b * WIDTH + lane;
                let i = self.order[slot];
                if lane < usize::from(leaf.count) {
                    let Some(tri) = triangles.get(i as usize) else {
                        return Err(format!("slot {slot}: triangle {i} out of range"));
                    };
                    if core::mem::replace(&mut filed[i as usize], true) {
                        return Err(format!("triangle {i} in two slots"));
                    }
                    let c = corners(vertices, *tri);
                    if !same_corners(block.get(lane), c) {
                        return Err(format!("slot {slot}: corners are not triangle {i}'s"));
                    }
                    if self.degenerate[slot] != is_degenerate(&c) {
                        return Err(format!("slot {slot}: degenerate flag wrong"));
                    }
                    if self.clear[slot] != crate::bvh::ray::clear_flags(&c) {
                        return Err(format!("slot {slot}: clear flag wrong"));
                    }
                    if self.normals[slot].to_array().map(Real::to_bits)
                        != unit_normal(&c).to_array().map(Real::to_bits)
                    {
                        return Err(format!("slot {slot}: normal wrong"));
                    }
                } else if i != NO_TRIANGLE
                    || !self.degenerate[slot]
                    || self.clear[slot] != 0
                    || self.normals[slot] != Vec3::ZERO
                    || !same_corners(block.get(lane), block.get(0))
                {
                    return Err(format!("slot {slot}: padding that is not lane 0's copy"));
                }
            }
        }
        if let Some(b) = block_seen.iter().position(|&s| !s) {
            return Err(format!("block {b} in no leaf"));
        }
        if let Some(i) = filed.iter().position(|&f| !f) {
            return Err(format!("triangle {i} in no slot"));
        }
        Ok(())
    }
}

/// The lowest triangle index in the subtree `r` (of valid references): its leaf's, or the
/// least of its node's lanes (each checked in turn when that node is).
fn subtree_lowest(bvh: &Bvh, r: NodeRef) -> u32 {
    let lowest = if r.count > 0 {
        let first = r.index as usize;
        bvh.order[first..first + usize::from(r.count)].iter().min()
    } else {
        bvh.lowest[r.index as usize].iter().min()
    };
    lowest.copied().unwrap_or(NO_TRIANGLE)
}

/// Bitwise equality of corners (`-0` and `+0` differ, as they would in a copy that went wrong).
fn same_corners(x: [Vec3; 3], y: [Vec3; 3]) -> bool {
    let bits = |v: [Vec3; 3]| v.map(|p| p.to_array().map(Real::to_bits));
    bits(x) == bits(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A soup of `n` triangles on a grid, enough for several levels of nodes.
    fn soup(n: u32) -> (Vec<Vec3>, Vec<[u32; 3]>) {
        let mut vertices = Vec::new();
        let mut triangles = Vec::new();
        for i in 0..n {
            let o = Vec3::new((i % 7) as Real, (i / 7 % 5) as Real, (i / 35) as Real);
            let k = vertices.len() as u32;
            vertices.extend([o, o + Vec3::X * 0.5, o + Vec3::Y * 0.5]);
            triangles.push([k, k + 1, k + 2]);
        }
        (vertices, triangles)
    }

    #[test]
    fn built_and_refitted_hierarchies_are_valid() {
        for n in [1, 3, 4, 5, 9, 64, 301] {
            let (mut vertices, triangles) = soup(n);
            let mut bvh = Bvh::new(&vertices, &triangles);
            assert_eq!(bvh.validate(&vertices, &triangles), Ok(()), "{n}");
            for v in &mut vertices {
                *v = Vec3::new(v.y * 3.0, -v.x, v.z + v.x);
            }
            bvh.refit(&vertices, &triangles);
            assert_eq!(bvh.validate(&vertices, &triangles), Ok(()), "{n} refitted");
        }
    }

    /// Each kind of fault is caught (a validator that passes everything is no test).
    #[test]
    fn faults_are_found() {
        let (vertices, triangles) = soup(301);
        let bvh = Bvh::new(&vertices, &triangles);
        assert!(!bvh.nodes.is_empty());
        let check = |f: &dyn Fn(&mut Bvh), what: &str| {
            let mut broken = bvh.clone();
            f(&mut broken);
            let verdict = broken.validate(&vertices, &triangles);
            assert!(verdict.is_err(), "{what} not found");
        };
        // A lane box that no longer holds its subtree.
        check(&|b| b.nodes[0].bounds[1][0][0] -= 1.0, "a shrunk box");
        // A triangle filed twice (and another lost).
        check(&|b| b.order[1] = b.order[0], "a duplicated triangle");
        // Moved vertices without a refit.
        let moved: Vec<Vec3> = vertices.iter().map(|v| *v + Vec3::Z).collect();
        assert!(bvh.validate(&moved, &triangles).is_err(), "stale corners");
        // Padding: find a leaf with fewer than WIDTH triangles and break its padding lane.
        let padded = bvh.order.iter().position(|&i| i == NO_TRIANGLE).unwrap();
        check(
            &|b| b.degenerate[padded] = false,
            "a padding lane flagged proper",
        );
        check(
            &|b| {
                let c = b.blocks[padded / WIDTH].get(padded % WIDTH);
                b.blocks[padded / WIDTH].set(padded % WIDTH, c.map(|p| p + Vec3::X));
            },
            "a padding lane that is not lane 0's copy",
        );
        check(
            &|b| b.clear[padded] = crate::bvh::ray::CLEAR,
            "a padding lane flagged clear",
        );
        // A stale normal, and a padding lane with one.
        let proper = bvh.order.iter().position(|&i| i != NO_TRIANGLE).unwrap();
        check(
            &|b| b.normals[proper] = -b.normals[proper],
            "a flipped normal",
        );
        check(
            &|b| b.normals[padded] = Vec3::Z,
            "a padding lane with a normal",
        );
        // A lowest index that is not its subtree's.
        check(&|b| b.lowest[0][0] += 1, "a wrong lowest index");
        // A lane's leaf bit lost.
        check(&|b| b.nodes[0].leaf_mask ^= 0xff, "a wrong leaf mask");
        // The whole box too small.
        check(&|b| b.whole.1 = b.whole.0, "a shrunk whole box");
    }
}
