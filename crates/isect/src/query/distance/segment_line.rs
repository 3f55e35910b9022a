//! Segment–line distance.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::distance::linear_closest_points;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Line, Segment};

impl Distance<Line> for Segment {
    /// A closest pair, `a` on `self`: distance 0 where they cross or touch; one of the pairs when
    /// they are parallel and the pair is not unique; a zero-length segment is a point.
    /// [`ClosestPoints::NONE`] for invalid input (non-finite, zero ray direction).
    fn closest_points(&self, other: &Line) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        linear_closest_points(&Linear::segment(self), &Linear::line(other))
    }
}

mirror_distance!(Segment, Line);
