//! Query cases from bytes, and the checks every case must pass: shared by the coverage-guided
//! `query_*` targets (AFL++) and the stable fixed-seed driver (`query_driver`, run by CI).
//!
//! A case is a query family, shape kinds and their numbers. Each number is drawn from all
//! exponents: raw bits (subnormals, NaN payloads, ±0, ±∞, the largest and smallest values) or,
//! so that shapes also meet, a small multiple of 1/16. Every case is checked for
//! - no panic (the caller sees one);
//! - the invalid-input rule: a shape with a NaN or infinite number, a negative radius or
//!   extent, `min > max` or a zero direction gives `false`, `None`, distance `+∞`, a non-finite
//!   closest point ([`Violation`], which the targets and the driver treat as failures);
//! - power-of-two scale invariance: the same case with every number times `4^k` (exact, and
//!   every operation of a query scales exactly) must give the same booleans and hits and
//!   lengths times `4^k`, within the accuracy the queries document ([`Tolerance`];
//!   [`ScaleMismatch`], counted by family and magnitude; those left at extreme magnitudes are
//!   issue 24's items 10–12).

use isect::math::{NO_POINT, Quat, Vec3};
use isect::{
    Aabb, Capsule, Contact, ConvexHull, Distance, Intersects, Line, Obb, Plane, PointQuery, Ray,
    RayCast, Real, Segment, Sphere, Sweep, Triangle,
};

/// Reads numbers from the fuzzer's bytes (zeros once they run out).
pub struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    pub fn byte(&mut self) -> u8 {
        let (b, rest) = self
            .bytes
            .split_first()
            .map_or((0, &[][..]), |(b, r)| (*b, r));
        self.bytes = rest;
        b
    }

    /// A number of any exponent (a byte chooses: raw bits, a special value, or a multiple of 1/16
    /// in [-8, 8]).
    pub fn real(&mut self) -> Real {
        let tag = self.byte();
        if tag < 96 {
            let bits = u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()]);
            f32::from_bits(bits)
        } else if tag < 112 {
            // Special values and edges, so they come up often.
            const SPECIAL: [Real; 16] = [
                0.0,
                -0.0,
                Real::INFINITY,
                Real::NEG_INFINITY,
                Real::NAN,
                Real::MAX,
                Real::MIN,
                Real::MIN_POSITIVE,
                -Real::MIN_POSITIVE,
                1.0e-45,
                -1.0e-45,
                Real::EPSILON,
                1.0e19,
                1.0e-19,
                3.0e38,
                1.0,
            ];
            SPECIAL[usize::from(tag - 96)]
        } else {
            (self.byte() as i8 as Real) / 16.0
        }
    }

    pub fn vec3(&mut self) -> Vec3 {
        Vec3::new(self.real(), self.real(), self.real())
    }
}

/// The shape kinds the cases draw from.
#[derive(Clone, Debug)]
pub enum Shape {
    Sphere(Sphere),
    Aabb(Aabb),
    Obb(Obb),
    Capsule(Capsule),
    Triangle(Triangle),
    Segment(Segment),
    Ray(Ray),
    Line(Line),
    Plane(Plane),
    Hull(ConvexHull),
}

impl Shape {
    /// A shape of kind `kind % 10` (`solid`: one of the six with contacts and sweeps).
    pub fn read(input: &mut Input, solid: bool) -> Shape {
        let kind = input.byte();
        let kind = if solid {
            [0, 1, 2, 3, 4, 9][usize::from(kind % 6)]
        } else {
            kind % 10
        };
        match kind {
            0 => Shape::Sphere(Sphere::new(input.vec3(), input.real())),
            1 => Shape::Aabb(Aabb::new(input.vec3(), input.vec3())),
            2 => {
                let center = input.vec3();
                let half = input.vec3();
                let q = Quat::from_xyzw(input.real(), input.real(), input.real(), input.real());
                // A rotation when the four numbers make one; otherwise what they give (NaN).
                let q = if q.length_squared().is_normal() {
                    q.normalize()
                } else {
                    q
                };
                Shape::Obb(Obb::from_quat(center, half, q))
            }
            3 => Shape::Capsule(Capsule::new(input.vec3(), input.vec3(), input.real())),
            4 => Shape::Triangle(Triangle::new(input.vec3(), input.vec3(), input.vec3())),
            5 => Shape::Segment(Segment::new(input.vec3(), input.vec3())),
            6 => Shape::Ray(Ray::new(input.vec3(), input.vec3())),
            7 => Shape::Line(Line::new(input.vec3(), input.vec3())),
            8 => {
                let n = input.vec3();
                let n = if n.length_squared().is_normal() {
                    n.normalize()
                } else {
                    n
                };
                Shape::Plane(Plane::new(n, input.real()))
            }
            _ => {
                let n = 1 + usize::from(input.byte() % 6);
                Shape::Hull(ConvexHull::new(
                    (0..n).map(|_| input.vec3()).collect::<Vec<_>>(),
                ))
            }
        }
    }

    /// The same shape with every number times `s`.
    pub fn scaled(&self, s: Real) -> Shape {
        match self {
            Shape::Sphere(x) => Shape::Sphere(Sphere::new(x.center * s, x.radius * s)),
            Shape::Aabb(x) => Shape::Aabb(Aabb::new(x.min * s, x.max * s)),
            Shape::Obb(x) => Shape::Obb(Obb::new(x.center * s, x.half_extents * s, x.rotation)),
            Shape::Capsule(x) => Shape::Capsule(Capsule::new(x.a * s, x.b * s, x.radius * s)),
            Shape::Triangle(x) => Shape::Triangle(Triangle::new(x.a * s, x.b * s, x.c * s)),
            Shape::Segment(x) => Shape::Segment(Segment::new(x.a * s, x.b * s)),
            Shape::Ray(x) => Shape::Ray(Ray::new(x.origin * s, x.dir * s)),
            Shape::Line(x) => Shape::Line(Line::new(x.origin * s, x.dir * s)),
            Shape::Plane(x) => Shape::Plane(Plane {
                normal: x.normal,
                d: x.d * s,
            }),
            Shape::Hull(x) => Shape::Hull(ConvexHull::new(
                x.points().iter().map(|&p| p * s).collect::<Vec<_>>(),
            )),
        }
    }

    /// The same shape moved by `t`.
    pub fn translated(&self, t: Vec3) -> Shape {
        match self {
            Shape::Sphere(x) => Shape::Sphere(Sphere::new(x.center + t, x.radius)),
            Shape::Aabb(x) => Shape::Aabb(Aabb::new(x.min + t, x.max + t)),
            Shape::Obb(x) => Shape::Obb(Obb::new(x.center + t, x.half_extents, x.rotation)),
            Shape::Capsule(x) => Shape::Capsule(Capsule::new(x.a + t, x.b + t, x.radius)),
            Shape::Triangle(x) => Shape::Triangle(Triangle::new(x.a + t, x.b + t, x.c + t)),
            Shape::Segment(x) => Shape::Segment(Segment::new(x.a + t, x.b + t)),
            Shape::Ray(x) => Shape::Ray(Ray::new(x.origin + t, x.dir)),
            Shape::Line(x) => Shape::Line(Line::new(x.origin + t, x.dir)),
            Shape::Plane(x) => Shape::Plane(Plane {
                normal: x.normal,
                d: x.d - x.normal.dot(t),
            }),
            Shape::Hull(x) => Shape::Hull(ConvexHull::new(
                x.points().iter().map(|&p| p + t).collect::<Vec<_>>(),
            )),
        }
    }

    /// The distance from `p` to the shape.
    fn distance_to(&self, p: Vec3) -> Real {
        match self {
            Shape::Sphere(x) => x.distance_to_point(p),
            Shape::Aabb(x) => x.distance_to_point(p),
            Shape::Obb(x) => x.distance_to_point(p),
            Shape::Capsule(x) => x.distance_to_point(p),
            Shape::Triangle(x) => x.distance_to_point(p),
            Shape::Segment(x) => x.distance_to_point(p),
            Shape::Ray(x) => x.distance_to_point(p),
            Shape::Line(x) => x.distance_to_point(p),
            Shape::Plane(x) => x.distance_to_point(p),
            Shape::Hull(x) => x.distance_to_point(p),
        }
    }

    /// The numbers that scale (not a rotation or a plane's normal).
    fn lengths(&self) -> Vec<Real> {
        let v = |p: &[Vec3]| p.iter().flat_map(|q| q.to_array()).collect::<Vec<_>>();
        match self {
            Shape::Sphere(x) => [v(&[x.center]), vec![x.radius]].concat(),
            Shape::Aabb(x) => v(&[x.min, x.max]),
            Shape::Obb(x) => v(&[x.center, x.half_extents]),
            Shape::Capsule(x) => [v(&[x.a, x.b]), vec![x.radius]].concat(),
            Shape::Triangle(x) => v(&[x.a, x.b, x.c]),
            Shape::Segment(x) => v(&[x.a, x.b]),
            Shape::Ray(x) => v(&[x.origin, x.dir]),
            Shape::Line(x) => v(&[x.origin, x.dir]),
            Shape::Plane(x) => vec![x.d],
            Shape::Hull(x) => v(x.points()),
        }
    }

    /// Invalid by the rule every query follows (NaN or infinite numbers, a negative radius or
    /// extent, `min > max`, a zero direction, a hull without points).
    pub fn invalid(&self) -> bool {
        let finite = |p: &[Vec3]| p.iter().all(|q| q.is_finite());
        match self {
            Shape::Sphere(x) => !(finite(&[x.center]) && x.radius.is_finite() && x.radius >= 0.0),
            Shape::Aabb(x) => !(finite(&[x.min, x.max]) && x.min.cmple(x.max).all()),
            Shape::Obb(x) => {
                !(finite(&[x.center, x.half_extents])
                    && x.rotation.is_finite()
                    && x.half_extents.cmpge(Vec3::ZERO).all())
            }
            Shape::Capsule(x) => !(finite(&[x.a, x.b]) && x.radius.is_finite() && x.radius >= 0.0),
            Shape::Triangle(x) => !finite(&[x.a, x.b, x.c]),
            Shape::Segment(x) => !finite(&[x.a, x.b]),
            Shape::Ray(x) => !(finite(&[x.origin, x.dir]) && x.dir != Vec3::ZERO),
            Shape::Line(x) => !(finite(&[x.origin, x.dir]) && x.dir != Vec3::ZERO),
            Shape::Plane(x) => !(finite(&[x.normal]) && x.d.is_finite() && x.normal != Vec3::ZERO),
            Shape::Hull(x) => x.points().is_empty() || !finite(x.points()),
        }
    }

    /// Valid in every respect (`is_valid`), so that every answer must be right: an OBB whose
    /// rotation or a plane whose normal rounding left off by more than `is_valid` allows is
    /// neither invalid nor checked.
    pub fn valid(&self) -> bool {
        match self {
            Shape::Sphere(x) => x.is_valid().is_ok(),
            Shape::Aabb(x) => x.is_valid().is_ok(),
            Shape::Obb(x) => x.is_valid().is_ok(),
            Shape::Capsule(x) => x.is_valid().is_ok(),
            Shape::Triangle(x) => x.is_valid().is_ok(),
            Shape::Segment(x) => x.is_valid().is_ok(),
            Shape::Ray(x) => x.is_valid().is_ok(),
            Shape::Line(x) => x.is_valid().is_ok(),
            Shape::Plane(x) => x.is_valid().is_ok(),
            Shape::Hull(x) => x.is_valid().is_ok(),
        }
    }
}

/// Calls `$body` with `$a` and `$b` bound to the shapes inside two [`Shape`]s (every pair).
macro_rules! pair {
    ($x:expr, $y:expr, |$a:ident, $b:ident| $body:expr) => {
        pair!(@outer $x, $y, $a, $b, $body,
            [Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull])
    };
    (@outer $x:expr, $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $x {
            $(Shape::$k($a) => pair!(@inner $y, $a, $b, $body,
                [Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull]),)*
        }
    };
    (@inner $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $y {
            $(Shape::$k($b) => $body,)*
        }
    };
}

/// Calls `$body` with `$a` and `$b` for a pair of the given kinds (`None` otherwise).
macro_rules! solid_pair {
    ($x:expr, $y:expr, [$($k:ident),*], $ys:tt, |$a:ident, $b:ident| $body:expr) => {
        match $x {
            $(Shape::$k($a) => solid_pair!(@inner $y, $a, $b, $body, $ys),)*
            _ => None,
        }
    };
    (@inner $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $y {
            $(Shape::$k($b) => Some($body),)*
            _ => None,
        }
    };
}

/// The query families.
pub const FAMILIES: [&str; 6] = [
    "intersects",
    "distance",
    "contact",
    "sweep",
    "raycast",
    "point",
];

/// One case's answer, in a form that scales: booleans and parameters stay, lengths scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Answer {
    /// A boolean (intersects, contains).
    Bool(bool),
    /// A length (distance, depth), `+∞` or `None`-like for no answer.
    Length(Real),
    /// A parameter (a hit's or a sweep's `t`), or `None`.
    Param(Option<Real>),
    /// A point (closest point), non-finite for no answer.
    Point(Vec3),
}

/// A case: the family and its shapes (and a point, a motion, a `max_t` where it needs them).
#[derive(Clone, Debug)]
pub struct Case {
    pub family: usize,
    pub a: Shape,
    pub b: Shape,
    pub v: Vec3,
    pub w: Vec3,
    pub t: Real,
}

impl Case {
    /// A case of `family` (an index into [`FAMILIES`]), or of the family the input names.
    pub fn read(input: &mut Input, family: Option<usize>) -> Case {
        let named = usize::from(input.byte()) % FAMILIES.len();
        let family = family.unwrap_or(named);
        let solid = matches!(family, 2 | 3);
        let a = Shape::read(input, solid || family == 4);
        let b = Shape::read(input, solid);
        Case {
            family,
            a,
            b,
            v: input.vec3(),
            w: input.vec3(),
            t: input.real(),
        }
    }

    pub fn scaled(&self, s: Real) -> Case {
        Case {
            family: self.family,
            a: self.a.scaled(s),
            b: self.b.scaled(s),
            v: self.v * s,
            w: self.w * s,
            t: self.t,
        }
    }

    /// The answers of this case's family (several per case).
    pub fn answers(&self) -> Vec<Answer> {
        let (a, b) = (&self.a, &self.b);
        match self.family {
            0 => pair!(a, b, |x, y| vec![
                Answer::Bool(x.intersects(y)),
                Answer::Bool(y.intersects(x))
            ]),
            1 => pair!(a, b, |x, y| {
                let cp = x.closest_points(y);
                vec![
                    Answer::Length(cp.distance),
                    Answer::Point(cp.a),
                    Answer::Point(cp.b),
                ]
            }),
            2 => solid_pair!(
                a,
                b,
                [Sphere, Aabb, Obb, Capsule, Triangle, Hull],
                [Sphere, Aabb, Obb, Capsule, Triangle, Hull],
                |x, y| {
                    let c = x.contact(y);
                    vec![
                        Answer::Param(c.map(|c| c.normal.x)),
                        Answer::Length(c.map_or(Real::INFINITY, |c| c.depth)),
                    ]
                }
            )
            .unwrap_or_default(),
            3 => {
                let (v, w) = (self.v, self.w);
                // (No triangle–triangle sweep: the triangle is the second shape only.)
                solid_pair!(
                    a,
                    b,
                    [Sphere, Aabb, Obb, Capsule, Hull],
                    [Sphere, Aabb, Obb, Capsule, Triangle, Hull],
                    |x, y| sweep(x, v, y, w)
                )
                .unwrap_or_default()
            }
            4 => {
                let ray = Ray::new(self.v, self.w);
                let max_t = self.t.abs();
                let hit = |h: Option<isect::RayHit>| Answer::Param(h.map(|h| h.t));
                match a {
                    Shape::Sphere(x) => vec![
                        hit(x.raycast(&ray, max_t)),
                        hit(x.raycast_surface(&ray, max_t)),
                    ],
                    Shape::Aabb(x) => vec![
                        hit(x.raycast(&ray, max_t)),
                        hit(x.raycast_surface(&ray, max_t)),
                    ],
                    Shape::Obb(x) => vec![
                        hit(x.raycast(&ray, max_t)),
                        hit(x.raycast_surface(&ray, max_t)),
                    ],
                    Shape::Capsule(x) => vec![
                        hit(x.raycast(&ray, max_t)),
                        hit(x.raycast_surface(&ray, max_t)),
                    ],
                    Shape::Triangle(x) => vec![hit(x.raycast(&ray, max_t))],
                    Shape::Hull(x) => vec![
                        hit(x.raycast(&ray, max_t)),
                        hit(x.raycast_surface(&ray, max_t)),
                    ],
                    _ => Vec::new(),
                }
            }
            _ => {
                let p = self.v;
                let point = |q: &dyn PointQuery| {
                    vec![
                        Answer::Point(q.closest_point(p)),
                        Answer::Length(q.distance_to_point(p)),
                        Answer::Bool(q.contains_point(p)),
                    ]
                };
                match a {
                    Shape::Sphere(x) => point(x),
                    Shape::Aabb(x) => point(x),
                    Shape::Obb(x) => point(x),
                    Shape::Capsule(x) => point(x),
                    Shape::Triangle(x) => point(x),
                    Shape::Segment(x) => point(x),
                    Shape::Ray(x) => point(x),
                    Shape::Line(x) => point(x),
                    Shape::Plane(x) => point(x),
                    Shape::Hull(x) => point(x),
                }
            }
        }
    }

    /// Whether an input of the case breaks the invalid-input rule (and so must get the empty
    /// answer), and whether every input is valid (so every answer must be right).
    fn validity(&self) -> (bool, bool) {
        let extra_invalid = match self.family {
            3 => !(self.v.is_finite() && self.w.is_finite()),
            4 => {
                !(self.v.is_finite() && self.w.is_finite() && self.w != Vec3::ZERO)
                    || self.t.is_nan()
            }
            5 => !self.v.is_finite(),
            _ => false,
        };
        let b_used = self.family <= 3;
        let invalid = self.a.invalid() || (b_used && self.b.invalid()) || extra_invalid;
        let valid = !invalid && self.a.valid() && (!b_used || self.b.valid());
        (invalid, valid)
    }
}

/// How far apart two shapes are, or how deep they overlap where both are solids with a contact
/// (0 for shapes that touch); `None` for shapes that meet where no depth says how deeply (a
/// segment through a box).
fn separation(a: &Shape, b: &Shape) -> Option<Real> {
    let distance = pair!(a, b, |x, y| x.distance(y));
    if distance > 0.0 {
        return Some(distance);
    }
    // A segment's depth is that of the capsule of radius 0 it is.
    let solid = |s: &Shape| match s {
        Shape::Segment(x) => Shape::Capsule(Capsule::new(x.a, x.b, 0.0)),
        other => other.clone(),
    };
    solid_pair!(
        &solid(a),
        &solid(b),
        [Sphere, Aabb, Obb, Capsule, Triangle, Hull],
        [Sphere, Aabb, Obb, Capsule, Triangle, Hull],
        |x, y| x.contact(y).map_or(0.0, |c| c.depth)
    )
}

impl Case {
    /// How far the case is from its shapes touching ([`separation`]): of the two shapes
    /// (intersects, contact), of the moved shapes at time `t` (sweep), of the shape and the ray's
    /// segment up to `max_t` (raycast), of the shape and the point (point).
    fn separation(&self, t: Option<Real>) -> Option<Real> {
        match self.family {
            3 => {
                let t = t.unwrap_or(0.0);
                separation(
                    &self.a.translated(self.v * t),
                    &self.b.translated(self.w * t),
                )
            }
            4 => {
                let max_t = self.t.abs();
                let path = if (self.w * max_t).is_finite() {
                    Shape::Segment(Segment::new(self.v, self.v + self.w * max_t))
                } else {
                    Shape::Ray(Ray::new(self.v, self.w))
                };
                separation(&self.a, &path)
            }
            5 => separation(&self.a, &Shape::Sphere(Sphere::new(self.v, 0.0))),
            _ => separation(&self.a, &self.b),
        }
    }

    /// Whether `answers` hold closest points (distance family) that are a closest pair of this
    /// case: each on its shape and as far apart as the distance, within `tolerance`.
    fn closest_pair(&self, answers: &[Answer], tolerance: Real) -> bool {
        let [Answer::Length(d), Answer::Point(p), Answer::Point(q)] = answers else {
            return false;
        };
        self.family == 1
            && p.is_finite()
            && q.is_finite()
            && self.a.distance_to(*p) <= tolerance
            && self.b.distance_to(*q) <= tolerance
            && ((*p - *q).length() - d).abs() <= tolerance
    }
}

fn sweep<A: Sweep<B>, B>(a: &A, v: Vec3, b: &B, w: Vec3) -> Vec<Answer> {
    let hit = a.sweep(v, b, w);
    vec![
        Answer::Param(hit.map(|h| h.t_first)),
        Answer::Param(hit.map(|h| h.t_last)),
    ]
}

/// An answer that looks valid for invalid input.
#[derive(Debug)]
pub struct Violation(pub String);

/// A case whose answers at scale `4^k` are not its answers at scale 1, scaled.
#[derive(Debug)]
pub struct ScaleMismatch {
    pub family: usize,
    /// The largest finite magnitude among the case's lengths, as a power of two.
    pub exponent: i32,
    pub what: String,
}

/// How closely a case's answers at scale `4^k` must match its answers at scale 1, scaled: the
/// accuracy the queries document (README "Accuracy"), relative to the case's size.
///
/// A power-of-two scaling changes no rounding of a computation that neither overflows nor
/// underflows, so the two runs differ only where one of them meets subnormal intermediates (a
/// plane normal's component of `1e-40` times a length) or is rescaled while the other is
/// computed as given. Those differences are absolute errors at the floor of the float grid,
/// which the computation may carry up to the size of the case; so lengths and points are
/// compared within `ULPS` units in the last place of the case's size (its largest length, or the
/// answer's magnitude if larger), plus a few smallest normals at each scale; a parameter along a
/// motion within the same length divided by the motion's length. Booleans and the presence of
/// an answer (`Some`/`None`, finite or not) must be the same.
struct Tolerance {
    /// The case's largest finite length at scale 1.
    size: Real,
    /// The scale factor `4^k`.
    s: Real,
    /// The length of the motion a parameter is measured along (a ray's direction, a sweep's
    /// relative motion), at scale 1; 0 where there is none.
    motion: Real,
}

/// Units in the last place of the case's size that two computed lengths or points of one case at
/// two scales may differ by: a few roundings of coordinates ("closed forms to a few ulp of the
/// coordinates"), with a margin.
const ULPS: Real = 16.0;

impl Tolerance {
    fn of(case: &Case, lengths: &[Real], s: Real) -> Tolerance {
        let size = lengths
            .iter()
            .filter(|x| x.is_finite())
            .fold(0.0, |m: Real, x| m.max(x.abs()));
        let motion = match case.family {
            3 => (case.v - case.w).length(),
            4 => case.w.length(),
            _ => 0.0,
        };
        Tolerance { size, s, motion }
    }

    /// The absolute difference allowed between two lengths of magnitude up to `m` at scale `s`.
    fn length(&self, m: Real) -> Real {
        ULPS * Real::EPSILON * (self.size * self.s).max(m)
            + ULPS * Real::MIN_POSITIVE * self.s.max(1.0)
    }

    /// The distance within which shapes count as touching (README "Accuracy": the on-set
    /// tolerance, `ON_SET_TOLERANCE + MAGNITUDE_TOLERANCE` = 72 ε of the size) for one run; twice
    /// that, since each of the two runs may be off by it, at scale `s`.
    fn touching(&self, s: Real) -> Real {
        2.0 * 72.0 * Real::EPSILON * self.size * s + ULPS * Real::MIN_POSITIVE * s.max(1.0)
    }

    /// Whether the case is within the tolerance of touching at either scale (at the time of
    /// either run's first contact, for a sweep).
    fn near(&self, case: &Case, scaled: &Case, x: &[Answer], y: &[Answer]) -> bool {
        let t = |answers: &[Answer]| match answers.first() {
            Some(Answer::Param(t)) => *t,
            _ => None,
        };
        [t(x), t(y)].into_iter().any(|t| {
            case.separation(t).is_some_and(|d| d <= self.touching(1.0))
                || scaled
                    .separation(t)
                    .is_some_and(|d| d <= self.touching(self.s))
        })
    }

    /// Whether the expected point `a` (the first run's, times the scale) has coordinates
    /// beyond the float range (`±∞`: a line crossing a plane it nearly parallels, say) where the
    /// scaled run's `b` has the same coordinate in range, divided back by the scale beyond it,
    /// and the other coordinates agree: the same point, representable at one scale only.
    fn beyond_range(&self, a: Vec3, b: Vec3) -> bool {
        (0..3).all(|i| {
            let (x, y) = (a[i], b[i]);
            x == y
                || (x.is_infinite() && y.is_finite() && y / self.s == x)
                || (x.is_finite()
                    && y.is_finite()
                    && (x - y).abs() <= self.length(x.abs().max(y.abs())))
        })
    }

    fn same(&self, x: &Answer, y: &Answer) -> bool {
        match (x, y) {
            (Answer::Length(a), Answer::Length(b)) => {
                a == b
                    || (a.is_nan() && b.is_nan())
                    || (a.is_finite()
                        && b.is_finite()
                        && (a - b).abs() <= self.length(a.abs().max(b.abs())))
            }
            (Answer::Point(a), Answer::Point(b)) => {
                a == b
                    || (!a.is_finite() && !b.is_finite())
                    || (a.is_finite()
                        && b.is_finite()
                        && (*a - *b).abs().max_element()
                            <= self.length(a.abs().max_element().max(b.abs().max_element())))
                    || self.beyond_range(*a, *b)
            }
            (Answer::Param(Some(a)), Answer::Param(Some(b))) => {
                a == b
                    || (self.motion > 0.0
                        && (a - b).abs() * self.motion * self.s
                            <= self.length(a.abs().max(b.abs()) * self.motion * self.s))
            }
            _ => x == y,
        }
    }
}

/// What checking one case found.
#[derive(Debug, Default)]
pub struct Outcome {
    pub violation: Option<Violation>,
    pub mismatch: Option<ScaleMismatch>,
    /// Whether the invalid-input rule was checked (an input was invalid).
    pub rule_checked: bool,
    /// Whether the scale comparison ran (every input valid, the scaling exact both ways).
    pub scale_checked: bool,
}

/// Runs a case of `family` (or of the family the input names), checks the invalid-input rule,
/// and compares it with the same case scaled by `4^k` (`k` from the input, in -12..=12).
pub fn check(family: Option<usize>, data: &[u8]) -> (usize, Outcome) {
    let mut input = Input::new(data);
    let k = i32::from(input.byte() % 25) - 12;
    let case = Case::read(&mut input, family);
    let answers = case.answers();
    let mut outcome = Outcome::default();
    let (invalid, valid) = case.validity();
    if invalid {
        outcome.rule_checked = true;
        for a in &answers {
            let empty = match *a {
                Answer::Bool(b) => !b,
                Answer::Length(d) => d == Real::INFINITY,
                Answer::Param(p) => p.is_none(),
                Answer::Point(p) => !p.is_finite() || p == NO_POINT,
            };
            if !empty {
                outcome.violation = Some(Violation(format!("{case:?}: {a:?} for invalid input")));
                break;
            }
        }
        return (case.family, outcome);
    }
    if !valid || answers.is_empty() {
        return (case.family, outcome);
    }
    // 4^k by exponent bits (an exact power of two, k in -12..=12).
    let s = f32::from_bits(((127 + 2 * k) as u32) << 23);
    let scaled = case.scaled(s);
    // Only where the scaling is exact both ways for every number (no overflow, no subnormal
    // losing bits), so that the scaled case is the same case.
    let lengths: Vec<Real> = [
        case.a.lengths(),
        case.b.lengths(),
        case.v.to_array().to_vec(),
        case.w.to_array().to_vec(),
    ]
    .concat();
    if !lengths
        .iter()
        .all(|&x| (x * s).is_finite() && (x * s) / s == x && ((x * s) == 0.0) == (x == 0.0))
    {
        return (case.family, outcome);
    }
    let (_, scaled_valid) = scaled.validity();
    if !scaled_valid {
        return (case.family, outcome);
    }
    outcome.scale_checked = true;
    let expected: Vec<Answer> = answers
        .iter()
        .map(|a| match *a {
            Answer::Length(d) => Answer::Length(d * s),
            Answer::Point(p) => Answer::Point(p * s),
            other => other,
        })
        .collect();
    let got = scaled.answers();
    let tolerance = Tolerance::of(&case, &lengths, s);
    let same = |x: &Answer, y: &Answer| tolerance.same(x, y);
    // Within the documented tolerance of touching, a boolean or the presence of an answer may
    // go either way, and a contact's normal is not defined by the case.
    let near = std::cell::OnceCell::new();
    let near = || *near.get_or_init(|| tolerance.near(&case, &scaled, &answers, &got));
    let agree = |points: bool| {
        expected.iter().zip(&got).all(|(x, y)| match (x, y) {
            (Answer::Point(_), Answer::Point(_)) if !points => true,
            (Answer::Bool(_), _) | (Answer::Param(None), _) | (_, Answer::Param(None)) => {
                x == y || near()
            }
            (Answer::Length(a), Answer::Length(b)) if a.is_finite() != b.is_finite() => near(),
            // A contact's normal (both present): undefined where they only touch.
            (Answer::Param(_), _) if case.family == 2 => same(x, y) || near(),
            _ => same(x, y),
        })
    };
    // A closest pair that is not unique (parallel edges or faces): another closest pair.
    let agree = agree(true) || (agree(false) && scaled.closest_pair(&got, tolerance.touching(s)));
    if !agree {
        let exponent = lengths
            .iter()
            .filter(|x| x.is_finite() && **x != 0.0)
            .map(|x| ((x.to_bits() >> 23) & 0xff) as i32 - 127)
            .max_by_key(|e| e.abs())
            .unwrap_or(0);
        outcome.mismatch = Some(ScaleMismatch {
            family: case.family,
            exponent,
            what: format!("{case:?} at scale 4^{k}: expected {expected:?}, got {got:?}"),
        });
    }
    (case.family, outcome)
}
