//! Contact of a sphere with an oriented box.

use crate::query::algo::scale::rescale;
use crate::query::contact::ball_box;
use crate::query::{Contact, ContactInfo, mirror_contact};
use crate::shape::{Obb, Sphere};

impl Contact<Obb> for Sphere {
    /// As for an axis-aligned box, in the box's frame: the clamped center outside, the nearest
    /// face inside. `None` when apart and for invalid input.
    fn contact(&self, other: &Obb) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        let local = other.to_local(self.center);
        ball_box(local, self.radius, -other.half_extents, other.half_extents).map(|c| ContactInfo {
            point: other.to_world(c.point),
            normal: other.rotation * c.normal,
            depth: c.depth,
        })
    }
}

mirror_contact!(Sphere, Obb);
