//! `Distance` between two [`Polyline`]s: the least segment–segment distance, by a
//! nearest-first walk of the first polyline's BVH (keyed by each node's box distance to the
//! second's box) whose segments each walk the second's BVH, both pruned by the best distance so
//! far. Zero exactly when `Intersects` says they meet (both come from the segment pairs).

use core::cell::Cell;

use crate::d2::query::algo::polyline::{closest_within, prune_bound, reach};
use crate::d2::query::{Bounded, ClosestPoints, Distance};
use crate::d2::shape::{Polyline, box_distance_squared};
use crate::math::Real;

impl Distance<Polyline> for Polyline {
    /// A closest pair, `a` on this polyline and `b` on `other`, and their distance: 0 when
    /// they meet. Among equally close segment pairs, the one of lowest index on this polyline,
    /// then on `other`.
    ///
    /// ```
    /// use isect::d2::{Distance, Polyline};
    /// use isect::math::Vec2;
    /// let floor = Polyline::chain(vec![Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0)]).unwrap();
    /// let roof = Polyline::chain(vec![Vec2::new(-1.0, 3.0), Vec2::new(0.0, 2.0), Vec2::new(1.0, 3.0)]).unwrap();
    /// let cp = roof.closest_points(&floor);
    /// assert_eq!((cp.distance, cp.a, cp.b), (2.0, Vec2::new(0.0, 2.0), Vec2::ZERO));
    /// ```
    fn closest_points(&self, other: &Polyline) -> ClosestPoints {
        let Some((lo, hi)) = reach(other.aabb(), 0.0) else {
            return ClosestPoints::NONE;
        };
        let best: Cell<Option<(u32, u32, ClosestPoints)>> = Cell::new(None);
        let bound = |b: Option<(u32, u32, ClosestPoints)>| {
            b.map_or(Real::INFINITY, |(_, _, b)| prune_bound(b.distance))
        };
        self.walk(
            |n| {
                let d2 = box_distance_squared(n, lo, hi);
                (d2 <= bound(best.get())).then_some(d2)
            },
            |i| {
                let found = closest_within(other, &self.segment(i), bound(best.get()));
                if let Some((j, cp)) = found {
                    if best.get().is_none_or(|(bi, bj, b)| {
                        cp.distance < b.distance || (cp.distance == b.distance && (i, j) < (bi, bj))
                    }) {
                        best.set(Some((i, j, cp)));
                    }
                }
                false
            },
        );
        best.get().map_or(ClosestPoints::NONE, |(_, _, cp)| cp)
    }
}
