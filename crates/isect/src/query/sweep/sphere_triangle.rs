//! Sweep of a sphere against a triangle.

use crate::math::{Real, Vec3};
use crate::query::algo::rounded::raycast_rounded_polygon;
use crate::query::algo::scale::rescale;
use crate::query::raycast::start_inside;
use crate::query::sweep::sweep_center_as_ray;
use crate::query::{PointQuery, RayHit, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Ray, Sphere, Triangle};

impl Sweep<Triangle> for Sphere {
    /// The sphere's center as a ray against the triangle rounded by the radius (Ericson §5.5.6:
    /// face, then edges, then vertices): the first of the ray's hits with the triangle moved by
    /// ±`r` along its normal (watertight test) and with the capsules of radius `r` around its
    /// edges, which contain the vertices' balls and the rounded shape's side walls. Exact up to
    /// rounding. `t_last` is the same cast from the end of the motion backwards. The normal
    /// points from the triangle to the center at `t_first` (that of their
    /// [`Contact`](crate::Contact) for shapes that already overlap); the point is where they touch (the triangle's point nearest
    /// the center when they already overlap). A collinear triangle is its segment (edges only),
    /// a radius-0 sphere a point. `None` when they never touch in `[0, 1]`, and for invalid
    /// input.
    fn sweep(&self, motion: Vec3, other: &Triangle, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let r = self.radius;
        sweep_center_as_ray(
            self,
            motion,
            other,
            other_motion,
            |ray| cast_rounded_triangle(other, r, ray),
            || other.distance_to_point(self.center) <= r,
            |center| other.closest_point(center),
        )
    }
}

/// The first hit of `ray` (`t` in `[0, 1]`) with `triangle` rounded by `r`, outward normal; `t = 0`
/// with the normal against the ray from inside.
fn cast_rounded_triangle(triangle: &Triangle, r: Real, ray: &Ray) -> Option<RayHit> {
    if triangle.distance_to_point(ray.origin) <= r {
        return Some(start_inside(ray));
    }
    raycast_rounded_polygon(&[triangle.a, triangle.b, triangle.c], r, ray, 1.0)
}

/// The first contact within `[0, max_t]` of the sphere `(center, r)` moving by `v` with the
/// resting `triangle`: the time and the unit normal from the triangle towards the sphere
/// (`Vec3::ZERO` at `t = 0` when they already touch). `start` says whether they may touch at
/// `t = 0`; when the caller knows they do not (their boxes are apart), the start is not tested.
/// The caller checks validity.
#[inline]
#[cfg(feature = "alloc")] // for the mesh sweep, which needs an allocator
pub(crate) fn sphere_triangle_first(
    center: Vec3,
    r: Real,
    triangle: &Triangle,
    v: Vec3,
    max_t: Real,
    start: bool,
) -> Option<(Real, Vec3)> {
    if start && triangle.distance_to_point(center) <= r {
        return Some((0.0, Vec3::ZERO));
    }
    if v == Vec3::ZERO {
        return None;
    }
    raycast_rounded_polygon(
        &[triangle.a, triangle.b, triangle.c],
        r,
        &Ray::new(center, v),
        max_t,
    )
    .map(|h| (h.t, h.normal))
}

mirror_sweep!(Sphere, Triangle);
