//! Sphere–triangle overlap.

use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Sphere, Triangle};

impl Intersects<Triangle> for Sphere {
    /// Whether the point of the triangle closest to the center is within the radius, compared
    /// squared (Ericson, *Real-Time Collision Detection*, §5.2.7, with the closest point of
    /// §5.1.5), after two rejections that need no closest point: by the triangle's bounding box
    /// (the squared distance from the center to that box, Arvo's test) and, for a triangle that
    /// is not thin, by the distance to its plane, `(n · (c − a))² > r² |n|²`. The plane test
    /// trusts the rounded normal only where its direction is good to 16 ε (the sine of the angle
    /// at `a` above 1/16); a sliver goes to the closest point.
    ///
    /// Closed sets: a sphere touching the triangle at exactly its radius intersects. A degenerate
    /// triangle is the segment or point it is; a zero radius makes the sphere a point, which then
    /// must lie exactly on the triangle (no tolerance: the comparison is exact on the computed
    /// closest point). Non-finite input or a negative radius gives `false`.
    ///
    /// ```
    /// use isect::{Intersects, Sphere, Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// assert!(Sphere::new(Vec3::new(0.25, 0.25, 1.0), 1.0).intersects(&t));
    /// assert!(!Sphere::new(Vec3::new(0.25, 0.25, 1.0), 0.5).intersects(&t));
    /// ```
    #[inline]
    fn intersects(&self, triangle: &Triangle) -> bool {
        rescale!(pair self, triangle, intersects);
        if !(self.is_usable() && triangle.is_usable()) {
            return false;
        }
        let (center, rr) = (self.center, self.radius * self.radius);
        // The triangle lies in its bounding box: a sphere that misses the box misses the
        // triangle, decided without the closest point.
        let lo = triangle.a.min(triangle.b).min(triangle.c);
        let hi = triangle.a.max(triangle.b).max(triangle.c);
        if (lo - center)
            .max(center - hi)
            .max(Vec3::ZERO)
            .length_squared()
            > rr
        {
            return false;
        }
        // Beyond the plane by more than the radius: the signed distance from the rounded
        // normal, trusted when the triangle is not thin (sine of the angle at `a` above 1/16, so
        // the normal's direction is off by at most 16 ε), and only by more than the rounding of
        // `s = n · (c − a)`: its six triple-product terms, each at most the product of the
        // largest coordinates of `ab`, `ac` and `c − a`, carry about 4 ε each. Without that
        // margin a center exactly on the plane (a point sphere at a corner) was rejected in
        // some corner orders, where `s` rounds to a hair off 0, and not in others (issue 24).
        let (ab, ac) = (triangle.b - triangle.a, triangle.c - triangle.a);
        let ap = center - triangle.a;
        let n = ab.cross(ac);
        let nn = n.length_squared();
        let slack =
            S_ROUNDING * ab.abs().max_element() * ac.abs().max_element() * ap.abs().max_element();
        let beyond = n.dot(ap).abs() - slack;
        if beyond > 0.0
            && beyond * beyond > rr * nn
            && nn * 256.0 > ab.length_squared() * ac.length_squared()
        {
            return false;
        }
        // The offset against the radius, not squared (both squares underflow for a ball tiny
        // beside the triangle; issue 24, `regressions::tiny_radius_beside_unit_offsets`).
        within_radius(triangle.closest_point(center) - center, self.radius)
    }
}

/// A bound on the rounding of the triple product `(ab × ac) · ap` relative to the product of
/// the three vectors' largest coordinates: six terms of about 4 ε each (the differences, two
/// products and the sums), doubled.
const S_ROUNDING: Real = 48.0 * Real::EPSILON;

mirror_intersects!(Sphere, Triangle);
