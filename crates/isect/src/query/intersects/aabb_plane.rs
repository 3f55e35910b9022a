//! AABB–plane overlap.

use super::sphere_plane::slab_meets_plane;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Plane};

impl Intersects<Plane> for Aabb {
    /// Whether the box meets the plane: the extent method (Real-Time Rendering, 4th ed.,
    /// §22.10.1; Ericson §5.2.3), the box's projected radius `Σ eᵢ |nᵢ|` against the center's
    /// signed distance, within the rounding
    /// of that comparison (about 8 ulp of the center's, the offset's and the reach's magnitudes).
    /// Touching is `true`; flat and point boxes are what they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Plane) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let reach = self.half_extents().dot(other.normal.abs());
        slab_meets_plane(other, self.center(), reach)
    }
}

mirror_intersects!(Aabb, Plane);
