//! Ray–frustum overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Frustum, Ray};

impl Intersects<Frustum> for Ray {
    /// The ray's parameter interval clipped by the six half-spaces (Cyrus–Beck; Ericson §5.3.8):
    /// a ray is `origin + t dir`, `t >= 0`; they meet when something is left. Exact comparisons, as for the frustum's point
    /// containment: touching a face counts. Works for unbounded frusta (a plane at infinity
    /// clips nothing) and answers `false` for a frustum with no points and for invalid input.
    #[inline]
    fn intersects(&self, other: &Frustum) -> bool {
        rescale!(pair self, other, intersects);
        let p = Linear::ray(self);
        p.is_usable()
            && other.is_usable()
            && other.clip_interval(p.origin, p.dir, p.lo, p.hi).is_some()
    }
}

mirror_intersects!(Ray, Frustum);
