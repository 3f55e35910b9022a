//! Sphere–AABB overlap.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Sphere};

impl Intersects<Aabb> for Sphere {
    /// Whether the ball meets the box: Arvo's test (*Graphics Gems*, 1990; Ericson §5.2.5), the
    /// squared distance from the center to the box, summed per axis over the slabs it lies
    /// outside, against `r²`. Touching is `true`; zero radius is a point, a flat box a rectangle.
    /// `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let c = self.center;
        let excess = (other.min - c).max(c - other.max).max(Vec3::ZERO);
        within_radius(excess, self.radius)
    }
}

mirror_intersects!(Sphere, Aabb);
