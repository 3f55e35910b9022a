//! Point queries on a triangle.

use crate::math::{NO_POINT, Real, Vec3, on_set_tolerance};
use crate::query::PointQuery;
use crate::query::algo::simplex::triangle_weights;
use crate::shape::Triangle;

impl PointQuery for Triangle {
    /// The closest point by Voronoi regions (Ericson §5.1.5); a degenerate triangle answers as
    /// the segment or point it is.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        let [u, v, w] = triangle_weights(p, self.a, self.b, self.c);
        self.a * u + self.b * v + self.c * w
    }

    /// Whether `p` is within [`on_set_tolerance`] of the triangle (a point on a triangle
    /// computed in floating point is rarely exactly on its plane).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        let tolerance = on_set_tolerance([p, self.a, self.b, self.c]);
        self.distance_to_point(p) <= tolerance
    }

    fn distance_to_point(&self, p: Vec3) -> Real {
        if !(self.is_usable() && p.is_finite()) {
            return Real::INFINITY;
        }
        self.closest_point(p).distance(p)
    }
}
