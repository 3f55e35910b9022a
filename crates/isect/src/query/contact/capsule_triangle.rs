//! Contact of a capsule with a triangle.

use crate::math::{Real, Vec3};
use crate::query::algo::orient::{o2, o3, wide};
use crate::query::algo::scale::{LOW, Rescale, Unscale, normalizing_exponent, rescale};
use crate::query::contact::{balls, degenerate_segment, within_rounding};
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
        // The core and the triangle at their own scale: a radius far larger than both (`1e12`
        // against a core a few units long, which the rescaling by the largest magnitude brings
        // to `1e-11`) would leave the squared cross products of their edges subnormal, and the
        // pushes' directions too short or too long (a "normal" of length 1.1).
        let core = Segment::new(self.a, self.b);
        let m = core.magnitude().max(other.magnitude());
        if m > 0.0 && m < LOW {
            let k = normalizing_exponent(m);
            return core_contact(&core.rescaled(k), self.radius, &other.rescaled(k), k);
        }
        core_contact(&core, self.radius, other, 0)
    }
}

/// [`Capsule::contact`]'s answer from its core and the triangle multiplied by `2ᵏ` (the radius
/// `r` not): points and the push's depth are scaled back by `2⁻ᵏ` before `r` is added.
fn core_contact(core: &Segment, r: Real, triangle: &Triangle, k: i32) -> Option<ContactInfo> {
    let cp = triangle.closest_points(core);
    if !cp.distance.is_finite() {
        return None;
    }
    let inputs = [triangle.a, triangle.b, triangle.c, core.a, core.b];
    // Apart: the balls about the closest points. Within rounding of meeting counts as meeting
    // (a crossing's closest pair rounds apart), except where the exact signs of the corners
    // prove them apart: the rounding tolerance follows the largest coordinate (a triangle
    // `3e10` long gave a core 3.4 from its near corner the push of a crossing core).
    if !within_rounding(cp.a, cp.b, inputs) || apart(core, triangle) {
        let fallback = triangle.normal().unwrap_or(Vec3::Y);
        let unscaled = cp.unscaled(k);
        if let Some(c) = balls(unscaled.b, r, unscaled.a, 0.0, fallback) {
            return Some(c);
        }
        // Beyond the radius only when `intersects` found the core crossing the triangle
        // (its closest pair rounded apart).
    }
    let point = cp.a.unscaled(k);
    // The core meets the triangle.
    let Some(n) = triangle.normal() else {
        // A degenerate triangle is a segment (or a point) meeting the core: a direction
        // across both (the normal of the plane they span, or any perpendicular when they
        // are collinear) separates them by the radius.
        let across = across_degenerate(triangle, core.b - core.a);
        return Some(ContactInfo {
            point,
            normal: across,
            depth: r,
        });
    };
    let (depth, normal) = shortest_push(core.a, core.b, triangle, n);
    Some(ContactInfo {
        point,
        normal,
        depth: r + depth.max(0.0).unscaled(k),
    })
}

/// Whether the segment and the triangle are apart, by exact orientation signs of their
/// corners: the segment's ends strictly on one side of the triangle's plane; or crossing it
/// where the line passes outside an edge (the signs of the segment with the three edges
/// differ); for a triangle that is a segment, skew to it; for a point, off the segment's line.
/// `false` where the signs cannot tell (in the plane, touching), which the rounding tolerance
/// then decides.
fn apart(segment: &Segment, triangle: &Triangle) -> bool {
    let (p, q) = (wide(segment.a), wide(segment.b));
    let [a, b, c] = triangle.vertices().map(wide);
    let (sp, sq) = (o3(p, a, b, c), o3(q, a, b, c));
    if sp * sq > 0.0 {
        return true;
    }
    if sp != 0.0 || sq != 0.0 {
        let e = [o3(p, q, a, b), o3(p, q, b, c), o3(p, q, c, a)];
        return e.iter().any(|&x| x > 0.0) && e.iter().any(|&x| x < 0.0);
    }
    if triangle.normal().is_some() || p == q {
        // In the plane of a proper triangle, or a point core: left to the tolerance.
        return false;
    }
    let s = degenerate_segment(triangle.vertices());
    let (s0, s1) = (wide(s.a), wide(s.b));
    if s0 != s1 {
        o3(p, q, s0, s1) != 0.0
    } else {
        (0..3).any(|axis| o2(axis, p, q, s0) != 0.0)
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
