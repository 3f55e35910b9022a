//! Sweep of an oriented box against a capsule (and the routine of the axis-aligned box's).

use crate::math::Vec3;
use crate::query::algo::conservative_advancement::gjk_sweep_rounded;
use crate::query::{SupportMap, Sweep, SweepHit, mirror_sweep};
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
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        box_capsule_sweep(self, motion, other, other_motion)
    }
}

/// The sweep of a valid box (either type, through its support map) against a valid capsule: the
/// box against the capsule's core rounded by its radius.
#[inline]
pub(super) fn box_capsule_sweep<B: SupportMap>(
    b: &B,
    motion: Vec3,
    capsule: &Capsule,
    capsule_motion: Vec3,
) -> Option<SweepHit> {
    gjk_sweep_rounded(
        b,
        0.0,
        motion,
        &Segment::new(capsule.a, capsule.b),
        capsule.radius,
        capsule_motion,
    )
}

mirror_sweep!(Obb, Capsule);
