//! Sweep of a triangle against a triangle.

use crate::math::{Real, Vec3};
use crate::query::algo::conservative_advancement::{advancement_first, advancement_sweep};
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::moving_sat::{triangle_normal, triangle_triangle};
use crate::query::algo::scale::rescale;
use crate::query::sweep::start_normal;
use crate::query::{Sweep, SweepHit};
use crate::shape::Triangle;

/// Whether the separating axes answer the sweep of triangles `a` and `b`: both have a normal
/// clear of rounding ([`triangle_normal`]); otherwise one is a segment or a point within
/// rounding, swept by conservative advancement. The one verdict of this pair sweep and of the
/// mesh sweeps of a triangle ([`first_contact`]), so that a mesh's first contact is that of its
/// triangles' pair sweeps.
#[inline]
pub(crate) fn by_axes(a: [Vec3; 3], b: [Vec3; 3]) -> bool {
    triangle_normal(a).is_some() && triangle_normal(b).is_some()
}

/// The first contact within `[0, max_t]` (`max_t <= 1`) of triangle `a`, shifted by `start`
/// and moving by `v`, with the resting `b`: the time and the unit normal from `b` towards `a`
/// (zero where there is none: shapes that already overlap). The forward run of
/// [`Sweep<Triangle>`] for triangles, for the mesh sweeps; a later first contact may be
/// reported past `max_t`, which the caller drops.
#[cfg_attr(
    not(feature = "alloc"),
    expect(dead_code, reason = "only the mesh sweeps (alloc) call it")
)]
pub(crate) fn first_contact(
    a: &Triangle,
    start: Vec3,
    v: Vec3,
    b: &Triangle,
    max_t: Real,
) -> Option<(Real, Vec3)> {
    let corners = a.vertices().map(|p| p + start);
    if by_axes(corners, b.vertices()) {
        triangle_triangle(corners, b.vertices(), v, max_t).map(|(t, _, normal)| (t, normal))
    } else {
        advancement_first(a, start, v, b).map(|(t, normal)| (t, normal.unwrap_or(Vec3::ZERO)))
    }
}

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
        if !by_axes(a, b) {
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
