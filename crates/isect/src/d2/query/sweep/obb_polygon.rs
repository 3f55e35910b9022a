//! Sweep of an oriented box against a polygon.

use crate::d2::query::algo::advance::sweep_polygon;
use crate::d2::query::{Sweep, SweepHit, mirror_sweep};
use crate::d2::shape::{Obb, Polygon};
use crate::math::Vec2;

impl Sweep<Polygon> for Obb {
    /// When the moving oriented box and polygon first and last overlap, through the polygon's edges
    /// plus containment (conservative advancement against each edge, `algo/advance.rs`). `None`
    /// when they never touch, and for invalid input.
    #[inline]
    fn sweep(&self, motion: Vec2, other: &Polygon, other_motion: Vec2) -> Option<SweepHit> {
        sweep_polygon(self, motion, other, other_motion)
    }
}

mirror_sweep!(Obb, Polygon);
