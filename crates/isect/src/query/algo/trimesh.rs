//! Machinery the queries against a [`TriMesh`] share: the triangles near a box (the candidates
//! of every query against a shape) and one point per connected piece of a mesh (for a solid
//! mesh's containment of another shape's pieces).

use alloc::vec::Vec;

use crate::bvh::Bvh;
use crate::math::Vec3;
use crate::shape::{Aabb, TriMesh};

impl TriMesh {
    /// Calls `f` with the index of every triangle whose bounding box meets `aabb` (touching
    /// counts), in no particular order, degenerate triangles included. Nothing for an invalid or
    /// empty `aabb`.
    pub fn query_aabb(&self, aabb: &Aabb, mut f: impl FnMut(u32)) {
        if !(aabb.min.cmple(aabb.max).all() && aabb.min.is_finite() && aabb.max.is_finite()) {
            return;
        }
        self.bvh
            .query_box(aabb.min, aabb.max, |slot| f(self.bvh.order[slot as usize]));
    }

    /// One vertex of each connected piece of the non-degenerate triangles (connected through
    /// shared vertices), found when the mesh was built or refitted: a piece touching no triangle
    /// of another shape lies wholly inside or wholly outside it, and this point tells which.
    pub(crate) fn component_points(&self) -> impl Iterator<Item = Vec3> + '_ {
        self.pieces.iter().map(|&v| self.vertices[v as usize])
    }
}

/// One vertex index of each connected piece of the non-degenerate triangles of `triangles`
/// over `vertex_count` vertices (connected through shared vertices; union–find with path
/// halving, each piece's root its lowest vertex), in increasing order. Which triangles are
/// degenerate is read from the BVH built over them (its per-slot flags, the same test), which
/// had formed every triangle's normal already.
pub(crate) fn piece_vertices(vertex_count: usize, triangles: &[[u32; 3]], bvh: &Bvh) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..vertex_count as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    let mut used = alloc::vec![false; vertex_count];
    // Padding slots are flagged degenerate too.
    for (&i, _) in bvh.order.iter().zip(&bvh.degenerate).filter(|(_, d)| !**d) {
        let [a, b, c] = triangles[i as usize];
        for (x, y) in [(a, b), (b, c)] {
            let (rx, ry) = (find(&mut parent, x), find(&mut parent, y));
            if rx != ry {
                parent[rx.max(ry) as usize] = rx.min(ry);
            }
        }
        // Every corner: a piece's root is its lowest vertex, which need not be any triangle's
        // first corner (`regressions::mesh_piece_without_first_corner`).
        for v in [a, b, c] {
            used[v as usize] = true;
        }
    }
    (0..vertex_count as u32)
        .filter(|&v| used[v as usize] && find(&mut parent, v) == v)
        .collect()
}
