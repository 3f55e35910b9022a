//! `Sweep` between a [`Polyline`] and every convex shape, a ray, a line and a concave polygon,
//! in both orders, and [`Polyline::sweep_segment`]: each candidate segment is swept with the pair's own sweep
//! (conservative advancement, `algo/advance.rs`). The candidates are the segments whose boxes
//! the shape's box (or a ray's or line's points) may meet on its way: for the first contact, a
//! walk that casts the shape's box against each node's box and prunes nodes reached after the
//! best time so far; for the trait (which also reports the last time of overlap) every such
//! segment (`algo/polyline.rs`).

use core::cell::Cell;

use crate::d2::query::algo::polyline::{PolylineShape, sweep};
use crate::d2::query::{PolylineSweepHit, Sweep, SweepHit, mirror_sweep};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Polyline, Ray, Segment, Triangle,
};
use crate::math::Vec2;

impl Polyline {
    /// The first contact of `shape` moving by `motion` (over `t` in `[0, 1]`) with the static
    /// polyline, and which segment: `t`, the segment (lowest index among equal times), the
    /// contact point and the unit normal from the polyline towards the shape. A shape already
    /// touching a segment gives `t = 0` with a normal against the motion (`+Y` without motion),
    /// as the pair sweeps do. `None` when it touches no segment within the motion, and for
    /// invalid input (an invalid shape, a non-finite motion).
    ///
    /// ```
    /// use isect::d2::{Circle, Polyline};
    /// use isect::math::Vec2;
    /// let floor = Polyline::chain(vec![Vec2::new(-4.0, 0.0), Vec2::ZERO, Vec2::new(4.0, 0.0)]).unwrap();
    /// let ball = Circle::new(Vec2::new(0.5, 3.0), 1.0);
    /// let hit = floor.sweep_segment(&ball, Vec2::new(0.0, -4.0)).unwrap();
    /// assert_eq!((hit.t, hit.segment), (0.5, 1));
    /// assert!((hit.normal - Vec2::Y).length() < 1e-6);
    /// ```
    #[must_use]
    pub fn sweep_segment<S: PolylineShape + ?Sized>(
        &self,
        shape: &S,
        motion: Vec2,
    ) -> Option<PolylineSweepHit> {
        if !motion.is_finite() {
            return None;
        }
        let probe = shape.probe(0.0)?;
        let best: Cell<Option<PolylineSweepHit>> = Cell::new(None);
        self.walk(
            |n| probe.entry(n.min, n.max, motion, best.get().map_or(1.0, |b| b.t)),
            |i| {
                let better = |h: &SweepHit| {
                    best.get()
                        .is_none_or(|b| h.t_first < b.t || (h.t_first == b.t && i < b.segment))
                };
                if let Some(h) = shape
                    .sweep_against(motion, &self.segment(i), Vec2::ZERO)
                    .filter(better)
                {
                    best.set(Some(PolylineSweepHit {
                        t: h.t_first,
                        segment: i,
                        point: h.point,
                        normal: h.normal,
                    }));
                }
                false
            },
        );
        best.get()
    }
}

/// Implements `Sweep<Polyline> for $shape` and the mirror.
macro_rules! polyline_sweep {
    ($shape:ty) => {
        impl Sweep<Polyline> for $shape {
            /// When the moving shape and the moving polyline first and last touch: the earliest
            /// first contact over the segments (each the pair's sweep; the segment of lowest
            /// index among equal times gives the point and the normal, from the polyline towards
            /// the shape) and the latest last contact. `None` when they never touch, and for
            /// invalid input.
            #[inline]
            fn sweep(
                &self,
                motion: Vec2,
                other: &Polyline,
                other_motion: Vec2,
            ) -> Option<SweepHit> {
                sweep(self, motion, other, other_motion).map(|(_, h)| h)
            }
        }
        mirror_sweep!($shape, Polyline);
    };
}

polyline_sweep!(Circle);
polyline_sweep!(Aabb);
polyline_sweep!(Obb);
polyline_sweep!(Capsule);
polyline_sweep!(Triangle);
polyline_sweep!(Segment);
polyline_sweep!(ConvexPolygon);
polyline_sweep!(Ray);
polyline_sweep!(Line);
polyline_sweep!(Polygon);
