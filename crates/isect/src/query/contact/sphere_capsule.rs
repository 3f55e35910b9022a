//! Contact of a sphere with a capsule.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::algo::simplex::closest_on_segment;
use crate::query::contact::{balls, within_rounding};
use crate::query::{Contact, ContactInfo, mirror_contact};
use crate::shape::{Capsule, Sphere};

impl Contact<Capsule> for Sphere {
    /// The sphere against the ball of the capsule's radius around the core point closest to the
    /// sphere's center (Ericson §4.5.1): depth `r1 + r2 − distance`, normal from the core to the
    /// center. A center on the core gets a normal perpendicular to the core. `None` when apart
    /// and for invalid input.
    fn contact(&self, other: &Capsule) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        let q = closest_on_segment(self.center, other.a, other.b);
        // The decision of `intersects`, on the same closest point.
        let r = self.radius + other.radius;
        if !within_radius(self.center - q, r) {
            return None;
        }
        let axis = other.b - other.a;
        let fallback = axis
            .try_normalize()
            .map_or(Vec3::Y, Vec3::any_orthonormal_vector);
        // A center on the core within rounding: the offset is noise, not a direction. The
        // projection from `a` rounds relative to the center's and `q`'s offsets from `a` (and
        // to `q`'s magnitude), not to the capsule's length.
        let q = if within_rounding(self.center, q, [other.a, q, self.center]) {
            self.center
        } else {
            q
        };
        balls(self.center, self.radius, q, other.radius, fallback)
    }
}

mirror_contact!(Sphere, Capsule);
