//! Oriented box–segment contact.

use crate::d2::query::algo::contact::{contact_of, manifold_of};
use crate::d2::query::{
    Contact, ContactInfo, ContactManifold, Manifold, mirror_contact, mirror_manifold,
};
use crate::d2::shape::{Obb, Segment};

impl Contact<Segment> for Obb {
    /// The penetration of the two sets when they meet (exactly, as `intersects`): the least
    /// push of `self` out of `other` over their edges' normals, or along the line between the
    /// closest points of their cores where only radii overlap (`algo/contact.rs`). `None` when
    /// apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Segment) -> Option<ContactInfo> {
        contact_of(self, other)
    }
}

impl ContactManifold<Segment> for Obb {
    /// The points of [`Contact`]'s clipping with the depth that clears each; their mean is the
    /// contact's point. Empty when apart and for invalid input.
    #[inline]
    fn contact_manifold(&self, other: &Segment) -> Manifold {
        manifold_of(self, other)
    }
}

mirror_contact!(Obb, Segment);
mirror_manifold!(Obb, Segment);
