//! Contact of two triangles.

use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::contact::sat::{common_point, degenerate_segment, flat_axis, precedes};
use crate::query::{Contact, ContactInfo, Distance, Intersects};
use crate::shape::{Capsule, Segment, Triangle};

impl Contact<Triangle> for Triangle {
    /// The triangles as flat two-sided solids: the least overlap over both normals and the nine
    /// edge–edge cross products (normals preferred unless an edge axis is clearly smaller),
    /// normal from `other` towards `self`; coplanar overlapping triangles have depth 0 along the
    /// normal. The point is the average of the points where an edge of one meets the other (the
    /// middle of the segment where they cross; inside their common polygon when coplanar). Overlap is decided by the exact test of `intersects`; touching gives depth
    /// 0. A degenerate triangle is the segment or point it is: against a proper triangle by the
    /// same axes (the normal and its edge crossed with the triangle's edges); two degenerate ones
    /// as capsule cores of radius 0 (depth 0 where they cross). Computed in one fixed order of the
    /// pair, so swapping them flips the normal exactly. `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
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
    let point = common_of_edges(a, b).unwrap_or_else(|| common_point(a, b));
    Some(ContactInfo {
        point,
        normal: if normal.is_finite() { normal } else { Vec3::Y },
        depth,
    })
}

/// The average of the points where an edge of one triangle meets the other (within rounding):
/// the ends of the segment where they cross, or the corners of their common polygon when
/// coplanar, each a point of both; `None` when rounding leaves no edge touching.
fn common_of_edges(a: &Triangle, b: &Triangle) -> Option<Vec3> {
    let [p, q, r] = a.vertices();
    let [u, w, x] = b.vertices();
    let tolerance = crate::math::on_set_tolerance([p, q, r, u, w, x]);
    let (mut sum, mut count) = (Vec3::ZERO, 0.0);
    for (edges, other) in [([p, q, r], b), ([u, w, x], a)] {
        for i in 0..3 {
            let edge = Segment::new(edges[i], edges[(i + 1) % 3]);
            let cp = other.closest_points(&edge);
            if cp.distance <= tolerance {
                sum += (cp.a + cp.b) * 0.5;
                count += 1.0;
            }
        }
    }
    (count > 0.0).then(|| sum / count)
}
