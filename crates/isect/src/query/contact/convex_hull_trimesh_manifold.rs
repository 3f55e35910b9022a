//! `ContactManifold` of a [`ConvexHull`] against a [`TriMesh`], both orders (the mesh manifold's
//! hull path; see `trimesh_manifold.rs`): each triangle in contact along the normal clipped by
//! the hull's face planes, each moved out by the clip tolerance.

use alloc::vec::Vec;

use crate::math::{Real, Vec3};
use crate::query::contact::trimesh_manifold::{clip_plane, mesh_manifold};
use crate::query::{ContactManifold, Manifold, ManifoldPoint, PointQuery, mirror_manifold};
use crate::shape::{ConvexHull, TriMesh};

impl ContactManifold<TriMesh> for ConvexHull {
    /// Up to four points with the normal of `Contact<TriMesh>` (internal edges removed): for a
    /// solid hull the part of each triangle in contact along that normal inside the hull (to
    /// within a few times the clip tolerance, also at a nearly flat hull's sharp edges), each
    /// point with the hull's extent below it along the normal (as for boxes); for a flat hull
    /// (or a segment or a point) the point of each such triangle's contact. Empty when the hull
    /// touches no triangle and for an invalid hull.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        if !self.is_usable() {
            return Manifold::EMPTY;
        }
        let b = self.bounds();
        let scale = b.min.abs().max(b.max.abs()).max_element();
        let solid = self.dimension() == 3;
        let mut poly = Vec::new();
        let mut scratch = Vec::new();
        mesh_manifold(other, self, scale, |tri, n, tol, out| {
            if !solid {
                return false;
            }
            poly.clear();
            poly.extend_from_slice(tri);
            for plane in self.planes() {
                clip_plane(&mut poly, &mut scratch, plane.normal, plane.d + tol);
            }
            let before = out.len();
            for &p in &poly {
                if !near_hull(self, p, tol) {
                    continue;
                }
                // The hull's extent below `p` along `n`: the nearest face plane the line
                // `p - t n` leaves through.
                let mut exit = Real::INFINITY;
                for plane in self.planes() {
                    let k = -plane.normal.dot(n);
                    if k > 0.0 {
                        exit = exit.min((plane.d - plane.normal.dot(p)) / k);
                    }
                }
                out.push(ManifoldPoint {
                    point: p,
                    depth: if exit.is_finite() { exit.max(0.0) } else { 0.0 },
                });
            }
            out.len() > before
        })
    }
}
mirror_manifold!(ConvexHull, TriMesh);

/// Whether the point `p` of a triangle clipped by the solid `hull`'s face planes, each moved out
/// by `tol`, lies in the hull to within a few `tol`. Behind every plane it does; in the band a
/// plane was moved by it is asked of the hull itself (GJK): where two faces meet at a sharp
/// edge (a nearly flat hull, its faces each side of an edge nearly opposite) the moved planes
/// meet `tol / sin(angle)` beyond the edge, far outside the hull, and a point there is left out.
fn near_hull(hull: &ConvexHull, p: Vec3, tol: Real) -> bool {
    if hull
        .planes()
        .iter()
        .all(|plane| plane.normal.dot(p) <= plane.d)
    {
        return true;
    }
    hull.distance_to_point(p) <= 4.0 * tol
}
