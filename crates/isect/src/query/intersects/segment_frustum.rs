//! Segment–frustum overlap.

use crate::query::algo::frustum_pair;
use crate::query::algo::linear::Linear;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Frustum, Segment};

impl Intersects<Frustum> for Segment {
    /// The segment's parameter interval clipped by the six half-spaces (Cyrus–Beck; Ericson §5.3.8):
    /// a segment is `a + t (b − a)`, `t` in `[0, 1]`; a zero-length segment is the point `a`; they meet when something is left. Exact comparisons, as for the frustum's point
    /// containment: touching a face counts. Works for unbounded frusta (a plane at infinity
    /// clips nothing) and answers `false` for a frustum with no points and for invalid input.
    #[inline]
    fn intersects(&self, other: &Frustum) -> bool {
        if let Some(meets) = frustum_pair::rescaled(self, other, |s, f| s.intersects(f)) {
            return meets;
        }
        let p = Linear::segment(self);
        p.is_usable()
            && other.is_usable()
            && other.clip_interval(p.origin, p.dir, p.lo, p.hi).is_some()
    }
}

mirror_intersects!(Segment, Frustum);
