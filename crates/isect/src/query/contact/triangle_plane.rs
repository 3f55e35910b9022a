//! Contact of a triangle with a plane.

use crate::query::contact::against_plane;
use crate::query::{Contact, ContactInfo, mirror_contact};
use crate::shape::{Plane, Triangle};

impl Contact<Plane> for Triangle {
    /// The triangle against the plane (a surface, not a half-space), by its extent along the
    /// normal: depth `r − |s|` for the signed distance `s` of its middle along the normal and
    /// its half extent `r`, normal to the side of that middle (the plane's front for a middle on
    /// it), so that moving it by `normal * depth` leaves it touching the plane from that side.
    /// The point is where the segment from its deepest to its highest point crosses the plane.
    /// Touching gives depth 0; `None` when apart and for invalid input.
    fn contact(&self, other: &Plane) -> Option<ContactInfo> {
        if !self.is_usable() {
            return None;
        }
        against_plane(self, other)
    }
}

mirror_contact!(Triangle, Plane);
