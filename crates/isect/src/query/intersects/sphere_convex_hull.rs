//! Sphere–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::algo::polytope::{beyond_some_plane, boxes_overlap};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Intersects, PointQuery, mirror_intersects};
use crate::shape::{ConvexHull, Sphere};

impl Intersects<ConvexHull> for Sphere {
    /// Whether the center is within the radius of the hull: a face plane with the center more
    /// than the radius and the touching tolerance in front of it separates (`false`); otherwise
    /// the hull's point distance (GJK on the point and the hull, [`PointQuery`], exact to
    /// `GJK_RELATIVE_TOLERANCE` and touching within `ON_SET_TOLERANCE` of the coordinates) is
    /// compared with the radius, so that a radius 0 intersects exactly when the hull
    /// [`contains_point`](PointQuery::contains_point) the center, and `true` exactly when the
    /// pair's distance is 0. Touching counts; radius 0 is a point; flat and one-point hulls are
    /// answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        if !boxes_overlap(&self.aabb(), hull.bounds()) {
            return false;
        }
        // The plane shortcut only beyond GJK's touching band: without that slack a point 6.4e-13
        // outside a face of a hull 7 across (rationals) was contained and at distance 0 but did
        // not intersect, and had no contact (issue 24, found by
        // `regressions::tetrahedron_face_sign_underflow`).
        let magnitude = self.center.abs().max_element() + self.radius;
        if beyond_some_plane(hull, magnitude, |n| n.dot(self.center) - self.radius) {
            return false;
        }
        hull.distance_to_point(self.center) <= self.radius
    }
}

mirror_intersects!(Sphere, ConvexHull);
