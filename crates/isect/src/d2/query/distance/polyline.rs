//! `Distance` between a [`Polyline`] and every convex shape, a ray, a line and a concave
//! polygon, in both orders: the least over the segments of the pair's own distance, by a nearest-first walk of the polyline's BVH that
//! prunes every node whose box lies farther than the best pair so far. Zero exactly when
//! `Intersects` says they meet (both come from the pair's decisions).

use crate::d2::query::algo::polyline::closest;
use crate::d2::query::{ClosestPoints, Distance, mirror_distance};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Polyline, Ray, Segment, Triangle,
};

/// Implements `Distance<$shape> for Polyline` and the mirror.
macro_rules! polyline_distance {
    ($shape:ty) => {
        impl Distance<$shape> for Polyline {
            /// A closest pair, `a` on the polyline and `b` on the shape (from the segment of
            /// lowest index among equally close ones), and their distance: 0 when they meet.
            /// [`ClosestPoints::NONE`] for an invalid shape.
            #[inline]
            fn closest_points(&self, other: &$shape) -> ClosestPoints {
                closest(self, other).map_or(ClosestPoints::NONE, |(_, cp)| cp.swapped())
            }
        }
        mirror_distance!(Polyline, $shape);
    };
}

polyline_distance!(Circle);
polyline_distance!(Aabb);
polyline_distance!(Obb);
polyline_distance!(Capsule);
polyline_distance!(Triangle);
polyline_distance!(Segment);
polyline_distance!(ConvexPolygon);
polyline_distance!(Ray);
polyline_distance!(Line);
polyline_distance!(Polygon);
