//! Contact of a triangle with a segment.

use crate::query::algo::scale::rescale;
use crate::query::contact::capsule_triangle::{across_degenerate, shortest_push};
use crate::query::{Contact, ContactInfo, Distance, Intersects, mirror_contact};
use crate::shape::{Segment, Triangle};

impl Contact<Segment> for Triangle {
    /// The segment and the triangle (a flat two-sided set) meet when the watertight test of
    /// `Intersects` says so or their distance is 0 (the two agree but for an end exactly on
    /// the triangle, which the cast may round away). The depth is the shortest translation that
    /// clears them (SAT over the triangle's normal and each edge crossed with the segment, the
    /// face normals of their Minkowski difference): through the face, or sideways off an edge
    /// when that is shorter; the normal points from the segment towards the triangle, the
    /// point is their common point (the crossing, for a segment through the face). Touching
    /// (an end on the face, a segment lying in the triangle's plane or grazing an edge) gives
    /// depth 0. A zero-length segment is its point; a degenerate triangle is the segment or
    /// point it spans, and meeting it gives depth 0 with a normal across both. `None` when
    /// apart and for invalid input.
    ///
    /// ```
    /// use isect::{Contact, Segment, Triangle, glam::Vec3};
    /// let floor = Triangle::new(
    ///     Vec3::new(-4.0, 0.0, -4.0),
    ///     Vec3::new(4.0, 0.0, -4.0),
    ///     Vec3::new(0.0, 0.0, 4.0),
    /// );
    /// // A stick standing through the floor, 1 below and 3 above: out by 1 upwards.
    /// let stick = Segment::new(Vec3::new(0.0, -1.0, 0.0), Vec3::new(0.0, 3.0, 0.0));
    /// let c = stick.contact(&floor).unwrap();
    /// assert_eq!((c.point, c.normal, c.depth), (Vec3::ZERO, Vec3::Y, 1.0));
    /// // Resting on it: touching, depth 0.
    /// let resting = Segment::new(Vec3::ZERO, Vec3::Y);
    /// assert_eq!(resting.contact(&floor).unwrap().depth, 0.0);
    /// assert!(Segment::new(Vec3::Y, Vec3::ONE).contact(&floor).is_none());
    /// ```
    fn contact(&self, other: &Segment) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        let cp = self.closest_points(other);
        if !(cp.distance == 0.0 || (cp.distance.is_finite() && self.intersects(other))) {
            return None;
        }
        let (depth, out_of_triangle) = match self.normal() {
            Some(n) => shortest_push(other.a, other.b, self, n),
            None => (0.0, across_degenerate(self, other.b - other.a)),
        };
        Some(ContactInfo {
            point: cp.a,
            normal: -out_of_triangle,
            depth: depth.max(0.0),
        })
    }
}

mirror_contact!(Triangle, Segment);
