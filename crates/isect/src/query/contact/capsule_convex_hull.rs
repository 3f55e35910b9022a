//! Contact of a capsule with a convex hull.

use crate::math::Vec3;
use crate::query::algo::epa_rounded::rounded_epa_contact;
use crate::query::algo::scale::rescale;
use crate::query::{Contact, ContactInfo, Intersects, mirror_contact};
use crate::shape::{Capsule, ConvexHull, Segment};

impl Contact<ConvexHull> for Capsule {
    /// Through the core segment: a core apart from the hull gives the ball about the core's
    /// closest point against the hull's (GJK, to `GJK_RELATIVE_TOLERANCE`), depth
    /// `r − distance`, normal from the hull's point to the core's; a core touching or crossing
    /// the hull gives EPA's least translation of the core out of the hull plus `r` (to a relative
    /// tolerance of about `100 ε`, never a loop). Moving `self` by `normal * depth` leaves them
    /// touching. Touching gives depth 0; zero-length capsules are spheres, small hulls their
    /// point, segment or polygon. `None` when apart (exactly when `intersects` is false) and for
    /// invalid input.
    fn contact(&self, other: &ConvexHull) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        let core = Segment::new(self.a, self.b);
        rounded_epa_contact(&core, self.radius, other, self.intersects(other), Vec3::Y)
    }
}

mirror_contact!(Capsule, ConvexHull);
