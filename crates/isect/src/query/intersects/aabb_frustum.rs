//! AABB–frustum overlap: the exact separating-axis test, and the conservative plane test used
//! for culling.

use crate::math::{Real, Vec3};
use crate::query::algo::frustum_pair;
use crate::query::algo::polytope::box_meets_frustum;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Frustum};

/// The box's smallest and largest `l · x`, from its n- and p-vertex (exact corners, no
/// center or extents rounded). The broad phase's frustum culling uses it too: the same
/// operations on a box that contains another give an extent that contains the other's, so a
/// subtree it culls holds no box the exact test would report.
#[inline]
pub(crate) fn extent(aabb: &Aabb, l: Vec3) -> (Real, Real) {
    let positive = l.cmpge(Vec3::ZERO);
    (
        l.dot(Vec3::select(positive, aabb.min, aabb.max)),
        l.dot(Vec3::select(positive, aabb.max, aabb.min)),
    )
}

impl Intersects<Frustum> for Aabb {
    /// Exact, by the separating-axis test between the two polytopes (Gottschalk, Lin and
    /// Manocha, 1996; Ericson, *Real-Time Collision Detection*, §4.4): the frustum's six plane
    /// normals (the box's n-vertex in front of a plane separates), the box's three axes, and the
    /// cross products of the box's axes with the frustum's twelve edge directions; projections
    /// of the box use its exact corners, so axis-aligned touching is exact. Shortcuts: a
    /// plane with the box's n-vertex in front of it answers `false`, and a box whose p-vertex
    /// is behind every plane is inside (`true`).
    ///
    /// The frustum of an infinite projection (see [`Frustum::from_matrix`]) is cut by a plane
    /// beyond the box, which leaves their intersection unchanged; six planes that no camera
    /// makes (without corners) are cut to the box and their vertices tested by GJK
    /// ([`gjk_intersects`](crate::query::algo::gjk::gjk_intersects), touching within
    /// `ON_SET_TOLERANCE` of the coordinates). Touching counts; flat and point boxes are
    /// answered as what they are; `false` for invalid input.
    ///
    /// For culling, [`Frustum::may_intersect_aabb`] is the fast conservative test.
    fn intersects(&self, frustum: &Frustum) -> bool {
        if let Some(meets) = frustum_pair::rescaled(self, frustum, |a, f| a.intersects(f)) {
            return meets;
        }
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        box_meets_frustum(
            frustum,
            self,
            [Vec3::X, Vec3::Y, Vec3::Z],
            |l| extent(self, l),
            self,
        )
    }
}

mirror_intersects!(Aabb, Frustum);

impl Frustum {
    /// The fast conservative box test of frustum culling, by the n-vertex of the box for each
    /// plane (Akenine-Möller et al., *Real-Time Rendering*, 4th ed., §22.14.3 / 3rd ed.
    /// §16.14.3; Haines and Wallace's p/n-vertex test): `false` only when the box lies wholly
    /// in front of one of the six planes, so never `false` for a box that intersects the
    /// frustum.
    ///
    /// It may report `true` for a box outside the frustum near its edges or corners (in front
    /// of no single plane, but separated by an edge or corner axis): a box as large as the
    /// frustum can pass while a box-width away. Use [`Intersects`] for the exact answer.
    /// `false` for invalid input.
    #[must_use]
    pub fn may_intersect_aabb(&self, aabb: &Aabb) -> bool {
        aabb.is_usable()
            && self.is_usable()
            && self
                .planes
                .iter()
                .all(|plane| extent(aabb, plane.normal).0 <= plane.d)
    }
}
