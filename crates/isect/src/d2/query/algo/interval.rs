//! The interval of parameters over which a line `o + t · d` (every real `t`) lies in a convex
//! set, with the normals where it enters and leaves: Cyrus–Beck clipping by the edges'
//! half-planes for a polygon (Ericson, *Real-Time Collision Detection*, §5.3.8), the stable
//! quadratic of a disc (Haines, Günther and Akenine-Möller, *Ray Tracing Gems*, ch. 7), and for a
//! capsule the union of its two end discs and its rectangle. The casts that read hits off it are
//! [`super::cast`]'s.

use crate::d2::query::algo::cast::{outward, scaled, unit_or};
use crate::d2::query::algo::convex::Convex;
use crate::d2::shape::Ray;
use crate::math::{Real, Vec2};
use crate::ops;

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
pub(crate) fn point_interval(p: Vec2, o: Vec2, d: Vec2) -> Option<Interval> {
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
pub(crate) fn segment_interval(a: Vec2, b: Vec2, o: Vec2, d: Vec2) -> Option<Interval> {
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
    // A coordinate of the line's offset beyond `r` misses, compared unsquared: where `r²` and
    // `|l|²` both underflow to 0 (a radius of `1e-40`, a line `2e-23` off the center), their
    // difference alone would count the line as touching (issue 24).
    if !(disc >= 0.0) || l.abs().max_element() > r {
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
