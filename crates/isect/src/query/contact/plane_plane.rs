//! Contact of two planes.

use crate::query::algo::scale::rescale;
use crate::query::{Contact, ContactInfo, Distance};
use crate::shape::Plane;

impl Contact<Plane> for Plane {
    /// Two surfaces without an inside: planes that meet (`intersects`: not parallel, or parallel
    /// and coincident within the on-set tolerance) touch with depth 0 at the common point of
    /// [`Distance`] (the point of their intersection line nearest the origin, or `self`'s point
    /// nearest the origin when they coincide). No translation separates two planes that are not
    /// parallel, so the normal is a choice: the unit `self.normal − other.normal`, which lies
    /// across the intersection line and flips exactly when the arguments are swapped (for
    /// coincident planes facing each other's back, `self.normal`). Coincident planes with equal
    /// normals take `self.normal` when `self.d <= other.d`, else its opposite. `None` for
    /// distinct parallel planes and for invalid input.
    ///
    /// ```
    /// use isect::{Contact, Plane, glam::Vec3};
    /// let floor = Plane::new(Vec3::Z, 0.0);
    /// let wall = Plane::new(Vec3::X, 2.0);
    /// let c = floor.contact(&wall).unwrap();
    /// assert_eq!((c.point, c.depth), (Vec3::new(2.0, 0.0, 0.0), 0.0));
    /// assert!(floor.contact(&Plane::new(Vec3::Z, 1.0)).is_none());
    /// ```
    fn contact(&self, other: &Plane) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        let cp = self.closest_points(other);
        if cp.distance != 0.0 {
            return None;
        }
        let normal = (self.normal - other.normal)
            .try_normalize()
            .unwrap_or(if self.d <= other.d {
                self.normal
            } else {
                -self.normal
            });
        Some(ContactInfo {
            point: cp.a,
            normal,
            depth: 0.0,
        })
    }
}
