//! Point queries on a frustum (any intersection of six half-spaces).

use crate::math::{NO_POINT, ON_SET_TOLERANCE, Real, Vec3};
use crate::query::{PointQuery, three_planes};
use crate::shape::Frustum;

impl PointQuery for Frustum {
    /// `p` when inside; otherwise the exact projection onto the frustum.
    ///
    /// The projection lies in the relative interior of one face, edge or corner, and is the
    /// projection of `p` onto that feature's plane, line or point. So it is the closest, among the
    /// projections onto the 6 planes, 15 plane-pair lines and 20 plane-triple points, of those
    /// that lie in the frustum (up to rounding). That works for any six planes, unbounded and
    /// degenerate frusta included; a frustum with no points returns `NO_POINT`.
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        if self.contains_point(p) {
            return p;
        }
        let planes = &self.planes;
        let scale = planes
            .iter()
            .map(|plane| plane.d.abs())
            .fold(p.abs().max_element(), Real::max);
        let tolerance = ON_SET_TOLERANCE * scale.max(Real::MIN_POSITIVE);
        let inside = |x: Vec3| {
            planes
                .iter()
                .all(|plane| plane.signed_distance(x) <= tolerance)
        };

        let mut best = NO_POINT;
        let mut best_d2 = Real::INFINITY;
        let mut consider = |x: Vec3| {
            let d2 = x.distance_squared(p);
            if d2 < best_d2 && inside(x) {
                best_d2 = d2;
                best = x;
            }
        };
        for i in 0..6 {
            consider(p - planes[i].normal * planes[i].signed_distance(p));
            for j in i + 1..6 {
                if let Some(line) = planes[i].intersection_line(&planes[j]) {
                    // `line.dir` is unit length.
                    consider(line.origin + line.dir * (p - line.origin).dot(line.dir));
                }
                for k in j + 1..6 {
                    if let Some(x) = three_planes(&planes[i], &planes[j], &planes[k]) {
                        consider(x);
                    }
                }
            }
        }
        best
    }

    fn distance_to_point(&self, p: Vec3) -> Real {
        let q = self.closest_point(p);
        if q.is_finite() {
            q.distance(p)
        } else {
            Real::INFINITY
        }
    }

    /// Behind or on every plane (`normal · p <= d`), exactly.
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        self.is_usable()
            && p.is_finite()
            && self
                .planes
                .iter()
                .all(|plane| plane.signed_distance(p) <= 0.0)
    }
}
