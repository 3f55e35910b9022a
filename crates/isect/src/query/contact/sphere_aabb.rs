//! Contact of a sphere with an axis-aligned box.

use crate::query::algo::scale::rescale;
use crate::query::contact::ball_box;
use crate::query::{Contact, ContactInfo, mirror_contact};
use crate::shape::{Aabb, Sphere};

impl Contact<Aabb> for Sphere {
    /// A center outside the box: the closest point of the box (Arvo's clamp) is the contact
    /// point, the normal runs from it to the center, depth `r − distance`. A center inside:
    /// the sphere leaves through the nearest face, normal out of that face, depth `r +` the
    /// center's distance to it, point the center. Flat and point boxes are answered as what
    /// they are. `None` when apart and for invalid input.
    fn contact(&self, other: &Aabb) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        ball_box(self.center, self.radius, other.min, other.max)
    }
}

mirror_contact!(Sphere, Aabb);
