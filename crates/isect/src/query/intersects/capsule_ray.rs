//! Capsule–ray overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::raycast::linear_meets_capsule;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Capsule, Ray};

impl Intersects<Ray> for Capsule {
    /// The distance between the ray and the capsule's core segment (the closest pair of
    /// `algo::linear::closest_parameters`, Ericson §5.1.9) against the radius, compared
    /// squared: a ray is `origin + t dir`, `t >= 0`. Touching counts; a zero-length capsule is a ball, a capsule of radius 0
    /// its core segment. `false` for invalid input (non-finite, zero direction).
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        rescale!(pair self, other, intersects);
        let p = Linear::ray(other);
        if self.radius == 0.0 {
            // The core segment itself, with the on-set tolerance of segments.
            return self.is_usable() && self.segment().intersects(other);
        }
        self.is_usable() && p.is_usable() && linear_meets_capsule(&p, self)
    }
}

mirror_intersects!(Capsule, Ray);
