//! Circle–capsule contact.
//!
//! In closed form where the center is off the capsule's core: as two discs, about the center and
//! the core's closest point (the convex contact's rule where only the radii overlap). A center on
//! the core goes to the convex contact.

use crate::d2::query::algo::cast::unit_or;
use crate::d2::query::algo::contact::{contact_of, manifold_of};
use crate::d2::query::algo::segment_point::on_segment_near_foot;
use crate::d2::query::algo::window;
use crate::d2::query::{
    Contact, ContactInfo, ContactManifold, Intersects, Manifold, ManifoldPoint, mirror_contact,
    mirror_manifold,
};
use crate::d2::shape::{Capsule, Circle};
use crate::math::Vec2;

/// The contact of a circle and a capsule that meet, the center off the core; `None` for a
/// center on the core (left to the convex contact).
#[inline]
fn closed_form(c: &Circle, k: &Capsule) -> Option<ContactInfo> {
    let (q, dd) = k.circle_foot(c)?;
    if on_segment_near_foot(c.center, k.a, k.b, dd) {
        return None;
    }
    let (ra, rb) = (c.radius, k.radius);
    let n = unit_or(c.center - q, Vec2::Y);
    Some(ContactInfo {
        point: ((q + n * rb) + (c.center - n * ra)) * 0.5,
        normal: n,
        depth: (ra + rb - c.center.distance(q)).max(0.0),
    })
}

impl Contact<Capsule> for Circle {
    /// The penetration of the two sets when they meet (exactly, as `intersects`): the least
    /// push of `self` out of `other` over their edges' normals, or along the line between the
    /// closest points of their cores where only radii overlap (`algo/contact.rs`). `None` when
    /// apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Capsule) -> Option<ContactInfo> {
        if let Some(c) = window::contact(self, other) {
            return c;
        }
        // The exact overlap test also checks the input: shapes that meet are valid.
        if !self.intersects(other) {
            return None;
        }
        closed_form(self, other).or_else(|| contact_of(self, other))
    }
}

impl ContactManifold<Capsule> for Circle {
    /// The points of [`Contact`]'s clipping with the depth that clears each; their mean is the
    /// contact's point. Empty when apart and for invalid input.
    #[inline]
    fn contact_manifold(&self, other: &Capsule) -> Manifold {
        if let Some(m) = window::manifold(self, other) {
            return m;
        }
        if !self.intersects(other) {
            return Manifold::EMPTY;
        }
        match closed_form(self, other) {
            Some(c) => Manifold::new(
                c.normal,
                &[ManifoldPoint {
                    point: c.point,
                    depth: c.depth,
                }],
            ),
            None => manifold_of(self, other),
        }
    }
}

mirror_contact!(Circle, Capsule);
mirror_manifold!(Circle, Capsule);
