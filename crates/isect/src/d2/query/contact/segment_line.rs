//! Segment–line contact.

use crate::d2::query::algo::contact::contact_of;
use crate::d2::query::{Contact, ContactInfo, mirror_contact};
use crate::d2::shape::{Line, Segment};

impl Contact<Line> for Segment {
    /// The penetration of the two sets when they meet (exactly, as `intersects`): the least
    /// push of `self` out of `other` over their edges' normals, or along the line between the
    /// closest points of their cores where only radii overlap (`algo/contact.rs`). `None` when
    /// apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Line) -> Option<ContactInfo> {
        contact_of(self, other)
    }
}

mirror_contact!(Segment, Line);
