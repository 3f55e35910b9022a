//! Convex polygon–polygon contact.

use crate::d2::query::algo::polygon_contact::{polygon_contact_of, polygon_manifold_of};
use crate::d2::query::{
    Contact, ContactInfo, ContactManifold, Manifold, mirror_contact, mirror_manifold,
};
use crate::d2::shape::{ConvexPolygon, Polygon};

impl Contact<Polygon> for ConvexPolygon {
    /// The penetration of the convex polygon into the solid polygon when they meet (exactly, as
    /// `intersects`), normal from the polygon towards the convex polygon. A convex polygon gives the
    /// convex contact (as a `ConvexPolygon` of the same points); a concave one the least of the
    /// local pushes of `algo/polygon_contact.rs` (out across an edge the convex polygon meets, clear of
    /// the whole polygon along one of the convex polygon's own normals, or, inside, across the edge
    /// nearest to the centre of its box), each of which leaves the convex polygon clear of what it names.
    /// `None` when apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Polygon) -> Option<ContactInfo> {
        polygon_contact_of(self, other)
    }
}

impl ContactManifold<Polygon> for ConvexPolygon {
    /// The points of [`Contact`]'s clipping against the polygon's edge it comes from (one
    /// point where the push is the convex polygon's own normal), with the depth that clears each; their
    /// mean is the contact's point. Empty when apart and for invalid input.
    #[inline]
    fn contact_manifold(&self, other: &Polygon) -> Manifold {
        polygon_manifold_of(self, other)
    }
}

mirror_contact!(ConvexPolygon, Polygon);
mirror_manifold!(ConvexPolygon, Polygon);
