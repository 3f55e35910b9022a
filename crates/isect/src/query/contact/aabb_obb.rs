//! Contact and contact manifold of an axis-aligned box with an oriented box.

use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::contact_patch::Patch;
use crate::query::contact::common_point;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::obb_obb::box_box;
use crate::query::{
    Contact, ContactInfo, ContactManifold, Intersects, mirror_contact, mirror_manifold,
};
use crate::shape::{Aabb, Obb};

impl Contact<Obb> for Aabb {
    /// The least overlap over the 15 axes of the box–box separating-axis test (face axes
    /// preferred to edge–edge axes unless those are clearly smaller), normal from `other`
    /// towards `self`; the point is a point of both boxes: the middle of the deepest points of
    /// the incident face clipped by the reference box, or of the crossing edges' closest points.
    /// Touching (as `intersects` decides) gives depth 0; flat boxes are the rectangles they are.
    /// `None` when apart and for invalid input.
    fn contact(&self, other: &Obb) -> Option<ContactInfo> {
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Obb> for Aabb {
    /// Up to four points of both boxes on the contact normal of [`Contact`]: the incident face
    /// clipped by the reference box, reduced; one point for an edge–edge contact. Empty when
    /// apart and for invalid input.
    fn contact_manifold(&self, other: &Obb) -> Manifold {
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn patch(a: &Aabb, b: &Obb) -> Option<Patch> {
    if !(a.is_usable() && b.is_usable()) {
        return None;
    }
    box_box(
        &BoxFrame::from_aabb(a),
        &BoxFrame::from_obb(b),
        || a.intersects(b),
        || common_point(a, b),
    )
}

mirror_contact!(Aabb, Obb);
mirror_manifold!(Aabb, Obb);
