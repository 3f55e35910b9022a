//! Sweep of an oriented box against an oriented box.

use crate::math::Vec3;
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::moving_sat::box_box;
use crate::query::algo::scale::rescale;
use crate::query::{Sweep, SweepHit};
use crate::shape::Obb;

impl Sweep<Obb> for Obb {
    /// By the 15 axes of the box–box separating-axis test with velocity (Ericson §5.5.8,
    /// Eberly): on each axis the times at which the projections overlap; the boxes touch during
    /// the intersection of those intervals, and the axis that starts overlapping last gives the
    /// normal. Exact up to rounding, except that edge–edge axes of edges parallel within about
    /// `√(8ε)` are left to the face axes. Boxes that already overlap give `t_first = 0` with the
    /// normal of least penetration. The point is a common point of the two boxes at `t_first`
    /// (from GJK on the moved boxes). Flat and point boxes are answered as what they are; the
    /// boxes keep their rotations. `None` when they never touch in `[0, 1]`, and for invalid
    /// input.
    fn sweep(&self, motion: Vec3, other: &Obb, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        obb_sweep(self, motion, other, other_motion)
    }
}

/// The box–box sweep for two valid boxes (shared with the axis-aligned pair).
pub(super) fn obb_sweep(a: &Obb, motion: Vec3, b: &Obb, other_motion: Vec3) -> Option<SweepHit> {
    let axes = |o: &Obb| [o.rotation.x_axis, o.rotation.y_axis, o.rotation.z_axis];
    let (t_first, t_last, normal) = box_box(
        (a.center, axes(a), a.half_extents),
        (b.center, axes(b), b.half_extents),
        motion - other_motion,
    )?;
    let moved = |o: &Obb, m: Vec3| Obb::new(o.center + m * t_first, o.half_extents, o.rotation);
    let cp = gjk_closest_points(&moved(a, motion), &moved(b, other_motion), normal);
    Some(SweepHit {
        t_first,
        t_last,
        point: (cp.a + cp.b) * 0.5,
        normal,
    })
}
