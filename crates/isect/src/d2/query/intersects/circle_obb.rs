//! Circle–oriented box overlap.

use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Circle, Obb};

impl Intersects<Obb> for Circle {
    /// Whether the circle and the oriented box share a point. The cores (a point, a segment or
    /// the polygon itself) meet exactly, or the squared distance between them is within the
    /// square of the summed radii. Touching counts. A circle of radius 0 is its center; a flat
    /// oriented box is its segment or point. `false` for invalid input (a non-finite
    /// coordinate, a negative radius, negative half extents).
    ///
    /// ```
    /// use isect::d2::{Circle, Intersects, Obb};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Obb::new(Vec2::new(1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X)); // touches `a` at the origin
    /// let apart = Obb::new(Vec2::new(2.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Obb) -> bool {
        convex_meets(self, other)
    }
}

mirror_intersects!(Circle, Obb);
