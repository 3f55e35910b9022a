//! Contact of two convex hulls.

use crate::math::Vec3;
use crate::query::algo::epa::epa_contact_from;
use crate::query::algo::gjk::gjk_end;
use crate::query::algo::polytope::boxes_overlap;
use crate::query::algo::scale::rescale;
use crate::query::{Contact, ContactInfo};
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
        rescale!(pair self, other, contact);
        // `intersects`' own steps (boxes, then boolean GJK from the same start in the same
        // order), so that GJK runs once and the answer is `intersects`' exactly.
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        let swap = self.points()[0].to_array() > other.points()[0].to_array();
        let (a, b) = if swap { (other, self) } else { (self, other) };
        if !boxes_overlap(a.bounds(), b.bounds()) {
            return None;
        }
        let end = gjk_end(a, b, a.points()[0] - b.points()[0], true)?;
        if !end.touching {
            return None;
        }
        let fallback = if swap { -Vec3::Y } else { Vec3::Y };
        let c = epa_contact_from(a, b, &end, fallback)?;
        Some(if swap {
            ContactInfo {
                normal: -c.normal,
                ..c
            }
        } else {
            c
        })
    }
}
