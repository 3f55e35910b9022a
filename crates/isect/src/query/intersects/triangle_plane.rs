//! Triangle–plane overlap.

use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Plane, Triangle, extent_along};

impl Intersects<Plane> for Triangle {
    /// Whether the signed distances of the three corners to the plane are not all of one strict
    /// sign: `min ≤ d ≤ max` of `n · v` over the corners (Ericson, *Real-Time Collision
    /// Detection*, §5.2.3, applied to the corners).
    ///
    /// Touching counts: a corner or edge exactly on the plane intersects. The comparison is exact
    /// on the computed dot products (no tolerance), so it agrees with
    /// [`Classify`](crate::query::Classify) reporting `Straddle`. A degenerate triangle is the
    /// segment or point it is. Non-finite input or a zero normal gives `false`.
    ///
    /// ```
    /// use isect::{Intersects, Plane, Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Z);
    /// assert!(t.intersects(&Plane::new(Vec3::Z, 1.0)));
    /// assert!(!t.intersects(&Plane::new(Vec3::Z, 1.5)));
    /// ```
    #[inline]
    fn intersects(&self, plane: &Plane) -> bool {
        rescale!(pair self, plane, intersects);
        if !(self.is_usable() && plane.is_usable()) {
            return false;
        }
        let (lo, hi) = extent_along(plane.normal, self.vertices());
        lo <= plane.d && plane.d <= hi
    }
}

mirror_intersects!(Triangle, Plane);
