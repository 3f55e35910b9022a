//! Sweep of a convex hull against a plane.

use crate::math::Vec3;
use crate::query::sweep::sweep_against_plane;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{ConvexHull, Plane};

impl Sweep<Plane> for ConvexHull {
    /// When the moving convex hull touches the moving plane, by its extent along the normal over time
    /// (Ericson §5.5.3). The point is its vertex nearest the plane when they just touch (the
    /// middle of the edge or face when one lies flat on it); when they already overlap at
    /// `t_first = 0`, a point of the convex hull on the plane. The normal points from the plane to the
    /// side of the convex hull's middle. Degenerate convex hulls are answered as what they are; `None` for
    /// invalid input.
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        if !self.is_usable() {
            return None;
        }
        sweep_against_plane(self, motion, other, other_motion)
    }
}

mirror_sweep!(ConvexHull, Plane);
