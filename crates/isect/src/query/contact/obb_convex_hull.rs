//! Contact of an oriented box with a convex hull.

use crate::math::Vec3;
use crate::query::algo::epa::epa_contact;
use crate::query::algo::scale::rescale;
use crate::query::{Contact, ContactInfo, Intersects, mirror_contact};
use crate::shape::{ConvexHull, Obb};

impl Contact<ConvexHull> for Obb {
    /// By GJK and EPA on the two support maps: the depth is the least translation that separates
    /// them, to a relative tolerance of about `100 ε` (at most 128 expansions, never a loop), and
    /// moving `self` by `normal * depth` leaves them touching; the point is a point of both (GJK's
    /// common point, not necessarily the deepest). Touching gives depth 0;
    /// degenerate shapes (flat boxes, collinear triangles, hulls of one, two or three points) are
    /// what they are, with depth 0 across a flat pair in one plane (`+Y` when both are one common
    /// point). `None` when apart (exactly when `intersects` is false) and for invalid input.
    fn contact(&self, other: &ConvexHull) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        epa_contact(self, other, self.intersects(other), Vec3::Y)
    }
}

mirror_contact!(Obb, ConvexHull);
