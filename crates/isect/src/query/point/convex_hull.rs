//! Point queries on a convex hull, by GJK.

use crate::math::{NO_POINT, Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::scale::rescale;
use crate::shape::ConvexHull;

impl ConvexHull {
    /// The point of the hull closest to `p` and its distance: `(p, 0)` when `p` is in the hull
    /// or within the touching tolerance of it, `None` for invalid input.
    fn project(&self, p: Vec3) -> Option<(Vec3, Real)> {
        if !(self.is_usable() && p.is_finite()) {
            return None;
        }
        let result = gjk_closest_points(self, &p, self.points()[0] - p);
        if result.distance == 0.0 {
            return Some((p, 0.0));
        }
        if !result.distance.is_finite() {
            return None;
        }
        // GJK ranks support points by `v · w` with `v` known only to about ε·size, so at
        // distances below about √ε·size (1e-3 in an f32 hull of size 10) it can stop one vertex
        // short: a point of the set itself, beside nearly coplanar neighbours, came out 1e-3
        // away. The points themselves are certainly in the hull.
        let floor = 1e-2 * (p.abs().max_element() + result.a.abs().max_element());
        if result.distance <= floor && self.points().contains(&p) {
            return Some((p, 0.0));
        }
        Some((result.a, result.distance))
    }
}

impl PointQuery for ConvexHull {
    /// The closest point by GJK between the hull and `p`; `p` itself when inside (or within
    /// GJK's touching tolerance of the boundary: [`ON_SET_TOLERANCE`](crate::math::ON_SET_TOLERANCE)
    /// of the offsets from `p` and 8 ulp of the coordinates, per coordinate along the gap, see
    /// [`gjk_closest_points`](crate::query::algo::gjk::gjk_closest_points)). GJK runs on until it reaches the hull's closest feature, so the point is
    /// exact up to rounding of the coordinates (about `ε` times the distance for `p` far away;
    /// see [`gjk_closest_points`](crate::query::algo::gjk::gjk_closest_points)); no answer is
    /// finer than about `√ε` times the hull's size, where GJK can no longer rank the points.
    fn closest_point(&self, p: Vec3) -> Vec3 {
        rescale!(point self, p, closest_point);
        self.project(p).map_or(NO_POINT, |(q, _)| q)
    }

    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        self.project(p).map_or(Real::INFINITY, |(_, d)| d)
    }

    /// Whether GJK finds `p` inside the hull or within its touching tolerance (see
    /// [`PointQuery::closest_point`]), which also makes points on flat hulls (coplanar or
    /// collinear points) count; a long thin hull's extent does not widen it across the hull.
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        self.distance_to_point(p) == 0.0
    }
}
