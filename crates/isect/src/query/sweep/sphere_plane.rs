//! Sweep of a sphere against a plane.

use crate::math::Vec3;
use crate::query::sweep::sweep_against_plane;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Plane, Sphere};

impl Sweep<Plane> for Sphere {
    /// When the moving sphere touches the moving plane: the times at which the center's signed
    /// distance is within the radius, `|s0 + (n · v) t| <= r` for the relative motion `v`
    /// (Ericson §5.5.3). The point is where the sphere touches the plane (when they already
    /// overlap at `t_first = 0`, the center's foot on the plane); the normal points from the
    /// plane to the side the center is on. Motion parallel to the plane gives `[0, 1]` or
    /// `None`; a sphere of radius 0 is a moving point. `None` for invalid input.
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        if !self.is_usable() {
            return None;
        }
        sweep_against_plane(self, motion, other, other_motion)
    }
}

mirror_sweep!(Sphere, Plane);
