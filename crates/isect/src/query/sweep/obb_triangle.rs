//! Sweep of an oriented box against a triangle.

use crate::math::Vec3;
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::moving_sat::box_triangle;
use crate::query::algo::scale::rescale;
use crate::query::{Sweep, SweepHit, mirror_sweep};
use crate::shape::{Obb, Triangle};

impl Sweep<Triangle> for Obb {
    /// By the 13 axes of the box–triangle separating-axis test (Akenine-Möller) with velocity
    /// (Ericson §5.5.8): on each axis the times at which the projections overlap; the shapes
    /// touch during the intersection of those intervals, and the axis that starts overlapping
    /// last gives the normal. Boxes that already overlap the triangle give `t_first = 0` with
    /// the normal of least penetration. The point is a common point at `t_first` (GJK on the
    /// moved shapes). A collinear triangle is answered as its segment, a point triangle as its
    /// point; flat and point boxes as what they are. `None` when they never touch in `[0, 1]`,
    /// and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Triangle, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        obb_triangle_sweep(self, motion, other, other_motion)
    }
}

/// The box–triangle sweep for a valid box and triangle (shared with the axis-aligned box).
pub(super) fn obb_triangle_sweep(
    a: &Obb,
    motion: Vec3,
    b: &Triangle,
    other_motion: Vec3,
) -> Option<SweepHit> {
    let axes = [a.rotation.x_axis, a.rotation.y_axis, a.rotation.z_axis];
    let (t_first, t_last, normal) = box_triangle(
        (a.center, axes, a.half_extents),
        [b.a, b.b, b.c],
        motion - other_motion,
        1.0,
    )?;
    let moved_box = Obb::new(a.center + motion * t_first, a.half_extents, a.rotation);
    let shift = other_motion * t_first;
    let moved_triangle = Triangle::new(b.a + shift, b.b + shift, b.c + shift);
    let cp = gjk_closest_points(&moved_box, &moved_triangle, normal);
    Some(SweepHit {
        t_first,
        t_last,
        point: (cp.a + cp.b) * 0.5,
        normal,
    })
}

mirror_sweep!(Obb, Triangle);
