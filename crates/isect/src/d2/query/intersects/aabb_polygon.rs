//! Box–polygon overlap.

use crate::d2::query::algo::polygon::polygon_convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Aabb, Polygon};

impl Intersects<Polygon> for Aabb {
    /// Whether the box and the polygon share a point. Through the polygon's edges: the box
    /// meets one of them, or lies inside the polygon (its first point does, by the crossings
    /// test). Exact for shapes without a radius. Touching counts. A flat box is its segment or
    /// point. `false` for invalid input (a non-finite coordinate, `min > max`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Intersects, Polygon};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
    /// let b = Polygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap(); // touches `a` at the origin
    /// let apart = Polygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Polygon) -> bool {
        polygon_convex_meets(other, self)
    }
}

mirror_intersects!(Aabb, Polygon);
