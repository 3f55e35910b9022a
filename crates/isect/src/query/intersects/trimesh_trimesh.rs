//! `Intersects` between two [`TriMesh`]es: their BVHs traversed together for a pair of triangles
//! that meet, and, for a solid mesh, a piece of the other mesh inside it.

use crate::query::algo::mesh_pair::placed_pairs;
use crate::query::{Bounded, Intersects, PointQuery};
use crate::shape::{TriMesh, Triangle};

impl Intersects<TriMesh> for TriMesh {
    /// The meshes touch or cross: two triangles (one of each, degenerate ones excluded) meet,
    /// found by traversing both BVHs together; or, for a solid mesh, the other mesh (each of its
    /// connected pieces) lies inside it.
    fn intersects(&self, other: &TriMesh) -> bool {
        if !self.aabb().intersects(&other.aabb()) {
            return false;
        }
        let (a, b) = (&self.bvh, &other.bvh);
        let cross = placed_pairs(a, b, None, 0.0, |sa, sb| {
            if a.degenerate[sa as usize] || b.degenerate[sb as usize] {
                return false;
            }
            let ta = a.tri(sa);
            let tb = b.tri(sb);
            let (alo, ahi) = (ta[0].min(ta[1]).min(ta[2]), ta[0].max(ta[1]).max(ta[2]));
            let (blo, bhi) = (tb[0].min(tb[1]).min(tb[2]), tb[0].max(tb[1]).max(tb[2]));
            if !(alo.cmple(bhi).all() && blo.cmple(ahi).all()) {
                return false;
            }
            Triangle::new(ta[0], ta[1], ta[2]).intersects(&Triangle::new(tb[0], tb[1], tb[2]))
        });
        cross
            || self.solid
                && other
                    .component_points()
                    .into_iter()
                    .any(|p| self.contains_point(p))
            || other.solid
                && self
                    .component_points()
                    .into_iter()
                    .any(|p| other.contains_point(p))
    }
}
