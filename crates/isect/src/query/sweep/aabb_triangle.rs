//! Sweep of an axis-aligned box against a triangle.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::sweep::obb_triangle::obb_triangle_sweep;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Aabb, Obb, Triangle};

impl Sweep<Triangle> for Aabb {
    /// As [`Obb`]–[`Triangle`] (the 13-axis separating-axis test with velocity), with the
    /// axis-aligned box as an oriented box without rotation. `None` when they never touch in
    /// `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Triangle, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        obb_triangle_sweep(&Obb::from_aabb(self), motion, other, other_motion)
    }
}

mirror_sweep!(Aabb, Triangle);
