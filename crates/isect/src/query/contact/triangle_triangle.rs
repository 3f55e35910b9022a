//! Contact of two triangles.

use crate::math::{Real, Vec3};
use crate::query::contact::sat::{common_point, degenerate_segment, flat_axis, precedes};
use crate::query::{Contact, ContactInfo, Intersects};
use crate::shape::{Capsule, Triangle};

impl Contact<Triangle> for Triangle {
    /// The triangles as flat two-sided solids: the least overlap over both normals and the nine
    /// edge–edge cross products (normals preferred unless an edge axis is clearly smaller),
    /// normal from `other` towards `self`; coplanar overlapping triangles have depth 0 along the
    /// normal. The point is the middle of the segment where they cross (a common point for
    /// coplanar ones). Overlap is decided by the exact test of `intersects`; touching gives depth
    /// 0. A degenerate triangle is the segment or point it is: against a proper triangle by the
    /// same axes (the normal and its edge crossed with the triangle's edges); two degenerate ones
    /// as capsule cores of radius 0 (depth 0 where they cross). Computed in one fixed order of the
    /// pair, so swapping them flips the normal exactly. `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        if precedes(key(other), key(self)) {
            return ordered(other, self).map(|c| ContactInfo {
                normal: -c.normal,
                ..c
            });
        }
        ordered(self, other)
    }
}

fn key(t: &Triangle) -> [Real; 9] {
    let [a, b, c] = t.vertices();
    [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]
}

fn core(t: &Triangle) -> Capsule {
    let s = degenerate_segment(t.vertices());
    Capsule::new(s.a, s.b, 0.0)
}

fn ordered(a: &Triangle, b: &Triangle) -> Option<ContactInfo> {
    let (na, nb) = (a.normal(), b.normal());
    if na.is_none() && nb.is_none() {
        return core(a).contact(&core(b));
    }
    if !a.intersects(b) {
        return None;
    }
    // A degenerate triangle takes part as its segment (or point).
    let corners = |t: &Triangle, n: Option<Vec3>| {
        let s = degenerate_segment(t.vertices());
        n.map_or([s.a, s.b, s.b], |_| t.vertices())
    };
    let (ca, cb) = (corners(a, na), corners(b, nb));
    let (pa, pb) = (
        &ca[..if na.is_some() { 3 } else { 2 }],
        &cb[..if nb.is_some() { 3 } else { 2 }],
    );
    let fallback = na.or(nb).unwrap_or(Vec3::Y);
    let (normal, depth) = flat_axis(pa, na, pb, nb, fallback);
    let point = a
        .intersection_segment(b)
        .map_or_else(|| common_point(a, b), |s| (s.a + s.b) * 0.5);
    Some(ContactInfo {
        point,
        normal: if normal.is_finite() { normal } else { Vec3::Y },
        depth,
    })
}
