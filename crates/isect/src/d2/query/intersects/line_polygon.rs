//! Line–polygon overlap.

use crate::d2::query::algo::polygon::polygon_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Line, Polygon};

impl Intersects<Polygon> for Line {
    /// Whether the line and the polygon share a point. Exact: the line meets an edge of the
    /// polygon (exact orientation signs), as a line that meets a bounded polygon crosses its
    /// boundary. Touching counts. `false` for invalid input (a non-finite coordinate, a zero
    /// `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Line, Polygon};
    /// use isect::math::Vec2;
    /// let a = Line::new(Vec2::new(0.0, 0.0), Vec2::Y);
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

mirror_intersects!(Line, Polygon);
