//! Triangle meshes, with the BVH of [`crate::bvh`] behind their queries. The queries live where
//! every shape's do: `query/raycast/trimesh.rs`, `query/point/trimesh.rs`,
//! `query/intersects/trimesh.rs` (shapes against a mesh) and `trimesh_trimesh.rs`, with what they
//! share in `query/algo/trimesh.rs`.

use alloc::vec::Vec;

pub(crate) mod active_edges;

use crate::bvh::Bvh;
use crate::error::MeshError;
use crate::math::{Real, Vec3};
use crate::query::Bounded;
use crate::query::algo::trimesh::piece_vertices;
use crate::shape::{Aabb, Sphere, Triangle};
use active_edges::{EdgeTable, outward_sign};

/// A triangle mesh: shared vertices and triangles as triples of vertex indices, with a bounding
/// volume hierarchy built at construction.
///
/// Built by [`TriMesh::new`], which checks the data. Degenerate triangles (zero area, no normal)
/// are kept in the index list, so triangle numbers stay those of the input, but they are not part
/// of the mesh: never hit by a ray, never overlapping a shape.
///
/// A mesh that is closed and consistently oriented ([`TriMesh::is_solid`]) is a solid: it
/// contains the points inside, and [`RayCast::raycast`](crate::RayCast::raycast) from inside hits
/// at `t = 0`. Any other mesh is a surface made of its triangles only.
#[derive(Clone, Debug)]
pub struct TriMesh {
    pub(crate) vertices: Vec<Vec3>,
    pub(crate) triangles: Vec<[u32; 3]>,
    pub(crate) solid: bool,
    /// For a solid mesh, `1` when its triangles run counter-clockwise seen from outside, `-1`
    /// when clockwise (the sign of the enclosed volume); `1` for any other mesh.
    pub(crate) outward: Real,
    /// The triangles across each edge and which edges are active (for contacts).
    pub(crate) edges: EdgeTable,
    pub(crate) bvh: Bvh,
    /// One vertex of each connected piece of the non-degenerate triangles (for a solid's
    /// containment of another mesh's pieces), kept with the mesh: finding them is linear in
    /// the mesh, far more than a query against a small one should cost.
    pub(crate) pieces: Vec<u32>,
}

impl TriMesh {
    /// A mesh of `vertices` and `triangles` (indices into `vertices`, counter-clockwise seen from
    /// outside for a closed mesh), with its BVH (binned SAH, in parallel with the `rayon`
    /// feature; the tree is the same either way).
    ///
    /// Errors: [`MeshError::Empty`] without vertices or triangles,
    /// [`MeshError::NonFiniteVertex`] naming the first NaN or infinite vertex,
    /// [`MeshError::IndexOutOfRange`] naming the first triangle with an index past the vertices,
    /// [`MeshError::TooLarge`] beyond 32-bit indices.
    pub fn new(vertices: Vec<Vec3>, triangles: Vec<[u32; 3]>) -> Result<Self, MeshError> {
        if vertices.is_empty() || triangles.is_empty() {
            return Err(MeshError::Empty);
        }
        if vertices.len() > u32::MAX as usize || triangles.len() > u32::MAX as usize {
            return Err(MeshError::TooLarge);
        }
        if let Some(vertex) = vertices.iter().position(|v| !v.is_finite()) {
            return Err(MeshError::NonFiniteVertex { vertex });
        }
        let vertex_count = vertices.len();
        for (triangle, tri) in triangles.iter().enumerate() {
            if let Some(&index) = tri.iter().find(|&&i| i as usize >= vertex_count) {
                return Err(MeshError::IndexOutOfRange {
                    triangle,
                    index,
                    vertex_count,
                });
            }
        }
        let (mut edges, solid) = EdgeTable::neighbours(&triangles, vertices.len());
        edges.set_flags(&vertices, &triangles);
        let outward = if solid {
            outward_sign(&vertices, &triangles)
        } else {
            1.0
        };
        let mut bvh = Bvh::new(&vertices, &triangles);
        // The BVH's inside test and tie-break use the outer side, whatever the winding's sign.
        bvh.inward = outward < 0.0;
        let pieces = piece_vertices(vertices.len(), &triangles, &bvh);
        Ok(Self {
            vertices,
            triangles,
            solid,
            outward,
            edges,
            bvh,
            pieces,
        })
    }

    /// The vertices, as given (or as last set by [`TriMesh::refit`]).
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Vec3] {
        &self.vertices
    }

    /// The triangles as vertex indices, as given.
    #[inline]
    #[must_use]
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Triangle number `i` as a [`Triangle`].
    ///
    /// # Panics
    /// If `i` is not below the triangle count.
    #[inline]
    #[must_use]
    pub fn triangle(&self, i: u32) -> Triangle {
        let [a, b, c] = self.triangles[i as usize];
        Triangle::new(
            self.vertices[a as usize],
            self.vertices[b as usize],
            self.vertices[c as usize],
        )
    }

    /// The number of triangles.
    #[inline]
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.triangles.len()
    }

    /// Whether the mesh is closed and consistently oriented: every edge is shared by exactly two
    /// triangles that run through it in opposite directions. Such a mesh bounds a solid, and the
    /// queries treat it as one (a point inside is contained, a ray from inside hits at t = 0 with
    /// [`RayCast::raycast`](crate::RayCast::raycast)), whichever way it is wound: fronts facing
    /// out or in. Any other mesh is a surface: only its triangles count.
    #[inline]
    #[must_use]
    pub fn is_solid(&self) -> bool {
        self.solid
    }

    /// Heap bytes held by the mesh: vertices, triangles, the BVH (its 8-wide nodes, 4-wide in
    /// `f64`, a copy of each triangle's corners in leaf order, the leaf order and the degenerate
    /// flags) and the edge table of the contacts (the triangle across each edge, 12 bytes, and
    /// the active-edge flags, 1 byte, per triangle), and one vertex index per connected piece.
    /// Divide by [`TriMesh::triangle_count`] for bytes per triangle.
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        self.vertices.capacity() * core::mem::size_of::<Vec3>()
            + self.triangles.capacity() * core::mem::size_of::<[u32; 3]>()
            + self.bvh.heap_bytes()
            + self.edges.heap_bytes()
            + self.pieces.capacity() * core::mem::size_of::<u32>()
    }

    /// Moves the vertices to `vertices` (same count and order, same triangles) and refits the
    /// BVH's boxes bottom-up, keeping its tree: for deforming meshes. Queries afterwards answer
    /// for the new positions exactly as a fresh [`TriMesh::new`] would (only the tree's quality,
    /// hence the speed, can differ). [`TriMesh::is_solid`] does not change (it depends on the
    /// triangles only); which side is inside is decided again (a solid's inside never depends
    /// on its winding's sign), and which edges are active for contacts is decided afresh.
    ///
    /// # Errors
    /// [`MeshError::NonFiniteVertex`] naming the first NaN or infinite vertex; the mesh is then
    /// unchanged.
    ///
    /// # Panics
    /// If `vertices` does not have as many entries as [`TriMesh::vertices`].
    pub fn refit(&mut self, vertices: &[Vec3]) -> Result<(), MeshError> {
        assert_eq!(
            vertices.len(),
            self.vertices.len(),
            "TriMesh::refit needs one position per vertex"
        );
        if let Some(vertex) = vertices.iter().position(|v| !v.is_finite()) {
            return Err(MeshError::NonFiniteVertex { vertex });
        }
        self.vertices.copy_from_slice(vertices);
        self.bvh.refit(&self.vertices, &self.triangles);
        self.edges.set_flags(&self.vertices, &self.triangles);
        // Moving vertices can make a triangle degenerate or give one an area.
        self.pieces = piece_vertices(self.vertices.len(), &self.triangles, &self.bvh);
        // Moving vertices can turn a solid inside out.
        if self.solid {
            self.outward = outward_sign(&self.vertices, &self.triangles);
            self.bvh.inward = self.outward < 0.0;
        }
        Ok(())
    }
}

impl Bounded for TriMesh {
    /// The box of the vertices used by the triangles (kept by the BVH, which tests it first).
    fn aabb(&self) -> Aabb {
        let (lo, hi) = self.bvh.bounds();
        Aabb::new(lo, hi)
    }

    /// The sphere around [`Bounded::aabb`].
    fn bounding_sphere(&self) -> Sphere {
        self.aabb().bounding_sphere()
    }
}
