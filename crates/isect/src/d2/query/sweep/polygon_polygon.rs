//! Sweep of two polygons.

use crate::d2::query::algo::advance::sweep_polygon;
use crate::d2::query::algo::polygon::contains;
use crate::d2::query::{Intersects, Sweep, SweepHit};
use crate::d2::shape::{Polygon, Segment};
use crate::math::{Real, Vec2};

impl Sweep<Polygon> for Polygon {
    /// When two moving polygons first and last overlap, through `self`'s edges swept against
    /// `other` (each through `other`'s edges plus containment) plus containment: at the start
    /// or the end, or when an edge of one first or last touches the other. Normal and point as
    /// for every 2D sweep (`algo/advance.rs`). `None` when they never touch, and for a
    /// non-finite motion.
    fn sweep(&self, motion: Vec2, other: &Polygon, other_motion: Vec2) -> Option<SweepHit> {
        if !(motion.is_finite() && other_motion.is_finite()) {
            return None;
        }
        let v = motion - other_motion;
        let points = self.points();
        let n = points.len();
        let mut best: Option<SweepHit> = None;
        let mut t_last: Real = 0.0;
        for i in 0..n {
            let edge = Segment::new(points[i], points[(i + 1) % n]);
            if let Some(hit) = sweep_polygon(&edge, motion, other, other_motion) {
                t_last = t_last.max(hit.t_last);
                if best.is_none_or(|b| hit.t_first < b.t_first) {
                    best = Some(hit);
                }
            }
        }
        let held_at_end = contains(points, other.points()[0] - v);
        let mut hit = if self.intersects(other) {
            SweepHit {
                t_first: 0.0,
                point: crate::d2::query::Distance::closest_points(self, other).a,
                normal: (-v).try_normalize().unwrap_or(Vec2::Y),
                t_last: 0.0,
            }
        } else {
            best?
        };
        hit.t_last = if held_at_end {
            1.0
        } else {
            t_last.max(hit.t_first)
        };
        Some(hit)
    }
}
