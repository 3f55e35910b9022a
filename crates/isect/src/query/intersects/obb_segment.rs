//! Obb–segment overlap.

use crate::query::Intersects;
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::intersects::obb_meets_linear;
use crate::query::mirror_intersects;
use crate::shape::{Obb, Segment};

impl Intersects<Segment> for Obb {
    /// The segment moved into the box's frame (`rotationᵀ`, which keeps the parameter), then slabs
    /// against `[−half_extents, half_extents]` (Williams et al. 2005; Ericson §5.3.3): a segment is `a + t (b − a)`, `t` in `[0, 1]`; a zero-length segment is the point `a`.
    /// Touching counts; flat boxes are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        rescale!(pair self, other, intersects);
        obb_meets_linear(self, &Linear::segment(other))
    }
}

mirror_intersects!(Obb, Segment);
