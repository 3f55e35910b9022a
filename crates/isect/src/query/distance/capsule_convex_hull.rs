//! Capsule–convex hull distance.

use crate::query::algo::scale::rescale;
use crate::query::distance::{agree, gjk_pair, rounded};
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Capsule, ConvexHull, Segment};

impl Distance<ConvexHull> for Capsule {
    /// GJK between the core segment and the hull (to
    /// [`GJK_RELATIVE_TOLERANCE`](crate::query::algo::gjk::GJK_RELATIVE_TOLERANCE), never a
    /// loop), then the radius; 0 with a common point exactly when `intersects` is true (touching
    /// included). Zero-length capsules are spheres, small hulls their point, segment or polygon.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &ConvexHull) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let core = Segment::new(self.a, self.b);
        let cp = rounded(gjk_pair(&core, other, || false), self.radius, 0.0);
        agree(cp, self.intersects(other))
    }
}

mirror_distance!(Capsule, ConvexHull);
