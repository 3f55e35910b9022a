//! Capsule–capsule overlap.

use crate::query::Intersects;
use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::shape::Capsule;

impl Intersects<Capsule> for Capsule {
    /// Whether the capsules share a point: the squared distance between the core segments
    /// (Ericson §4.5.2, §5.1.9, through `algo::linear::segment_segment_parameters`) against
    /// `(r₁ + r₂)²`. Touching is `true`; zero-length capsules are spheres, zero radii segments.
    /// `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Capsule) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let (p, q) = (self.segment(), other.segment());
        let r = self.radius + other.radius;
        if r == 0.0 {
            // Two core segments, with the on-set tolerance of segments.
            return p.intersects(&q);
        }
        let (s, t) = segment_segment_parameters(&p, &q);
        within_radius(p.point_at(s) - q.point_at(t), r)
    }
}
