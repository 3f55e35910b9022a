//! `Sweep` between two moving [`Polyline`]s: each segment of the first whose box, moved
//! relative to the second, can reach the second's box is swept against the second polyline
//! (its BVH walk and the segment–segment sweeps, `algo/polyline.rs`); the earliest first
//! contact and the latest last one over them.

use crate::d2::query::algo::polyline::{reach, sweep};
use crate::d2::query::{Bounded, Sweep, SweepHit};
use crate::d2::shape::{Polyline, slab_entry};
use crate::math::Vec2;

impl Sweep<Polyline> for Polyline {
    /// When the two moving polylines first and last touch: the earliest first contact over the
    /// segment pairs (the pair of lowest indices, this polyline's first, among equal times
    /// gives the point and the normal, from `other` towards this one) and the latest last
    /// contact. `None` when they never touch, and for a non-finite motion.
    ///
    /// ```
    /// use isect::d2::{Polyline, Sweep};
    /// use isect::math::Vec2;
    /// let floor = Polyline::chain(vec![Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap();
    /// let v = Polyline::chain(vec![Vec2::new(-1.0, 3.0), Vec2::new(0.0, 2.0), Vec2::new(1.0, 3.0)]).unwrap();
    /// let hit = v.sweep(Vec2::new(0.0, -4.0), &floor, Vec2::ZERO).unwrap();
    /// assert_eq!((hit.t_first, hit.point, hit.normal), (0.5, Vec2::ZERO, Vec2::Y));
    /// ```
    fn sweep(&self, motion: Vec2, other: &Polyline, other_motion: Vec2) -> Option<SweepHit> {
        if !(motion.is_finite() && other_motion.is_finite()) {
            return None;
        }
        let (lo, hi) = reach(other.aabb(), 0.0)?;
        let (center, half) = ((lo + hi) * 0.5, (hi - lo) * 0.5);
        // The other polyline's box moving against this one's nodes.
        let v = other_motion - motion;
        let mut best: Option<(u32, u32, SweepHit)> = None;
        let mut t_last = 0.0;
        self.walk(
            |n| slab_entry(n, half, center, v, 1.0),
            |i| {
                if let Some((j, h)) = sweep(&self.segment(i), motion, other, other_motion) {
                    t_last = h.t_last.max(t_last);
                    if best.is_none_or(|(bi, bj, b)| {
                        h.t_first < b.t_first || (h.t_first == b.t_first && (i, j) < (bi, bj))
                    }) {
                        best = Some((i, j, h));
                    }
                }
                false
            },
        );
        best.map(|(_, _, h)| SweepHit { t_last, ..h })
    }
}
