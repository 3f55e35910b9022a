//! Ray casts against a frustum (any six half-spaces): the ray's parameter interval clipped by
//! each plane in turn (Cyrus–Beck; Ericson, *Real-Time Collision Detection*, §5.3.8). The hit is
//! the interval's start and its normal the plane that set it. A plane at infinity (what
//! [`Frustum::from_matrix`] leaves for an infinite far plane: a copy of the opposite plane) clips
//! nothing, so unbounded frusta work.

use crate::math::{Real, Vec3};
use crate::query::algo::scale::settled;
use crate::query::algo::scale::{
    Rescale, cast_scale, crossing, exponent, ldexp, normal_dot_dir, rescaled_ray, scaled_quotient,
};
use crate::query::raycast::{Clip, cast_usable, start_inside};
use crate::query::{PointQuery, RayCast, RayHit};
use crate::shape::{Frustum, Plane, Ray};

impl Frustum {
    /// The ray's interval in `[lo, hi]` inside the frustum; `None` when empty. Where the
    /// interval's ends are both the same infinity, crossings beyond the float range decided it
    /// (a plane nearly parallel to the ray), whose rounding to `±∞` cannot say which comes
    /// first: [`far_crossings_meet`] decides
    /// (`regressions::frustum_overflowed_crossings`).
    #[inline]
    pub(crate) fn clip_interval(
        &self,
        origin: Vec3,
        dir: Vec3,
        lo: Real,
        hi: Real,
    ) -> Option<Clip> {
        let mut clip = Clip::new(lo, hi);
        for (i, plane) in self.planes.iter().enumerate() {
            let s = plane.signed_distance(origin);
            // `normal · dir = den · 2⁻ʲ`: `j` is 0 but where the dot's products underflow (a
            // normal with a tiny coordinate against a short direction), which would make the
            // line parallel to the plane at one scale and not at another.
            let (den, j) = normal_dot_dir(plane.normal, dir);
            let t = || {
                if j == 0 {
                    -s / den
                } else if s == 0.0 {
                    0.0
                } else {
                    scaled_quotient(s, den, j)
                }
            };
            if !clip.clip_by(i, s, den, t) {
                return None;
            }
        }
        if clip.lo == clip.hi && clip.lo.is_infinite() {
            let crossing = |plane: &Plane| {
                let (den, j) = normal_dot_dir(plane.normal, dir);
                (plane.signed_distance(origin), den, j)
            };
            if !far_crossings_meet(self.planes.each_ref().map(crossing), lo, hi) {
                return None;
            }
        }
        Some(clip)
    }

    fn cast(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        if !(self.is_usable() && cast_usable(ray, max_t)) {
            return None;
        }
        let inside = self.contains_point(ray.origin);
        if inside && !surface {
            return Some(start_inside(ray));
        }
        if inside {
            // On a face: t = 0 there. Otherwise the exit.
            if let Some(plane) = self
                .planes
                .iter()
                .find(|p| p.signed_distance(ray.origin) == 0.0)
            {
                return Some(RayHit {
                    t: 0.0,
                    point: ray.origin,
                    normal: plane.normal,
                });
            }
            let clip = self.clip_interval(ray.origin, ray.dir, 0.0, Real::INFINITY)?;
            if !(clip.hi <= max_t) || clip.exit == usize::MAX {
                return None;
            }
            return Some(RayHit {
                t: clip.hi,
                point: ray.point_at(clip.hi),
                normal: self.planes[clip.exit].normal,
            });
        }
        let clip = self.clip_interval(ray.origin, ray.dir, 0.0, max_t)?;
        // Outside, some plane has the origin in front and must be entered through: `enter` is
        // set (a ray that only grazed would have been emptied).
        let normal = match self.planes.get(clip.enter) {
            Some(plane) => plane.normal,
            None => super::against(ray),
        };
        Some(RayHit {
            t: clip.lo,
            point: ray.point_at(clip.lo),
            normal,
        })
    }
}

impl Frustum {
    /// [`Frustum::cast`] of input outside the window, in the frame scaled by `2ᵏ` (the ray's
    /// direction normalized, the frame's parameters `2^shift` times the input's) with each
    /// plane's crossing parameter and the hit's point formed at the input's scale: a frustum is
    /// unbounded, and a crossing representable at the input's scale can overflow in the frame (a
    /// side `2⁻¹³⁹ x + y <= 0` entered at `t = 2¹¹³` by a ray `2⁻²⁶` from it, at `2¹³⁹` in the
    /// frame: the cast missed; issue 24, `regressions::far_frustum_cast_rescaled`), as for
    /// [`Plane`](crate::Plane)'s cast.
    #[cold]
    #[inline(never)]
    fn cast_rescaled(&self, ray: &Ray, max_t: Real, surface: bool, k: i32) -> Option<RayHit> {
        if !(self.is_usable() && cast_usable(ray, max_t)) {
            return None;
        }
        let (scaled, shift) = rescaled_ray(ray, k);
        let frame = self.rescaled(k);
        let inside = frame.contains_point(scaled.origin);
        if inside && !surface {
            return Some(start_inside(ray));
        }
        let s: [Real; 6] = frame
            .planes
            .map(|plane| plane.signed_distance(scaled.origin));
        if inside {
            if let Some(i) = s.iter().position(|&s| s == 0.0) {
                return Some(RayHit {
                    t: 0.0,
                    point: ray.origin,
                    normal: self.planes[i].normal,
                });
            }
        }
        // `normal · dir_frame = den · 2⁻ʲ` and the frame's `t` is `2^shift` times the input's:
        // `t = −s / den · 2^(j − shift)`.
        let crossings: [(Real, Real, i32); 6] = core::array::from_fn(|i| {
            let (den, j) = normal_dot_dir(frame.planes[i].normal, scaled.dir);
            (s[i], den, j - shift)
        });
        let hi = if inside { Real::INFINITY } else { max_t };
        let mut clip = Clip::new(0.0, hi);
        for (i, &(s, den, e)) in crossings.iter().enumerate() {
            let t = || {
                if s == 0.0 {
                    0.0
                } else {
                    scaled_quotient(s, den, e)
                }
            };
            if !clip.clip_by(i, s, den, t) {
                return None;
            }
        }
        if clip.lo == clip.hi && clip.lo.is_infinite() && !far_crossings_meet(crossings, 0.0, hi) {
            return None;
        }
        let (t, index, normal) = if inside {
            if !(clip.hi <= max_t) || clip.exit == usize::MAX {
                return None;
            }
            (clip.hi, clip.exit, self.planes[clip.exit].normal)
        } else {
            match self.planes.get(clip.enter) {
                Some(plane) => (clip.lo, clip.enter, plane.normal),
                None => (clip.lo, usize::MAX, super::against(ray)),
            }
        };
        let point = match self.planes.get(index) {
            Some(plane) => crossing(plane, ray.origin, ray.dir, s[index], k)?.0,
            None => ray.point_at(t),
        };
        Some(RayHit { t, point, normal })
    }
}

impl RayCast for Frustum {
    /// The entry point and the normal of the plane entered through; `t = 0` with `normal =
    /// −dir` from inside (boundary included). `None` for invalid input and for a frustum with
    /// no points.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if let Some(k) = cast_scale(self, ray) {
            return self.cast_rescaled(ray, max_t, false, k);
        }
        settled(self, self.cast(ray, max_t, false), ray, max_t, |s, r, m| {
            s.cast(r, m, false)
        })
    }

    /// The first point of the boundary: the entry from outside, the exit from inside (`None`
    /// when the ray never leaves an unbounded frustum), `t = 0` from a point of a face.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if let Some(k) = cast_scale(self, ray) {
            return self.cast_rescaled(ray, max_t, true, k);
        }
        settled(self, self.cast(ray, max_t, true), ray, max_t, |s, r, m| {
            s.cast(r, m, true)
        })
    }
}

/// Whether the clip of `[lo, hi]` by the crossings `(s, den, e)` (a plane's signed distance
/// `s` of the origin, `den` of the sign of `normal · dir`, and the crossing parameter
/// `−s / den · 2ᵉ`) is not empty, with every parameter kept as a mantissa and an exponent of
/// its own, so that parameters beyond the float range compare as the numbers they are: for a
/// clip whose ends came out as the same infinity, which cannot say which crossing comes first
/// (`regressions::frustum_overflowed_crossings`).
#[cold]
#[inline(never)]
fn far_crossings_meet(crossings: [(Real, Real, i32); 6], lo: Real, hi: Real) -> bool {
    let (mut lo, mut hi) = (Wide::of(lo), Wide::of(hi));
    for (s, den, e) in crossings {
        let t = || {
            if s == 0.0 {
                Wide::of(0.0)
            } else {
                let (a, b) = (exponent(s.abs()), exponent(den.abs()));
                Wide::of(-ldexp(s, -a) / ldexp(den, -b)).times_pow2(a - b + e)
            }
        };
        if den < 0.0 {
            lo = lo.max(t());
        } else if den > 0.0 {
            hi = hi.min(t());
        } else if s > 0.0 {
            return false;
        }
    }
    !hi.less(lo)
}

/// A number `m · 2ᵉ` with `m` in `±[1, 2)`, 0 or `±∞` (then `e` is 0), at any exponent.
#[derive(Clone, Copy)]
struct Wide {
    m: Real,
    e: i32,
}

impl Wide {
    fn of(x: Real) -> Self {
        if x == 0.0 || x.is_infinite() {
            Self { m: x, e: 0 }
        } else {
            let e = exponent(x.abs());
            Self { m: ldexp(x, -e), e }
        }
    }

    fn times_pow2(self, k: i32) -> Self {
        if self.m == 0.0 || self.m.is_infinite() {
            self
        } else {
            Self {
                m: self.m,
                e: self.e + k,
            }
        }
    }

    fn less(self, other: Self) -> bool {
        let (a, b) = (self.m, other.m);
        let special = a == 0.0 || b == 0.0 || a.is_infinite() || b.is_infinite();
        if special || (a < 0.0) != (b < 0.0) || self.e == other.e {
            a < b
        } else {
            // The same sign: the larger exponent is the larger magnitude.
            (self.e < other.e) == (a > 0.0)
        }
    }

    fn max(self, other: Self) -> Self {
        if self.less(other) { other } else { self }
    }

    fn min(self, other: Self) -> Self {
        if other.less(self) { other } else { self }
    }
}
