//! Axis-aligned box–segment distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::box_rounded_segment;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Aabb, Obb, Segment};

impl Distance<Segment> for Aabb {
    /// A segment that crosses the box (slab test, as the overlap test) gives 0 and a common point;
    /// otherwise the segment's point nearest the box, by the exact segment–box distance (the convex
    /// piecewise quadratic along the segment, minimised piece by piece), and its clamp onto the
    /// box. A zero-length segment is a point; flat boxes are what they are. [`ClosestPoints::NONE`]
    /// for invalid input.
    fn closest_points(&self, other: &Segment) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        box_rounded_segment(&Obb::from_aabb(self), other.a, other.b, 0.0)
    }
}

mirror_distance!(Aabb, Segment);
