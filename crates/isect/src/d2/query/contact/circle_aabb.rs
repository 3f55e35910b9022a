//! Circle–box contact.
//!
//! In closed form for a box with area: a center outside the box pushes along the center's offset
//! from its closest point (the convex contact's rule where only the radius overlaps), a center
//! inside through the side of least push (sides in the convex contact's order, `−y`, `+x`, `+y`,
//! `−x`, the first winning a tie), with the one point of its clipping: halfway between the
//! pushed rim and the side. A flat box is a segment, answered by the convex contact.

use crate::d2::query::algo::cast::unit_or;
use crate::d2::query::algo::contact::{contact_of, manifold_of};
use crate::d2::query::algo::window;
use crate::d2::query::{
    Contact, ContactInfo, ContactManifold, Intersects, Manifold, ManifoldPoint, mirror_contact,
    mirror_manifold,
};
use crate::d2::shape::{Aabb, Circle};
use crate::math::{Real, Vec2};

/// The contact of a circle and a box with area that meet, with the depth of its one manifold
/// point; `None` for a flat box (left to the convex contact).
#[inline]
fn closed_form(circle: &Circle, b: &Aabb) -> Option<(ContactInfo, Real)> {
    let (c, r) = (circle.center, circle.radius);
    let q = c.max(b.min).min(b.max);
    if q != c {
        let n = unit_or(c - q, Vec2::Y);
        let depth = (r - c.distance(q)).max(0.0);
        let point = (q + (c - n * r)) * 0.5;
        return Some((
            ContactInfo {
                point,
                normal: n,
                depth,
            },
            depth,
        ));
    }
    if b.min.x == b.max.x || b.min.y == b.max.y {
        return None;
    }
    // How far each side lies beyond the center along its outward normal (`n · (side − c)`),
    // and `n · (c − side)`, the center's height over the side, in the convex contact's order.
    let sides = [
        (-b.min.y + c.y, -(c.y - b.min.y), Vec2::NEG_Y),
        (b.max.x - c.x, c.x - b.max.x, Vec2::X),
        (b.max.y - c.y, c.y - b.max.y, Vec2::Y),
        (-b.min.x + c.x, -(c.x - b.min.x), Vec2::NEG_X),
    ];
    let mut best = sides[0];
    for side in &sides[1..] {
        if side.0 + r < best.0 + r {
            best = *side;
        }
    }
    let (beyond, height, n) = best;
    let below = (0.0 + r) - height;
    let point = (c - n * r) + n * (below * 0.5);
    Some((
        ContactInfo {
            point,
            normal: n,
            depth: (beyond + r).max(0.0),
        },
        below,
    ))
}

impl Contact<Aabb> for Circle {
    /// The penetration of the two sets when they meet (exactly, as `intersects`): the least
    /// push of `self` out of `other` over their edges' normals, or along the line between the
    /// closest points of their cores where only radii overlap (`algo/contact.rs`). `None` when
    /// apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Aabb) -> Option<ContactInfo> {
        if let Some(c) = window::contact(self, other) {
            return c;
        }
        // The exact overlap test also checks the input: shapes that meet are valid.
        if !self.intersects(other) {
            return None;
        }
        match closed_form(self, other) {
            Some((c, _)) => Some(c),
            None => contact_of(self, other),
        }
    }
}

impl ContactManifold<Aabb> for Circle {
    /// The points of [`Contact`]'s clipping with the depth that clears each; their mean is the
    /// contact's point. Empty when apart and for invalid input.
    #[inline]
    fn contact_manifold(&self, other: &Aabb) -> Manifold {
        if let Some(m) = window::manifold(self, other) {
            return m;
        }
        if !self.intersects(other) {
            return Manifold::EMPTY;
        }
        match closed_form(self, other) {
            Some((c, depth)) => Manifold::new(
                c.normal,
                &[ManifoldPoint {
                    point: c.point,
                    depth,
                }],
            ),
            None => manifold_of(self, other),
        }
    }
}

mirror_contact!(Circle, Aabb);
mirror_manifold!(Circle, Aabb);
