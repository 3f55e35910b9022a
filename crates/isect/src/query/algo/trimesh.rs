//! Machinery the queries against a [`TriMesh`] share: the triangles near a box (the candidates
//! of every query against a shape) and one point per connected piece of a mesh (for a solid
//! mesh's containment of another shape's pieces).

use alloc::vec::Vec;

use crate::math::Vec3;
use crate::shape::{Aabb, TriMesh, Triangle};

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
/// over `vertices` (connected through shared vertices; union–find with path halving), in
/// increasing order.
pub(crate) fn piece_vertices(vertices: &[Vec3], triangles: &[[u32; 3]]) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..vertices.len() as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    let mut used = alloc::vec![false; vertices.len()];
    for &[a, b, c] in triangles {
        let corners = [a, b, c].map(|i| vertices[i as usize]);
        if Triangle::new(corners[0], corners[1], corners[2]).is_degenerate() {
            continue;
        }
        for (x, y) in [(a, b), (b, c)] {
            let (rx, ry) = (find(&mut parent, x), find(&mut parent, y));
            if rx != ry {
                parent[rx.max(ry) as usize] = rx.min(ry);
            }
        }
        used[a as usize] = true;
    }
    (0..vertices.len() as u32)
        .filter(|&v| used[v as usize] && find(&mut parent, v) == v)
        .collect()
}
