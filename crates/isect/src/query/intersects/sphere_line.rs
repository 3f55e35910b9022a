//! Sphere–line overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::raycast::interval_meets_ball;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Line, Sphere};

impl Intersects<Line> for Sphere {
    /// The point of the line closest to the center against the radius, compared squared
    /// (Ericson, *Real-Time Collision Detection*, §5.3.2, without the hit point): a line is `origin + t dir` for every `t`.
    /// Touching (distance exactly the radius) counts; a sphere of radius 0 is its center.
    /// `false` for invalid input (non-finite, negative radius, zero direction).
    #[inline]
    fn intersects(&self, other: &Line) -> bool {
        rescale!(pair self, other, intersects);
        let p = Linear::line(other);
        self.is_usable()
            && p.is_usable()
            && interval_meets_ball(self.center, self.radius, p.origin, p.dir, p.lo, p.hi)
    }
}

mirror_intersects!(Sphere, Line);
