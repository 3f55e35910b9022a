//! Box–capsule overlap.

use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Aabb, Capsule};

impl Intersects<Capsule> for Aabb {
    /// Whether the box and the capsule share a point. The cores (a point, a segment or the
    /// polygon itself) meet exactly, or the squared distance between them is within the square
    /// of the summed radii. Touching counts. A flat box is its segment or point; a capsule of
    /// radius 0 is its core segment, one with a zero-length core a circle. `false` for invalid
    /// input (a non-finite coordinate, `min > max`, a negative radius).
    ///
    /// ```
    /// use isect::d2::{Aabb, Capsule, Intersects};
    /// use isect::math::Vec2;
    /// let a = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(0.0, 1.0));
    /// let b = Capsule::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0), 1.0); // touches `a` at the origin
    /// let apart = Capsule::new(Vec2::new(4.0, 0.0), Vec2::new(2.0, 0.0), 1.0);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Capsule) -> bool {
        convex_meets(self, other)
    }
}

mirror_intersects!(Aabb, Capsule);
