//! A convex hull placed rigidly in another frame without building a new hull: its support map
//! through the placement (for GJK and EPA), the box of its placed points, and its contacts with a
//! triangle through the triangle moved into the hull's own frame (for the mesh contacts). The
//! scene meets two posed hulls, or a posed hull and a posed mesh, this way: neither hull's
//! points are copied and Quickhull never runs again (the hull's face planes are read in its own
//! frame).
//!
//! The answers are those of the hull rebuilt from its placed points
//! (`ConvexHull::new(points moved by hand)`) up to rounding: the support point along `d` of the
//! placed points is the placed support point along `rotᵀ d`, and a triangle meets the hull where
//! the triangle moved into the hull's frame meets the hull there.

use super::epa::{epa_contact, epa_contact_from};
use super::gjk::gjk_end;
use super::mesh_pair::Rigid;
use super::plane_extent::PlaneExtent;
use super::polytope::boxes_overlap;
use super::scale::in_window;
use crate::math::{Mat3, NO_POINT, Real, Vec3};
use crate::query::contact::trimesh::sealed::TriangleContact;
use crate::query::{
    ClosestPoints, Contact, ContactInfo, Distance, Intersects, MeshContactShape, SupportMap,
};
use crate::shape::{Aabb, ConvexHull, Triangle};

/// `hull` where `place` puts it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlacedHull<'a> {
    hull: &'a ConvexHull,
    place: Rigid,
    /// `place.rot`ᵀ: a direction of the other frame into the hull's.
    back: Mat3,
    /// The box of the placed points ([`Aabb::EMPTY`] for an invalid hull).
    bounds: Aabb,
}

impl<'a> PlacedHull<'a> {
    /// `hull` placed by `place` (one pass over the points, for their box).
    pub(crate) fn new(hull: &'a ConvexHull, place: Rigid) -> Self {
        let bounds = if hull.is_usable() {
            Aabb::from_points(hull.points().iter().map(|&p| place.apply(p))).unwrap_or(Aabb::EMPTY)
        } else {
            Aabb::EMPTY
        };
        Self {
            hull,
            place,
            back: place.rot.transpose(),
            bounds,
        }
    }

    /// The placed first point (the hull is usable).
    #[inline]
    fn first(&self) -> Vec3 {
        self.place.apply(self.hull.points()[0])
    }

    /// A point of the other frame in the hull's.
    #[inline]
    fn local(&self, p: Vec3) -> Vec3 {
        self.back * (p - self.place.trans)
    }

    /// `ConvexHull::contact` of the placed hull with `other` (in `other`'s frame, the normal
    /// from `other` towards the placed hull), the same steps in the same order; `None` when the
    /// magnitudes lie outside the window that query computes in as given (it would rescale
    /// both hulls first: the caller rebuilds the placed hull and asks it).
    pub(crate) fn contact_hull(&self, other: &ConvexHull) -> Option<Option<ContactInfo>> {
        if !(self.hull.is_usable() && other.is_usable()) {
            return Some(None);
        }
        let m = [
            self.bounds.min,
            self.bounds.max,
            other.bounds().min,
            other.bounds().max,
        ]
        .iter()
        .fold(0.0, |m: Real, v| m.max(v.abs().max_element()));
        if !in_window(m) {
            return None;
        }
        let (first, other_first) = (self.first(), other.points()[0]);
        if !boxes_overlap(&self.bounds, other.bounds()) {
            return Some(None);
        }
        // The fixed order of the two hulls, as `ConvexHull::contact` (swapping flips the normal).
        let c = if first.to_array() > other_first.to_array() {
            hull_pair(other, self, other_first - first, -Vec3::Y).map(|c| ContactInfo {
                normal: -c.normal,
                ..c
            })
        } else {
            hull_pair(self, other, first - other_first, Vec3::Y)
        };
        Some(c)
    }
}

/// GJK from `start`, then EPA when they touch: `ConvexHull::contact`'s steps after the boxes.
fn hull_pair<A, B>(a: &A, b: &B, start: Vec3, fallback: Vec3) -> Option<ContactInfo>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let end = gjk_end(a, b, start, true)?;
    if !end.touching {
        return None;
    }
    epa_contact_from(a, b, &end, fallback)
}

impl SupportMap for PlacedHull<'_> {
    /// The placed support point of the hull along the direction taken into its frame.
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        if !self.hull.is_usable() {
            return NO_POINT;
        }
        self.place.apply(self.hull.support(self.back * dir))
    }
}

impl TriangleContact for PlacedHull<'_> {
    #[inline]
    fn usable(&self) -> bool {
        self.hull.is_usable()
    }

    #[inline]
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        let (center, r) = self.hull.center_extent(self.back * n);
        (self.place.apply(center), r)
    }

    /// As `ConvexHull::contact` with the triangle: the exact overlap test in the hull's frame
    /// (the triangle moved there, against the hull's face planes), then GJK and EPA here on the
    /// placed support map from the same start as for the hull rebuilt here, so that the common
    /// point is the same to rounding. Magnitudes the hull query would rescale: the whole query
    /// in the hull's frame.
    fn touch(&self, triangle: &Triangle) -> Option<ContactInfo> {
        let local = Triangle::new(
            self.local(triangle.a),
            self.local(triangle.b),
            self.local(triangle.c),
        );
        let m = [
            self.bounds.min,
            self.bounds.max,
            triangle.a,
            triangle.b,
            triangle.c,
        ]
        .iter()
        .fold(0.0, |m: Real, v| m.max(v.abs().max_element()));
        if !in_window(m) {
            return self.hull.contact(&local).map(|c| ContactInfo {
                point: self.place.apply(c.point),
                normal: self.place.rot * c.normal,
                depth: c.depth,
            });
        }
        let meet = local.intersects(self.hull);
        // `Contact<ConvexHull> for Triangle`, flipped (the hull first).
        epa_contact(triangle, self, meet, Vec3::Y).map(|c| ContactInfo {
            normal: -c.normal,
            ..c
        })
    }

    fn closest(&self, triangle: &Triangle) -> ClosestPoints {
        let local = Triangle::new(
            self.local(triangle.a),
            self.local(triangle.b),
            self.local(triangle.c),
        );
        let cp = self.hull.closest_points(&local);
        if !cp.distance.is_finite() {
            return cp;
        }
        ClosestPoints {
            a: self.place.apply(cp.a),
            b: self.place.apply(cp.b),
            distance: cp.distance,
        }
    }
}

impl MeshContactShape for PlacedHull<'_> {}
