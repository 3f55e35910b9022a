//! Circle–capsule overlap.
//!
//! In closed form: the center's distance to the capsule's core (Ericson §5.1.2) within the sum
//! of the radii, or the center exactly on the core (for radii whose square is 0).

use crate::d2::query::algo::convex_pairs::convex_meets;
use crate::d2::query::algo::reach::within;
use crate::d2::query::algo::segment_point::on_segment_near_foot;
use crate::d2::query::{Intersects, mirror_intersects};
use crate::d2::shape::{Capsule, Circle};
use crate::math::{Real, Vec2};

impl Capsule {
    /// The core's closest point to the circle's center and its squared distance, when both
    /// shapes are valid (the radii in `[+0, +∞)` as bits, every point finite); `None` sends
    /// the pair to the convex routines.
    #[inline(always)]
    pub(crate) fn circle_foot(&self, c: &Circle) -> Option<(Vec2, Real)> {
        if c.radius.to_bits() >= Real::INFINITY.to_bits() {
            return None;
        }
        self.fast_foot(c.center)
    }
}

impl Intersects<Capsule> for Circle {
    /// Whether the circle and the capsule share a point. The cores (a point, a segment or the
    /// polygon itself) meet exactly, or the squared distance between them is within the square
    /// of the summed radii. Touching counts. A circle of radius 0 is its center; a capsule of
    /// radius 0 is its core segment, one with a zero-length core a circle. `false` for invalid
    /// input (a non-finite coordinate, a negative radius).
    ///
    /// ```
    /// use isect::d2::{Capsule, Circle, Intersects};
    /// use isect::math::Vec2;
    /// let a = Circle::new(Vec2::new(-1.0, 0.0), 1.0);
    /// let b = Capsule::new(Vec2::new(3.0, 0.0), Vec2::new(1.0, 0.0), 1.0); // touches `a` at the origin
    /// let apart = Capsule::new(Vec2::new(4.0, 0.0), Vec2::new(2.0, 0.0), 1.0);
    /// assert!(a.intersects(&b) && b.intersects(&a));
    /// assert!(!a.intersects(&apart));
    /// ```
    #[inline]
    fn intersects(&self, other: &Capsule) -> bool {
        let Some((q, dd)) = other.circle_foot(self) else {
            return convex_meets(self, other);
        };
        let r = self.radius + other.radius;
        (r > 0.0 && within(self.center, q, self.radius, other.radius))
            || on_segment_near_foot(self.center, other.a, other.b, dd)
    }
}

mirror_intersects!(Circle, Capsule);
