//! Sweep of a triangle against a plane.

use crate::math::Vec3;
use crate::query::sweep::sweep_against_plane;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Plane, Triangle};

impl Sweep<Plane> for Triangle {
    /// When the moving triangle touches the moving plane, by its extent along the normal over time
    /// (Ericson §5.5.3). The point is its vertex nearest the plane when they just touch (the
    /// middle of the edge or face when one lies flat on it); when they already overlap at
    /// `t_first = 0`, a point of the triangle on the plane. The normal points from the plane to the
    /// side of the triangle's middle. Degenerate triangles are answered as what they are; `None` for
    /// invalid input.
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        if !self.is_usable() {
            return None;
        }
        sweep_against_plane(self, motion, other, other_motion)
    }
}

mirror_sweep!(Triangle, Plane);
