//! Sweep of a capsule against a plane.

use crate::math::Vec3;
use crate::query::sweep::sweep_against_plane;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Capsule, Plane};

impl Sweep<Plane> for Capsule {
    /// When the moving capsule touches the moving plane: its extent along the normal is
    /// `|n · (b − a)| / 2 + radius` about the middle of its core segment (Ericson §5.5.3 with the
    /// capsule's extent). The point is where it touches the plane (below the middle of the core
    /// when the capsule lies parallel to the plane); when they already overlap at
    /// `t_first = 0`, a point of the capsule on the plane. The normal points from the plane to
    /// the side of the capsule's middle. A zero-length capsule is a sphere; `None` for invalid
    /// input.
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        if !self.is_usable() {
            return None;
        }
        sweep_against_plane(self, motion, other, other_motion)
    }
}

mirror_sweep!(Capsule, Plane);
