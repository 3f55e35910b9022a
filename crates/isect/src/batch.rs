//! Many queries at once: a slice of rays against one shape or mesh, or a slice of shape pairs.
//!
//! With the `rayon` feature the work is split over rayon's thread pool; without it, it runs on
//! the calling thread. The answers are the same either way, in the order of the input.
//!
//! ```
//! use isect::{batch, Ray, Sphere, glam::Vec3};
//! let sphere = Sphere::new(Vec3::ZERO, 1.0);
//! let rays: Vec<Ray> = (0..4)
//!     .map(|i| Ray::new(Vec3::new(i as f32, 0.0, -5.0), Vec3::Z))
//!     .collect();
//! let hits = batch::raycast(&sphere, &rays, f32::INFINITY);
//! assert_eq!(hits.iter().filter(|h| h.is_some()).count(), 2); // x = 0 and x = 1 (grazing)
//! assert_eq!(batch::raycast_any(&sphere, &rays, 10.0), [true, true, false, false]);
//! ```

use alloc::vec::Vec;

use crate::bvh::packet::PACKET;
use crate::math::Real;
use crate::query::{Intersects, MeshHit, RayCast, RayHit};
use crate::shape::{Ray, TriMesh};

/// `f` over `items`, in order; in parallel with the `rayon` feature.
fn map<T: Sync, U: Send>(items: &[T], f: impl Fn(&T) -> U + Sync + Send) -> Vec<U> {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        items.par_iter().map(f).collect()
    }
    #[cfg(not(feature = "rayon"))]
    {
        items.iter().map(f).collect()
    }
}

/// [`RayCast::raycast`] of each ray against `shape` (the closest hit, a solid hit at t = 0 for
/// rays starting inside), one answer per ray in order.
#[must_use]
pub fn raycast<S: RayCast + Sync + ?Sized>(
    shape: &S,
    rays: &[Ray],
    max_t: Real,
) -> Vec<Option<RayHit>> {
    map(rays, |ray| shape.raycast(ray, max_t))
}

/// [`RayCast::raycast_surface`] of each ray against `shape` (the first boundary crossing).
#[must_use]
pub fn raycast_surface<S: RayCast + Sync + ?Sized>(
    shape: &S,
    rays: &[Ray],
    max_t: Real,
) -> Vec<Option<RayHit>> {
    map(rays, |ray| shape.raycast_surface(ray, max_t))
}

/// [`RayCast::raycast_any`] of each ray against `shape`: whether it hits within `max_t` (any
/// hit, not the closest; for shadow and visibility rays).
#[must_use]
pub fn raycast_any<S: RayCast + Sync + ?Sized>(shape: &S, rays: &[Ray], max_t: Real) -> Vec<bool> {
    map(rays, |ray| shape.raycast_any(ray, max_t))
}

/// [`TriMesh::raycast_triangle`] of each ray: the closest triangle hit with its index and
/// barycentric coordinates.
///
/// Consecutive rays are traced together in packets of 16 when they point into the same
/// octant: each node of the mesh's tree is tested once for the packet (a conservative test
/// that no ray of the packet can fail wrongly), and each ray still takes its own box and
/// triangle tests at the leaves. Neighbouring camera rays, passed row by row, trace faster
/// this way (README, "Performance"); rays that point in different directions are traced one
/// by one, after a check of each group of 16 (a small cost against one `raycast_triangle` per
/// ray; docs/performance.md, "Ray packets"). Each answer is the hit `raycast_triangle` reports,
/// except that of two triangles hit at the same point within rounding (a ray exactly through
/// a shared edge or vertex, or coincident triangles) the other one may be reported, with its
/// `t`, which differs by rounding.
#[must_use]
pub fn raycast_mesh(mesh: &TriMesh, rays: &[Ray], max_t: Real) -> Vec<Option<MeshHit>> {
    let mut out = alloc::vec![None; rays.len()];
    for_chunks(rays, &mut out, PACKET, |rays, out| {
        mesh.raycast_packet(rays, max_t, out);
    });
    out
}

/// `f` over `items` and `out` in chunks of `size`, in order; in parallel with the `rayon`
/// feature.
fn for_chunks<T: Sync, U: Send>(
    items: &[T],
    out: &mut [U],
    size: usize,
    f: impl Fn(&[T], &mut [U]) + Sync + Send,
) {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        items
            .par_chunks(size)
            .zip(out.par_chunks_mut(size))
            .for_each(|(items, out)| f(items, out));
    }
    #[cfg(not(feature = "rayon"))]
    {
        for (items, out) in items.chunks(size).zip(out.chunks_mut(size)) {
            f(items, out);
        }
    }
}

/// [`Intersects::intersects`] of each pair, in order.
#[must_use]
pub fn intersects<A, B>(pairs: &[(A, B)]) -> Vec<bool>
where
    A: Intersects<B> + Sync,
    B: Sync,
{
    map(pairs, |(a, b)| a.intersects(b))
}
