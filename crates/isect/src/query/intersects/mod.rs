//! `Intersects` (static overlap) per pair of shapes, one file per pair named `<a>_<b>.rs` in the
//! fixed order Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Frustum,
//! `ConvexHull`; each file implements `Intersects<B> for A` and ends with the mirror line
//! `mirror_intersects!(A, B);` for the other order (none for a shape with itself).

mod aabb_aabb;
mod aabb_capsule;
mod aabb_convex_hull;
mod aabb_frustum;
mod aabb_line;
mod aabb_obb;
mod aabb_plane;
mod aabb_ray;
mod aabb_segment;
mod aabb_triangle;
mod capsule_capsule;
mod capsule_convex_hull;
mod capsule_frustum;
mod capsule_line;
mod capsule_plane;
mod capsule_ray;
mod capsule_segment;
mod capsule_triangle;
mod convex_hull_convex_hull;
mod frustum_convex_hull;
mod frustum_frustum;
mod line_convex_hull;
mod line_frustum;
mod line_line;
mod line_plane;
mod obb_capsule;
mod obb_convex_hull;
mod obb_frustum;
mod obb_line;
mod obb_obb;
mod obb_plane;
mod obb_ray;
mod obb_segment;
mod obb_triangle;
mod plane_convex_hull;
mod plane_frustum;
mod plane_plane;
mod ray_convex_hull;
mod ray_frustum;
mod ray_line;
mod ray_plane;
mod ray_ray;
mod segment_convex_hull;
mod segment_frustum;
mod segment_line;
mod segment_plane;
mod segment_ray;
mod segment_segment;
pub(crate) use segment_segment::closest_pair_touches;
mod sphere_aabb;
mod sphere_capsule;
mod sphere_convex_hull;
mod sphere_frustum;
mod sphere_line;
mod sphere_obb;
mod sphere_plane;
mod sphere_ray;
mod sphere_segment;
mod sphere_sphere;
mod sphere_triangle;
mod triangle_convex_hull;
mod triangle_frustum;
mod triangle_line;
mod triangle_plane;
mod triangle_ray;
mod triangle_segment;
mod triangle_triangle;
#[cfg(feature = "alloc")]
mod trimesh;
#[cfg(feature = "alloc")]
mod trimesh_trimesh;

#[cfg(feature = "alloc")]
pub(crate) use aabb_frustum::extent as aabb_extent;

/// Whether the box meets the linear component (segment, ray or line): the component moved into
/// the box's frame (`rotationᵀ`, which keeps the parameter), then slabs against
/// `[−half_extents, half_extents]` over its parameter interval. `false` for invalid input.
#[inline]
fn obb_meets_linear(obb: &crate::shape::Obb, p: &crate::query::algo::linear::Linear) -> bool {
    if !(obb.is_usable() && p.is_usable()) {
        return false;
    }
    let rt = obb.rotation.transpose();
    let (t_enter, t_exit) = crate::query::raycast::slab_interval(
        -obb.half_extents,
        obb.half_extents,
        rt * (p.origin - obb.center),
        rt * p.dir,
        p.lo,
        p.hi,
    );
    t_enter <= t_exit
}
