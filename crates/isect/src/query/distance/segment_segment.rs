//! Segment–segment distance.

use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::scale::rescale;
use crate::query::{ClosestPoints, Distance};
use crate::shape::Segment;

impl Distance<Segment> for Segment {
    /// A closest pair, `a` on `self`: distance 0 where they cross or touch; one of the pairs when
    /// they are parallel and the pair is not unique; a zero-length segment is a point.
    /// [`ClosestPoints::NONE`] for non-finite input. Ericson §5.1.9 with a robust denominator
    /// (see `algo::linear::segment_segment_parameters`).
    fn closest_points(&self, other: &Segment) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let (s, t) = segment_segment_parameters(self, other);
        ClosestPoints::from_points(segment_point(self, s), segment_point(other, t))
    }
}

/// `a + t (b − a)`, with the ends exact.
#[inline]
fn segment_point(segment: &Segment, t: crate::math::Real) -> crate::math::Vec3 {
    if t == 1.0 {
        segment.b
    } else {
        segment.a + (segment.b - segment.a) * t
    }
}
