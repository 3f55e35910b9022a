//! Point queries on a triangle.

use crate::math::{NO_POINT, Real, Vec3, on_set_tolerance};
use crate::query::PointQuery;
use crate::query::algo::scale::rescale;
use crate::query::algo::simplex::{TriangleFrom, triangle_region};
use crate::query::point::{all_finite, within};
use crate::shape::Triangle;

impl PointQuery for Triangle {
    /// The closest point by Voronoi regions (Ericson §5.1.5); a degenerate triangle answers as
    /// the segment or point it is. A point projected onto a thin triangle's face carries
    /// rounding of about `ε · distance / sin θ` (`θ` the smallest angle): the plane of a needle
    /// is ill-conditioned about its long axis, and the distance multiplies the tilt.
    #[inline]
    fn closest_point(&self, p: Vec3) -> Vec3 {
        rescale!(point self, p, closest_point);
        closest(self, p)
    }

    /// Whether `p` is within [`on_set_tolerance`] of the triangle (a point on a triangle
    /// computed in floating point is rarely exactly on its plane).
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        let tolerance = on_set_tolerance([p, self.a, self.b, self.c]);
        // Invalid input gives `NO_POINT`, and `within` is false for any non-finite `q` (see
        // there), also where an infinite coordinate made the tolerance infinite.
        let q = closest(self, p);
        within(p, q, tolerance)
    }

    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        let q = closest(self, p);
        if q == NO_POINT {
            return Real::INFINITY;
        }
        crate::query::algo::scale::distance(q, p)
    }
}

/// [`PointQuery::closest_point`] for input in the rescaling window (`NO_POINT` for non-finite
/// input): the queries call it after their own rescaling check, not through `closest_point`,
/// which would repeat that check.
#[inline]
fn closest(tri: &Triangle, p: Vec3) -> Vec3 {
    if !all_finite([tri.a, tri.b, tri.c, p]) {
        return NO_POINT;
    }
    let ([u, v, w], face) = triangle_region(&TriangleFrom::points(p, tri.a, tri.b, tri.c));
    if face {
        // p projected onto the plane. Not as `u a + v b + w c`: for a thin triangle the
        // weights come from nearly cancelling cross products, and that point can be off
        // along the triangle's length by far more than rounding of the coordinates. Nor as
        // `p - n (n · (p - a)) / |n|²`: the rounding of n tilts it about an axis across the
        // triangle, by up to ε / sin of the thin angle, and |p - a| multiplies the tilt.
        // Measuring from x, the foot of p on the longest edge's line, cancels that: p - x
        // is perpendicular to the edge, and the triangle lies in the longest edge's slab.
        let [start, end, _] = tri.corners_from_longest_side();
        let e = end - start;
        let x = start + e * (e.dot(p - start) / e.length_squared());
        let n = tri.scaled_normal();
        let projected = p - n * (n.dot(p - x) / n.length_squared());
        if projected.is_finite() {
            return projected;
        }
    }
    tri.a * u + tri.b * v + tri.c * w
}
