//! Capsule–triangle overlap.

use crate::math::{Real, coordinate_scale};
use crate::query::algo::scale::rescale;
use crate::query::{Distance, Intersects, mirror_intersects};
use crate::shape::{Capsule, Segment, Triangle};

impl Intersects<Triangle> for Capsule {
    /// Whether the distance between the capsule's axis and the triangle is within the radius,
    /// compared squared on the closest pair of [`Distance<Segment> for
    /// Triangle`](crate::query::Distance) (Ericson, *Real-Time Collision Detection*, §5.1.10,
    /// §5.5.7's capsule tests through segment distances).
    ///
    /// A first rejection compares, per axis, the gap between the bounding boxes of the triangle
    /// and of the core with the radius.
    ///
    /// Touching at exactly the radius counts (exact comparison on the computed closest pair). A
    /// core that crosses the triangle is decided by the watertight segment test instead (the
    /// closest pair of a crossing is rounded apart), so a thin capsule through a thin triangle
    /// meets it. A zero radius makes the capsule its segment, a zero-length axis a sphere; a
    /// degenerate triangle is the segment or point it is. Non-finite input or a negative radius gives
    /// `false`.
    ///
    /// ```
    /// use isect::{Capsule, Intersects, Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// assert!(Capsule::new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(1.0, 1.0, 1.0), 1.0).intersects(&t));
    /// assert!(!Capsule::new(Vec3::new(0.0, 0.0, 1.0), Vec3::new(1.0, 1.0, 1.0), 0.5).intersects(&t));
    /// ```
    #[inline]
    fn intersects(&self, triangle: &Triangle) -> bool {
        rescale!(pair self, triangle, intersects);
        if !(self.is_usable() && triangle.is_usable()) {
            return false;
        }
        // Per axis, the gap between the triangle's bounding box and the core's: more than the
        // radius on any axis separates them, without the segment–triangle distance.
        let lo = triangle.a.min(triangle.b).min(triangle.c);
        let hi = triangle.a.max(triangle.b).max(triangle.c);
        let gap = (lo - self.a.max(self.b)).max(self.a.min(self.b) - hi);
        if gap.max_element() > self.radius {
            return false;
        }
        let core = Segment::new(self.a, self.b);
        let cp = triangle.closest_points(&core);
        let d2 = (cp.a - cp.b).length_squared();
        if d2 <= self.radius * self.radius {
            return true;
        }
        // A core crossing the triangle: the closest pair of a crossing is rounded apart (by
        // about ε / sin θ of a thin triangle), so a thin capsule there asks the watertight
        // segment test, which decides crossings by signs.
        let scale = coordinate_scale([triangle.a, triangle.b, triangle.c, self.a, self.b]);
        let near = crate::ops::sqrt(Real::EPSILON) * scale;
        d2 <= near * near && triangle.intersects(&core)
    }
}

mirror_intersects!(Capsule, Triangle);
