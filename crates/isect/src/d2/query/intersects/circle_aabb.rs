//! Circle–box overlap.

use crate::d2::query::algo::reach::within;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Aabb, Circle};

impl Intersects<Aabb> for Circle {
    /// Whether the disc and the box share a point: the squared distance from the center to
    /// its clamp onto the box against the squared radius (Ericson, *Real-Time Collision
    /// Detection*, §5.2.5; at any magnitude: squares out of range are compared scaled). The clamp is the exact closest point, so this decides as the
    /// generic path would. Touching counts; a circle of radius 0 is its center, a flat box its
    /// segment or point. `false` for invalid input (a non-finite coordinate, a negative radius,
    /// `min > max`).
    ///
    /// ```
    /// use isect::d2::{Aabb, Circle, Intersects};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Aabb::new(Vec2::new(0.0, -1.0), Vec2::new(2.0, 1.0)); // touches `a` at the origin
    /// let apart = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(3.0, 1.0));
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Aabb) -> bool {
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let q = self.center.max(other.min).min(other.max);
        within(q, self.center, self.radius, 0.0)
    }
}

mirror_intersects!(Circle, Aabb);
