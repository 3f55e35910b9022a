//! Ray–polygon overlap.

use crate::d2::query::algo::polygon::polygon_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Polygon, Ray};

impl Intersects<Polygon> for Ray {
    /// Whether the ray and the polygon share a point. Exact: the ray meets an edge of the
    /// polygon (exact orientation signs), or starts inside it (the crossings test). Touching
    /// counts. `false` for invalid input (a non-finite coordinate, a zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Polygon, Ray};
    /// use isect::math::Vec2;
    /// let a = Ray::new(Vec2::new(0.0, 0.0), Vec2::new(-1.0, 0.0));
    /// let b = Polygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap(); // touches `a` at the origin
    /// let apart = Polygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Polygon) -> bool {
        polygon_linear_meets(other, self)
    }
}

mirror_intersects!(Ray, Polygon);
