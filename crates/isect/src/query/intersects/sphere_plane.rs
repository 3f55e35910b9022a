//! Sphere–plane overlap.

use crate::math::{Real, Vec3};
use crate::query::Side;
use crate::query::algo::plane_extent::slab_side;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Plane, Sphere};

impl Intersects<Plane> for Sphere {
    /// Whether the ball meets the plane: `|n · c − d| <= r` (Ericson §5.2.2), within the plane's
    /// rounding of the signed distance so that a zero-radius sphere agrees with
    /// `Plane::contains_point`. Touching is `true`; the tolerance may report `true` for a ball
    /// apart by about 8 ulp of the center's, the offset's and the radius's magnitudes. `false`
    /// for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        self.is_usable() && other.is_usable() && slab_meets_plane(other, self.center, self.radius)
    }
}

mirror_intersects!(Sphere, Plane);

/// Whether the points `x` with `|n · (x − center)| <= reach` meet the plane: `|n · center − d|`
/// against `reach` within rounding ([`slab_side`]). The extent method shared by every
/// solid–plane pair (Real-Time Rendering, 4th ed., §22.10), the decision their `classify`
/// shares.
#[inline]
pub(super) fn slab_meets_plane(plane: &Plane, center: Vec3, reach: Real) -> bool {
    slab_side(plane, center, reach) == Side::Straddle
}
