//! Ray–ray overlap.

use super::segment_segment::closest_pair_touches;
use crate::query::algo::scale::rescale;
use crate::query::{Distance, Intersects};
use crate::shape::Ray;

impl Intersects<Ray> for Ray {
    /// The distance of a closest pair (the `Distance` impl: Ericson §5.1.9 with the robust
    /// denominators of `algo::linear`) within [`on_set_tolerance`](crate::math::on_set_tolerance)
    /// of the points involved: two linear sets almost never cross exactly in floating point, so
    /// a crossing is a distance at rounding level, as for a point on a line. So this may report
    /// `true` for sets apart by up to that tolerance (64 ulps of their extent, 8 of their
    /// magnitude). Touching ends, overlapping collinear pieces and zero-length segments (points)
    /// count as they are. `false` for invalid input (non-finite, zero direction).
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        rescale!(pair self, other, intersects);
        closest_pair_touches(self.closest_points(other), [self.origin, other.origin])
    }
}
