//! Contact of a capsule with a triangle.

use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::contact::{balls, within_rounding};
use crate::query::{Contact, ContactInfo, Distance, Intersects, mirror_contact};
use crate::shape::{Capsule, Segment, Triangle, extent_along};

impl Contact<Triangle> for Capsule {
    /// The balls around the closest points of the core segment and the triangle (Ericson
    /// §5.1.9–5.1.10): depth `r − distance`, normal from the triangle's point to the core's,
    /// exact when the core does not reach the triangle. A core that touches or crosses the
    /// triangle is pushed out by the shortest translation (SAT over the triangle's normal and
    /// each edge crossed with the core, the face normals of their Minkowski difference), plus
    /// `r`: through the face, or sideways off an edge when that is shorter; a core touching an
    /// edge from outside gets depth `r`. The extents along each axis come from the corners, so
    /// the push separates even for a sliver whose computed normal is rounding noise.
    /// Zero-length capsules are spheres; degenerate triangles are their segment or point.
    /// `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        // The decision is `intersects`'s, so that there is a contact exactly when it is true.
        if !(self.is_usable() && other.is_usable() && self.intersects(other)) {
            return None;
        }
        let core = Segment::new(self.a, self.b);
        let cp = other.closest_points(&core);
        if !cp.distance.is_finite() {
            return None;
        }
        let inputs = [other.a, other.b, other.c, self.a, self.b];
        if !within_rounding(cp.a, cp.b, inputs) {
            let fallback = other.normal().unwrap_or(Vec3::Y);
            if let Some(c) = balls(cp.b, self.radius, cp.a, 0.0, fallback) {
                return Some(c);
            }
            // Beyond the radius only when `intersects` found the core crossing the triangle
            // (its closest pair rounded apart).
        }
        // The core meets the triangle.
        let Some(n) = other.normal() else {
            // A degenerate triangle is a segment (or a point) meeting the core: a direction
            // across both (the normal of the plane they span, or any perpendicular when they
            // are collinear) separates them by the radius.
            let across = across_degenerate(other, self.b - self.a);
            return Some(ContactInfo {
                point: cp.a,
                normal: across,
                depth: self.radius,
            });
        };
        let (depth, normal) = shortest_push(self.a, self.b, other, n);
        Some(ContactInfo {
            point: cp.a,
            normal,
            depth: self.radius + depth.max(0.0),
        })
    }
}

mirror_contact!(Capsule, Triangle);

/// A unit direction across a degenerate `triangle` (a segment or a point) and a segment along
/// `dir` that meet: the normal of the plane they span, or any perpendicular when they are
/// collinear. Moving the segment along it by `d` leaves them `d` apart.
pub(super) fn across_degenerate(triangle: &Triangle, dir: Vec3) -> Vec3 {
    let [a, b, c] = triangle.vertices();
    let edge = [b - a, c - b, a - c]
        .into_iter()
        .max_by(|x, y| x.length_squared().total_cmp(&y.length_squared()))
        .unwrap_or(Vec3::ZERO);
    dir.cross(edge)
        .try_normalize()
        .or_else(|| dir.try_normalize().map(Vec3::any_orthonormal_vector))
        .or_else(|| edge.try_normalize().map(Vec3::any_orthonormal_vector))
        .unwrap_or(Vec3::Y)
}

/// The shortest translation that clears the segment `ab` of `triangle` (unit normal `n`), as
/// `(length, unit direction)`: SAT over the face normal and each edge crossed with the segment
/// (the face normals of their Minkowski difference), per axis the shorter of the pushes along
/// `+u` and `−u`; the face normal on the side of the segment's middle for a tie. The extents
/// come from the corners, so the push separates even for a sliver whose computed normal is
/// rounding noise. The length is negative when the segment is already clear by that much.
pub(super) fn shortest_push(a: Vec3, b: Vec3, triangle: &Triangle, n: Vec3) -> (Real, Vec3) {
    let d = b - a;
    let [ta, tb, tc] = triangle.vertices();
    let mut best = (Real::INFINITY, n);
    let mut consider = |u: Vec3| {
        let (slo, shi) = extent_along(u, [a, b]);
        let (tlo, thi) = extent_along(u, [ta, tb, tc]);
        let (up, down) = (thi - slo, shi - tlo);
        let (depth, dir) = if up <= down { (up, u) } else { (down, -u) };
        if depth < best.0 {
            best = (depth, dir);
        }
    };
    let mid = n.dot((a + b) * 0.5 - ta);
    consider(if mid < 0.0 { -n } else { n });
    for e in [tb - ta, tc - tb, ta - tc] {
        // Axes of an edge parallel to the segment (within rounding) repeat others.
        let c = e.cross(d);
        if c.length() > 64.0 * Real::EPSILON * e.length() * d.length() {
            consider(c.normalize());
        }
    }
    best
}
