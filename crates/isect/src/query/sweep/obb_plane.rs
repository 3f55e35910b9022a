//! Sweep of an oriented box against a plane.

use crate::math::Vec3;
use crate::query::sweep::sweep_against_plane;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Obb, Plane};

impl Sweep<Plane> for Obb {
    /// When the moving box touches the moving plane, by the box's extent along the normal
    /// ([`Obb::projected_radius`], the extent method applied over time, Ericson §5.5.3). The
    /// point is the box's vertex nearest the plane when they just touch (the middle of the edge
    /// or face when one lies flat on the plane); when they already overlap at `t_first = 0`, a
    /// point of the box on the plane. The normal points from the plane to the box's center.
    /// The box keeps its rotation. `None` for invalid input.
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        if !self.is_usable() {
            return None;
        }
        sweep_against_plane(self, motion, other, other_motion)
    }
}

mirror_sweep!(Obb, Plane);
