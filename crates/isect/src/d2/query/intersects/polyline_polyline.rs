//! `Intersects` between two [`Polyline`]s: a segment of one meets a segment of the other. The
//! first polyline's BVH is walked over the nodes that meet the second's box, and each segment
//! there is tested against the second through its BVH (the segment–segment test, exact).

use crate::d2::query::Bounded;
use crate::d2::query::Intersects;
use crate::d2::query::algo::polyline::{meets, reach};
use crate::d2::shape::Polyline;

impl Intersects<Polyline> for Polyline {
    /// A segment of one meets a segment of the other, touching included (each pair decided
    /// exactly, as `Segment`–`Segment`); neither has an inside, so a polyline inside a closed
    /// loop does not meet it.
    ///
    /// ```
    /// use isect::d2::{Intersects, Polyline};
    /// use isect::math::Vec2;
    /// let a = Polyline::chain(vec![Vec2::ZERO, Vec2::X, Vec2::ONE]).unwrap();
    /// let touching = Polyline::chain(vec![Vec2::ONE, Vec2::new(2.0, 1.0)]).unwrap();
    /// let apart = Polyline::chain(vec![Vec2::new(2.0, 0.0), Vec2::new(3.0, 0.0)]).unwrap();
    /// assert!(a.intersects(&touching));
    /// assert!(!a.intersects(&apart));
    /// ```
    fn intersects(&self, other: &Polyline) -> bool {
        let Some((lo, hi)) = reach(other.aabb(), 0.0) else {
            return false;
        };
        self.any_in_box(lo, hi, |i| meets(other, &self.segment(i)))
    }
}
