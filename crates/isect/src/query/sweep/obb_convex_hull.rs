//! Sweep of a oriented box against a convex hull.

use crate::math::Vec3;
use crate::query::algo::conservative_advancement::advancement_sweep;
use crate::query::algo::scale::rescale;
use crate::query::sweep::start_normal;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{ConvexHull, Obb};

impl Sweep<ConvexHull> for Obb {
    /// By conservative advancement over GJK distances
    /// ([`gjk_sweep`](crate::query::algo::conservative_advancement::gjk_sweep)): `t_first` no later
    /// than the first contact and within that routine's documented tolerance of it, `t_last`
    /// likewise; for shapes that already overlap, `t_first = 0` with the normal of their
    /// [`Contact`](crate::Contact). Degenerate shapes are answered as what they are (a hull of coplanar,
    /// collinear or coincident points is the polygon, segment or point it spans; flat and point
    /// boxes). `None` when they never touch in `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &ConvexHull, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        advancement_sweep((self, 0.0, motion), (other, 0.0, other_motion), |against| {
            start_normal(self, other, against)
        })
    }
}

mirror_sweep!(Obb, ConvexHull);
