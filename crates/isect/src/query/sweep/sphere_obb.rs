//! Sweep of a sphere against an oriented box.

use crate::math::{Real, Vec3};
use crate::query::algo::rounded::raycast_rounded_box;
use crate::query::{PointQuery, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Obb, Ray, Sphere};

impl Sweep<Obb> for Sphere {
    /// The sphere's center as a ray against the box rounded by the radius (Ericson §5.5.7), in
    /// the box's frame: the grown box, then the capsules around the edges in edge and corner
    /// regions. `t_last` is the same cast from the end of the motion backwards. The normal
    /// points from the box to the sphere's center at `t_first` (against the relative motion for
    /// shapes that already overlap), the point is where the sphere touches the box (the box's
    /// point nearest the center when they already overlap). A radius-0 sphere is a moving
    /// point; flat and point boxes are answered as what they are; the box keeps its rotation.
    /// `None` when they never touch in `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Obb, other_motion: Vec3) -> Option<SweepHit> {
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

/// The sphere–box sweep for a valid sphere and box (shared with the axis-aligned box).
pub(super) fn sphere_box_sweep(
    sphere: &Sphere,
    motion: Vec3,
    obb: &Obb,
    other_motion: Vec3,
) -> Option<SweepHit> {
    let v = obb.rotation.transpose() * (motion - other_motion);
    let start = obb.to_local(sphere.center);
    let (half, r) = (obb.half_extents, sphere.radius);
    let reach = |origin: Vec3, dir: Vec3| -> Option<(Real, Vec3)> {
        if dir == Vec3::ZERO {
            // No relative motion: touching throughout or never.
            let clamped = origin.clamp(-half, half);
            return (origin.distance_squared(clamped) <= r * r).then_some((0.0, Vec3::ZERO));
        }
        raycast_rounded_box(half, r, &Ray::new(origin, dir), 1.0).map(|h| (h.t, h.normal))
    };
    let (t_first, local_normal) = reach(start, v)?;
    let t_last = match reach(start + v, -v) {
        Some((back, _)) => (1.0 - back).max(t_first),
        None => t_first,
    };
    let center = sphere.center + motion * t_first;
    let moved = Obb::new(obb.center + other_motion * t_first, half, obb.rotation);
    let (normal, point) = if t_first > 0.0 {
        let normal = obb.rotation * local_normal;
        (normal, center - normal * r)
    } else {
        // Already overlapping: against the relative motion; the box's point nearest the center.
        let normal = (other_motion - motion).try_normalize().unwrap_or(Vec3::Y);
        (normal, moved.closest_point(center))
    };
    Some(SweepHit {
        t_first,
        t_last,
        point,
        normal,
    })
}

mirror_sweep!(Sphere, Obb);
