//! Frustum–frustum overlap.

use crate::query::Intersects;
use crate::query::algo::gjk::gjk_intersects;
use crate::query::algo::polytope::{PointCloud, point_within};
use crate::query::algo::scale::rescale;
use crate::shape::{Aabb, Frustum};

impl Intersects<Frustum> for Frustum {
    /// Whether the two frusta share a point: a plane of either with all the other's corners
    /// in front of it separates (`false`); otherwise boolean GJK between their corners'
    /// polytopes ([`gjk_intersects`]: touching within `ON_SET_TOLERANCE` of the coordinates).
    /// GJK rather than the separating-axis test, whose 6 + 6 face and 144 edge–edge axes cost
    /// more than GJK's few iterations on eight corners each.
    ///
    /// A frustum without corners (an infinite projection's) is cut by a plane beyond the
    /// other's box when the other is bounded; when neither is, the test is whether the twelve
    /// half-spaces have a common point (within `ON_SET_TOLERANCE` of the coordinates), exact
    /// for every pair of frusta, bounded or not. Touching counts; `false` for invalid input.
    fn intersects(&self, other: &Frustum) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        match (self.corners(), other.corners()) {
            (Some(a), Some(b)) => {
                let separated = |planes: &[crate::shape::Plane; 6], corners: &[_; 8]| {
                    planes
                        .iter()
                        .any(|p| corners.iter().all(|&c| p.signed_distance(c) > 0.0))
                };
                if separated(&self.planes, &b) || separated(&other.planes, &a) {
                    return false;
                }
                // Each cut to the other's box, so that a deep frustum's far corners do not
                // swamp the test; in a fixed order, so that the answer is symmetric.
                let (a, b) = if a[0].to_array() <= b[0].to_array() {
                    (self, other)
                } else {
                    (other, self)
                };
                let box_of = |f: &Frustum| {
                    f.corners()
                        .and_then(Aabb::from_points)
                        .unwrap_or(Aabb::EMPTY)
                };
                let (Some(ra), Some(rb)) =
                    (a.region_within(&box_of(b)), b.region_within(&box_of(a)))
                else {
                    return false;
                };
                gjk_intersects(&ra.cloud(), &rb.cloud())
            }
            (Some(a), None) => bounded_unbounded(a, other),
            (None, Some(b)) => bounded_unbounded(b, self),
            (None, None) => {
                let mut planes = [self.planes[0]; 12];
                planes[..6].copy_from_slice(&self.planes);
                planes[6..].copy_from_slice(&other.planes);
                point_within(&planes).is_some()
            }
        }
    }
}

/// A frustum with `corners` against one without.
fn bounded_unbounded(corners: [crate::math::Vec3; 8], unbounded: &Frustum) -> bool {
    let bounds = Aabb::from_points(corners).unwrap_or(Aabb::EMPTY);
    unbounded
        .region_within(&bounds)
        .is_some_and(|region| gjk_intersects(&PointCloud::from_corners(corners), &region.cloud()))
}
