//! Segment–convex hull overlap (the radius-0 capsule's), and the clipping of linear components
//! against a hull that the ray and line pairs use.
#![cfg(feature = "alloc")]

use crate::math::{ON_SET_TOLERANCE, Real};
use crate::query::algo::linear::Linear;
use crate::query::algo::polytope::clip;
use crate::query::algo::scale::rescale;
use crate::query::intersects::capsule_convex_hull::core_meets_hull;
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
    /// times the largest of the planes' offsets and the linear component's origin (and a
    /// segment's other end too, so that the answer would not depend on its direction: issue 24,
    /// `regressions::segment_hull_direction`; segments now take the capsule's test instead).
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
    /// As the radius-0 capsule it is (the capsule's test: a face plane with both ends beyond
    /// GJK's touching band separates, otherwise GJK between the segment and the hull), so that
    /// a zero-length segment is answered as the point (`contains_point`) and the radius-0
    /// sphere and capsule. Clipping against the hull's face planes moved out by
    /// `ON_SET_TOLERANCE` of the coordinates (64 ulp, as rays and lines still do)
    /// gave a wider band: a zero-length segment 35 to 258 `ε` outside the face `x = 4` of a
    /// hull met it, the same point as a radius-0 capsule or sphere did not (issue 24,
    /// `regressions::hull_face_shortcut_band`). Touching counts; flat and degenerate hulls are
    /// answered as what they are. `false` for invalid input.
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        if !(self.is_usable() && hull.is_usable()) {
            return false;
        }
        core_meets_hull(self.a, self.b, 0.0, hull)
    }
}

mirror_intersects!(Segment, ConvexHull);
