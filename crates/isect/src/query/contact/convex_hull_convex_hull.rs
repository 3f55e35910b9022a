//! Contact of two convex hulls.

use crate::math::Vec3;
use crate::query::algo::epa::epa_contact;
use crate::query::{Contact, ContactInfo, Intersects};
use crate::shape::ConvexHull;

impl Contact<ConvexHull> for ConvexHull {
    /// By GJK and EPA on the two support maps, in a fixed order of the two hulls (as
    /// `intersects`) so that swapping them flips the normal exactly: the depth is the least
    /// translation that separates them, to a relative tolerance of about `100 ε` (at most 128
    /// expansions, never a loop), and moving `self` by `normal * depth` leaves them touching; the
    /// point is a point of both (GJK's common point, not necessarily the deepest).
    /// Touching gives depth 0; hulls of one, two or three points are what they are, with depth 0
    /// across two flat hulls in one plane (`+Y` when both are one common point). `None` when
    /// apart (exactly when `intersects` is false) and for invalid input.
    fn contact(&self, other: &ConvexHull) -> Option<ContactInfo> {
        let meet = self.intersects(other);
        if self.points().first()?.to_array() <= other.points().first()?.to_array() {
            epa_contact(self, other, meet, Vec3::Y)
        } else {
            epa_contact(other, self, meet, -Vec3::Y).map(|c| ContactInfo {
                normal: -c.normal,
                ..c
            })
        }
    }
}
