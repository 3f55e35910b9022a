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
//!
//! One ray or frustum against a slice of boxes, spheres or triangles ([`raycast_aabbs`],
//! [`may_intersect_aabbs`], ...) runs the [`wide`](crate::wide) tests eight shapes at a time,
//! from the copy compiled for x86-64-v3 (AVX2) when the processor has it.

use alloc::vec::Vec;

use crate::bvh::packet::PACKET;
use crate::dispatch;
use crate::math::Real;
use crate::query::{Intersects, MeshHit, RayCast, RayHit};
use crate::shape::{Aabb, Frustum, Ray, Sphere, TriMesh, Triangle};
use crate::wide::{Aabb8, Sphere8, Triangle8};

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

/// Shapes per task of the wide batches: enough that rayon's split costs little against the
/// work, few enough that a slice of some thousands spreads over the cores.
const WIDE_CHUNK: usize = 1024;

/// `f(pack, lanes)` over `shapes` in packs of eight, writing the first `lanes.len()` lanes of
/// each answer to `out`: run by chunks (in parallel with `rayon`), each chunk's loop in the
/// copy [`dispatch::fast`] picks.
#[inline(always)]
fn wide_map<S: Sync, P, U: Copy + Send>(
    shapes: &[S],
    fill: U,
    pack: impl Fn(&[S]) -> P + Sync + Send,
    f: impl Fn(&P) -> [U; 8] + Sync + Send,
) -> Vec<U> {
    let mut out = alloc::vec![fill; shapes.len()];
    for_chunks(shapes, &mut out, WIDE_CHUNK, |shapes, out| {
        dispatch::fast(
            #[inline(always)]
            || {
                for (shapes, out) in shapes.chunks(8).zip(out.chunks_mut(8)) {
                    let answers = f(&pack(shapes));
                    out.copy_from_slice(&answers[..out.len()]);
                }
            },
        );
    });
    out
}

/// The eight bits of `mask` as booleans.
#[inline(always)]
fn bits(mask: u32) -> [bool; 8] {
    core::array::from_fn(|lane| mask >> lane & 1 == 1)
}

/// Per box, `t` of [`RayCast::raycast`] of one ray (the entry, `0` from inside), `+∞` where
/// that cast gives `None` (a miss, beyond `max_t`, an invalid box, ray or `max_t`): the wide
/// slab test of [`Aabb8`], eight boxes at a time, in order.
///
/// ```
/// use isect::{Aabb, Ray, batch, math::Vec3};
/// let boxes: Vec<Aabb> = (0..10)
///     .map(|i| Aabb::new(Vec3::new(i as f32, 0.0, 0.0), Vec3::new(i as f32, 1.0, 1.0)))
///     .collect();
/// let t = batch::raycast_aabbs(&Ray::new(Vec3::new(0.0, 1.0, 0.5), Vec3::X), &boxes, 5.0);
/// assert_eq!(t[..6], [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]); // flat boxes, touched along y = 1
/// assert_eq!(t[6], f32::INFINITY); // beyond max_t
/// ```
#[must_use]
pub fn raycast_aabbs(ray: &Ray, aabbs: &[Aabb], max_t: Real) -> Vec<Real> {
    wide_map(
        aabbs,
        Real::INFINITY,
        Aabb8::from_slice,
        #[inline(always)]
        |pack| pack.raycast(ray, max_t),
    )
}

/// Per sphere, `t` of [`RayCast::raycast`] of one ray, `+∞` where that cast gives `None`:
/// the wide cast of [`Sphere8`], eight spheres at a time, in order.
///
/// ```
/// use isect::{Ray, Sphere, batch, math::Vec3};
/// let balls = [Sphere::new(Vec3::new(5.0, 0.0, 0.0), 1.0), Sphere::new(Vec3::new(5.0, 0.0, 0.0), -1.0)];
/// let t = batch::raycast_spheres(&Ray::new(Vec3::ZERO, Vec3::X), &balls, 10.0);
/// assert_eq!(t, [4.0, f32::INFINITY]); // a negative radius is invalid
/// ```
#[must_use]
pub fn raycast_spheres(ray: &Ray, spheres: &[Sphere], max_t: Real) -> Vec<Real> {
    wide_map(
        spheres,
        Real::INFINITY,
        Sphere8::from_slice,
        #[inline(always)]
        |pack| pack.raycast(ray, max_t),
    )
}

/// Per triangle, `t` of [`RayCast::raycast`] of one ray (the watertight cast, two-sided), `+∞`
/// where that cast gives `None` (a miss, beyond `max_t`, an invalid triangle, ray or `max_t`):
/// the wide cast of [`Triangle8`], eight triangles at a time, in order. A ray through an edge
/// or corner that two of the triangles share hits at least one of them.
///
/// ```
/// use isect::{Ray, Triangle, batch, math::Vec3};
/// let steps: Vec<Triangle> = (1..=3)
///     .map(|z| z as f32)
///     .map(|z| Triangle::new(Vec3::new(-1.0, -1.0, z), Vec3::new(1.0, -1.0, z), Vec3::new(-1.0, 1.0, z)))
///     .collect();
/// let t = batch::raycast_triangles(&Ray::new(Vec3::ZERO, Vec3::Z), &steps, 2.5);
/// assert_eq!(t, [1.0, 2.0, f32::INFINITY]); // the third beyond max_t
/// ```
#[must_use]
pub fn raycast_triangles(ray: &Ray, triangles: &[Triangle], max_t: Real) -> Vec<Real> {
    wide_map(
        triangles,
        Real::INFINITY,
        Triangle8::from_slice,
        #[inline(always)]
        |pack| pack.raycast(ray, max_t),
    )
}

/// Per box, [`Frustum::may_intersect_aabb`]: the conservative culling test (touching counts,
/// `false` for invalid boxes, all `false` for an invalid frustum), eight boxes at a time with
/// [`Aabb8`], in order.
///
/// ```
/// use isect::{Aabb, Frustum, Plane, batch, math::Vec3};
/// let cube = Frustum::new([
///     Plane::new(-Vec3::X, 0.0), Plane::new(Vec3::X, 1.0),
///     Plane::new(-Vec3::Y, 0.0), Plane::new(Vec3::Y, 1.0),
///     Plane::new(-Vec3::Z, 0.0), Plane::new(Vec3::Z, 1.0),
/// ]);
/// let boxes = [
///     Aabb::new(Vec3::splat(1.0), Vec3::splat(2.0)), // touching at a corner
///     Aabb::new(Vec3::splat(1.5), Vec3::splat(2.0)),
///     Aabb::new(Vec3::splat(0.5), Vec3::splat(0.0)), // min > max
/// ];
/// assert_eq!(batch::may_intersect_aabbs(&cube, &boxes), [true, false, false]);
/// ```
#[must_use]
pub fn may_intersect_aabbs(frustum: &Frustum, aabbs: &[Aabb]) -> Vec<bool> {
    wide_map(
        aabbs,
        false,
        Aabb8::from_slice,
        #[inline(always)]
        |pack| bits(pack.may_intersect_frustum(frustum)),
    )
}

/// Per sphere, [`Frustum::may_intersect_sphere`]: the conservative culling test (touching
/// counts, `false` for invalid spheres, all `false` for an invalid frustum), eight spheres at
/// a time with [`Sphere8`], in order.
///
/// ```
/// use isect::{Frustum, Plane, Sphere, batch, math::Vec3};
/// let cube = Frustum::new([
///     Plane::new(-Vec3::X, 0.0), Plane::new(Vec3::X, 1.0),
///     Plane::new(-Vec3::Y, 0.0), Plane::new(Vec3::Y, 1.0),
///     Plane::new(-Vec3::Z, 0.0), Plane::new(Vec3::Z, 1.0),
/// ]);
/// let balls = [Sphere::new(Vec3::new(2.0, 0.5, 0.5), 1.0), Sphere::new(Vec3::new(2.0, 0.5, 0.5), 0.5)];
/// assert_eq!(batch::may_intersect_spheres(&cube, &balls), [true, false]); // touching, apart
/// ```
#[must_use]
pub fn may_intersect_spheres(frustum: &Frustum, spheres: &[Sphere]) -> Vec<bool> {
    wide_map(
        spheres,
        false,
        Sphere8::from_slice,
        #[inline(always)]
        |pack| bits(pack.may_intersect_frustum(frustum)),
    )
}
