//! Triangle meshes.

use alloc::vec::Vec;

use crate::error::MeshError;
use crate::math::{Real, Vec3};
use crate::query::{Bounded, MeshHit, RayCast, RayHit};
use crate::shape::{Aabb, Ray, Sphere, Triangle};

/// A triangle mesh: shared vertices and triangles as triples of vertex indices.
///
/// Built by [`TriMesh::new`], which checks the data. Degenerate triangles (zero area) are kept in
/// the index list, so triangle numbers stay those of the input, but they are never hit by a ray.
#[derive(Clone, Debug)]
pub struct TriMesh {
    vertices: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
    bounds: Aabb,
}

impl TriMesh {
    /// A mesh of `vertices` and `triangles` (indices into `vertices`, counter-clockwise seen from
    /// outside for a closed mesh).
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
        let mut bounds = Aabb::new(Vec3::INFINITY, Vec3::NEG_INFINITY);
        for tri in &triangles {
            for &i in tri {
                let p = vertices[i as usize];
                bounds = Aabb::new(bounds.min.min(p), bounds.max.max(p));
            }
        }
        Ok(Self {
            vertices,
            triangles,
            bounds,
        })
    }

    /// The vertices, as given.
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

    /// The first triangle hit by `ray` within `max_t`, with its index, barycentric
    /// coordinates and the normal facing the ray. Watertight: a ray through an edge or vertex
    /// shared by several triangles hits one of them. `None` for a miss or invalid input.
    #[must_use]
    pub fn raycast_triangle(&self, ray: &Ray, max_t: Real) -> Option<MeshHit> {
        // Brute force over every triangle; the BVH replaces this loop.
        let mut best: Option<MeshHit> = None;
        let mut limit = max_t;
        for i in 0..self.triangles.len() as u32 {
            let tri = self.triangle(i);
            if let Some(hit) = tri.raycast_barycentric(ray, limit) {
                if best.is_none_or(|b| hit.t < b.t) && tri.normal().is_some() {
                    limit = hit.t;
                    let normal = tri
                        .raycast(ray, Real::INFINITY)
                        .map_or(Vec3::ZERO, |h| h.normal);
                    best = Some(MeshHit {
                        t: hit.t,
                        triangle: i,
                        u: hit.u,
                        v: hit.v,
                        normal,
                    });
                }
            }
        }
        best
    }
}

impl RayCast for TriMesh {
    /// The first triangle hit (the mesh as a surface, for now).
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast_surface(ray, max_t)
    }

    /// The first triangle hit.
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = self.raycast_triangle(ray, max_t)?;
        Some(RayHit {
            t: hit.t,
            point: ray.origin + ray.dir * hit.t,
            normal: hit.normal,
        })
    }
}

impl Bounded for TriMesh {
    /// The box of the vertices used by the triangles.
    fn aabb(&self) -> Aabb {
        self.bounds
    }

    /// The sphere around [`Bounded::aabb`].
    fn bounding_sphere(&self) -> Sphere {
        self.bounds.bounding_sphere()
    }
}
