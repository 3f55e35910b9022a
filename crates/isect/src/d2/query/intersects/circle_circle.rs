//! Circle–circle overlap.

use crate::d2::query::Intersects;
use crate::d2::query::algo::reach::within;
use crate::d2::shape::Circle;
use crate::math::Real;

impl Intersects<Circle> for Circle {
    /// Whether the discs share a point: `|c₁ − c₂|² <= (r₁ + r₂)²`, squared distances, no
    /// square root (Ericson, *Real-Time Collision Detection*, §4.3.1), as the generic path
    /// would decide. Circles at distance exactly `r₁ + r₂` touch and intersect; a zero radius
    /// is a point. `false` for invalid input (a non-finite coordinate, a negative radius).
    ///
    /// ```
    /// use isect::d2::{Circle, Intersects};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Circle::new(Vec2::new(1.0, 0.0), 1.0); // touches `a` at the origin
    /// let apart = Circle::new(Vec2::new(2.0, 0.0), 1.0);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Circle) -> bool {
        // Only the radii need checking: a non-finite center makes the squared distance NaN or
        // +inf, which `within` answers false. Squares that under- or overflow (radii or
        // distances of any finite magnitude) are decided on its cold path.
        let valid = |r: Real| (0.0..Real::INFINITY).contains(&r);
        valid(self.radius)
            && valid(other.radius)
            && within(self.center, other.center, self.radius, other.radius)
    }
}
