//! Contact of a sphere with a triangle.

use crate::query::algo::scale::rescale;
use crate::query::contact::{balls, within_rounding};
use crate::query::{Contact, ContactInfo, Intersects, PointQuery, mirror_contact};
use crate::shape::{Sphere, Triangle, extent_along};

impl Contact<Triangle> for Sphere {
    /// The sphere against the triangle's point closest to its center (Voronoi regions, Ericson
    /// §5.1.5): depth `r − distance`, normal from that point to the center, point the closest
    /// point (which the sphere holds). A center on the triangle (within rounding) takes the
    /// triangle's normal and depth `r` (plus any corner above the center along the normal:
    /// rounding, or the noise in a sliver's normal). Exact: no shorter translation separates
    /// them. A degenerate triangle is its segment or point. `None` when apart and for invalid
    /// input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        // The decision is `intersects`'s (its final test is the `balls` one below, on the same
        // closest point), so that there is a contact exactly when it is true.
        if !(self.is_usable() && other.is_usable() && self.intersects(other)) {
            return None;
        }
        let q = other.closest_point(self.center);
        let fallback = other
            .normal()
            .or_else(|| {
                (other.b - other.a)
                    .try_normalize()
                    .map(|e| e.any_orthonormal_vector())
            })
            .or_else(|| {
                (other.c - other.a)
                    .try_normalize()
                    .map(|e| e.any_orthonormal_vector())
            })
            .unwrap_or(crate::math::Vec3::Y);
        if within_rounding(self.center, q, [other.a, other.b, other.c, self.center]) {
            // The center on the triangle: out along the normal by `r` plus the triangle's
            // highest corner above the center (zero up to rounding, but it keeps the push
            // separating when the normal of a sliver is the rounding noise of its cross product).
            let top = extent_along(fallback, other.vertices().map(|p| p - self.center))
                .1
                .max(0.0);
            return Some(ContactInfo {
                point: self.center,
                normal: fallback,
                depth: self.radius + top,
            });
        }
        balls(self.center, self.radius, q, 0.0, fallback)
    }
}

mirror_contact!(Sphere, Triangle);
