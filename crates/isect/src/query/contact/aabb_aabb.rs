//! Contact and contact manifold of two axis-aligned boxes.

use crate::math::{ON_SET_TOLERANCE, Vec3};
use crate::query::algo::contact_patch::Patch;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::precedes;
use crate::query::{Contact, ContactInfo, ContactManifold};
use crate::shape::Aabb;

impl Contact<Aabb> for Aabb {
    /// The axis of least overlap among the three (the exact penetration depth of two boxes):
    /// depth `min(other.max − self.min, self.max − other.min)` over the axes, normal along that
    /// axis from `other` towards `self`; the point is the center of the boxes' common box.
    /// Touching (exactly, as `intersects` decides) gives depth 0; flat boxes are the rectangles
    /// or points they are. `None` when apart and for invalid input.
    ///
    /// ```
    /// use isect::{Aabb, Contact, glam::Vec3};
    /// let floor = Aabb::new(Vec3::new(-4.0, -1.0, -4.0), Vec3::new(4.0, 0.0, 4.0));
    /// let crate_ = Aabb::new(Vec3::new(0.0, -0.25, 0.0), Vec3::new(1.0, 0.75, 1.0));
    /// let c = crate_.contact(&floor).unwrap();
    /// assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    /// ```
    fn contact(&self, other: &Aabb) -> Option<ContactInfo> {
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Aabb> for Aabb {
    /// The four corners of the common box's middle section across the contact normal (fewer
    /// when it is flat), each with the pair's depth; the normal as in [`Contact`]. Empty when
    /// apart and for invalid input.
    fn contact_manifold(&self, other: &Aabb) -> Manifold {
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn key(b: &Aabb) -> [crate::math::Real; 6] {
    [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z]
}

/// The patch of two boxes, computed in one fixed order of the pair so that swapping them flips
/// the normal exactly.
fn patch(a: &Aabb, b: &Aabb) -> Option<Patch> {
    if !(a.is_usable() && b.is_usable()) {
        return None;
    }
    if precedes(key(b), key(a)) {
        return ordered(b, a).map(Patch::flipped);
    }
    ordered(a, b)
}

fn ordered(a: &Aabb, b: &Aabb) -> Option<Patch> {
    let up = b.max - a.min;
    let down = a.max - b.min;
    if !(up.cmpge(Vec3::ZERO).all() && down.cmpge(Vec3::ZERO).all()) {
        return None;
    }
    let depth = up.min(down);
    let k = if depth.x <= depth.y && depth.x <= depth.z {
        0
    } else if depth.y <= depth.z {
        1
    } else {
        2
    };
    let mut normal = Vec3::ZERO;
    normal[k] = if up[k] <= down[k] { 1.0 } else { -1.0 };
    let (lo, hi) = (a.min.max(b.min), a.max.min(b.max));
    let scale = a
        .min
        .abs()
        .max(a.max.abs())
        .max(b.min.abs())
        .max(b.max.abs());
    let mut patch = Patch::new(normal, depth[k], ON_SET_TOLERANCE * scale.max_element());
    let (u, w) = ((k + 1) % 3, (k + 2) % 3);
    let mut corner = (lo + hi) * 0.5;
    for (cu, cw) in [
        (hi[u], hi[w]),
        (lo[u], hi[w]),
        (lo[u], lo[w]),
        (hi[u], lo[w]),
    ] {
        corner[u] = cu;
        corner[w] = cw;
        patch.push(corner, depth[k]);
    }
    Some(patch)
}
