//! Contact and contact manifold of an axis-aligned box with a capsule.

use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::contact_patch::Patch;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::obb_capsule::box_segment;
use crate::query::{Contact, ContactInfo, ContactManifold, mirror_contact, mirror_manifold};
use crate::shape::{Aabb, Capsule};

impl Contact<Capsule> for Aabb {
    /// A core clear of the box: the balls around the closest points of the core and the box
    /// (the exact segment–box distance), depth `r − distance`, normal from the core towards the
    /// box, the point the box's closest point (the middle of the core's stretch over a face when
    /// the core lies parallel to it). A core that meets the box: the least overlap over
    /// the box's face axes and the core's direction crossed with the box's axes, plus `r`; the
    /// point the deepest end of the core's stretch inside the box. Touching gives depth 0;
    /// zero-length capsules are spheres, flat boxes what they are. `None` when apart and for
    /// invalid input.
    fn contact(&self, other: &Capsule) -> Option<ContactInfo> {
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Capsule> for Aabb {
    /// A capsule lying over a face: the two ends of the core's stretch over the face within
    /// reach of it, each as the face point below it with its own depth; a core inside the box:
    /// the ends of its stretch inside; otherwise the one point of [`Contact`]. Empty when apart
    /// and for invalid input.
    fn contact_manifold(&self, other: &Capsule) -> Manifold {
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn patch(b: &Aabb, c: &Capsule) -> Option<Patch> {
    if !(b.is_usable() && c.is_usable()) {
        return None;
    }
    box_segment(&BoxFrame::from_aabb(b), c.a, c.b, c.radius)
}

mirror_contact!(Aabb, Capsule);
mirror_manifold!(Aabb, Capsule);
