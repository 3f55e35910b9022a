//! Segment–convex hull overlap, and the clipping of linear components against a hull that the
//! ray and line pairs share.
#![cfg(feature = "alloc")]

use crate::math::{ON_SET_TOLERANCE, Real};
use crate::query::algo::linear::Linear;
use crate::query::algo::polytope::clip;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{ConvexHull, Segment};

impl ConvexHull {
    /// Whether the linear component meets the hull: its parameter interval clipped against the
    /// hull's face planes (Cyrus–Beck; Ericson, *Real-Time Collision Detection*, §5.3.8), each
    /// moved out by `ON_SET_TOLERANCE` times the coordinates, is not empty.
    pub(crate) fn meets_linear(&self, linear: &Linear) -> bool {
        if !(self.is_usable() && linear.is_usable()) {
            return false;
        }
        let planes = self.planes();
        let scale = planes
            .iter()
            .fold(linear.origin.abs().max_element(), |s, p| s.max(p.d.abs()));
        let tolerance: Real = ON_SET_TOLERANCE * scale;
        clip(
            planes,
            linear.origin,
            linear.dir,
            linear.lo,
            linear.hi,
            tolerance,
        )
        .is_some()
    }
}

impl Intersects<ConvexHull> for Segment {
    /// The segment's parameter interval `[0, 1]` clipped against the hull's face planes
    /// (cached at construction; Cyrus–Beck, Ericson, *Real-Time Collision Detection*, §5.3.8)
    /// is not empty, each plane moved out by `ON_SET_TOLERANCE` times the coordinates. The
    /// planes of flat and degenerate hulls describe them with zero thickness (see
    /// [`ConvexHull::planes`]), so the same clipping answers for them as the lower-dimensional
    /// sets they are, within that tolerance. Touching counts; a zero-length segment is a
    /// point. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        hull.meets_linear(&Linear::segment(self))
    }
}

mirror_intersects!(Segment, ConvexHull);
