//! Capsule–segment overlap.

use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Capsule, Segment};

impl Intersects<Segment> for Capsule {
    /// The distance between the segment and the capsule's core segment (Ericson §5.1.9, with
    /// the robust denominator of `segment_segment_parameters`) against the radius, compared
    /// squared. Touching counts; a zero-length segment is a point, a zero-length capsule a ball,
    /// a capsule of radius 0 its core segment. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let core = self.segment();
        if self.radius == 0.0 {
            // The core segment itself, with the on-set tolerance of segments.
            return core.intersects(other);
        }
        let (s, t) = segment_segment_parameters(other, &core);
        within_radius(other.point_at(s) - core.point_at(t), self.radius)
    }
}

mirror_intersects!(Capsule, Segment);
