//! Sweep of a sphere against an axis-aligned box.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::sweep::sphere_obb::sphere_box_sweep;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Aabb, Obb, Sphere};

impl Sweep<Aabb> for Sphere {
    /// As [`Sphere`]–[`Obb`]: the sphere's center as a ray against the box rounded by the
    /// radius (Ericson §5.5.7). `None` when they never touch in `[0, 1]`, and for invalid
    /// input.
    fn sweep(&self, motion: Vec3, other: &Aabb, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        sphere_box_sweep(self, motion, &Obb::from_aabb(other), other_motion)
    }
}

mirror_sweep!(Sphere, Aabb);
