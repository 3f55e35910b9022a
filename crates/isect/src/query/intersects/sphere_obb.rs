//! Sphere–OBB overlap.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Obb, Sphere};

impl Intersects<Obb> for Sphere {
    /// Whether the ball meets the box: Arvo's test in the box's frame (Ericson §5.2.6), the center
    /// taken to local coordinates and its squared excess over the half extents compared with
    /// `r²`. Touching is `true`; zero radius is a point, zero extents a rectangle, segment or
    /// point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let local = other.to_local(self.center);
        let excess = (local.abs() - other.half_extents).max(Vec3::ZERO);
        within_radius(excess, self.radius)
    }
}

mirror_intersects!(Sphere, Obb);
