//! Contact and contact manifold of an axis-aligned box with a triangle.

use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::contact_patch::Patch;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::obb_triangle::box_with_triangle;
use crate::query::{
    Contact, ContactInfo, ContactManifold, Intersects, mirror_contact, mirror_manifold,
};
use crate::shape::{Aabb, Triangle};

impl Contact<Triangle> for Aabb {
    /// The least overlap over the 13 axes of Akenine-Möller's box–triangle test (the box's
    /// faces, the triangle's normal, the box's axes crossed with the edges; face axes preferred
    /// unless an edge axis is clearly smaller), the triangle a flat two-sided solid: normal from
    /// the triangle towards the box. The point is a point of both: the middle of the deepest
    /// corners of the triangle clipped by the box. Touching (as `intersects` decides) gives
    /// depth 0; a degenerate triangle is the segment or point it is (as a capsule core of radius
    /// 0, see the capsule contact). `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Triangle> for Aabb {
    /// Up to four corners of the triangle clipped by the box (their common part), each with the
    /// box's extent below it along the normal of [`Contact`]. Empty when apart and for invalid
    /// input.
    fn contact_manifold(&self, other: &Triangle) -> Manifold {
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn patch(b: &Aabb, t: &Triangle) -> Option<Patch> {
    if !(b.is_usable() && t.is_usable()) {
        return None;
    }
    box_with_triangle(b, &BoxFrame::from_aabb(b), t, || b.intersects(t))
}

mirror_contact!(Aabb, Triangle);
mirror_manifold!(Aabb, Triangle);
