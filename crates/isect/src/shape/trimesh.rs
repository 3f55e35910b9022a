//! Triangle meshes.

use alloc::vec::Vec;

use crate::error::MeshError;
use crate::math::{Real, Vec3};
use crate::ops;
use crate::query::{Bounded, MeshHit, PointQuery, RayCast, RayHit};
use crate::shape::{Aabb, Ray, Sphere, Triangle};

/// A triangle mesh: shared vertices and triangles as triples of vertex indices.
///
/// Built by [`TriMesh::new`], which checks the data. Degenerate triangles (zero area, no normal)
/// are kept in the index list, so triangle numbers stay those of the input, but they are not part
/// of the mesh: never hit by a ray, never overlapping a shape.
#[derive(Clone, Debug)]
pub struct TriMesh {
    vertices: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
    bounds: Aabb,
    solid: bool,
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
        let solid = closed_and_oriented(&triangles);
        Ok(Self {
            vertices,
            triangles,
            bounds,
            solid,
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

    /// Whether the mesh is closed and consistently oriented: every edge is shared by exactly two
    /// triangles that run through it in opposite directions. Such a mesh bounds a solid, and the
    /// queries treat it as one (a point inside is contained, a ray from inside hits at t = 0 with
    /// [`RayCast::raycast`]). Any other mesh is a surface: only its triangles count.
    #[inline]
    #[must_use]
    pub fn is_solid(&self) -> bool {
        self.solid
    }

    /// Calls `f` with the index of every triangle whose bounding box meets `aabb` (touching
    /// counts), in no particular order. Nothing for an invalid or empty `aabb`.
    pub fn query_aabb(&self, aabb: &Aabb, mut f: impl FnMut(u32)) {
        // Brute force over every triangle; the BVH replaces this loop.
        if !(aabb.min.cmple(aabb.max).all() && aabb.min.is_finite() && aabb.max.is_finite()) {
            return;
        }
        for i in 0..self.triangles.len() as u32 {
            let b = self.triangle(i).aabb();
            if b.min.cmple(aabb.max).all() && aabb.min.cmple(b.max).all() {
                f(i);
            }
        }
    }

    /// The winding number of the mesh around `p`: the sum of the triangles' signed solid angles
    /// seen from `p`, over 4π (Van Oosterom–Strackee). ±1 inside a closed, consistently oriented
    /// mesh (the sign is that of its orientation), 0 outside; fractional for open meshes.
    #[must_use]
    pub fn winding_number(&self, p: Vec3) -> Real {
        let mut sum = 0.0;
        for i in 0..self.triangles.len() as u32 {
            let t = self.triangle(i);
            let (a, b, c) = (t.a - p, t.b - p, t.c - p);
            let (la, lb, lc) = (a.length(), b.length(), c.length());
            let num = a.dot(b.cross(c));
            let den = la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la;
            sum += 2.0 * ops::atan2(num, den);
        }
        sum / (4.0 * core::f64::consts::PI as Real)
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

impl PointQuery for TriMesh {
    /// The closest point on the triangles; `p` itself inside a solid mesh
    /// ([`TriMesh::is_solid`]).
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if self.solid && self.contains_point(p) {
            return p;
        }
        self.closest_on_surface(p)
    }

    /// The distance to the triangles; 0 inside a solid mesh.
    fn distance_to_point(&self, p: Vec3) -> Real {
        if !p.is_finite() {
            return Real::INFINITY;
        }
        p.distance(self.closest_point(p))
    }

    /// On a triangle (within the on-set tolerance), or inside a solid mesh (winding number).
    fn contains_point(&self, p: Vec3) -> bool {
        if !p.is_finite() {
            return false;
        }
        if self.solid && self.winding_number(p).abs() >= 0.5 {
            return true;
        }
        (0..self.triangles.len() as u32).any(|i| self.triangle(i).contains_point(p))
    }
}

impl TriMesh {
    fn closest_on_surface(&self, p: Vec3) -> Vec3 {
        // Brute force over every triangle; the BVH replaces this loop.
        let mut best = crate::math::NO_POINT;
        let mut best_d = Real::INFINITY;
        for i in 0..self.triangles.len() as u32 {
            let q = self.triangle(i).closest_point(p);
            let d = q.distance_squared(p);
            if d < best_d {
                best_d = d;
                best = q;
            }
        }
        best
    }
}

/// Whether every undirected edge is used by exactly two triangles, once in each direction.
fn closed_and_oriented(triangles: &[[u32; 3]]) -> bool {
    // Directed edges, sorted: a closed, consistently oriented mesh has each (a, b) once and its
    // reverse (b, a) once.
    let mut edges: Vec<(u32, u32)> = triangles
        .iter()
        .flat_map(|&[a, b, c]| [(a, b), (b, c), (c, a)])
        .collect();
    if edges.iter().any(|&(a, b)| a == b) {
        return false;
    }
    edges.sort_unstable();
    if edges.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    edges
        .iter()
        .all(|&(a, b)| edges.binary_search(&(b, a)).is_ok())
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
