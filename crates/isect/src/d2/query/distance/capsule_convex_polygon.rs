//! Capsule–convex polygon distance and closest points.

use crate::d2::query::algo::convex_pairs::convex_closest_points;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{Capsule, ConvexPolygon};

impl Distance<ConvexPolygon> for Capsule {
    /// A closest pair, `a` on the capsule and `b` on the convex polygon: a common point at
    /// distance 0 exactly when they intersect (the decision of `Intersects`), otherwise the
    /// least distance between the cores (points, segments or polygons: from a corner of one to
    /// an edge of the other). The radius moves the points towards each other; the gap is
    /// computed without cancellation, and is never 0 for shapes apart. A capsule of radius 0 is
    /// its core segment, one with a zero-length core a circle; a convex polygon of one point,
    /// or of collinear points, is that point or segment.
    /// [`ClosestPoints::NONE`](crate::d2::ClosestPoints::NONE) for invalid input (a non-finite
    /// coordinate, a negative radius, a convex polygon without points).
    ///
    /// ```
    /// use isect::d2::{Capsule, ConvexPolygon, Distance};
    /// use isect::math::Vec2;
    /// let a = Capsule::new(Vec2::new(-3.0, 0.0), Vec2::new(-1.0, 0.0), 1.0);
    /// let b = ConvexPolygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0)]); // touches `a` at the origin
    /// let apart = ConvexPolygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(3.0, 1.0)]);
    /// assert_eq!(a.distance(&b), 0.0);
    /// let pair = a.closest_points(&apart);
    /// assert_eq!(pair.distance, 1.0);
    /// assert_eq!(apart.distance(&a), 1.0);
    /// ```
    #[inline]
    fn closest_points(&self, other: &ConvexPolygon) -> ClosestPoints {
        convex_closest_points(self, other)
    }
}

mirror_distance!(Capsule, ConvexPolygon);
