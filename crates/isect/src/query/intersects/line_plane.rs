//! Line–plane overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Line, Plane};

impl Intersects<Plane> for Line {
    /// A line meets every plane it is not parallel to (`normal · dir != 0`), and a parallel one
    /// when it lies in it (its origin within the plane's
    /// [`on_set_tolerance`](crate::math::on_set_tolerance)). `false` for invalid input
    /// (non-finite, zero direction).
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        Linear::line(self).is_usable()
            && other.is_usable()
            && (other.normal.dot(self.dir) != 0.0 || other.contains_point(self.origin))
    }
}

mirror_intersects!(Line, Plane);
