//! Sweep of a triangle against a triangle.

use crate::math::Vec3;
use crate::query::algo::conservative_advancement::advancement_sweep;
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::moving_sat::{triangle_normal, triangle_triangle};
use crate::query::algo::scale::rescale;
use crate::query::sweep::start_normal;
use crate::query::{Sweep, SweepHit};
use crate::shape::Triangle;

impl Sweep<Triangle> for Triangle {
    /// By separating axes with velocity (Ericson §5.5.8): both normals, each triangle's in-plane
    /// edge normals and the 9 edge–edge cross products; the triangles touch during the
    /// intersection of the per-axis time intervals, and the axis that starts overlapping last
    /// gives the normal. Triangles that already overlap give `t_first = 0` with the normal of
    /// least penetration; the point is a common point at `t_first` (GJK on the moved
    /// triangles). A degenerate (collinear or point) triangle is answered as the segment or point
    /// it is, by conservative advancement
    /// ([`gjk_sweep`](crate::query::algo::conservative_advancement::gjk_sweep)), with the normal
    /// of their [`Contact`](crate::Contact) for triangles that already overlap. `None` when they
    /// never touch in `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Triangle, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let (a, b) = ([self.a, self.b, self.c], [other.a, other.b, other.c]);
        if triangle_normal(a).is_none() || triangle_normal(b).is_none() {
            return advancement_sweep((self, 0.0, motion), (other, 0.0, other_motion), |against| {
                start_normal(self, other, against)
            });
        }
        let (t_first, t_last, normal) = triangle_triangle(a, b, motion - other_motion, 1.0)?;
        let moved = |t: &Triangle, m: Vec3| {
            let s = m * t_first;
            Triangle::new(t.a + s, t.b + s, t.c + s)
        };
        let cp = gjk_closest_points(&moved(self, motion), &moved(other, other_motion), normal);
        Some(SweepHit {
            t_first,
            t_last,
            point: (cp.a + cp.b) * 0.5,
            normal,
        })
    }
}
