//! Polygon–polygon overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::polygon::meet_polygon;
use crate::d2::shape::Polygon;

impl Intersects<Polygon> for Polygon {
    /// Whether the two polygons share a point. Exact: an edge of one meets an edge of the other
    /// (exact orientation signs), or one polygon holds the other's first point (the crossings
    /// test). Edges are paired only where their boxes meet; `O(n·m)` at worst. Touching counts.
    ///
    /// ```
    /// use isect::d2::{Intersects, Polygon};
    /// use isect::math::Vec2;
    /// let a = Polygon::new(vec![Vec2::new(-2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(-1.0, 1.0), Vec2::new(-1.0, 0.0), Vec2::new(-2.0, 0.0)]).unwrap();
    /// let b = Polygon::new(vec![Vec2::new(2.0, -1.0), Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap(); // touches `a` at the origin
    /// let apart = Polygon::new(vec![Vec2::new(3.0, -1.0), Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Polygon) -> bool {
        meet_polygon(self, other).is_some()
    }
}
