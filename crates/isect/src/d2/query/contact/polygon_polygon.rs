//! Polygon–polygon contact.

use crate::d2::query::algo::polygon_contact::{polygon_polygon_contact, polygon_polygon_manifold};
use crate::d2::query::{Contact, ContactInfo, ContactManifold, Manifold};
use crate::d2::shape::Polygon;

impl Contact<Polygon> for Polygon {
    /// The penetration of two solid polygons when they meet (exactly, as `intersects`),
    /// normal from `other` towards `self`. Two convex polygons give the convex contact; a
    /// concave and a convex one the concave polygon's contact with the convex set (see
    /// `Contact<Polygon> for ConvexPolygon`); two concave ones the least push of one that
    /// puts it on the outer side of an edge of the other it meets (or, one inside the other,
    /// out across the outer's edge nearest to the centre of the inner's box). `None` when apart.
    #[inline]
    fn contact(&self, other: &Polygon) -> Option<ContactInfo> {
        polygon_polygon_contact(self, other)
    }
}

impl ContactManifold<Polygon> for Polygon {
    /// The points of [`Contact`]'s clipping (one point for two concave polygons), with the
    /// depth that clears each; their mean is the contact's point. Empty when apart.
    #[inline]
    fn contact_manifold(&self, other: &Polygon) -> Manifold {
        polygon_polygon_manifold(self, other)
    }
}
