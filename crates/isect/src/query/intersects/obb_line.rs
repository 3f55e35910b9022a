//! Obb–line overlap.

use crate::query::Intersects;
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::intersects::obb_meets_linear;
use crate::query::mirror_intersects;
use crate::shape::{Line, Obb};

impl Intersects<Line> for Obb {
    /// The line moved into the box's frame (`rotationᵀ`, which keeps the parameter), then slabs
    /// against `[−half_extents, half_extents]` (Williams et al. 2005; Ericson §5.3.3): a line is `origin + t dir` for every `t`.
    /// Touching counts; flat boxes are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Line) -> bool {
        rescale!(pair self, other, intersects);
        obb_meets_linear(self, &Linear::line(other))
    }
}

mirror_intersects!(Obb, Line);
