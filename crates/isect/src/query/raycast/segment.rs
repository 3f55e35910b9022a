//! Ray casts against a segment: a set without inside, met where `Intersects<Ray>` says the ray
//! meets it (its closest pair within the on-set tolerance), at the first such point along the
//! ray.

use crate::math::{Real, Vec3};
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::settled;
use crate::query::intersects::closest_pair_touches;
use crate::query::raycast::{against, cast_valid, checked, unit_or};
use crate::query::{Distance, RayCast, RayHit};
use crate::shape::{Line, Ray, Segment};

/// The largest part of a unit `−dir` across a unit axis that counts as rounding: the two unit
/// vectors and the projection each round by a few ε.
const ALONG: Real = 16.0 * Real::EPSILON;

/// The first parameter along `origin + t dir`, from `lo` on, of a segment with ends `ends`
/// that meets the line at `t`: an end lying on the line (within `on_set_tolerance`) before `t`
/// starts the piece of the segment along it (`lo` when that end lies before `lo`). A segment
/// lying along the line meets it on their whole overlap, where a closest pair may be anywhere.
#[inline]
pub(crate) fn first_on_line(origin: Vec3, dir: Vec3, ends: [Vec3; 2], lo: Real, t: Real) -> Real {
    let along = Linear::line(&Line::new(origin, dir));
    let mut first = t;
    for end in ends {
        let s = along.project(end);
        let foot = along.at(s);
        if foot.distance(end) <= crate::math::on_set_tolerance([foot, end, origin]) {
            first = first.min(s.max(lo));
        }
    }
    first
}

impl Segment {
    #[inline(always)]
    fn cast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        checked(self.cast_unchecked(ray, max_t), || {
            cast_valid(ray, max_t, [self.a, self.b], [])
        })
    }

    #[inline]
    fn cast_unchecked(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let pair = self.closest_points(ray);
        if !closest_pair_touches(pair, [self.a, self.b, ray.origin]) {
            return None;
        }
        // The closest pair is one common point; a piece lying along the ray starts at whichever
        // end lies on the ray's line first (an end behind the origin puts the origin on it).
        let t = first_on_line(
            ray.origin,
            ray.dir,
            [self.a, self.b],
            0.0,
            Linear::ray(ray).project(pair.b),
        );
        if !(t <= max_t) {
            return None;
        }
        // Facing the ray: the part of −dir across the segment (−dir itself along it, or for a
        // segment that is a point).
        let back = against(ray);
        let axis = unit_or(self.b - self.a, || Vec3::ZERO);
        let across = back - axis * back.dot(axis);
        // Along the segment when what is left across is rounding of the two unit vectors (a few
        // ε; normalizing it would give a direction of noise).
        let normal = if across.length_squared() > ALONG * ALONG {
            unit_or(across, || back)
        } else {
            back
        };
        Some(RayHit {
            t,
            point: ray.point_at(t),
            normal,
        })
    }
}

impl RayCast for Segment {
    /// The first point of the segment along the ray: where `intersects` finds them meeting (the
    /// closest pair within [`on_set_tolerance`](crate::math::on_set_tolerance), as for a point on
    /// a line: a crossing computed in floating point is rarely exact), or where a piece of the
    /// segment lying along the ray begins (`t = 0` when the origin is on it). A segment has no
    /// inside, so `raycast` and `raycast_surface` agree; the normal is the unit part of `−dir`
    /// across the segment, facing the ray (`−dir` for a ray along the segment, and for a
    /// zero-length segment, which is a point). `None` for invalid input (non-finite, zero
    /// direction, negative or NaN `max_t`).
    ///
    /// ```
    /// use isect::{Ray, RayCast, Segment, math::Vec3};
    /// let bar = Segment::new(Vec3::new(2.0, -1.0, 0.0), Vec3::new(2.0, 1.0, 0.0));
    /// let hit = bar.raycast(&Ray::new(Vec3::ZERO, Vec3::new(1.0, 0.0, 1.0)), 10.0);
    /// assert!(hit.is_none()); // passes above it
    /// let hit = bar.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (2.0, Vec3::new(2.0, 0.0, 0.0), -Vec3::X));
    /// // Along the segment: its first end.
    /// let hit = bar.raycast(&Ray::new(Vec3::new(2.0, -3.0, 0.0), Vec3::Y), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.normal), (2.0, -Vec3::Y));
    /// ```
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        settled(self, self.cast(ray, max_t), ray, max_t, Self::cast)
    }

    /// As [`raycast`](Self::raycast): a segment has no inside.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        settled(self, self.cast(ray, max_t), ray, max_t, Self::cast)
    }
}
