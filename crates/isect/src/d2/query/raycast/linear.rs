//! Ray casts against segments, rays and lines: sets without an inside, so the solid and the
//! surface casts agree, and the normal faces the ray (against the ray where it runs along the
//! set).

use crate::d2::query::algo::cast::{
    cast_segment, hit_spanning, outward, ray_usable, scaled, unit_or,
};
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Line, Ray, Segment};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::settled;

/// The first point with `t` in `[0, max_t]` of the set `p + s e` (`s` in `[lo, hi]`) along a
/// valid ray: the crossing, or where a collinear set begins (`t = 0` when it holds the origin).
fn cast_unbounded(p: Vec2, e: Vec2, lo: Real, ray: &Ray, max_t: Real) -> Option<RayHit> {
    let (d, m) = scaled(ray);
    let em = e.abs().max_element();
    let e = e / em;
    let w = p - ray.origin;
    if !w.is_finite() {
        return cast_unbounded_far(p, e, lo, ray, max_t);
    }
    let den = d.perp_dot(e);
    let u = unit_or(d, Vec2::X);
    if den == 0.0 {
        if d.perp_dot(w) != 0.0 {
            return None;
        }
        // Collinear: the set's parameter at the origin decides whether it holds the origin.
        let s0 = -w.dot(e) / e.length_squared();
        let t = if s0 >= lo {
            0.0
        } else {
            // A ray (lo = 0) ahead of the origin, pointing the same way or back.
            let t = w.dot(d) / d.length_squared() / m;
            if t < 0.0 {
                return None;
            }
            t
        };
        return (t <= max_t).then(|| hit_spanning(ray, t, -u));
    }
    let s = w.perp_dot(d) / den;
    if s < lo {
        return None;
    }
    let t = match w.perp_dot(e) {
        n if n.is_finite() => along(n, den, m),
        // The cross product overflowed where the offset's two terms add up past `Real::MAX`
        // (an origin near `−MAX` and a crossing far on the other side): halved, with `m`.
        _ => along((w * 0.5).perp_dot(e), den, m * 0.5),
    };
    if !(t >= 0.0 && t <= max_t) {
        return None;
    }
    let n = outward(e);
    Some(hit_spanning(
        ray,
        t,
        unit_or(if n.dot(d) > 0.0 { -n } else { n }, -u),
    ))
}

/// [`cast_unbounded`] where the set's point and the ray's origin are more than `Real::MAX`
/// apart (on opposite sides near the limit): both halved (exact), which halves the parameter.
#[cold]
#[inline(never)]
fn cast_unbounded_far(p: Vec2, e: Vec2, lo: Real, ray: &Ray, max_t: Real) -> Option<RayHit> {
    let half = Ray::new(ray.origin * 0.5, ray.dir);
    cast_unbounded(p * 0.5, e, lo, &half, max_t * 0.5)
        .map(|h| hit_spanning(ray, h.t * 2.0, h.normal))
}

/// `n / den / m`, the ray's parameter from the scaled cross products (`m` the largest
/// coordinate of the ray's direction): where `n / den` overflows, divided by `m` first (then
/// `m >= 1`, or the parameter overflows too), so a hit below `Real::MAX` is not lost.
#[inline]
fn along(n: Real, den: Real, m: Real) -> Real {
    let t = n / den;
    if t.is_finite() { t / m } else { n / m / den }
}

impl RayCast for Segment {
    /// Where the ray first meets the segment: the crossing, or for a ray along it the nearer
    /// end (`t = 0` from a point of it); the normal faces the ray (against the ray along it). A
    /// zero-length segment is a point. The same as [`raycast_surface`](Self::raycast_surface).
    /// `None` for a miss and for invalid input.
    ///
    /// ```
    /// use isect::d2::{Ray, RayCast, Segment};
    /// use isect::math::Vec2;
    /// let wall = Segment::new(Vec2::new(3.0, -1.0), Vec2::new(3.0, 1.0));
    /// let hit = wall.raycast(&Ray::new(Vec2::ZERO, Vec2::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.normal), (3.0, -Vec2::X));
    /// ```
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = (ray_usable(ray, max_t) && self.is_usable())
            .then(|| cast_segment(self.a, self.b, ray, max_t))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast)
    }

    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast(ray, max_t)
    }
}

impl RayCast for Ray {
    /// Where the cast ray first meets this ray (a half-line), as for a segment. `None` for a
    /// miss and for invalid input.
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = (ray_usable(ray, max_t) && self.is_usable())
            .then(|| cast_unbounded(self.origin, self.dir, 0.0, ray, max_t))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast)
    }

    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast(ray, max_t)
    }
}

impl RayCast for Line {
    /// Where the ray crosses the line (`t = 0` when the ray lies on it); the normal faces the
    /// ray. `None` for a ray parallel to the line and off it, a miss, and invalid input.
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = (ray_usable(ray, max_t) && self.is_usable())
            .then(|| cast_unbounded(self.origin, self.dir, Real::NEG_INFINITY, ray, max_t))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast)
    }

    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast(ray, max_t)
    }
}
