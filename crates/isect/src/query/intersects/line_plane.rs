//! Line–plane overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{normal_dot_dir, rescale};
use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Line, Plane};

impl Intersects<Plane> for Line {
    /// A line meets every plane it is not parallel to (`normal · dir != 0`, decided at any scale
    /// of `dir`: a short direction is normalized by a power of two where the products would
    /// underflow), and a parallel one
    /// when it lies in it (its origin within the plane's
    /// [`on_set_tolerance`](crate::math::on_set_tolerance)). `false` for invalid input
    /// (non-finite, zero direction).
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        Linear::line(self).is_usable()
            && other.is_usable()
            && (normal_dot_dir(other.normal, self.dir).0 != 0.0
                || other.contains_point(self.origin))
    }
}

mirror_intersects!(Line, Plane);
