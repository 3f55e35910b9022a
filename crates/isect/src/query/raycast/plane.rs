//! Ray casts against a plane: `t = (d − n · origin) / (n · dir)` (Ericson, *Real-Time Collision
//! Detection*, §5.3.1). The plane is a surface: two-sided, with the normal facing the ray's side,
//! and [`Plane::raycast_front`] for the one-sided cast that games use.

use crate::math::{Real, Vec3};
use crate::query::PointQuery;
use crate::query::algo::scale::{
    Rescale, UnscaleCast, cast_scale, crossing, ldexp, normal_dot_dir, rescaled_ray,
    scaled_quotient,
};
use crate::query::algo::scale::{TINY_SQUARE, settled};
use crate::query::raycast::cast_valid;
use crate::query::{RayCast, RayHit};
use crate::shape::{Plane, Ray};

impl Plane {
    /// The cast: `t` where `n · dir` is clear of the subnormal range (the common case), else
    /// from [`Plane::crossing_rare`]; the input validated only where the arithmetic would
    /// accept invalid input.
    ///
    /// A hit at `t > 0` needs no check: `t = −s / (n · dir)` is then finite and positive, so `s`
    /// and `n · dir` are finite and `n · dir ≠ 0`, which no NaN or infinite coordinate allows
    /// (each makes its product, and so the sum, NaN or infinite: `0 · ∞` is NaN), nor a zero
    /// normal or direction; and `0 < t <= max_t` rules out a NaN or negative `max_t`. Hits at
    /// `t = 0` (starting on the plane, running in it, or an infinite `dir` dividing `s` to 0) are
    /// checked in full (test: `raycast::invalid::plane_each_invalid_coordinate_alone_gives_no_hit`).
    ///
    /// The hit is built in one place, at the end: with a second place (a cold path returning
    /// its own hit) the compiler assembled the hit in memory and copied it, reading it back
    /// across the stores of its fields (a store-forwarding stall per hit).
    #[inline(always)]
    fn cast(&self, ray: &Ray, max_t: Real, front_only: bool) -> Option<RayHit> {
        let den = self.normal.dot(ray.dir);
        // Also false for a NaN and a zero `den` (parallel).
        let (t, den) = if den.abs() >= Real::MIN_POSITIVE / Real::EPSILON {
            if front_only && !(den < 0.0) {
                return None;
            }
            // `+ 0.0` turns the `−0` of an origin on the plane (`s = 0`) into `+0`.
            (-self.signed_distance(ray.origin) / den + 0.0, den)
        } else {
            let (o, d) = (ray.origin, ray.dir);
            self.crossing_rare(o.x, o.y, o.z, d.x, d.y, d.z, front_only)
        };
        // An infinite `t` is a crossing beyond the largest finite parameter: no hit.
        if !(t >= 0.0 && t <= max_t && t < Real::INFINITY) {
            return None;
        }
        if !(t > 0.0
            || (cast_valid(ray, max_t, [self.normal], [self.d]) && self.normal != Vec3::ZERO))
        {
            return None;
        }
        // The normal faces the ray's side: multiplied by `±1`, no branch on the side.
        let side = if den > 0.0 { -1.0 } else { 1.0 };
        let normal = self.normal * side;
        let point = ray.point_at(t);
        // Onto the plane: the rounding of `origin + t dir` moved it off by up to |point| ulps.
        let point = point - self.normal * self.signed_distance(point);
        Some(RayHit { t, point, normal })
    }

    /// `(t, n · dir)` where `n · dir` is zero, subnormal-prone or NaN: the dot taken of `dir`
    /// normalized by a power of two ([`normal_dot_dir`]), a ray parallel to the plane met at
    /// `t = 0` when it runs in it; `t` NaN where there is no crossing (parallel and off the
    /// plane, or not from the front for `front_only`). The ray comes as its coordinates: an
    /// out-of-line call taking `&Ray` would make every caller store its ray
    /// (docs/performance.md, "The plane cast's regression").
    #[cold]
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the ray's six coordinates, so that no caller stores the ray for this call"
    )]
    fn crossing_rare(
        &self,
        ox: Real,
        oy: Real,
        oz: Real,
        dx: Real,
        dy: Real,
        dz: Real,
        front_only: bool,
    ) -> (Real, Real) {
        let origin = Vec3::new(ox, oy, oz);
        let s = self.signed_distance(origin);
        let (den, k) = normal_dot_dir(self.normal, Vec3::new(dx, dy, dz));
        let t = if front_only && !(den < 0.0) {
            Real::NAN
        } else if s == 0.0 {
            0.0
        } else if den == 0.0 {
            // Parallel: in the plane (within its tolerance) from the start, or never.
            if self.contains_point(origin) {
                0.0
            } else {
                Real::NAN
            }
        } else if s.is_finite() && den.is_finite() {
            // `−s / den` is the parameter along `dir · 2ᵏ`: formed with the power applied after,
            // so that it does not overflow where the parameter along `dir` does not.
            scaled_quotient(s, den, k)
        } else {
            Real::NAN
        };
        (t, den)
    }

    /// The cast of input outside the window: answered in the frame scaled by `2ᵏ` (the ray's
    /// direction normalized, its parameters times `2^shift`) and scaled back; where the frame has
    /// no hit, its crossing's `t` may have overflowed there though it is representable at the
    /// input's scale (the frame's `t` is `2^shift` times the input's: a plane crossed at
    /// `t = 2¹¹³` by a ray `2⁻²⁶` from it was crossed at `2¹³⁹` in the frame, `∞` in `f32`;
    /// issue 24, `regressions::far_plane_cast_rescaled`), so `t` and the point are formed at the
    /// input's scale from the frame's numbers ([`scaled_quotient`], [`crossing`]). The ray comes
    /// as its coordinates, as for [`Plane::crossing_rare`].
    #[cold]
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the ray's six coordinates, so that no caller stores the ray for this call"
    )]
    fn cast_rescaled(
        &self,
        ox: Real,
        oy: Real,
        oz: Real,
        dx: Real,
        dy: Real,
        dz: Real,
        max_t: Real,
        k: i32,
    ) -> Option<RayHit> {
        let ray = Ray::new(Vec3::new(ox, oy, oz), Vec3::new(dx, dy, dz));
        let (scaled, shift) = rescaled_ray(&ray, k);
        let plane = self.rescaled(k);
        if let Some(hit) = plane.cast(&scaled, ldexp(max_t, shift), false) {
            let hit = hit.unscaled_cast(k, shift);
            return (hit.t <= max_t).then_some(hit);
        }
        // `n · dir_frame = den · 2⁻ʲ`, so `t = −s / den · 2^(j − shift)` at the input's scale.
        let s = plane.signed_distance(scaled.origin);
        let (den, j) = normal_dot_dir(plane.normal, scaled.dir);
        if !(s.is_finite() && den.is_finite() && s != 0.0 && den != 0.0) {
            return None;
        }
        let t = scaled_quotient(s, den, j - shift);
        // A positive finite `t` comes only from valid input (see [`Plane::cast`]).
        if !(t > 0.0 && t <= max_t && t < Real::INFINITY) {
            return None;
        }
        let (point, _) = crossing(self, ray.origin, ray.dir, s, k)?;
        let point = if point.is_finite() {
            point - self.normal * self.signed_distance(point)
        } else {
            point
        };
        let side = if den > 0.0 { -1.0 } else { 1.0 };
        Some(RayHit {
            t,
            point,
            normal: self.normal * side,
        })
    }

    /// The one-sided (back-face culled) cast: a hit only for a ray travelling from the front
    /// towards the back (`normal · dir < 0`), at the same point as [`RayCast::raycast`], with
    /// `normal` the plane's. `None` for rays parallel to the plane or leaving its front, and
    /// for invalid input.
    ///
    /// ```
    /// use isect::{Plane, Ray, math::Vec3};
    /// let ground = Plane::new(Vec3::Y, 0.0);
    /// let down = Ray::new(Vec3::new(1.0, 5.0, 0.0), -Vec3::Y);
    /// assert_eq!(ground.raycast_front(&down, 10.0).unwrap().t, 5.0);
    /// let up = Ray::new(Vec3::new(1.0, -5.0, 0.0), Vec3::Y);
    /// assert!(ground.raycast_front(&up, 10.0).is_none());
    /// ```
    #[must_use]
    pub fn raycast_front(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        settled(self, self.cast(ray, max_t, true), ray, max_t, |s, r, m| {
            s.cast(r, m, true)
        })
    }
}

impl RayCast for Plane {
    /// Where the ray meets the plane, from either side; the normal faces the side the ray comes
    /// from. A ray starting on the plane hits at `t = 0`; a ray parallel to it hits at `t = 0`
    /// when its origin is on the plane (within
    /// [`on_set_tolerance`](crate::math::on_set_tolerance)) and never otherwise. `None` where the
    /// crossing's `t` is beyond the largest finite value, and for invalid input.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if let Some(k) = cast_scale(self, ray) {
            let (o, d) = (ray.origin, ray.dir);
            return self.cast_rescaled(o.x, o.y, o.z, d.x, d.y, d.z, max_t, k);
        }
        settled(self, self.cast(ray, max_t, false), ray, max_t, |s, r, m| {
            s.cast(r, m, false)
        })
    }

    /// Whether [`RayCast::raycast`] hits, without forming the point: the same answer, touching
    /// and parallel rays in the plane included; `false` for invalid input.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        // `t = −s / (n · dir)` decided at once where it is finite and not 0, and `s` and
        // `n · dir` are clear of the range where their products may have underflowed: a
        // positive finite `t` comes only from valid input (see `Plane::cast`) and a negative one
        // is no hit for any input, and input scaled into the rescaling window computes the same
        // bits there. Anything else (a crossing at the origin, a parallel ray, tiny or
        // overflowing terms, NaN) is the cast's own answer.
        let den = self.normal.dot(ray.dir);
        let s = self.signed_distance(ray.origin);
        let t = -s / den;
        let clear = (den.abs() >= Real::MIN_POSITIVE / Real::EPSILON) & (s.abs() >= TINY_SQUARE);
        if clear & (t != 0.0) & (t.abs() < Real::INFINITY) {
            // Behind the origin: no hit for any input (the cast's own `t >= 0` test).
            return (t > 0.0) & (t <= max_t);
        }
        self.raycast(ray, max_t).is_some()
    }

    /// The same as [`RayCast::raycast`]: a plane has no inside.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if let Some(k) = cast_scale(self, ray) {
            let (o, d) = (ray.origin, ray.dir);
            return self.cast_rescaled(o.x, o.y, o.z, d.x, d.y, d.z, max_t, k);
        }
        settled(self, self.cast(ray, max_t, false), ray, max_t, |s, r, m| {
            s.cast(r, m, false)
        })
    }
}
