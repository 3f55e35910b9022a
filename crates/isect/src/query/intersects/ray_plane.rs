//! Ray–plane overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{normal_dot_dir, rescale};
use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Plane, Ray};

impl Intersects<Plane> for Ray {
    /// The origin's signed distance against the direction's (Ericson §5.3.1, without the
    /// point): they meet when the origin is on the plane (within its
    /// [`on_set_tolerance`](crate::math::on_set_tolerance)) or the ray heads towards it.
    /// `false` for a ray parallel to the plane off it, and for invalid input (non-finite, zero
    /// direction).
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        if !(Linear::ray(self).is_usable() && other.is_usable()) {
            return false;
        }
        let s = other.signed_distance(self.origin);
        let (den, _) = normal_dot_dir(other.normal, self.dir);
        (s <= 0.0 && den > 0.0) || (s >= 0.0 && den < 0.0) || other.contains_point(self.origin)
    }
}

mirror_intersects!(Ray, Plane);
