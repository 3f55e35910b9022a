//! Ray casts in the plane, shared by every shape: the interval of parameters over which the
//! ray's carrier line `origin + t · dir` (every real `t`) lies in a convex set, with the normals
//! where it enters and leaves, and the casts that read the solid and the surface hit off it.
//!
//! A convex set meets a line in an interval, so one routine per kind of set suffices: Cyrus–Beck
//! clipping by the edges' half-planes for a polygon (Ericson, *Real-Time Collision Detection*,
//! §5.3.8), the stable quadratic of a disc (Haines, Günther and Akenine-Möller, *Ray Tracing
//! Gems*, ch. 7), and for a capsule the union of its two end discs and its rectangle, whose
//! intervals overlap because the capsule is convex. Whether the origin lies in the set (the hit
//! at `t = 0` of a solid cast) is decided by the exact containment tests, as `contains_point`.

use crate::d2::query::RayHit;
use crate::d2::query::algo::convex::Convex;
use crate::d2::query::algo::corners::hull_closest_point;
use crate::d2::query::algo::exact::orient;
use crate::d2::shape::Ray;
use crate::math::{Real, Vec2};
use crate::ops;
use crate::query::algo::scale::{in_window, ldexp, normalizing_exponent};

/// The parameters over which a line lies in a set: entered at `t_in` with outward normal `n_in`,
/// left at `t_out` with outward normal `n_out` (`t_in <= t_out`; both normals unit).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Interval {
    pub(crate) t_in: Real,
    pub(crate) n_in: Vec2,
    pub(crate) t_out: Real,
    pub(crate) n_out: Vec2,
}

impl Interval {
    /// The union of two intervals known to overlap (pieces of one convex set).
    #[inline]
    fn union(self, other: Option<Self>) -> Self {
        let Some(o) = other else { return self };
        let (t_in, n_in) = if o.t_in < self.t_in {
            (o.t_in, o.n_in)
        } else {
            (self.t_in, self.n_in)
        };
        let (t_out, n_out) = if o.t_out > self.t_out {
            (o.t_out, o.n_out)
        } else {
            (self.t_out, self.n_out)
        };
        Self {
            t_in,
            n_in,
            t_out,
            n_out,
        }
    }
}

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
        let w = Vec2::new(ldexp(v.x, k), ldexp(v.y, k));
        w * (1.0 / ops::sqrt(w.length_squared()))
    } else {
        fallback
    }
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

/// The interval of the line `o + t d` (`d` scaled) in the hull of `v` (one point, two distinct
/// ends, or a counter-clockwise polygon with positive area); `None` when it misses.
pub(crate) fn hull_interval(v: &[Vec2], o: Vec2, d: Vec2) -> Option<Interval> {
    match v.len() {
        1 => point_interval(v[0], o, d),
        2 => segment_interval(v[0], v[1], o, d),
        _ => polygon_interval(v, o, d),
    }
}

/// A point on the line: the one parameter of its foot, normals against and along the line.
fn point_interval(p: Vec2, o: Vec2, d: Vec2) -> Option<Interval> {
    let w = p - o;
    if d.perp_dot(w) != 0.0 {
        return None;
    }
    let t = w.dot(d) / d.length_squared();
    let u = unit_or(d, Vec2::X);
    Some(Interval {
        t_in: t,
        n_in: -u,
        t_out: t,
        n_out: u,
    })
}

/// A segment `ab` against the line: the crossing (normal facing the line's origin side), or
/// the stretch of a collinear segment (normals against and along the line).
fn segment_interval(a: Vec2, b: Vec2, o: Vec2, d: Vec2) -> Option<Interval> {
    let e = b - a;
    let den = d.perp_dot(e);
    let w = a - o;
    if den == 0.0 {
        if d.perp_dot(w) != 0.0 {
            return None;
        }
        let dd = d.length_squared();
        let (ta, tb) = (w.dot(d) / dd, (b - o).dot(d) / dd);
        let u = unit_or(d, Vec2::X);
        return Some(Interval {
            t_in: ta.min(tb),
            n_in: -u,
            t_out: ta.max(tb),
            n_out: u,
        });
    }
    // o + t d = a + s e: t = (w × e) / (d × e), s = (w × d) / (d × e).
    let s = w.perp_dot(d) / den;
    if !(0.0..=1.0).contains(&s) {
        return None;
    }
    let t = w.perp_dot(e) / den;
    let n = outward(e);
    let n = unit_or(if n.dot(d) > 0.0 { -n } else { n }, Vec2::X);
    Some(Interval {
        t_in: t,
        n_in: n,
        t_out: t,
        n_out: n,
    })
}

/// The line against the boundary of the counter-clockwise polygon `v`, edge by edge: the
/// least and the greatest parameter where it crosses an edge, with that edge's outward normal.
/// Each crossing is found on its edge (the edge's own parameter within `[0, 1]`, give or take a
/// few ulps so that a line through a vertex is not lost between its two edges), so a hit lies
/// on the polygon even for slivers, where clipping by the edges' half-planes (Cyrus–Beck) can
/// report a line that passes beyond a sharp corner.
fn polygon_interval(v: &[Vec2], o: Vec2, d: Vec2) -> Option<Interval> {
    const SLACK: Real = 4.0 * Real::EPSILON;
    let (mut lo, mut hi) = (Real::INFINITY, Real::NEG_INFINITY);
    let (mut n_lo, mut n_hi) = (Vec2::ZERO, Vec2::ZERO);
    let mut take = |t: Real, normal: Vec2| {
        if t < lo {
            lo = t;
            n_lo = normal;
        }
        if t > hi {
            hi = t;
            n_hi = normal;
        }
    };
    let n = v.len();
    for i in 0..n {
        let a = v[i];
        let e = v[(i + 1) % n] - a;
        let w = a - o;
        let den = d.perp_dot(e);
        if den == 0.0 {
            if d.perp_dot(w) == 0.0 {
                // Along the edge: both its ends are crossings of the boundary.
                let dd = d.length_squared();
                let normal = outward(e);
                take(w.dot(d) / dd, normal);
                take((w + e).dot(d) / dd, normal);
            }
            continue;
        }
        let s = w.perp_dot(d) / den;
        if (-SLACK..=1.0 + SLACK).contains(&s) {
            take(w.perp_dot(e) / den, outward(e));
        }
    }
    (lo <= hi).then(|| {
        let u = unit_or(d, Vec2::X);
        // Where the line only touches a vertex or runs along an edge, the normals at its ends
        // are those of the edges there; `unit_or` keeps them unit.
        Interval {
            t_in: lo,
            n_in: unit_or(n_lo, -u),
            t_out: hi,
            n_out: unit_or(n_hi, u),
        }
    })
}

/// The disc of radius `r` about `c` against the line `o + t d` (`d` scaled): the roots of
/// `|o + t d − c|² = r²` in the stable form (the discriminant from the offset of the line's
/// closest point, the roots as `c / q` and `q / a`).
pub(crate) fn disc_interval(c: Vec2, r: Real, o: Vec2, d: Vec2) -> Option<Interval> {
    let f = o - c;
    let (t0, t1) = disc_roots(f, r, d)?;
    let normal_at = |t: Real, fallback: Vec2| unit_or(f + d * t, fallback);
    let u = unit_or(d, Vec2::X);
    Some(Interval {
        t_in: t0,
        n_in: normal_at(t0, -u),
        t_out: t1,
        n_out: normal_at(t1, u),
    })
}

/// The roots `t0 <= t1` of [`disc_interval`] (`f = o − c`), without the normals; `None` where
/// the line misses the disc.
#[inline(always)]
pub(crate) fn disc_roots(f: Vec2, r: Real, d: Vec2) -> Option<(Real, Real)> {
    let a = d.length_squared();
    let b = -f.dot(d);
    let l = f + d * (b / a);
    let disc = r * r - l.length_squared();
    if !(disc >= 0.0) {
        return None;
    }
    let cc = f.length_squared() - r * r;
    let s = ops::sqrt(a * disc);
    let q = if b >= 0.0 { b + s } else { b - s };
    let (t0, t1) = if q == 0.0 {
        (0.0, 0.0)
    } else {
        let (x, y) = (cc / q, q / a);
        (x.min(y), x.max(y))
    };
    Some((t0, t1))
}

/// The capsule of radius `r` about the segment `ab` (`a != b`) against the line: the union of
/// the end discs and the rectangle between them, whose long sides alone bound the capsule (its
/// short sides lie inside the discs).
fn capsule_interval(a: Vec2, b: Vec2, r: Real, o: Vec2, d: Vec2) -> Option<Interval> {
    let ends = match (disc_interval(a, r, o, d), disc_interval(b, r, o, d)) {
        (Some(x), y) => Some(x.union(y)),
        (None, y) => y,
    };
    let e = b - a;
    let side = unit_or(outward(e), Vec2::X) * r;
    // The rectangle, counter-clockwise, with the long sides as edges 0 and 2.
    let rect = [a + side, b + side, b - side, a - side];
    let body = polygon_interval(&rect, o, d).map(|mut iv| {
        // Entered or left through a short side: inside an end disc, which the union has.
        let long = |n: Vec2| n.dot(e).abs() <= n.perp_dot(e).abs();
        if !long(iv.n_in) {
            (iv.t_in, iv.n_in) = (iv.t_out, iv.n_out);
        }
        if !long(iv.n_out) {
            (iv.t_out, iv.n_out) = (iv.t_in, iv.n_in);
        }
        iv
    });
    match (ends, body) {
        (Some(x), y) => Some(x.union(y)),
        (None, y) => y,
    }
}

/// The interval of the line through a ray (its `dir` scaled) in a convex set, in the ray's own
/// parameters.
pub(crate) fn convex_interval(c: &Convex<'_>, ray: &Ray) -> Option<Interval> {
    let (d, m) = scaled(ray);
    let o = ray.origin;
    let v = c.verts();
    let iv = if c.radius == 0.0 {
        hull_interval(v, o, d)
    } else if v.len() == 1 {
        disc_interval(v[0], c.radius, o, d)
    } else {
        capsule_interval(v[0], v[1], c.radius, o, d)
    }?;
    Some(Interval {
        t_in: iv.t_in / m,
        t_out: iv.t_out / m,
        ..iv
    })
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
    if c.radius > 0.0 {
        // A rounded set squares its radius and its offsets: out of the window, cast the input
        // scaled by a power of two (issue 24).
        let s = c
            .verts()
            .iter()
            .fold(ray.origin.abs().max_element().max(c.radius), |m, p| {
                m.max(p.abs().max_element())
            });
        if !in_window(s) {
            return cast_rounded_scaled(c, ray, max_t, surface, s);
        }
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

/// [`cast_convex`] of a rounded set (one or two vertices) whose largest magnitude `s` (of its
/// vertices, its radius and the ray's origin; finite, positive) lies outside the window where
/// its squares are computed as given: the set and the origin scaled by the power of two `2ᵏ`
/// that brings `s` into `[1, 2)`, the direction by the one `2ʲ` that brings its largest
/// coordinate there, cast without a bound, and the parameter converted back by one `ldexp`
/// (`t = t' · 2^(j − k)`, exact unless it leaves the range). The hit's point is the original
/// ray's at `t`, so it scales exactly with the input; a `t` that overflows is `None`.
#[cold]
#[inline(never)]
fn cast_rounded_scaled(
    c: &Convex<'_>,
    ray: &Ray,
    max_t: Real,
    surface: bool,
    s: Real,
) -> Option<RayHit> {
    let k = normalizing_exponent(s);
    let j = normalizing_exponent(ray.dir.abs().max_element());
    let at = |p: Vec2, k: i32| Vec2::new(ldexp(p.x, k), ldexp(p.y, k));
    let v = c.verts();
    let r = ldexp(c.radius, k);
    // Scaling down may flush both ends of a short capsule to one point: a circle then.
    let set = match *v {
        [p] => Convex::point(at(p, k), r),
        [a, b] => Convex::segment(at(a, k), at(b, k), r),
        _ => return None,
    };
    let scaled_ray = Ray::new(at(ray.origin, k), at(ray.dir, j));
    let h = cast_convex(&set, &scaled_ray, Real::INFINITY, surface)?;
    let t = ldexp(h.t, j - k);
    (t <= max_t && t < Real::INFINITY).then(|| hit(ray, t, h.normal))
}
