//! Triangle–triangle overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::shape::Triangle;

impl Intersects<Triangle> for Triangle {
    /// Whether the two triangles share a point. Exact: a corner of one lies in the other or two
    /// edges meet, by exact orientation signs (Shewchuk's adaptive predicates on the
    /// coordinates as given). Touching counts. A collinear triangle is the segment between its
    /// extreme corners. `false` for invalid input (a non-finite coordinate).
    ///
    /// ```
    /// use isect::d2::{Intersects, Triangle};
    /// use isect::math::Vec2;
    /// let a = Triangle::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 0.0), Vec2::new(-2.0, 1.0));
    /// let b = Triangle::new(Vec2::new(2.0, -1.0), Vec2::new(0.0, 0.0), Vec2::new(2.0, 1.0)); // touches `a` at the origin
    /// let apart = Triangle::new(Vec2::new(3.0, -1.0), Vec2::new(1.0, 0.0), Vec2::new(3.0, 1.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Triangle) -> bool {
        convex_meets(self, other)
    }
}
