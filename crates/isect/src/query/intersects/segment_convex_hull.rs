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
    /// moved out by [`ConvexHull::linear_tolerance`], is not empty.
    pub(crate) fn meets_linear(&self, linear: &Linear) -> bool {
        if !(self.is_usable() && linear.is_usable()) {
            return false;
        }
        clip(
            self.planes(),
            linear.origin,
            linear.dir,
            linear.lo,
            linear.hi,
            self.linear_tolerance(linear),
        )
        .is_some()
    }

    /// How far [`ConvexHull::meets_linear`] moves the hull's planes out: `ON_SET_TOLERANCE`
    /// times the largest of the planes' offsets and the linear component's given points (its
    /// origin, and a segment's other end too). Both ends of a segment, so that the answer does
    /// not depend on its direction: from its end at 3e5 a point 0.94 beside a segment along x
    /// was on it (within 64 ulp of 3e5), from its end at 0 it was not (issue 24,
    /// `regressions::segment_hull_direction`).
    pub(crate) fn linear_tolerance(&self, linear: &Linear) -> Real {
        let end = if linear.hi.is_finite() {
            linear.at(linear.hi).abs().max_element()
        } else {
            0.0
        };
        let scale = self
            .planes()
            .iter()
            .fold(linear.origin.abs().max_element().max(end), |s, p| {
                s.max(p.d.abs())
            });
        ON_SET_TOLERANCE * scale
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
