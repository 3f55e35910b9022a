//! Plane–plane overlap.

use crate::math::{ON_SET_TOLERANCE, coordinate_scale, plane_tolerance};
use crate::query::Intersects;
use crate::query::algo::scale::rescale;
use crate::shape::Plane;

impl Intersects<Plane> for Plane {
    /// Whether the planes share a point: every two non-parallel planes meet in a line; parallel
    /// planes meet when they coincide.
    ///
    /// "Parallel" means `|n₁ × n₂| <= ON_SET_TOLERANCE · |n₁| |n₂|` (the sine of the angle within
    /// about 64 ulp: the rounding noise of a normalized normal, which cannot tell such planes from
    /// parallel ones); such planes coincide when their offsets, as seen along `n₁`, differ by at
    /// most the plane tolerance of `Plane::contains_point`. Planes at a larger angle always
    /// intersect, however far away. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let (n1, n2) = (self.normal, other.normal);
        let scale = n1.length_squared() * n2.length_squared();
        if n1.cross(n2).length_squared() > ON_SET_TOLERANCE * ON_SET_TOLERANCE * scale {
            return true;
        }
        // Parallel: compare a point of `other` with `self`.
        let p = other.point() / n2.length_squared();
        let distance = self.signed_distance(p).abs() / n1.length();
        distance <= plane_tolerance(self.d, coordinate_scale([p]), 0.0)
    }
}
