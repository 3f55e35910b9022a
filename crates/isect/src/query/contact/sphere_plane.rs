//! Contact of a sphere with a plane.

use crate::query::contact::against_plane;
use crate::query::{Contact, ContactInfo, mirror_contact};
use crate::shape::{Plane, Sphere};

impl Contact<Plane> for Sphere {
    /// The sphere against the plane (a surface, not a half-space), by its extent along the
    /// normal: depth `r − |s|` for the center's signed distance `s` and the extent `r`, normal
    /// to the side of the center (the plane's front for a center on it), so that moving the
    /// sphere by `normal * depth` leaves it touching the plane from that side. The point is
    /// where the segment from its deepest to its highest point crosses the plane. Touching
    /// gives depth 0; `None` when apart and for invalid input.
    fn contact(&self, other: &Plane) -> Option<ContactInfo> {
        if !self.is_usable() {
            return None;
        }
        against_plane(self, other)
    }
}

mirror_contact!(Sphere, Plane);
