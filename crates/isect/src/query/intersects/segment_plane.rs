//! Segment–plane overlap.

use crate::query::algo::scale::rescale;
use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Plane, Segment};

impl Intersects<Plane> for Segment {
    /// The signed distances of the ends (Ericson §5.3.1, without the point): they meet when the
    /// ends are on opposite sides or on the plane, or an end is within the plane's
    /// [`on_set_tolerance`](crate::math::on_set_tolerance) (the plane's point containment). A
    /// zero-length segment is a point. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let sa = other.signed_distance(self.a);
        let sb = other.signed_distance(self.b);
        (sa <= 0.0 && sb >= 0.0)
            || (sa >= 0.0 && sb <= 0.0)
            || other.contains_point(self.a)
            || other.contains_point(self.b)
    }
}

mirror_intersects!(Segment, Plane);
