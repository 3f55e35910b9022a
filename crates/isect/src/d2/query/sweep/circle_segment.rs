//! Sweep of a circle against a segment.

use crate::d2::query::algo::advance::sweep_of;
use crate::d2::query::{Sweep, SweepHit, mirror_sweep};
use crate::d2::shape::{Circle, Segment};
use crate::math::Vec2;

impl Sweep<Segment> for Circle {
    /// When the two moving sets first and last overlap: 0 when they overlap at the start
    /// (exactly, as `intersects`), else by conservative advancement on their cores
    /// (`algo/advance.rs`). `None` when they never touch in `[0, 1]`, and for invalid input.
    #[inline]
    fn sweep(&self, motion: Vec2, other: &Segment, other_motion: Vec2) -> Option<SweepHit> {
        sweep_of(self, motion, other, other_motion)
    }
}

mirror_sweep!(Circle, Segment);
