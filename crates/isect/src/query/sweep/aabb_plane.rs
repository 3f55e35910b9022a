//! Sweep of an axis-aligned box against a plane.

use crate::math::Vec3;
use crate::query::sweep::sweep_against_plane;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Aabb, Plane};

impl Sweep<Plane> for Aabb {
    /// When the moving box touches the moving plane, by the box's extent along the normal
    /// (`r = Σ e_i |n_i|`, the extent method of RTR §16.10 applied over time, Ericson §5.5.3).
    /// The point is the box's vertex nearest the plane when they just touch (the middle of the
    /// edge or face when one lies flat on the plane); when they already overlap at `t_first = 0`,
    /// a point of the box on the plane. The normal points from the plane to the box's center.
    /// Flat and point boxes are answered as what they are; `None` for invalid input.
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        if !self.is_usable() {
            return None;
        }
        sweep_against_plane(self, motion, other, other_motion)
    }
}

mirror_sweep!(Aabb, Plane);
