//! Sweep of a sphere against an oriented box.

use crate::math::Vec3;
use crate::query::algo::rounded::raycast_rounded_box;
use crate::query::algo::scale::rescale;
use crate::query::sweep::sweep_center_as_ray;
use crate::query::{PointQuery, RayHit, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Obb, Ray, Sphere};

impl Sweep<Obb> for Sphere {
    /// The sphere's center as a ray against the box rounded by the radius (Ericson §5.5.7), in
    /// the box's frame: the grown box, then the capsules around the edges in edge and corner
    /// regions. `t_last` is the same cast from the end of the motion backwards. The normal
    /// points from the box to the sphere's center at `t_first` (that of their
    /// [`Contact`](crate::Contact) for shapes that already overlap), the point is where the sphere touches the box (the box's
    /// point nearest the center when they already overlap). A radius-0 sphere is a moving
    /// point; flat and point boxes are answered as what they are; the box keeps its rotation.
    /// `None` when they never touch in `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Obb, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        sphere_box_sweep(self, motion, other, other_motion)
    }
}

/// The sphere–box sweep for a valid sphere and box (shared with the axis-aligned box): the ray
/// is cast in the box's frame and the hit's normal turned back.
pub(super) fn sphere_box_sweep(
    sphere: &Sphere,
    motion: Vec3,
    obb: &Obb,
    other_motion: Vec3,
) -> Option<SweepHit> {
    let (half, r) = (obb.half_extents, sphere.radius);
    let rt = obb.rotation.transpose();
    sweep_center_as_ray(
        sphere,
        motion,
        obb,
        other_motion,
        |ray| {
            let local = Ray::new(obb.to_local(ray.origin), rt * ray.dir);
            raycast_rounded_box(half, r, &local, 1.0).map(|h| RayHit {
                t: h.t,
                point: obb.to_world(h.point),
                normal: obb.rotation * h.normal,
            })
        },
        || {
            let p = obb.to_local(sphere.center);
            p.distance_squared(p.clamp(-half, half)) <= r * r
        },
        |center| obb.closest_point(center),
    )
}

mirror_sweep!(Sphere, Obb);
