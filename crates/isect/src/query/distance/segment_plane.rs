//! Segment–plane distance.

use crate::query::algo::scale::rescale;
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Plane, Segment};

impl Distance<Plane> for Segment {
    /// 0 exactly when they meet ([`Intersects`]), with the crossing point (an end within the
    /// plane's tolerance when that is how they meet); apart, the end nearer the plane and its
    /// foot (either end when the segment is parallel). A zero-length segment is a point.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let (sa, sb) = (other.signed_distance(self.a), other.signed_distance(self.b));
        let near = if sa.abs() <= sb.abs() { self.a } else { self.b };
        if self.intersects(other) {
            let point = if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
                self.a + (self.b - self.a) * (sa / (sa - sb))
            } else {
                near
            };
            return ClosestPoints {
                a: point,
                b: point,
                distance: 0.0,
            };
        }
        ClosestPoints::from_points(near, near - other.normal * other.signed_distance(near))
    }
}

mirror_distance!(Segment, Plane);
