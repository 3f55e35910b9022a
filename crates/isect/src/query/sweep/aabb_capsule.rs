//! Sweep of an axis-aligned box against a capsule.

use crate::math::Vec3;
use crate::query::sweep::obb_capsule::box_capsule_sweep;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Aabb, Capsule};

impl Sweep<Capsule> for Aabb {
    /// As [`Obb`](crate::Obb)–[`Capsule`]: conservative advancement over GJK distances between
    /// the box and the capsule's core rounded by its radius, `t_first` no later than the first
    /// contact and within the routine's documented tolerance of it; for shapes that already
    /// overlap, `t_first = 0` with the normal against the relative motion. Flat and point boxes
    /// and zero-length capsules are what they are. `None` when they never touch in `[0, 1]`, and
    /// for invalid input.
    fn sweep(&self, motion: Vec3, other: &Capsule, other_motion: Vec3) -> Option<SweepHit> {
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        box_capsule_sweep(self, motion, other, other_motion)
    }
}

mirror_sweep!(Aabb, Capsule);
