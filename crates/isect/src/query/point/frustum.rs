//! Point queries on a frustum (any intersection of six half-spaces).

use crate::math::{NO_POINT, ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::scale::rescale;
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
        rescale!(point self, p, closest_point);
        if !(self.is_usable() && p.is_finite()) {
            return NO_POINT;
        }
        if self.contains_point(p) {
            return p;
        }
        let planes = &self.planes;
        let p_scale = p.abs().max_element();
        // The rounding error of `normal · x − d` scales with |x| and that plane's |d| (and |p|,
        // from which every candidate is computed), not with the largest |d| of all six: a far
        // plane at 10⁴ must not let a candidate near the eye stick out of a side by 10⁴ ulps.
        let inside = |x: Vec3| {
            let scale = p_scale.max(x.abs().max_element());
            planes.iter().all(|plane| {
                let tolerance = ON_SET_TOLERANCE * scale.max(plane.d.abs()).max(Real::MIN_POSITIVE);
                plane.signed_distance(x) <= tolerance
            })
        };

        let mut best = NO_POINT;
        let mut consider = |x: Vec3| {
            // `|x − p|² < |best − p|²`, compared as `(x − best) · ((x − p) + (best − p)) < 0`:
            // squared distances of a far point round away the sideways offset between two
            // nearly equidistant candidates (√ε times the distance), the factored difference
            // keeps it.
            let closer = !best.is_finite() || (x - best).dot((x - p) + (best - p)) < 0.0;
            if closer && inside(x) {
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

    /// `|closest_point(p) − p|`: 0 exactly when [`contains_point`](Self::contains_point)
    /// holds, positive otherwise.
    fn distance_to_point(&self, p: Vec3) -> Real {
        rescale!(point self, p, distance_to_point);
        let q = self.closest_point(p);
        if !q.is_finite() {
            return Real::INFINITY;
        }
        // Outside, the distance is at least how far `p` is beyond each plane. Taking that bound
        // as well keeps it positive just outside a slanted face, where the projection
        // `p − normal · signed distance` can round back onto `p`.
        let beyond = self
            .planes
            .iter()
            .map(|plane| plane.signed_distance(p))
            .fold(0.0, Real::max);
        crate::query::algo::scale::distance(q, p).max(beyond)
    }

    /// Behind or on every plane (`normal · p <= d`), exactly.
    #[inline]
    fn contains_point(&self, p: Vec3) -> bool {
        rescale!(point self, p, contains_point);
        self.is_usable()
            && p.is_finite()
            && self
                .planes
                .iter()
                .all(|plane| plane.signed_distance(p) <= 0.0)
    }
}
