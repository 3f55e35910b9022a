//! Sweep of a oriented box against a capsule.

use crate::math::Vec3;
use crate::query::algo::conservative_advancement::gjk_sweep_rounded;
use crate::query::algo::scale::rescale;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Capsule, Obb, Segment};

impl Sweep<Capsule> for Obb {
    /// By conservative advancement over GJK distances between the shapes' cores (center or core
    /// segment) rounded by the radii
    /// ([`gjk_sweep_rounded`](crate::query::algo::conservative_advancement::gjk_sweep_rounded)):
    /// `t_first` no later than the first contact and within that routine's documented tolerance of
    /// it, `t_last` likewise; for shapes that already overlap, `t_first = 0` with the normal
    /// against the relative motion. Degenerate shapes are answered as what they are (a zero-length
    /// capsule is a sphere; flat and point boxes). `None` when they never touch in `[0, 1]`, and
    /// for invalid input.
    fn sweep(&self, motion: Vec3, other: &Capsule, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        gjk_sweep_rounded(
            self,
            0.0,
            motion,
            &Segment::new(other.a, other.b),
            other.radius,
            other_motion,
        )
    }
}

mirror_sweep!(Obb, Capsule);
