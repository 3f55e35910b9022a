//! Axis-aligned box–plane distance.

use crate::query::distance::to_plane;
use crate::query::{ClosestPoints, Distance, mirror_distance};
use crate::shape::{Aabb, Plane};

impl Distance<Plane> for Aabb {
    /// By the axis-aligned box's extent along the normal (the extent method): its point nearest the
    /// plane (the middle of a face or edge parallel to it) and that point's foot, or 0 with a
    /// common point when it reaches the plane (touching included; the plane is a surface).
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        if !self.is_usable() {
            return ClosestPoints::NONE;
        }
        to_plane(self, other)
    }
}

mirror_distance!(Aabb, Plane);
