//! `ContactManifold` between two meshes: up to four points with the normal of
//! `Contact<TriMesh> for TriMesh` (internal edges removed on both meshes).
//!
//! As for a triangle against a mesh (`trimesh_manifold.rs`), with every triangle of this mesh
//! in contact standing for the triangle: the normal is the deepest pair contact's; for every
//! pair in contact along that normal, this mesh's triangle is clipped to the prism of the other
//! mesh's triangle along the normal and to its far side, each point lifted along the normal
//! onto the other triangle, the lift its depth. A mesh has no inside of its own here: its
//! points are on the other mesh, each as far past it as its depth. The points of all pairs are
//! reduced to four as for box–box. A mesh (piece) wholly inside a solid other, touching no
//! triangle, has the one point of its contact.

use alloc::vec::Vec;

use crate::math::{Real, Vec3};
use crate::query::contact::trimesh_manifold::{feature_points, gathered};
use crate::query::contact::trimesh_trimesh::{deeper, deepest_pair_contact, pair_contacts};
use crate::query::{ContactManifold, Manifold, MeshContact, MeshPairContact};
use crate::shape::TriMesh;

/// A pair contact seen from the other mesh's triangle (the normal already points from the
/// other mesh towards this one).
fn seen_from_other(c: &MeshPairContact) -> MeshContact {
    MeshContact {
        triangle: c.other_triangle,
        point: c.point,
        normal: c.normal,
        depth: c.depth,
    }
}

impl ContactManifold<TriMesh> for TriMesh {
    /// Up to four points with the normal of [`Contact<TriMesh>`](crate::Contact) (from `other`
    /// towards `self`, internal edges removed on both): for every pair of triangles in contact
    /// along that normal, the part of this mesh's triangle past the other's (within the other's
    /// prism along the normal), each point lifted onto the other triangle, the lift its depth;
    /// reduced as for box–box. So a box-shaped mesh resting on a floor mesh has its four bottom
    /// corners, and one sunk into it the four corners of its cross-section at the floor, each
    /// as deep as the box's bottom there. Touching gives depth 0; a mesh (piece) wholly inside a
    /// solid other has one point. Empty when the meshes are apart.
    ///
    /// ```
    /// use isect::{ContactManifold, TriMesh, math::Vec3};
    /// // A floor of two triangles, and a unit cube resting on it, sunk 0.25 deep.
    /// let floor = TriMesh::new(
    ///     vec![Vec3::new(-4.0, 0.0, -4.0), Vec3::new(4.0, 0.0, -4.0), Vec3::new(4.0, 0.0, 4.0), Vec3::new(-4.0, 0.0, 4.0)],
    ///     vec![[0, 2, 1], [0, 3, 2]],
    /// )
    /// .unwrap();
    /// let v = |x: f32, y: f32, z: f32| Vec3::new(x, y - 0.25, z);
    /// let cube = TriMesh::new(
    ///     vec![v(0., 0., 0.), v(1., 0., 0.), v(1., 1., 0.), v(0., 1., 0.),
    ///          v(0., 0., 1.), v(1., 0., 1.), v(1., 1., 1.), v(0., 1., 1.)],
    ///     vec![[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4],
    ///          [2, 3, 7], [2, 7, 6], [1, 2, 6], [1, 6, 5], [0, 4, 7], [0, 7, 3]],
    /// )
    /// .unwrap();
    /// let m = cube.contact_manifold(&floor);
    /// assert_eq!((m.normal, m.len()), (Vec3::Y, 4));
    /// assert!(m.points().iter().all(|p| p.depth == 0.25 && p.point.y == 0.0));
    /// ```
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        let mut touching: Vec<MeshPairContact> = Vec::new();
        pair_contacts(self, other, None, 0.0, |c| {
            if c.depth >= 0.0 {
                touching.push(c);
            }
        });
        let deepest = touching
            .iter()
            .copied()
            .reduce(|b, c| if deeper(&c, &b) { c } else { b });
        let deepest = match deepest {
            Some(c) => seen_from_other(&c),
            // No triangles touch: wholly inside a solid other (one point) or apart.
            None => match deepest_pair_contact(self, other, None) {
                Some(c) => MeshContact {
                    triangle: 0,
                    point: c.point,
                    normal: c.normal,
                    depth: c.depth,
                },
                None => return Manifold::EMPTY,
            },
        };
        let bounds = crate::query::Bounded::aabb(self);
        let scale = bounds.min.abs().max(bounds.max.abs()).max_element();
        gathered(
            other,
            &touching,
            seen_from_other,
            deepest,
            scale,
            |c, tri, n, tol, out| {
                let own: [Vec3; 3] = self.triangle(c.triangle).vertices();
                feature_points(&own, Real::INFINITY, tri, n, tol, out)
            },
        )
    }
}
