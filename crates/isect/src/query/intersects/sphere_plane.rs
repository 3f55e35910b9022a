//! Sphere–plane overlap.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3, on_set_tolerance};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Plane, Sphere};

impl Intersects<Plane> for Sphere {
    /// Whether the ball meets the plane: `|n · c − d| <= r` (Ericson §5.2.2), within the plane's
    /// [`on_set_tolerance`] so that a zero-radius sphere agrees with `Plane::contains_point`.
    /// Touching is `true`; the tolerance may report `true` for a ball apart by about 64 ulp of
    /// its coordinates. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        self.is_usable()
            && other.is_usable()
            && slab_meets_plane(other, self.center, self.radius, [self.center])
    }
}

mirror_intersects!(Sphere, Plane);

/// Whether the points `x` with `|n · (x − center)| <= reach` meet the plane: `|n · center − d|`
/// against `reach` plus the plane's [`on_set_tolerance`] of `points` (and of `reach`). The extent
/// method shared by every solid–plane pair (Real-Time Rendering, 4th ed., §22.10).
#[inline]
pub(super) fn slab_meets_plane<const N: usize>(
    plane: &Plane,
    center: Vec3,
    reach: Real,
    points: [Vec3; N],
) -> bool {
    let tolerance =
        on_set_tolerance(points).max(on_set_tolerance([plane.point()])) + ON_SET_TOLERANCE * reach;
    plane.signed_distance(center).abs() <= reach + tolerance
}
