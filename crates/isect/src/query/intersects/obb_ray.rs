//! Obb–ray overlap.

use crate::query::Intersects;
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::intersects::obb_meets_linear;
use crate::query::mirror_intersects;
use crate::shape::{Obb, Ray};

impl Intersects<Ray> for Obb {
    /// The ray moved into the box's frame (`rotationᵀ`, which keeps the parameter), then slabs
    /// against `[−half_extents, half_extents]` (Williams et al. 2005; Ericson §5.3.3): a ray is `origin + t dir`, `t >= 0`.
    /// Touching counts; flat boxes are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        rescale!(pair self, other, intersects);
        obb_meets_linear(self, &Linear::ray(other))
    }
}

mirror_intersects!(Obb, Ray);
