//! OBB–triangle overlap.

use crate::query::algo::scale::rescale;
use crate::query::intersects::aabb_triangle::triangle_box_overlap;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Obb, Triangle};

impl Intersects<Triangle> for Obb {
    /// The triangle moved into the box's frame (`rotationᵀ (v − center)`), then Akenine-Möller's
    /// 13-axis separating-axis test as for [`Aabb`](crate::Aabb) (Ericson, *Real-Time Collision
    /// Detection*, §5.2.9).
    ///
    /// Touching counts; the comparisons are exact on the projections computed in the box's frame,
    /// so a touching configuration is decided exactly when the rotation maps its coordinates
    /// exactly (axis permutations and sign changes), and otherwise to within the rounding of the
    /// change of frame (a few ulps of the coordinates). Degenerate triangles and flat boxes are
    /// answered as the lower-dimensional sets they are (see the AABB test). Non-finite input or
    /// negative extents give `false`; the rotation is assumed orthonormal.
    ///
    /// ```
    /// use isect::{Intersects, Obb, Triangle, glam::{Quat, Vec3}};
    /// let b = Obb::from_quat(Vec3::ZERO, Vec3::ONE, Quat::from_rotation_z(0.5));
    /// assert!(b.intersects(&Triangle::new(Vec3::ZERO, Vec3::X * 5.0, Vec3::Y * 5.0)));
    /// ```
    #[inline]
    fn intersects(&self, triangle: &Triangle) -> bool {
        rescale!(pair self, triangle, intersects);
        if !(self.is_usable() && triangle.is_usable()) {
            return false;
        }
        let local = triangle.vertices().map(|p| self.to_local(p));
        triangle_box_overlap(local, self.half_extents)
    }
}

mirror_intersects!(Obb, Triangle);
