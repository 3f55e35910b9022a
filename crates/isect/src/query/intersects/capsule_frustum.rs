//! Capsule–frustum overlap.

use crate::query::algo::frustum_pair;
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::algo::polytope::clip;
use crate::query::{Bounded, Intersects, mirror_intersects};
use crate::shape::{Capsule, Frustum};

impl Intersects<Frustum> for Capsule {
    /// Whether the core segment comes within the radius of the frustum: a plane with both
    /// ends more than the radius in front of it separates (`false`); a core segment that
    /// meets the frustum, clipped against the six planes (Cyrus–Beck; Ericson, *Real-Time
    /// Collision Detection*, §5.3.8), intersects (`true`, exactly); otherwise the distance
    /// from the segment to the frustum's corners' polytope by GJK ([`gjk_closest_points`],
    /// within `GJK_RELATIVE_TOLERANCE` of the least; touching within `ON_SET_TOLERANCE` of the
    /// coordinates) is compared with the radius.
    ///
    /// The infinite projection's frustum is cut by a plane beyond the capsule first (which
    /// leaves their intersection unchanged); six planes without corners are cut to the
    /// capsule's box. Touching counts; a capsule of radius 0 is a segment, one with equal ends
    /// a sphere. `false` for invalid input.
    fn intersects(&self, frustum: &Frustum) -> bool {
        if let Some(meets) = frustum_pair::rescaled(self, frustum, |c, f| c.intersects(f)) {
            return meets;
        }
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        for plane in &frustum.planes {
            let s = plane
                .signed_distance(self.a)
                .min(plane.signed_distance(self.b));
            if s > self.radius {
                return false;
            }
        }
        if clip(&frustum.planes, self.a, self.b - self.a, 0.0, 1.0, 0.0).is_some() {
            return true;
        }
        let Some(region) = frustum.region_within(&self.aabb()) else {
            return false;
        };
        let segment = self.segment();
        gjk_closest_points(
            &segment,
            &region.cloud(),
            self.a - region.cloud().points()[0],
        )
        .distance
            <= self.radius
    }
}

mirror_intersects!(Capsule, Frustum);
