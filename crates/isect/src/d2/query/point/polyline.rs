//! `PointQuery` for a [`Polyline`]: the nearest segment by a nearest-first walk of its BVH;
//! containment on a segment within the linear sets' tolerance.

use crate::d2::query::PointQuery;
use crate::d2::shape::Polyline;
use crate::d2::{NO_POINT, on_set_tolerance};
use crate::math::Vec2;

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
        self.nearest(p).map_or(NO_POINT, |(_, q)| q)
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
        let b = crate::d2::query::Bounded::aabb(self);
        let tol = on_set_tolerance([p, b.min, b.max]);
        let grow = Vec2::splat(tol);
        self.any_in_box(p - grow, p + grow, |i| self.segment(i).contains_point(p))
    }
}
