//! Contact of a capsule with a triangle.

use crate::math::Vec3;
use crate::query::contact::{balls, within_rounding};
use crate::query::{Contact, ContactInfo, Distance, mirror_contact};
use crate::shape::{Capsule, Segment, Triangle};

impl Contact<Triangle> for Capsule {
    /// The balls around the closest points of the core segment and the triangle (Ericson
    /// §5.1.9–5.1.10): depth `r − distance`, normal from the triangle's point to the core's,
    /// exact when the core does not reach the triangle. A core that touches or crosses the
    /// triangle is pushed out along the triangle's normal, to the side of the core's middle, by
    /// `r` plus how far its lower end lies below the triangle's highest corner along that normal
    /// (the plane, up to rounding; for a sliver whose computed normal is rounding noise, still
    /// a separating push): a separating translation, not always
    /// the shortest one (sliding off an edge can be shorter). Zero-length capsules are spheres;
    /// degenerate triangles are their segment or point. `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        if !(self.is_usable() && other.is_usable()) {
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
            return balls(cp.b, self.radius, cp.a, 0.0, fallback);
        }
        // The core meets the triangle.
        let Some(n) = other.normal() else {
            // A degenerate triangle is a segment (or a point) meeting the core: a direction
            // across both (the normal of the plane they span, or any perpendicular when they
            // are collinear) separates them by the radius.
            let [a, b, c] = other.vertices();
            let edge = [b - a, c - b, a - c]
                .into_iter()
                .max_by(|x, y| x.length_squared().total_cmp(&y.length_squared()))
                .unwrap_or(Vec3::ZERO);
            let dir = self.b - self.a;
            let across = dir
                .cross(edge)
                .try_normalize()
                .or_else(|| dir.try_normalize().map(Vec3::any_orthonormal_vector))
                .or_else(|| edge.try_normalize().map(Vec3::any_orthonormal_vector))
                .unwrap_or(Vec3::Y);
            return Some(ContactInfo {
                point: cp.a,
                normal: across,
                depth: self.radius,
            });
        };
        let height = |p: Vec3| n.dot(p - other.a);
        let mid = height((self.a + self.b) * 0.5);
        let n = if mid < 0.0 { -n } else { n };
        // How far the core's lower end lies below the triangle's highest corner along `n`: the
        // plane's height up to rounding, but the corners keep the push separating when `n` is
        // the rounding noise of a sliver's cross product.
        let top = n
            .dot(other.b - other.a)
            .max(n.dot(other.c - other.a))
            .max(0.0);
        let low = (n.dot(self.a - other.a)).min(n.dot(self.b - other.a)) - top;
        Some(ContactInfo {
            point: cp.a,
            normal: n,
            depth: self.radius + (-low).max(0.0),
        })
    }
}

mirror_contact!(Capsule, Triangle);
