//! Triangle–frustum overlap.

use crate::math::Vec3;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Frustum, Triangle};

/// Room for the clipped polygon: a convex polygon gains at most one corner per plane (3 + 6),
/// with slack for rounding that makes the clipped polygon slightly non-convex.
const CAPACITY: usize = 16;

impl Intersects<Frustum> for Triangle {
    /// Clips the triangle against the frustum's six half-spaces in turn (Sutherland–Hodgman,
    /// "Reentrant Polygon Clipping", 1974; Ericson, *Real-Time Collision Detection*, §8.3.4) in a
    /// fixed-size array, no allocation: a non-empty remainder means they intersect.
    ///
    /// Each plane keeps the corners with signed distance `≤ 0` (the closed half-space behind
    /// it), so touching counts: a corner or edge exactly on a face intersects. The corners added
    /// by a cut are computed in floating point and then tested exactly against the later planes,
    /// so a configuration whose only common points lie on an edge or corner of the frustum is
    /// decided to within the rounding of those cut points (a few ulps of the coordinates); away
    /// from the frustum's edges the answer is exact on the computed signed distances. Works for
    /// any six planes, the infinite-far-plane frustum included (its repeated near plane clips
    /// twice, harmlessly). A degenerate triangle is clipped as the segment or point it is.
    /// Non-finite input or a zero plane normal gives `false`.
    ///
    /// ```
    /// use isect::{Frustum, Intersects, Triangle, glam::{Mat4, Vec3}};
    /// let f = Frustum::from_matrix(&Mat4::orthographic_rh(-1.0, 1.0, -1.0, 1.0, 0.0, 10.0));
    /// let t = Triangle::new(Vec3::new(0.0, 0.0, -5.0), Vec3::new(5.0, 0.0, -5.0), Vec3::new(0.0, 5.0, -5.0));
    /// assert!(t.intersects(&f));
    /// ```
    fn intersects(&self, frustum: &Frustum) -> bool {
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        let mut polygon = [Vec3::ZERO; CAPACITY];
        polygon[..3].copy_from_slice(&self.vertices());
        let mut n = 3;
        for plane in &frustum.planes {
            let mut clipped = [Vec3::ZERO; CAPACITY];
            let mut m = 0;
            let mut push = |p: Vec3| {
                // Past the capacity (only through rounding) the polygon is already non-empty.
                if m < CAPACITY {
                    clipped[m] = p;
                    m += 1;
                }
            };
            for i in 0..n {
                let p = polygon[i];
                let q = polygon[if i + 1 == n { 0 } else { i + 1 }];
                let dp = plane.signed_distance(p);
                let dq = plane.signed_distance(q);
                if dp <= 0.0 {
                    push(p);
                }
                if (dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0) {
                    push(p + (q - p) * (dp / (dp - dq)));
                }
            }
            if m == 0 {
                return false;
            }
            polygon = clipped;
            n = m;
        }
        true
    }
}

mirror_intersects!(Triangle, Frustum);
