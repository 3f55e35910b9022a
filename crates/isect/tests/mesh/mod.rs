//! `TriMesh` queries through the BVH, each against a brute-force loop over every triangle
//! written here (independent of the BVH), on random soups and on closed meshes.

mod active_corners;
pub mod contact;
pub mod contact_pair;
mod distance;
mod manifold;
mod manifold_pair;
mod pairs;
mod point;
mod raycast;
mod refit;
pub mod sweep;
mod sweep_exact;
mod sweep_rotating;
mod weld;

use isect::math::Vec3;
use isect::{Ray, Real, TriMesh, Triangle};

/// Every non-degenerate triangle's watertight hit within `max_t`: `(t, triangle)`.
pub fn brute_hits(m: &TriMesh, ray: &Ray, max_t: Real) -> Vec<(Real, u32)> {
    (0..m.triangle_count() as u32)
        .filter_map(|i| {
            let t: Triangle = m.triangle(i);
            t.normal()?;
            t.raycast_barycentric(ray, max_t).map(|h| (h.t, i))
        })
        .collect()
}

/// The smallest `t` of [`brute_hits`].
pub fn brute_first(m: &TriMesh, ray: &Ray, max_t: Real) -> Option<Real> {
    brute_hits(m, ray, max_t)
        .into_iter()
        .map(|(t, _)| t)
        .min_by(Real::total_cmp)
}

pub fn mesh((v, t): (Vec<Vec3>, Vec<[u32; 3]>)) -> TriMesh {
    TriMesh::new(v, t).expect("valid mesh")
}
