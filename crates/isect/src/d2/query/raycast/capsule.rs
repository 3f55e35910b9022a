//! Ray casts against a capsule: in the capsule's own frame where that decides, else by the
//! union of the end discs and the rectangle between them (`cast_convex`).
//!
//! In the frame (origin `a`, unit axis `u` along `b − a`, `y` across it) the capsule lies in the
//! slab `|y| <= r`, and a line that enters the slab where `0 <= x <= |b − a|` enters the capsule
//! there (that point is in the rectangle, and the capsule lies in the slab). A line that enters
//! the slab at `x < 0` enters the capsule, if at all, on the disc about `a`: at or after the slab
//! entry, a point of the capsule with `x < 0` lies in that disc, and a point with `x >= 0` is
//! reached through `x = 0` inside the slab, a point of the same disc (and symmetrically beyond
//! `b`). So one side crossing, or one disc's roots, is the whole cast.
//!
//! Every quantity is computed with an absolute error of a few ulps of `s`, the largest magnitude
//! among the input's coordinates and the radius, and so is the exact cast's rectangle and roots;
//! `slack` (64 ulps of `s`) bounds both. The frame decides only where the answer is clear of
//! every boundary by margins of twice the shift such an error makes: the slab entry clearly
//! inside the side or clearly beyond an end, the disc's discriminant clearly positive or
//! negative, the entry clearly ahead of the origin and clearly within or beyond `max_t`. Every
//! other ray (grazing the sides or the discs, entering near an end of a side, parallel to the
//! axis, starting within rounding of the boundary), every capsule of zero radius or length, and
//! magnitudes whose squares would leave the normal range, are cast the exact way. Every decision
//! is a comparison that NaN fails, so nothing invalid is decided by the frame.

use crate::d2::query::algo::cast::{
    cast_convex, hit, ray_usable, scaled, scaled_back, scaled_ray, start_inside, unit_or,
};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::algo::window::ldexp2;
use crate::d2::query::{PointQuery, RayCast, RayHit};
use crate::d2::shape::{Capsule, Ray};
use crate::math::{Real, Vec2};
use crate::ops;
use crate::query::algo::scale::settled;
use crate::query::algo::scale::{ldexp, normalizing_exponent};

/// The frame's answer to a solid cast from outside: decided (a hit or a miss), or left to the
/// exact cast.
enum Framed {
    Decided(Option<RayHit>),
    Undecided,
    /// The input's magnitude `s` leaves the range where its squares are computed as given.
    Rescale(Real),
}

/// The solid cast of a usable ray whose origin is outside the (usable) capsule, in the
/// capsule's frame where the rounding cannot change the answer (see the module's comment).
#[inline(always)]
fn cast_in_frame(k: &Capsule, ray: &Ray, max_t: Real) -> Framed {
    let (a, b, r) = (k.a, k.b, k.radius);
    let o = ray.origin;
    let s = a.abs().max(b.abs()).max(o.abs()).max_element().max(r);
    let ss = s * s;
    let e = b - a;
    let ll = e.length_squared();
    // Squares of the input's magnitudes stay normal and finite, the axis has a normal length
    // and the radius is positive (each fails for NaN).
    let scale_ok = (ss * Real::EPSILON >= 16.0 * Real::MIN_POSITIVE) & (ss <= Real::MAX / 64.0);
    if !(scale_ok & (ll >= Real::MIN_POSITIVE) & (r > 0.0)) {
        // Out of range: the whole cast at a unit magnitude (issue 24), so that the frame
        // decides there as it would at any scale in range.
        return if scale_ok | !(r > 0.0) {
            Framed::Undecided
        } else {
            Framed::Rescale(s)
        };
    }
    let slack = 64.0 * Real::EPSILON * s;
    let len = ops::sqrt(ll);
    let u = e / len;
    let (d, m) = scaled(ray);
    let f = o - a;
    let (fx, fy) = (f.dot(u), u.perp_dot(f));
    let (dx, dy) = (d.dot(u), u.perp_dot(d));
    // The slab's crossings; `shift` is how far a position error of `slack` across the sides
    // moves them (infinite, and so never clear, for a line parallel to the axis).
    let inv = 1.0 / dy;
    let (t0, t1) = ((-r - fy) * inv, (r - fy) * inv);
    let near = t0.min(t1);
    let shift = 2.0 * slack * inv.abs();
    let x_in = fx + near * dx;
    let mx = 2.0 * slack + shift * dx.abs();
    // `max_t` in scaled parameters (an overflow to ∞ only makes the bound looser).
    let limit = max_t * m;
    if (x_in > mx) & (x_in < len - mx) {
        // Through a side: the one facing the origin, against `dy`.
        if !(near > shift) {
            return Framed::Undecided;
        }
        if near > limit + shift {
            return Framed::Decided(None);
        }
        if !(near < limit - shift) {
            return Framed::Undecided;
        }
        let normal = Vec2::new(-u.y, u.x) * -inv.signum();
        return Framed::Decided(Some(hit(ray, near / m, normal)));
    }
    let c = if x_in < -mx {
        a
    } else if x_in > len + mx {
        b
    } else {
        return Framed::Undecided;
    };
    cast_end(c, r, ray, d, m, limit, slack * s, slack * r)
}

/// The disc of radius `r` about `c` against the ray's line `o + t d` (`d` its direction scaled
/// by `1 / m`, `limit` the scaled `max_t`), decided where the discriminant and the entry are
/// clear: `4 sr` (`slack · s`) bounds the discriminant's error and `dr` (`slack · r`) the
/// roots' from the positions'.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "the frame's quantities, computed once by the caller"
)]
fn cast_end(
    c: Vec2,
    r: Real,
    ray: &Ray,
    d: Vec2,
    m: Real,
    limit: Real,
    sr: Real,
    dr: Real,
) -> Framed {
    let tol = 4.0 * sr;
    let f = ray.origin - c;
    let aa = d.length_squared();
    let bb = -f.dot(d);
    let l = f + d * (bb / aa);
    let disc = r * r - l.length_squared();
    if disc < -tol {
        return Framed::Decided(None);
    }
    if !(disc > tol) {
        return Framed::Undecided;
    }
    // `q != 0`: `s > 0` has the sign of `bb` added to it.
    let sq = ops::sqrt(aa * disc);
    let q = if bb >= 0.0 { bb + sq } else { bb - sq };
    let cc = f.length_squared() - r * r;
    let (x, y) = (cc / q, q / aa);
    let (t0, t1) = (x.min(y), x.max(y));
    // An error `ε` in the discriminant or a position moves a root by at most about
    // `ε / √disc` (`√disc >= sq / √2`).
    let mt = 4.0 * (tol + dr) / sq;
    if t1 < -mt {
        return Framed::Decided(None);
    }
    if t0 > limit + mt {
        return Framed::Decided(None);
    }
    if !((t0 > mt) & (t0 < limit - mt)) {
        return Framed::Undecided;
    }
    let normal = unit_or(f + d * t0, Vec2::X);
    Framed::Decided(Some(hit(ray, t0 / m, normal)))
}

/// The exact cast (the union of the end discs and the rectangle), for the rays the frame leaves
/// undecided.
#[cold]
#[inline(never)]
fn cast_exact(k: &Capsule, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
    cast_convex(&k.as_convex()?, ray, max_t, surface)
}

/// The solid cast of a usable ray from outside a capsule whose largest magnitude `s` (finite,
/// positive) leaves the frame's range: the capsule and the ray scaled as
/// [`scaled_ray`] says, cast with `max_t` scaled the same way (so that the frame leaves a hit
/// near the bound to the exact cast as it would in range), and the hit brought back by
/// [`scaled_back`] (`t` by one `ldexp`, the point formed in the scaled frame); a `t` that
/// overflows is `None`.
#[cold]
#[inline(never)]
fn cast_scaled(k: &Capsule, ray: &Ray, max_t: Real, s: Real) -> Option<RayHit> {
    let (scaled_ray, shift) = scaled_ray(ray, s);
    let e = normalizing_exponent(s);
    let scaled = Capsule::new(ldexp2(k.a, e), ldexp2(k.b, e), ldexp(k.radius, e));
    let h = scaled.raycast(&scaled_ray, ldexp(max_t, -shift))?;
    scaled_back(h, shift, e, max_t)
}

/// The solid cast of a valid ray from outside the valid capsule `k`.
#[inline(always)]
fn cast_from_outside(k: &Capsule, ray: &Ray, max_t: Real) -> Option<RayHit> {
    match cast_in_frame(k, ray, max_t) {
        Framed::Decided(answer) => answer,
        Framed::Undecided => cast_exact(k, ray, max_t, false),
        Framed::Rescale(s) => cast_scaled(k, ray, max_t, s),
    }
}

impl RayCast for Capsule {
    /// The entry point of the capsule (its end discs and the rectangle between them, whose line intervals overlap; in the capsule's frame where rounding cannot matter); `t = 0` with `normal = −dir` from inside ([`PointQuery::contains_point`]), boundary included. A capsule of radius 0 is its segment, one of zero length a circle. `None` for a miss and for invalid input.
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !(ray_usable(ray, max_t) & self.is_usable()) {
            return None;
        }
        if self.contains_point(ray.origin) {
            return Some(start_inside(ray));
        }
        // From outside: a hit's cast again (its `t` subnormal) starts outside too.
        settled(
            self,
            cast_from_outside(self, ray, max_t),
            ray,
            max_t,
            cast_from_outside,
        )
    }

    /// The first point of the boundary along the ray: the entry from outside, the exit from
    /// inside, `t = 0` from a point of the boundary (normal outward in every case).
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !ray_usable(ray, max_t) {
            return None;
        }
        let hit = cast_exact(self, ray, max_t, true);
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
