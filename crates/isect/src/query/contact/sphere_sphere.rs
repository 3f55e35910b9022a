//! Contact of two spheres.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::contact::balls;
use crate::query::{Contact, ContactInfo};
use crate::shape::Sphere;

impl Contact<Sphere> for Sphere {
    /// Depth `r1 + r2 − |c1 − c2|`, normal from `other`'s center to `self`'s (`+Y` for
    /// coincident centers), point in the middle of the spheres' common stretch of the line of
    /// centers (the touching point at depth 0). `None` when apart and for invalid input.
    fn contact(&self, other: &Sphere) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        balls(
            self.center,
            self.radius,
            other.center,
            other.radius,
            Vec3::Y,
        )
    }
}
