//! Contact of two triangles.

use crate::d2::query::algo::contact::{contact_of, manifold_of};
use crate::d2::query::{Contact, ContactInfo, ContactManifold, Manifold};
use crate::d2::shape::Triangle;

impl Contact<Triangle> for Triangle {
    /// The penetration of the two sets when they meet (exactly, as `intersects`): the least
    /// push of `self` out of `other` over their edges' normals, or along the line between the
    /// closest points of their cores where only radii overlap (`algo/contact.rs`). `None` when
    /// apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        contact_of(self, other)
    }
}

impl ContactManifold<Triangle> for Triangle {
    /// The points of [`Contact`]'s clipping with the depth that clears each; their mean is the
    /// contact's point. Empty when apart and for invalid input.
    #[inline]
    fn contact_manifold(&self, other: &Triangle) -> Manifold {
        manifold_of(self, other)
    }
}
