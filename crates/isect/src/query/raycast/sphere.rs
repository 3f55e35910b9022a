//! Ray casts against a sphere, by the quadratic in the numerically stable form of Haines,
//! Günther and Akenine-Möller, "Precision Improvements for Ray/Sphere Intersection" (*Ray
//! Tracing Gems*, ch. 7, 2019).
//!
//! With `f = origin − center`, `a = dir · dir` and `b = −f · dir`, the textbook discriminant
//! `b² − a (f · f − r²)` subtracts two large, nearly equal numbers when the ray starts far away
//! or grazes the sphere. It equals `a (r² − |l|²)`, where `l = f + (b / a) dir` is the offset
//! of the line's closest point from the center: computed that way it has no cancellation. The
//! roots are then `c / q` and `q / a` with `q = b + sign(b) √(a (r² − |l|²))` and
//! `c = f · f − r²`, which never subtracts nearly equal numbers either.

use crate::math::{Real, Vec3};
use crate::ops;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::settled;
use crate::query::algo::scale::{
    in_squares, ldexp, ldexp_vec, normalized_direction, normalizing_exponent, within_radius,
};
use crate::query::raycast::{cast_valid, dir_needs_scaling, unit_or_against};
use crate::query::{RayCast, RayHit};
use crate::shape::{Ray, Sphere};

/// The terms of the stable quadratic for one ray.
struct Quadratic {
    /// `dir · dir`.
    a: Real,
    /// `−f · dir`: positive when the ray heads towards the center.
    b: Real,
    /// `f · f − r²`: `<= 0` exactly when the origin is in the ball (as `contains_point`).
    c: Real,
    /// `r² − |l|²`: the discriminant over `a`; negative when the line misses.
    disc: Real,
    /// The larger of `f · f` and `r²`: the size of the terms.
    size: Real,
    /// `l` and the radius, for [`Quadratic::meets`].
    l: Vec3,
    radius: Real,
}

impl Quadratic {
    #[inline]
    fn new(center: Vec3, radius: Real, ray: &Ray) -> Self {
        let f = ray.origin - center;
        let a = ray.dir.length_squared();
        let b = -f.dot(ray.dir);
        let rr = radius * radius;
        let l = f + ray.dir * (b / a);
        let ff = f.length_squared();
        Self {
            a,
            b,
            c: ff - rr,
            disc: rr - l.length_squared(),
            size: if ff > rr { ff } else { rr },
            l,
            radius,
        }
    }

    /// Whether the line meets the ball: `disc >= 0`, that is `|l| <= r`, decided by
    /// [`within_radius`], not by the sign of `disc`: where `r` is tiny beside the origin's
    /// offset (`size` in range), `r²` and `|l|²` both underflow to 0 and `0 >= 0` was a hit
    /// (issue 24, `regressions::tiny_radius_beside_unit_offsets`). The roots are then right to
    /// rounding: the discriminant's error moves them by less than `r / |f|` of `t`, below `ε`
    /// there.
    #[inline(always)]
    fn meets(&self) -> bool {
        within_radius(self.l, self.radius)
    }

    /// Whether the terms are computed to full precision: `dir · dir` and the larger of `f · f`
    /// and `r²` within [`SQUARES`](crate::query::algo::scale::SQUARES), so that `a · disc` neither underflows nor overflows. Else the
    /// cast is recomputed about the center with its lengths scaled by powers of two
    /// ([`Sphere::cast_local`]).
    #[inline]
    fn in_range(&self) -> bool {
        in_squares(self.a) & in_squares(self.size)
    }

    /// `q = b + sign(b) √(a · disc)` (with `disc >= 0`).
    #[inline]
    fn q(&self) -> Real {
        let s = ops::sqrt(self.a * self.disc.max(0.0));
        if self.b >= 0.0 {
            self.b + s
        } else {
            self.b - s
        }
    }
}

impl Sphere {
    /// The hit at `t`: where `inside` (a start inside the ball, `t = 0`) at the origin with the
    /// normal against the ray (`start_inside`), else at `origin + t dir` with the normal through
    /// the point (against the ray for a ball of radius 0, which has none). Built in one place
    /// for every path of a cast: with several (and a cold path returning its own hit), the
    /// compiler assembled the hit in memory and copied it, reading it back across the stores of
    /// its fields (docs/performance.md, "The plane cast's regression").
    #[inline(always)]
    fn hit(&self, ray: &Ray, t: Real, inside: bool) -> RayHit {
        let point = if inside { ray.origin } else { ray.point_at(t) };
        let outward = if inside {
            -ray.dir
        } else {
            point - self.center
        };
        RayHit {
            t,
            point,
            normal: unit_or_against(outward, ray.dir),
        }
    }

    /// The ray, `max_t` and the sphere are valid (see `cast_valid`).
    #[inline(always)]
    fn cast_valid(&self, ray: &Ray, max_t: Real) -> bool {
        cast_valid(ray, max_t, [self.center], [self.radius]) && self.radius >= 0.0
    }

    /// What is left of [`Sphere::cast_valid`] to check on a hit of the direct formulas, whose
    /// `dir · dir` is in [`SQUARES`](crate::query::algo::scale::SQUARES) (so `dir` is finite and
    /// non-zero): a NaN or an infinity in the origin or the center makes the offset `f` NaN or
    /// infinite, and with it every term that decides a hit (`c`, `b`, `|l|²`, the closest
    /// point's squared distance) NaN or `+∞`, which no finite radius accepts. What they would
    /// accept is a negative, infinite or NaN radius and a negative or NaN `max_t` (a start
    /// inside ignores `max_t`): checked here, the radius as `r + 0` (`−0` is valid) in bits
    /// below `+∞`'s.
    #[inline(always)]
    fn hit_valid(&self, max_t: Real) -> bool {
        ((self.radius + 0.0).to_bits() < Real::INFINITY.to_bits()) & (max_t >= 0.0)
    }

    /// The cast for terms out of [`Quadratic::in_range`]: about the center, with the origin's
    /// offset and the radius scaled by the power of two `2ᵏ` that brings the larger into
    /// `[1, 2)` and the direction by its own `2ʲ`, `t` converted back by `2ʲ⁻ᵏ` (the same `t`
    /// as the direct formula's where that is in range). The offset is taken from halves of the
    /// origin and the center where it overflows. Returns `t` and whether the hit is a start
    /// inside, for [`Sphere::hit`]; takes the ray as its coordinates, so that no caller stores
    /// its ray for this call (as `cast_cold` in `query/algo/scale/entry.rs`).
    #[cold]
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the ray's six coordinates, so that no caller stores the ray for this call"
    )]
    fn cast_local(
        &self,
        ox: Real,
        oy: Real,
        oz: Real,
        dx: Real,
        dy: Real,
        dz: Real,
        max_t: Real,
        surface: bool,
    ) -> Option<(Real, bool)> {
        let ray = &Ray::new(Vec3::new(ox, oy, oz), Vec3::new(dx, dy, dz));
        if !self.cast_valid(ray, max_t) {
            return None;
        }
        let (f, halved) = match ray.origin - self.center {
            f if f.is_finite() => (f, 0),
            _ => (ldexp_vec(ray.origin, -1) - ldexp_vec(self.center, -1), 1),
        };
        let m = f.abs().max_element().max(ldexp(self.radius, -halved));
        if m == 0.0 {
            // The origin on a ball of radius 0: at the origin, the normal against the ray.
            return Some((0.0, true));
        }
        let k = normalizing_exponent(m);
        let (dir, j) = normalized_direction(ray.dir);
        let local = Sphere::new(Vec3::ZERO, ldexp(self.radius, k - halved));
        let local_ray = Ray::new(ldexp_vec(f, k), dir);
        let shift = k + halved - j;
        let local_max = ldexp(max_t, shift);
        let hit = if surface {
            local.raycast_surface(&local_ray, local_max)
        } else {
            local.raycast(&local_ray, local_max)
        }?;
        let t = ldexp(hit.t, -shift);
        // Built as the direct formulas build it, so that the answer is the same bits.
        (t <= max_t).then_some((t, t == 0.0 && !surface))
    }
}

impl RayCast for Sphere {
    /// The entry point of the ball; `t = 0` with `normal = −dir` when the ray starts inside
    /// (boundary included). A tangent ray hits at the point of tangency. `None` for invalid input.
    ///
    /// ```
    /// use isect::{Ray, RayCast, Sphere, math::Vec3};
    /// let ball = Sphere::new(Vec3::new(5.0, 0.0, 0.0), 1.0);
    /// let hit = ball.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.normal), (4.0, -Vec3::X));
    /// ```
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let quad = Quadratic::new(self.center, self.radius, ray);
        let (t, inside) = if quad.in_range() {
            let (t, inside) = if quad.c <= 0.0 {
                (0.0, true)
            } else if !(quad.b > 0.0 && quad.meets()) {
                return None;
            } else {
                (quad.c / quad.q(), false)
            };
            // In range: `dir` is finite and non-zero (see `hit_valid`); validated on hits only.
            if !((inside || t <= max_t) && self.hit_valid(max_t)) {
                return None;
            }
            (t, inside)
        } else {
            let (o, d) = (ray.origin, ray.dir);
            self.cast_local(o.x, o.y, o.z, d.x, d.y, d.z, max_t, false)?
        };
        settled(
            self,
            Some(self.hit(ray, t, inside)),
            ray,
            max_t,
            Self::raycast,
        )
    }

    /// The first point of the sphere's surface: the entry from outside, the exit from inside,
    /// `t = 0` from a point of the surface (normal outward in every case).
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let quad = Quadratic::new(self.center, self.radius, ray);
        let (t, inside) = if quad.in_range() {
            let t = if quad.c == 0.0 {
                0.0
            } else if quad.c < 0.0 {
                // Inside: the larger root, from whichever form does not cancel.
                let q = quad.q();
                if quad.b >= 0.0 {
                    q / quad.a
                } else {
                    quad.c / q
                }
            } else if quad.b > 0.0 && quad.meets() {
                quad.c / quad.q()
            } else {
                return None;
            };
            // In range: `dir` is finite and non-zero (see `hit_valid`); validated on hits only.
            if !(t <= max_t && self.hit_valid(max_t)) {
                return None;
            }
            (t, false)
        } else {
            let (o, d) = (ray.origin, ray.dir);
            self.cast_local(o.x, o.y, o.z, d.x, d.y, d.z, max_t, true)?
        };
        let hit = Some(self.hit(ray, t, inside));
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }

    /// Without a square root: the closest point of `[0, max_t]` to the center, against the
    /// radius. Touching counts; `false` for invalid input.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        // No magnitude check at the entry: the test needs only `dir · dir` and the larger of
        // `f · f` and `r²` in `SQUARES`, as `raycast`'s terms do; input scaled by a power of two
        // into the window then computes the same bits. Anything else (a zero, tiny, huge or
        // non-finite `dir`, an origin on the center of a ball of radius 0, offsets beyond the
        // range) takes the general test, fully checked.
        let f = ray.origin - self.center;
        let dd = ray.dir.length_squared();
        let (ff, rr) = (f.length_squared(), self.radius * self.radius);
        if !(in_squares(dd) & in_squares(if ff > rr { ff } else { rr })) {
            let (o, d) = (ray.origin, ray.dir);
            return self.raycast_any_cold(o.x, o.y, o.z, d.x, d.y, d.z, max_t);
        }
        // `interval_meets_ball` over `[0, max_t]`, `dir` known finite and non-zero; validated
        // only for a hit, as the casts do (see `checked` and `hit_valid`).
        let t = (-f.dot(ray.dir) / dd).max(0.0).min(max_t);
        within_radius(f + ray.dir * t, self.radius) && self.hit_valid(max_t)
    }
}

impl Sphere {
    /// [`RayCast::raycast_any`] for terms out of range, rescaled where the input's magnitude is
    /// outside the window; the ray as its coordinates (see [`Sphere::cast_local`]).
    #[cold]
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the ray's six coordinates, so that no caller stores the ray for this call"
    )]
    fn raycast_any_cold(
        &self,
        ox: Real,
        oy: Real,
        oz: Real,
        dx: Real,
        dy: Real,
        dz: Real,
        max_t: Real,
    ) -> bool {
        let ray = &Ray::new(Vec3::new(ox, oy, oz), Vec3::new(dx, dy, dz));
        rescale!(cast_any self, ray, max_t);
        interval_meets_ball(self.center, self.radius, ray.origin, ray.dir, 0.0, max_t)
            && self.cast_valid(ray, max_t)
    }
}

/// Both parameters where the ray's line crosses the sphere of `radius` about `center`, smaller
/// first, each from the form that does not cancel; `None` when the line misses it. For a valid
/// ray whose `dir` needs no scaling (the capsule's end caps).
#[inline]
pub(super) fn ball_roots(center: Vec3, radius: Real, ray: &Ray) -> Option<(Real, Real)> {
    let quad = Quadratic::new(center, radius, ray);
    if !quad.meets() {
        return None;
    }
    let q = quad.q();
    if q == 0.0 {
        return Some((0.0, 0.0));
    }
    let (r1, r2) = (quad.c / q, q / quad.a);
    Some((r1.min(r2), r1.max(r2)))
}

/// Where a ray from outside or on the ball of `radius` about `center` first meets it (`0` from
/// inside), `None` when it misses or the ball lies behind: the entry root alone, one division
/// fewer than [`ball_roots`]. For a valid ray whose `dir` needs no scaling (the capsule's ends).
#[inline]
pub(super) fn ball_entry(center: Vec3, radius: Real, ray: &Ray) -> Option<Real> {
    let quad = Quadratic::new(center, radius, ray);
    if quad.c <= 0.0 {
        Some(0.0)
    } else if quad.b > 0.0 && quad.meets() {
        Some(quad.c / quad.q())
    } else {
        None
    }
}

/// Whether `origin + t dir`, `t` in `[lo, hi]`, meets the ball: the point of the interval
/// closest to the center against the radius (compared squared; the offset `f + t dir` is the
/// cancellation-free `l` of the module docs). A zero `dir` is the point `origin`.
#[inline]
pub(crate) fn interval_meets_ball(
    center: Vec3,
    radius: Real,
    origin: Vec3,
    dir: Vec3,
    lo: Real,
    hi: Real,
) -> bool {
    let f = origin - center;
    let dd = dir.length_squared();
    // Tested on `dir`, not `dd`: a direction so short that `dd` underflows to 0 is a line all
    // the same, to be rescaled, not the point `origin`.
    if dir != Vec3::ZERO && dir_needs_scaling(dd) {
        // A NaN or infinite `dir` (callers validate, but the recursion must end regardless).
        if !dir.is_finite() {
            return false;
        }
        // A power of two, so the answer is the one of the unscaled computation where that has
        // neither overflowed nor underflowed.
        let (dir, k) = normalized_direction(dir);
        return interval_meets_ball(center, radius, origin, dir, ldexp(lo, -k), ldexp(hi, -k));
    }
    let t = if dd > 0.0 {
        (-f.dot(dir) / dd).max(lo).min(hi)
    } else {
        0.0
    };
    within_radius(f + dir * t, radius)
}
