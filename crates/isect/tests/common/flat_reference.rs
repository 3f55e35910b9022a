//! Independent f64 references for the lower-dimensional sets (lines, rays, segments, planes,
//! triangles), for checking the library's answers rather than restating its formulas.
//!
//! Distances are found by brute-force minimisation: the distance from a point moving along a line
//! to a convex set is a convex function of the line parameter, so a bracketing search followed by
//! golden-section search finds its minimum without any of the closed forms (and their
//! near-parallel cancellations) that the library uses. Everything runs in f64 from the exact input
//! values, so in the f32 build the references are accurate to ~1e-16 relative; in the f64 build
//! they are as precise as the library but computed another way.

use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};

use isect::math::{ON_SET_TOLERANCE, Vec3};
use isect::{Line, Plane, PointQuery, Ray, Real, Segment, Triangle};

/// `x` in f64, exactly (generic so that it is not a same-type conversion in the f64 build).
pub fn wide<T: Into<f64>>(x: T) -> f64 {
    x.into()
}

/// `v` in f64, exactly.
pub fn dv(v: Vec3) -> DVec3 {
    DVec3::new(wide(v.x), wide(v.y), wide(v.z))
}

/// A 3-vector of f64, whatever the precision under test (glam's `DVec3` needs a glam feature
/// that the f32 build does not enable).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DVec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl DVec3 {
    pub const ZERO: Self = Self::new(0.0, 0.0, 0.0);

    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Self { x, y, z }
    }

    pub fn dot(self, o: Self) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    pub fn cross(self, o: Self) -> Self {
        Self::new(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }

    pub fn length_squared(self) -> f64 {
        self.dot(self)
    }

    pub fn length(self) -> f64 {
        self.length_squared().sqrt()
    }

    pub fn distance(self, o: Self) -> f64 {
        (self - o).length()
    }

    pub fn normalize(self) -> Self {
        self * (1.0 / self.length())
    }

    pub fn max_abs(self) -> f64 {
        self.x.abs().max(self.y.abs()).max(self.z.abs())
    }
}

impl Add for DVec3 {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

impl Sub for DVec3 {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Self::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

impl Neg for DVec3 {
    type Output = Self;
    fn neg(self) -> Self {
        Self::new(-self.x, -self.y, -self.z)
    }
}

impl Mul<f64> for DVec3 {
    type Output = Self;
    fn mul(self, s: f64) -> Self {
        Self::new(self.x * s, self.y * s, self.z * s)
    }
}

impl fmt::Display for DVec3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}, {}]", self.x, self.y, self.z)
    }
}

/// A line, ray or segment in f64: `origin + t * dir` for `t` in `[lo, hi]`.
#[derive(Clone, Copy, Debug)]
pub struct RefLinear {
    pub origin: DVec3,
    pub dir: DVec3,
    pub lo: f64,
    pub hi: f64,
}

impl RefLinear {
    pub fn line(line: &Line) -> Self {
        Self {
            origin: dv(line.origin),
            dir: dv(line.dir),
            lo: f64::NEG_INFINITY,
            hi: f64::INFINITY,
        }
    }

    pub fn ray(ray: &Ray) -> Self {
        Self {
            origin: dv(ray.origin),
            dir: dv(ray.dir),
            lo: 0.0,
            hi: f64::INFINITY,
        }
    }

    pub fn segment(segment: &Segment) -> Self {
        Self::segment_f64(dv(segment.a), dv(segment.b))
    }

    pub fn segment_f64(a: DVec3, b: DVec3) -> Self {
        Self {
            origin: a,
            dir: b - a,
            lo: 0.0,
            hi: 1.0,
        }
    }

    pub fn at(&self, t: f64) -> DVec3 {
        if t == self.hi && self.hi == 1.0 {
            // A segment's end exactly.
            self.origin + self.dir
        } else {
            self.origin + self.dir * t
        }
    }

    /// The point closest to `p`: projection, clamped to the interval.
    pub fn closest(&self, p: DVec3) -> DVec3 {
        let dd = self.dir.length_squared();
        if dd == 0.0 {
            return self.origin;
        }
        let t = ((p - self.origin).dot(self.dir) / dd)
            .max(self.lo)
            .min(self.hi);
        self.at(t)
    }

    pub fn distance_to(&self, p: DVec3) -> f64 {
        self.closest(p).distance(p)
    }
}

/// Something with an f64 reference distance to a point.
pub trait RefDistance {
    fn ref_distance(&self, p: DVec3) -> f64;
}

impl RefDistance for Line {
    fn ref_distance(&self, p: DVec3) -> f64 {
        RefLinear::line(self).distance_to(p)
    }
}

impl RefDistance for Ray {
    fn ref_distance(&self, p: DVec3) -> f64 {
        RefLinear::ray(self).distance_to(p)
    }
}

impl RefDistance for Segment {
    fn ref_distance(&self, p: DVec3) -> f64 {
        RefLinear::segment(self).distance_to(p)
    }
}

impl RefDistance for Plane {
    /// `|n · p - d| / |n|`, dividing by the length of the normal as stored.
    fn ref_distance(&self, p: DVec3) -> f64 {
        let n = dv(self.normal);
        (n.dot(p) - wide(self.d)).abs() / n.length()
    }
}

impl RefDistance for Triangle {
    fn ref_distance(&self, p: DVec3) -> f64 {
        triangle_distance(self, p)
    }
}

/// The ends of `[lo, hi]`, made finite so that the minimum of the convex `f` over `[lo, hi]` is
/// attained inside them: from a start point, step outwards doubling while `f` still decreases.
fn bracket(f: &impl Fn(f64) -> f64, lo: f64, hi: f64) -> (f64, f64) {
    let x0 = 0.0f64.max(lo).min(hi);
    let mut a = lo;
    let mut b = hi;
    if b.is_infinite() {
        let mut step = 1.0;
        // f(x0 + 2s) >= f(x0 + s) puts a minimiser at or before x0 + 2s (convexity).
        while step < 1e100 && f(x0 + 2.0 * step) < f(x0 + step) {
            step *= 2.0;
        }
        b = x0 + 2.0 * step;
    }
    if a.is_infinite() {
        let mut step = 1.0;
        while step < 1e100 && f(x0 - 2.0 * step) < f(x0 - step) {
            step *= 2.0;
        }
        a = x0 - 2.0 * step;
    }
    (a, b)
}

/// `(x, f(x))` minimising the convex `f` over `[lo, hi]` (either end may be infinite), by
/// bracketing and golden-section search.
pub fn convex_min(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> (f64, f64) {
    let (mut a, mut b) = bracket(&f, lo, hi);
    let mut best = (a, f(a));
    let fb = f(b);
    if fb < best.1 {
        best = (b, fb);
    }
    let ratio = 0.5 * (5.0f64.sqrt() - 1.0);
    let mut x1 = b - ratio * (b - a);
    let mut x2 = a + ratio * (b - a);
    let mut f1 = f(x1);
    let mut f2 = f(x2);
    for _ in 0..240 {
        if f1 <= f2 {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - ratio * (b - a);
            f1 = f(x1);
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + ratio * (b - a);
            f2 = f(x2);
        }
        if !(b - a > 0.0) {
            break;
        }
    }
    for (x, fx) in [(x1, f1), (x2, f2)] {
        if fx < best.1 {
            best = (x, fx);
        }
    }
    best
}

/// A closest pair between two lines, rays or segments, and its distance: minimise over the
/// parameter of one (a segment's when there is one) the distance to the other.
pub fn linear_closest(p: &RefLinear, q: &RefLinear) -> (DVec3, DVec3, f64) {
    if q.hi.is_finite() || !p.hi.is_finite() {
        let (t, d) = convex_min(|t| p.distance_to(q.at(t)), q.lo, q.hi);
        let b = q.at(t);
        (p.closest(b), b, d)
    } else {
        let (s, d) = convex_min(|s| q.distance_to(p.at(s)), p.lo, p.hi);
        let a = p.at(s);
        (a, q.closest(a), d)
    }
}

/// The distance between two lines, rays or segments.
pub fn linear_distance(p: &RefLinear, q: &RefLinear) -> f64 {
    linear_closest(p, q).2
}

/// Distance from `p` to a triangle by brute force: the triangle is the union, over `s` in
/// `[0, 1]`, of the segments from `a + s (b - a)` to `a + s (c - a)`, and the distance to them is
/// convex in `s`. Degenerate triangles need no special case.
pub fn triangle_distance(t: &Triangle, p: DVec3) -> f64 {
    let (a, b, c) = (dv(t.a), dv(t.b), dv(t.c));
    let f = |s: f64| RefLinear::segment_f64(a + (b - a) * s, a + (c - a) * s).distance_to(p);
    convex_min(f, 0.0, 1.0).1
}

/// `a + b` exactly, as the rounded sum and its error (Knuth's `TwoSum`).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let b_virtual = s - a;
    (s, (a - (s - b_virtual)) + (b - b_virtual))
}

/// `a * b` exactly, as the rounded product and its error (by a fused multiply-add).
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

/// A double-double number `hi + lo`: about 106 bits, for the one quantity the f64 references
/// cannot get right in f64 (see [`exact_normal`]).
#[derive(Clone, Copy, Debug)]
struct DoubleDouble(f64, f64);

impl DoubleDouble {
    /// `a - b`, exactly.
    fn difference(a: f64, b: f64) -> Self {
        let (s, e) = two_sum(a, -b);
        Self(s, e)
    }

    fn mul(self, o: Self) -> Self {
        let (p, e) = two_product(self.0, o.0);
        let (hi, lo) = two_sum(p, e + (self.0 * o.1 + self.1 * o.0));
        Self(hi, lo)
    }

    fn sub(self, o: Self) -> Self {
        let (s, e) = two_sum(self.0, -o.0);
        let (hi, lo) = two_sum(s, e + (self.1 - o.1));
        Self(hi, lo)
    }

    fn value(self) -> f64 {
        self.0 + self.1
    }
}

/// `(b - a) × (c - a)` correctly rounded, up to a few units in the last place, however thin the
/// triangle. In f64 the differences round (moving a corner by an ulp of the edge) and the cross
/// product cancels; either tilts the normal by up to ε / sin(thinnest angle), and a point's
/// projection onto the plane by that times its distance from the corner, which for a sliver is
/// far more than the library's error.
pub fn exact_normal(a: DVec3, b: DVec3, c: DVec3) -> DVec3 {
    let d = DoubleDouble::difference;
    let (ab, ac) = (
        [d(b.x, a.x), d(b.y, a.y), d(b.z, a.z)],
        [d(c.x, a.x), d(c.y, a.y), d(c.z, a.z)],
    );
    let component = |i: usize, j: usize| ab[i].mul(ac[j]).sub(ab[j].mul(ac[i])).value();
    DVec3::new(component(1, 2), component(2, 0), component(0, 1))
}

/// The point of a triangle closest to `p` as the best of the candidates (the three edges'
/// closest points and the projection onto the plane when it falls inside), not by Voronoi
/// regions; the plane's normal from [`exact_normal`].
pub fn triangle_closest(t: &Triangle, p: DVec3) -> DVec3 {
    let (a, b, c) = (dv(t.a), dv(t.b), dv(t.c));
    let mut candidates = vec![
        RefLinear::segment_f64(a, b).closest(p),
        RefLinear::segment_f64(b, c).closest(p),
        RefLinear::segment_f64(c, a).closest(p),
    ];
    let n = exact_normal(a, b, c);
    let nn = n.length_squared();
    if nn > 0.0 {
        let q = p - n * (n.dot(p - a) / nn);
        let inside = [(a, b), (b, c), (c, a)]
            .iter()
            .all(|&(x, y)| n.dot((y - x).cross(q - x)) >= 0.0);
        if inside {
            candidates.push(q);
        }
    }
    candidates
        .into_iter()
        .min_by(|x, y| x.distance(p).total_cmp(&y.distance(p)))
        .unwrap()
}

/// A tolerance of about `ulps` units in the last place of `scale` (at least 1), in the precision
/// under test: for comparisons with the f64 references, tighter than `TOL`.
pub fn ulps(ulps: Real, scale: Real) -> Real {
    ulps * Real::EPSILON * scale.abs().max(1.0)
}

/// The sine of a triangle's smallest angle (the one between its two longest sides), in f64: how
/// well its plane is determined (rounding tilts it by about ε / sin θ). 0 or NaN for a
/// degenerate triangle.
pub fn smallest_angle_sine(t: &Triangle) -> f64 {
    let (a, b, c) = (dv(t.a), dv(t.b), dv(t.c));
    let mut sides = [(b - a).length(), (c - b).length(), (a - c).length()];
    sides.sort_by(f64::total_cmp);
    // The cross product's length from `exact_normal`: a rounded one is noise (or 0) for a
    // triangle thinner than f64's rounding, which would claim a sliver's plane is sharp.
    exact_normal(a, b, c).length() / (sides[1] * sides[2])
}

/// The largest absolute coordinate of the points.
pub fn scale_of(points: &[Vec3]) -> Real {
    points
        .iter()
        .fold(0.0 as Real, |s, p| s.max(p.abs().max_element()))
}

/// The checks every point query on a lower-dimensional set must pass, against the f64 reference:
/// the distance is the reference distance; the closest point lies on the set and at that
/// distance; and containment agrees with the reference distance wherever that is clear of the
/// tolerance (`on_set_tolerance` of `p` and `defining`: the points the shape's `contains_point`
/// scales its tolerance by).
#[track_caller]
pub fn check_point_query<S: PointQuery + RefDistance + core::fmt::Debug>(
    shape: &S,
    p: Vec3,
    defining: &[Vec3],
) {
    let mut all = defining.to_vec();
    all.push(p);
    let scale = scale_of(&all);
    let expected = shape.ref_distance(dv(p));
    let distance = shape.distance_to_point(p);
    let slack = wide(ulps(256.0, scale));
    assert!(
        (wide(distance) - expected).abs() <= slack,
        "{shape:?}, p = {p}: distance {distance}, reference {expected}"
    );
    let q = shape.closest_point(p);
    assert!(q.is_finite(), "{shape:?}, p = {p}: closest point {q}");
    let off_set = shape.ref_distance(dv(q));
    assert!(
        off_set <= slack,
        "{shape:?}, p = {p}: closest point {q} is {off_set} off the set"
    );
    assert!(
        (dv(q).distance(dv(p)) - wide(distance)).abs() <= slack,
        "{shape:?}, p = {p}: |p - closest| = {} but distance {distance}",
        q.distance(p)
    );
    let tolerance = wide(ON_SET_TOLERANCE * scale);
    let contains = shape.contains_point(p);
    if expected <= 0.5 * tolerance {
        assert!(contains, "{shape:?} should contain {p} ({expected} off)");
    } else if expected >= 2.0 * tolerance {
        assert!(
            !contains,
            "{shape:?} should not contain {p} ({expected} off)"
        );
    }
}

/// The f64 reference of a line, ray or segment.
pub trait AsRefLinear {
    fn reference(&self) -> RefLinear;
}

impl AsRefLinear for Line {
    fn reference(&self) -> RefLinear {
        RefLinear::line(self)
    }
}

impl AsRefLinear for Ray {
    fn reference(&self) -> RefLinear {
        RefLinear::ray(self)
    }
}

impl AsRefLinear for Segment {
    fn reference(&self) -> RefLinear {
        RefLinear::segment(self)
    }
}

/// How far a segment that crosses the triangle is from not crossing it (f64): the least of its
/// ends' distances from the triangle's plane and the crossing point's distance from the
/// triangle's edges in the plane; 0 where it does not cross. A crossing by less than the
/// rounding of the triangle's plane (a sliver's normal is off by about ε over the sine of its
/// angle) may be answered either way, so tests compare booleans only beyond this depth.
pub fn segment_triangle_crossing_depth(a: DVec3, b: DVec3, t: &Triangle) -> f64 {
    let (p, q, r) = (dv(t.a), dv(t.b), dv(t.c));
    let n = exact_normal(p, q, r).normalize();
    let (da, db) = (n.dot(a - p), n.dot(b - p));
    if !(da * db < 0.0) {
        return 0.0;
    }
    let x = a + (b - a) * (da / (da - db));
    [(p, q), (q, r), (r, p)]
        .iter()
        .map(|&(u, w)| n.dot((w - u).cross(x - u)) / (w - u).length())
        .fold(da.abs().min(db.abs()), f64::min)
        .max(0.0)
}

/// Distance from the segment `ab` to a triangle, in f64: the least of the ends' distances to
/// the triangle and the triangle's edges' distances to the segment (the closest pair of two
/// convex sets that do not meet has a point on a boundary feature of one of them), or 0 when
/// the segment crosses the triangle's plane inside it.
pub fn segment_triangle_distance(a: DVec3, b: DVec3, t: &Triangle) -> f64 {
    let (p, q, r) = (dv(t.a), dv(t.b), dv(t.c));
    let n = exact_normal(p, q, r);
    let (da, db) = (n.dot(a - p), n.dot(b - p));
    if da * db < 0.0 {
        let x = a + (b - a) * (da / (da - db));
        let inside = [(p, q), (q, r), (r, p)]
            .iter()
            .all(|&(u, w)| n.dot((w - u).cross(x - u)) >= 0.0);
        if inside {
            return 0.0;
        }
    }
    let segment = RefLinear::segment_f64(a, b);
    [(p, q), (q, r), (r, p)]
        .iter()
        .map(|&(u, w)| linear_distance(&segment, &RefLinear::segment_f64(u, w)))
        .chain([triangle_distance(t, a), triangle_distance(t, b)])
        .fold(f64::INFINITY, f64::min)
}
