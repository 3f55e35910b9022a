//! Contact of two circles.

use crate::d2::query::algo::cast::unit_or;
use crate::d2::query::algo::contact::manifold_of;
use crate::d2::query::algo::window;
use crate::d2::query::{Contact, ContactInfo, ContactManifold, Intersects, Manifold};
use crate::d2::shape::Circle;
use crate::math::Vec2;

impl Contact<Circle> for Circle {
    /// The penetration of the two sets when they meet (exactly, as `intersects`): the least
    /// push of `self` out of `other` over their edges' normals, or along the line between the
    /// closest points of their cores where only radii overlap (`algo/contact.rs`). `None` when
    /// apart and for invalid input.
    #[inline]
    fn contact(&self, other: &Circle) -> Option<ContactInfo> {
        if let Some(c) = window::contact(self, other) {
            return c;
        }
        // The exact overlap test also checks the input: circles that meet are valid.
        if !self.intersects(other) {
            return None;
        }
        let (ra, rb) = (self.radius, other.radius);
        let d = self.center - other.center;
        if d == Vec2::ZERO {
            // One center: no direction separates them better than another.
            return Some(ContactInfo {
                point: self.center,
                normal: Vec2::Y,
                depth: ra + rb,
            });
        }
        // As two discs (the convex contact's rule where only the radii overlap): along the
        // centers, the point halfway between the two rims.
        let n = unit_or(d, Vec2::Y);
        Some(ContactInfo {
            point: ((other.center + n * rb) + (self.center - n * ra)) * 0.5,
            normal: n,
            depth: (ra + rb - self.center.distance(other.center)).max(0.0),
        })
    }
}

impl ContactManifold<Circle> for Circle {
    /// The points of [`Contact`]'s clipping with the depth that clears each; their mean is the
    /// contact's point. Empty when apart and for invalid input.
    #[inline]
    fn contact_manifold(&self, other: &Circle) -> Manifold {
        manifold_of(self, other)
    }
}
