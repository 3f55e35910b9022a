//! Contact and contact manifold of two oriented boxes.

use crate::math::Real;
use crate::query::algo::scale::rescale;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::sat::{BoxFrame, Patch, box_box, common_point, precedes};
use crate::query::{Contact, ContactInfo, ContactManifold, Intersects};
use crate::shape::Obb;

impl Contact<Obb> for Obb {
    /// The least overlap over the 15 axes of the box–box separating-axis test (Gottschalk et
    /// al. 1996; face axes preferred to edge–edge axes unless those are clearly smaller), normal
    /// from `other` towards `self`; the point is a point of both boxes: the middle of the
    /// deepest points of the incident face clipped by the reference box (Sutherland–Hodgman),
    /// or of the crossing edges' closest points. Computed in one fixed order of the pair, so
    /// swapping the boxes flips the normal exactly. Touching (as `intersects` decides) gives
    /// depth 0; flat boxes are the rectangles they are. `None` when apart and for invalid input.
    ///
    /// ```
    /// use isect::{Contact, Obb, glam::{Quat, Vec3}};
    /// let a = Obb::from_quat(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// let b = Obb::from_quat(Vec3::new(0.0, 1.5, 0.0), Vec3::ONE, Quat::from_rotation_y(0.3));
    /// let c = b.contact(&a).unwrap();
    /// assert!((c.depth - 0.5).abs() < 1e-6 && c.normal.abs_diff_eq(Vec3::Y, 1e-6));
    /// ```
    fn contact(&self, other: &Obb) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Obb> for Obb {
    /// Up to four points of both boxes on the contact normal of [`Contact`]: the incident face
    /// clipped by the reference box, reduced to the deepest point, the farthest from it and the
    /// two spanning the largest area; one point for an edge–edge contact. Empty when apart and
    /// for invalid input.
    fn contact_manifold(&self, other: &Obb) -> Manifold {
        rescale!(pair self, other, contact_manifold);
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn key(b: &Obb) -> [Real; 15] {
    let (c, h, r) = (b.center, b.half_extents, b.rotation);
    [
        c.x, c.y, c.z, h.x, h.y, h.z, r.x_axis.x, r.x_axis.y, r.x_axis.z, r.y_axis.x, r.y_axis.y,
        r.y_axis.z, r.z_axis.x, r.z_axis.y, r.z_axis.z,
    ]
}

fn patch(a: &Obb, b: &Obb) -> Option<Patch> {
    if !(a.is_usable() && b.is_usable()) {
        return None;
    }
    if precedes(key(b), key(a)) {
        return ordered(b, a).map(Patch::flipped);
    }
    ordered(a, b)
}

fn ordered(a: &Obb, b: &Obb) -> Option<Patch> {
    box_box(
        &BoxFrame::from_obb(a),
        &BoxFrame::from_obb(b),
        || a.intersects(b),
        || common_point(a, b),
    )
}
