//! Capsule–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::math::{Real, Vec3};
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::polytope::{beyond_some_plane, boxes_overlap};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Capsule, ConvexHull, Segment};

impl Intersects<ConvexHull> for Capsule {
    /// Whether the core segment comes within the radius of the hull: a face plane with both
    /// ends more than the radius and GJK's touching tolerance in front of it separates
    /// (`false`; the slack so that equal ends answer as a sphere does); otherwise GJK's
    /// distance between the segment and the hull (two polytopes, so it converges to
    /// `GJK_RELATIVE_TOLERANCE`; touching within `ON_SET_TOLERANCE` of the coordinates) is
    /// compared with the radius. Touching counts; radius 0 is a segment, equal ends a sphere;
    /// flat and one-point hulls are answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        core_meets_hull(self.a, self.b, self.radius, hull)
    }
}

mirror_intersects!(Capsule, ConvexHull);

/// Whether the segment from `a` to `b` comes within `radius` of the hull, for valid shapes: the
/// capsule's test, and the segment's with radius 0, so that a segment is answered as the
/// radius-0 capsule it is (and a zero-length one as the point, `contains_point`, and the
/// radius-0 sphere: GJK's touching band, about `32 ε` of the coordinates across a face).
pub(crate) fn core_meets_hull(a: Vec3, b: Vec3, radius: Real, hull: &ConvexHull) -> bool {
    if !boxes_overlap(
        &Aabb::new(a.min(b), a.max(b)).expanded(radius),
        hull.bounds(),
    ) {
        return false;
    }
    let min_along = |n: Vec3| a.dot(n).min(b.dot(n)) - radius;
    let magnitude = a.abs().max(b.abs()).max_element();
    if beyond_some_plane(hull, magnitude, min_along) {
        return false;
    }
    gjk_closest_points(&Segment::new(a, b), hull, a - hull.points()[0]).distance <= radius
}
