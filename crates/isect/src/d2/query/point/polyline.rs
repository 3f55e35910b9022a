//! `PointQuery` for a [`Polyline`]: the nearest segment by a nearest-first walk of its BVH, at
//! any magnitude; containment on a segment within the linear sets' tolerance.

use core::cell::Cell;

use crate::d2::query::algo::reach::gap_between;
use crate::d2::query::algo::window::{fmax, ldexp2, max_abs, scale_for};
use crate::d2::query::{Bounded, PointQuery};
use crate::d2::shape::Polyline;
use crate::d2::{NO_POINT, on_set_tolerance};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::{TINY_SQUARE, in_window};

impl PointQuery for Polyline {
    /// The closest point on the segments (a zero-length segment is its point).
    /// [`NO_POINT`](crate::d2::NO_POINT) for a non-finite `p`.
    ///
    /// ```
    /// use isect::d2::{Polyline, PointQuery};
    /// use isect::math::Vec2;
    /// let floor = Polyline::chain(vec![Vec2::new(-1.0, 0.0), Vec2::ZERO, Vec2::new(1.0, 0.0)]).unwrap();
    /// assert_eq!(floor.closest_point(Vec2::new(0.5, 2.0)), Vec2::new(0.5, 0.0));
    /// assert_eq!(floor.distance_to_point(Vec2::new(3.0, 0.0)), 2.0);
    /// ```
    fn closest_point(&self, p: Vec2) -> Vec2 {
        nearest(self, p).unwrap_or(NO_POINT)
    }

    /// The distance to the closest point, at any magnitude (never 0 for a point off the
    /// segments, never `+∞` where the distance is finite); `+∞` for a non-finite `p`.
    fn distance_to_point(&self, p: Vec2) -> Real {
        nearest(self, p).map_or(Real::INFINITY, |q| gap_between(q, p, 0.0, 0.0))
    }

    /// Whether `p` lies on a segment, within the tolerance of
    /// [`Segment::contains_point`](crate::d2::Segment) (a point computed on a segment is rarely
    /// exactly on it); a polyline has no inside. `false` for a non-finite `p`.
    ///
    /// ```
    /// use isect::d2::{Polyline, PointQuery};
    /// use isect::math::Vec2;
    /// let floor = Polyline::chain(vec![Vec2::new(-1.0, 0.0), Vec2::ZERO, Vec2::new(1.0, 0.0)]).unwrap();
    /// assert!(floor.contains_point(Vec2::new(0.25, 0.0)));
    /// assert!(!floor.contains_point(Vec2::new(0.25, 0.5)));
    /// ```
    fn contains_point(&self, p: Vec2) -> bool {
        if !p.is_finite() {
            return false;
        }
        // Each segment's tolerance scales with its own coordinates, which the polyline's box
        // bounds.
        let b = self.aabb();
        let tol = on_set_tolerance([p, b.min, b.max]);
        let grow = Vec2::splat(tol);
        self.any_in_box(p - grow, p + grow, |i| self.segment(i).contains_point(p))
    }
}

/// The closest point to `p` on the segments (from the segment of lowest index among equally
/// near ones), by a nearest-first walk; `None` for a non-finite `p`. The segments' squared
/// distances are compared in the window: when the polyline's box or `p` lies outside it, the
/// differences are scaled into it by one power of two (exact), where their squares neither
/// overflow (all `+∞` above about `2⁶⁴` in `f32`, a tie the lowest index won) nor underflow.
fn nearest(polyline: &Polyline, p: Vec2) -> Option<Vec2> {
    if !p.is_finite() {
        return None;
    }
    let b = polyline.aabb();
    let m = fmax(max_abs(p), fmax(max_abs(b.min), max_abs(b.max)));
    if in_window(m) {
        nearest_scaled(polyline, p, |v| v)
    } else {
        nearest_cold(polyline, p, m)
    }
}

#[cold]
#[inline(never)]
fn nearest_cold(polyline: &Polyline, p: Vec2, m: Real) -> Option<Vec2> {
    // An empty polyline's box is infinite: nothing to walk, any `k` will do.
    let k = scale_for(m).unwrap_or(0);
    nearest_scaled(polyline, p, |v| ldexp2(v, k))
}

/// [`nearest`] with the points' differences compared as `scale` brings them (exactly).
#[inline(always)]
fn nearest_scaled(polyline: &Polyline, p: Vec2, scale: impl Fn(Vec2) -> Vec2) -> Option<Vec2> {
    let ps = scale(p);
    let best: Cell<Option<(u32, Vec2, Real)>> = Cell::new(None);
    polyline.walk(
        |n| {
            let gap = (scale(n.min) - ps).max(ps - scale(n.max)).max(Vec2::ZERO);
            let d2 = gap.length_squared();
            // Below `TINY_SQUARE` a square is too coarse to prune by.
            best.get()
                .is_none_or(|b| d2 <= b.2.max(TINY_SQUARE))
                .then_some(d2)
        },
        |i| {
            let q = polyline.segment(i).closest_point(p);
            let d2 = (scale(q) - ps).length_squared();
            if best
                .get()
                .is_none_or(|b| d2 < b.2 || (d2 == b.2 && i < b.0))
            {
                best.set(Some((i, q, d2)));
            }
            false
        },
    );
    best.get().map(|(_, q, _)| q)
}
