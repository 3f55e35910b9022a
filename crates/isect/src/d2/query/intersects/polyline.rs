//! `Intersects` between a [`Polyline`] and every convex shape, a ray, a line and a concave
//! polygon, in both orders: a segment of the polyline meets the shape (the candidates from the
//! polyline's BVH, each decided by the pair's own exact test; a zero-length segment is its
//! point). A polyline has no inside; a polygon has, so a polyline wholly inside it meets it.

use crate::d2::query::algo::polyline::meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Polyline, Ray, Segment, Triangle,
};

/// Implements `Intersects<$shape> for Polyline` and the mirror.
macro_rules! polyline_meets {
    ($shape:ty) => {
        impl Intersects<$shape> for Polyline {
            /// A segment of the polyline meets the shape, touching included (each pair decided
            /// exactly, as the pair's own `intersects`). `false` for an invalid shape.
            #[inline]
            fn intersects(&self, other: &$shape) -> bool {
                meets(self, other)
            }
        }
        mirror_intersects!(Polyline, $shape);
    };
}

polyline_meets!(Circle);
polyline_meets!(Aabb);
polyline_meets!(Obb);
polyline_meets!(Capsule);
polyline_meets!(Triangle);
polyline_meets!(Segment);
polyline_meets!(ConvexPolygon);
polyline_meets!(Ray);
polyline_meets!(Line);
polyline_meets!(Polygon);
