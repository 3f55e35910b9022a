//! Ray casts in the plane, shared by every shape: the solid and the surface hit read off the
//! interval of parameters over which the ray's carrier line lies in a convex set
//! ([`super::interval`]), the hit's pieces (its unit normal, the start inside), and the casts of
//! rounded sets outside the magnitudes where their squares are computed as given. Whether the
//! origin lies in the set (the hit at `t = 0` of a solid cast) is decided by the exact
//! containment tests, as `contains_point`.

use crate::d2::query::RayHit;
use crate::d2::query::algo::convex::Convex;
use crate::d2::query::algo::corners::hull_closest_point;
use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::segment_point::segment_direction;
use crate::d2::query::algo::window;
use crate::d2::shape::Ray;
use crate::math::{Real, Vec2};
use crate::ops;
use crate::query::algo::scale::{in_window, ldexp, normalizing_exponent};

use crate::d2::query::algo::interval::{convex_interval, point_interval, segment_interval};

/// A finite origin, a finite non-zero direction and a `max_t` that is neither NaN nor negative.
#[inline]
pub(crate) fn ray_usable(ray: &Ray, max_t: Real) -> bool {
    // One branch for the four tests (`&`, not `&&`): a valid ray passes them all.
    ray.origin.is_finite() & ray.dir.is_finite() & (ray.dir != Vec2::ZERO) & (max_t >= 0.0)
}

/// `v` normalized, rescaled first by a power of two where its squared length under- or
/// overflows (the same arithmetic on `v · 2ᵏ`, so the unit vector of a vector scaled by a power
/// of two is the same bits); `fallback` for the zero vector and non-finite vectors.
#[inline]
pub(crate) fn unit_or(v: Vec2, fallback: Vec2) -> Vec2 {
    let ll = v.length_squared();
    if (Real::MIN_POSITIVE..Real::INFINITY).contains(&ll) {
        return v * (1.0 / ops::sqrt(ll));
    }
    unit_or_cold(v, fallback)
}

#[cold]
#[inline(never)]
fn unit_or_cold(v: Vec2, fallback: Vec2) -> Vec2 {
    let m = v.abs().max_element();
    if m > 0.0 && m.is_finite() {
        let k = normalizing_exponent(m);
        let w = window::ldexp2(v, k);
        w * (1.0 / ops::sqrt(w.length_squared()))
    } else {
        fallback
    }
}

/// The unit outward normal (to the right of the direction `a → b`) of the edge from `a` to `b`;
/// `fallback` where `a == b` or either end is not finite. An edge whose difference overflows
/// (ends of opposite signs near `Real::MAX`) is taken as `b / 2 − a / 2`, exact there, so the
/// edge keeps its normal.
#[inline]
pub(crate) fn edge_normal(a: Vec2, b: Vec2, fallback: Vec2) -> Vec2 {
    unit_or(outward(segment_direction(a, b).0), fallback)
}

/// The unit vector against the ray: the normal of a solid hit at the ray's start.
#[inline]
pub(crate) fn against(ray: &Ray) -> Vec2 {
    unit_or(-ray.dir, Vec2::X)
}

/// `(e.y, −e.x)`: the outward normal of the edge `e` of a counter-clockwise polygon (unscaled).
#[inline]
pub(crate) fn outward(e: Vec2) -> Vec2 {
    Vec2::new(e.y, -e.x)
}

/// The ray with `dir` scaled to unit largest coordinate, and the factor `m` that converts its
/// parameters back (`t = t_scaled / m`): the quadratics and the cross products stay clear of
/// overflow and underflow for any finite direction. Exact for directions whose largest
/// coordinate is a power of two.
#[inline]
pub(crate) fn scaled(ray: &Ray) -> (Vec2, Real) {
    let m = ray.dir.abs().max_element();
    (ray.dir / m, m)
}

/// Whether `p` lies on the boundary of a convex set that contains it (exact for hulls, the
/// rounded squared distance for radii).
fn on_boundary(c: &Convex<'_>, p: Vec2) -> bool {
    let v = c.verts();
    if c.radius == 0.0 {
        if v.len() < 3 {
            return true;
        }
        let n = v.len();
        return (0..n).any(|i| orient(v[i], v[(i + 1) % n], p) == 0);
    }
    hull_closest_point(v, p).distance_squared(p) == c.radius * c.radius
}

/// The hit at parameter `t` with normal `n`.
#[inline]
pub(crate) fn hit(ray: &Ray, t: Real, normal: Vec2) -> RayHit {
    RayHit {
        t,
        point: ray.point_at(t),
        normal,
    }
}

/// [`hit`] for a set that may lie across the float range from the origin (a line's crossing):
/// `origin + t · dir` overflows where `t · dir` does and the point does not (an origin near
/// `−MAX`, the crossing on the other side of 0), so such coordinates are formed from halves;
/// those of a point beyond `Real::MAX` stay `±∞`.
#[inline]
pub(crate) fn hit_spanning(ray: &Ray, t: Real, normal: Vec2) -> RayHit {
    let h = hit(ray, t, normal);
    if h.point.is_finite() {
        h
    } else {
        RayHit {
            point: halved_point(ray.origin, ray.dir, t),
            ..h
        }
    }
}

#[cold]
#[inline(never)]
fn halved_point(origin: Vec2, dir: Vec2, t: Real) -> Vec2 {
    (origin * 0.5 + dir * (t * 0.5)) * 2.0
}

/// The solid hit at `t = 0` of a ray that starts inside.
#[inline]
pub(crate) fn start_inside(ray: &Ray) -> RayHit {
    RayHit {
        t: 0.0,
        point: ray.origin,
        normal: against(ray),
    }
}

/// The solid (`surface == false`) or boundary cast of a valid ray against a convex set, from
/// the exact containment of the origin and the line's interval in the set.
pub(crate) fn cast_convex(c: &Convex<'_>, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
    // The interval's cross products and a rounded set's squares: out of the window, cast the
    // input scaled by powers of two (issue 24).
    let s = c
        .verts()
        .iter()
        .fold(ray.origin.abs().max_element().max(c.radius), |m, p| {
            m.max(p.abs().max_element())
        });
    if !in_window(s) && s > 0.0 {
        return cast_convex_scaled(c, ray, max_t, surface, s);
    }
    let inside = c.contains(ray.origin);
    if inside && !surface {
        return Some(start_inside(ray));
    }
    let iv = convex_interval(c, ray);
    if inside {
        // From inside: the boundary at the origin, or the exit.
        if on_boundary(c, ray.origin) {
            let n = iv.map_or_else(
                || against(ray),
                |iv| {
                    if iv.t_in.abs() <= iv.t_out.abs() {
                        iv.n_in
                    } else {
                        iv.n_out
                    }
                },
            );
            return Some(hit(ray, 0.0, n));
        }
        let iv = iv?;
        let t = iv.t_out.max(0.0);
        return (t <= max_t).then(|| hit(ray, t, iv.n_out));
    }
    let iv = iv?;
    if iv.t_out < 0.0 {
        return None;
    }
    // An origin outside but within rounding of the set may see the entry just behind it.
    let t = iv.t_in.max(0.0);
    (t <= max_t).then(|| hit(ray, t, iv.n_in))
}

/// The first point of the segment `ab` along a valid ray, with `0 <= t <= max_t`, and the
/// segment's normal facing the ray (against the ray where it runs along the segment).
pub(crate) fn cast_segment(a: Vec2, b: Vec2, ray: &Ray, max_t: Real) -> Option<RayHit> {
    let s = a.abs().max(b.abs()).max(ray.origin.abs()).max_element();
    if !in_window(s) && s > 0.0 {
        return cast_segment_scaled(a, b, ray, max_t, s);
    }
    let (d, m) = scaled(ray);
    let iv = if a == b {
        point_interval(a, ray.origin, d)
    } else {
        segment_interval(a, b, ray.origin, d)
    }?;
    let (t_in, t_out) = (iv.t_in / m, iv.t_out / m);
    if t_out < 0.0 {
        return None;
    }
    let (t, n) = if t_in >= 0.0 {
        (t_in, iv.n_in)
    } else {
        (0.0, iv.n_in)
    };
    (t <= max_t).then(|| hit(ray, t, n))
}

/// [`cast_convex`] of a set whose largest magnitude `s` (of its vertices, its radius and the
/// ray's origin; finite, positive) lies outside the window where its products are computed as
/// given: the set and the origin scaled by the power of two `2ᵏ` that brings `s` into `[1, 2)`,
/// the direction by the one `2ʲ` that brings its largest coordinate there, cast without a
/// bound, and the parameter converted back by one `ldexp` (`t = t' · 2^(j − k)`, exact unless it
/// leaves the range). The hit's point is the scaled ray's, scaled back ([`scaled_back`]), so it
/// scales exactly with the input; a `t` that overflows is `None`, and so is an infinite `s`
/// (invalid input).
#[cold]
#[inline(never)]
fn cast_convex_scaled(
    c: &Convex<'_>,
    ray: &Ray,
    max_t: Real,
    surface: bool,
    s: Real,
) -> Option<RayHit> {
    if !(s > 0.0 && s < Real::INFINITY) {
        return None;
    }
    let (scaled_ray, shift) = scaled_ray(ray, s);
    let k = normalizing_exponent(s);
    let h = window::with_rescaled_hull(c, k, |set| {
        cast_convex(set, &scaled_ray, Real::INFINITY, surface)
    })
    .flatten()?;
    scaled_back(h, shift, k, max_t)
}

/// The ray with its origin scaled by the power of two `2ᵏ` that brings `s` into `[1, 2)` and its
/// direction by the one `2ʲ` that brings its largest coordinate there, and `j − k`, by which a
/// parameter along the scaled ray is converted back.
pub(crate) fn scaled_ray(ray: &Ray, s: Real) -> (Ray, i32) {
    let k = normalizing_exponent(s);
    let j = normalizing_exponent(ray.dir.abs().max_element());
    let scaled = Ray::new(window::ldexp2(ray.origin, k), window::ldexp2(ray.dir, j));
    (scaled, j - k)
}

/// [`cast_segment`] out of the window, as [`cast_convex_scaled`].
#[cold]
#[inline(never)]
fn cast_segment_scaled(a: Vec2, b: Vec2, ray: &Ray, max_t: Real, s: Real) -> Option<RayHit> {
    if !(s > 0.0 && s < Real::INFINITY) {
        return None;
    }
    let (scaled_ray, shift) = scaled_ray(ray, s);
    let k = normalizing_exponent(s);
    let (a, b) = (window::ldexp2(a, k), window::ldexp2(b, k));
    let h = cast_segment(a, b, &scaled_ray, Real::INFINITY)?;
    scaled_back(h, shift, k, max_t)
}

/// A hit on the ray scaled by [`scaled_ray`] brought back: `t · 2^shift` (`None` beyond
/// `max_t` or overflowing) and the point formed in the scaled frame times `2⁻ᵏ`, so that it is
/// rounded once (formed at the input's scale, a subnormal step `t · dir` rounds twice).
pub(crate) fn scaled_back(h: RayHit, shift: i32, k: i32, max_t: Real) -> Option<RayHit> {
    let t = ldexp(h.t, shift);
    (t <= max_t && t < Real::INFINITY).then(|| RayHit {
        t,
        point: window::ldexp2(h.point, -k),
        normal: h.normal,
    })
}
