//! Segment–segment overlap.

use crate::math::{Vec3, on_set_tolerance};
use crate::query::ClosestPoints;
use crate::query::algo::scale::rescale;
use crate::query::{Distance, Intersects};
use crate::shape::Segment;

/// Whether the closest pair of two linear sets (lines, rays, segments) is within
/// [`on_set_tolerance`] of each other, the tolerance relative to the sets' defining points: a
/// crossing computed in floating point is rarely exact, and the sets are of lower dimension than
/// space, so their containment carries that tolerance. The pair's own coordinates do not widen
/// it: a pair inside both sets lies within their points' box (segments) or is the lines'
/// closest pair, whose distance comes from the directions to the origins' accuracy however far
/// out it lies (`distance::linear_closest_points`); lines 0.79 apart and 1e-6 rad from parallel
/// had "met" within the ulp of their pair 1.7e6 out. `false` for the pair of invalid input
/// (`ClosestPoints::NONE`).
#[inline]
pub(crate) fn closest_pair_touches<const N: usize>(pair: ClosestPoints, points: [Vec3; N]) -> bool {
    pair.distance.is_finite() && pair.distance <= on_set_tolerance(points)
}

impl Intersects<Segment> for Segment {
    /// The distance of a closest pair (the `Distance` impl: Ericson §5.1.9 with the robust
    /// denominators of `algo::linear`) within [`on_set_tolerance`](crate::math::on_set_tolerance)
    /// of the points involved: two linear sets almost never cross exactly in floating point, so
    /// a crossing is a distance at rounding level, as for a point on a line. So this may report
    /// `true` for sets apart by up to that tolerance (64 ulps of their extent, 8 of their
    /// magnitude). Touching ends, overlapping collinear pieces and zero-length segments (points)
    /// count as they are. `false` for invalid input (non-finite, zero direction).
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        rescale!(pair self, other, intersects);
        closest_pair_touches(
            self.closest_points(other),
            [self.a, self.b, other.a, other.b],
        )
    }
}
