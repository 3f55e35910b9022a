//! Oriented box–ray overlap.

use crate::d2::query::algo::convex_pairs::convex_linear_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Obb, Ray};

impl Intersects<Ray> for Obb {
    /// Whether the oriented box and the ray share a point. The ray meets an edge of the
    /// oriented box or starts inside it, decided exactly by orientation signs. Touching counts.
    /// A flat oriented box is its segment or point. `false` for invalid input (a non-finite
    /// coordinate, negative half extents, a zero `dir`).
    ///
    /// ```
    /// use isect::d2::{Intersects, Obb, Ray};
    /// use isect::math::{Mat2, Vec2};
    /// let a = Obb::new(Vec2::new(-1.0, 0.0), Vec2::ONE, Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// let b = Ray::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0)); // touches `a` at the origin
    /// let apart = Ray::new(Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        convex_linear_meets(self, other)
    }
}

mirror_intersects!(Obb, Ray);
