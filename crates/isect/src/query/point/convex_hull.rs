//! Point queries on a convex hull, by GJK.

use crate::math::{NO_POINT, Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::gjk::gjk_closest_points;
use crate::shape::ConvexHull;

impl PointQuery for ConvexHull {
    /// The closest point by GJK between the hull and `p`: exact up to
    /// [`GJK_RELATIVE_TOLERANCE`](crate::query::algo::gjk::GJK_RELATIVE_TOLERANCE); `p` itself
    /// when inside (or within [`ON_SET_TOLERANCE`](crate::math::ON_SET_TOLERANCE) of the
    /// boundary, relative to the coordinates).
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if self.is_valid().is_err() || !p.is_finite() {
            return NO_POINT;
        }
        let result = gjk_closest_points(self, &p, self.points()[0] - p);
        if result.distance == 0.0 { p } else { result.a }
    }

    fn distance_to_point(&self, p: Vec3) -> Real {
        if self.is_valid().is_err() || !p.is_finite() {
            return Real::INFINITY;
        }
        gjk_closest_points(self, &p, self.points()[0] - p).distance
    }

    /// Whether GJK finds `p` inside the hull or within its touching tolerance
    /// ([`ON_SET_TOLERANCE`](crate::math::ON_SET_TOLERANCE) relative to the coordinates), which
    /// also makes points on flat hulls (coplanar or collinear points) count.
    fn contains_point(&self, p: Vec3) -> bool {
        self.distance_to_point(p) == 0.0
    }
}
