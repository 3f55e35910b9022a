//! Triangle–frustum overlap.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::frustum_pair;
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
    /// Touching counts: a corner or edge on a face intersects. The corners that a cut adds are
    /// computed in floating point, a few ulps off the plane that made them, and later planes
    /// test them; so that a common point on a frustum edge (or a whole zero-thickness frustum)
    /// is not lost to that rounding, each half-space is widened by [`ON_SET_TOLERANCE`] times
    /// the largest of the triangle's coordinates and the plane's `|d|` (64 ulps). The test is
    /// therefore conservative by that much: a triangle within 64 ulps of the coordinates
    /// outside the frustum may be reported as intersecting; anything farther is exact on the
    /// computed signed distances. Works for any six planes, unbounded frusta included (the
    /// infinite-far-plane frustum repeats its near plane, which clips twice, harmlessly). A
    /// degenerate triangle is clipped as the segment or point it is. Non-finite input or a zero
    /// plane normal gives `false`.
    ///
    /// ```
    /// use isect::{Frustum, Intersects, Plane, Triangle, glam::Vec3};
    /// // The box [-1, 1]³ as six planes, normals outward.
    /// let f = Frustum::new([
    ///     Plane::new(-Vec3::X, 1.0), Plane::new(Vec3::X, 1.0),
    ///     Plane::new(-Vec3::Y, 1.0), Plane::new(Vec3::Y, 1.0),
    ///     Plane::new(-Vec3::Z, 1.0), Plane::new(Vec3::Z, 1.0),
    /// ]);
    /// let t = Triangle::new(Vec3::new(1.0, 0.0, 0.0), Vec3::new(5.0, 0.0, 0.0), Vec3::new(1.0, 5.0, 0.0));
    /// assert!(t.intersects(&f)); // touching the face x = 1
    /// let apart = Triangle::new(t.a + Vec3::X, t.b + Vec3::X, t.c + Vec3::X);
    /// assert!(!apart.intersects(&f));
    /// ```
    fn intersects(&self, frustum: &Frustum) -> bool {
        if let Some(meets) = frustum_pair::rescaled(self, frustum, |t, f| t.intersects(f)) {
            return meets;
        }
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        let [a, b, c] = self.vertices();
        let scale = a.abs().max(b.abs()).max(c.abs()).max_element();
        let mut polygon = [Vec3::ZERO; CAPACITY];
        polygon[..3].copy_from_slice(&self.vertices());
        let mut n = 3;
        for plane in &frustum.planes {
            let widened = plane.d + ON_SET_TOLERANCE * scale.max(plane.d.abs());
            let distance = |p: Vec3| -> Real { plane.normal.dot(p) - widened };
            let mut clipped = [Vec3::ZERO; CAPACITY];
            let mut m = 0;
            let mut push = |p: Vec3| {
                // Past the capacity (only through rounding) the polygon is already non-empty.
                if m < CAPACITY {
                    clipped[m] = p;
                    m += 1;
                }
            };
            let mut dp = distance(polygon[n - 1]);
            let mut p = polygon[n - 1];
            for &q in &polygon[..n] {
                let dq = distance(q);
                if (dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0) {
                    push(p + (q - p) * (dp / (dp - dq)));
                }
                if dq <= 0.0 {
                    push(q);
                }
                (p, dp) = (q, dq);
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
