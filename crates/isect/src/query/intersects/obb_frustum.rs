//! OBB–frustum overlap: the exact separating-axis test, and the conservative plane test used
//! for culling.

use crate::math::{Real, Vec3};
use crate::query::algo::frustum_pair;
use crate::query::algo::polytope::box_meets_frustum;
use crate::query::{Bounded, Intersects, mirror_intersects};
use crate::shape::{Frustum, Obb};

/// The box's smallest and largest `l · x`: center ± projected radius.
#[inline]
fn extent(obb: &Obb, l: Vec3) -> (Real, Real) {
    let c = l.dot(obb.center);
    let r = obb.projected_radius(l);
    (c - r, c + r)
}

impl Intersects<Frustum> for Obb {
    /// Exact, by the separating-axis test between the two polytopes, as for
    /// [`Aabb`](crate::Aabb) (Gottschalk, Lin and Manocha, 1996; Ericson, *Real-Time Collision
    /// Detection*, §4.4): the frustum's six plane normals, the box's three axes and the cross
    /// products of the box's axes with the frustum's twelve edge directions, the box projected
    /// as center ± `Σ hᵢ |axisᵢ · l|` (the extent method). Cross products of nearly parallel
    /// directions are skipped (a sine below `√ε`), which can only answer `true` for shapes
    /// apart by rounding. The infinite projection's frustum is cut by a plane beyond the box;
    /// six planes without corners are cut to the box and tested by GJK. Touching counts; flat
    /// boxes are answered as what they are; `false` for invalid input.
    ///
    /// For culling, [`Frustum::may_intersect_obb`] is the fast conservative test.
    fn intersects(&self, frustum: &Frustum) -> bool {
        if let Some(meets) = frustum_pair::rescaled(self, frustum, |o, f| o.intersects(f)) {
            return meets;
        }
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        let axes = [
            self.rotation.x_axis,
            self.rotation.y_axis,
            self.rotation.z_axis,
        ];
        box_meets_frustum(frustum, &self.aabb(), axes, |l| extent(self, l), self)
    }
}

mirror_intersects!(Obb, Frustum);

impl Frustum {
    /// The fast conservative oriented-box test of frustum culling, by the extent method per
    /// plane (Akenine-Möller et al., *Real-Time Rendering*, 4th ed., §22.14.3 / 3rd ed.
    /// §16.14.3): `false` only when the box's center is in front of a plane by more than the
    /// box's projected radius `Σ hᵢ |axisᵢ · n|`, so never `false` for a box that intersects
    /// the frustum.
    ///
    /// It may report `true` for a box outside the frustum near its edges or corners (in front
    /// of no single plane). Use [`Intersects`] for the exact answer. `false` for invalid input.
    #[must_use]
    pub fn may_intersect_obb(&self, obb: &Obb) -> bool {
        obb.is_usable()
            && self.is_usable()
            && self
                .planes
                .iter()
                .all(|plane| extent(obb, plane.normal).0 <= plane.d)
    }
}
