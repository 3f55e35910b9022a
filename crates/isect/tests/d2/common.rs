//! 2D test machinery: the maps that move shapes (quarter turns, rotations, scalings), the
//! representations of a shape that stand for the same set, and points of a shape.

use isect::Real;
use isect::d2::{
    Aabb, Bounded, Capsule, Circle, ConvexPolygon, Line, Obb, PointQuery, Polygon, Ray, RayHit,
    Segment, Triangle,
};
use isect::math::{Mat2, Vec2};

pub use crate::common::tol;

/// Shorthand for `Vec2::new`.
pub fn v(x: Real, y: Real) -> Vec2 {
    Vec2::new(x, y)
}

/// That `hit` is a hit with exactly this `t`, point and normal.
#[track_caller]
pub fn assert_hit(hit: Option<RayHit>, t: Real, point: Vec2, normal: Vec2) {
    let hit = hit.expect("a hit");
    assert_eq!((hit.t, hit.point, hit.normal), (t, point, normal));
}

/// A fixed xorshift generator, for the tests that draw their own cases.
pub struct Xorshift(pub u64);

impl Xorshift {
    fn bits(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// An integer in `lo..=hi`.
    pub fn int(&mut self, lo: i32, hi: i32) -> Real {
        (lo + (self.bits() % (hi - lo + 1) as u64) as i32) as Real
    }

    /// A point with integer coordinates in `lo..=hi`.
    pub fn int_point(&mut self, lo: i32, hi: i32) -> Vec2 {
        v(self.int(lo, hi), self.int(lo, hi))
    }

    /// A number in `[lo, hi)`.
    pub fn real(&mut self, lo: Real, hi: Real) -> Real {
        lo + (hi - lo) * ((self.bits() >> 11) as f64 / (1u64 << 53) as f64) as Real
    }

    /// A vector with coordinates in `[−r, r)`.
    pub fn vec(&mut self, r: Real) -> Vec2 {
        v(self.real(-r, r), self.real(-r, r))
    }
}

/// `p ↦ linear · p + translation`, with radii scaled by `factor`.
#[derive(Clone, Copy, Debug)]
pub struct Map {
    pub linear: Mat2,
    pub translation: Vec2,
    /// How lengths scale (1 for rigid motions).
    pub factor: Real,
    /// Whether the map sends the axes onto axes (quarter turns, scalings): boxes stay boxes.
    pub axis_aligned: bool,
}

impl Map {
    /// `turns` quarter turns counter-clockwise about the origin: exact.
    pub fn quarter(turns: u8) -> Self {
        let (c, s): (Real, Real) =
            [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][turns as usize % 4];
        Self {
            linear: Mat2::from_cols(v(c, s), v(-s, c)),
            translation: Vec2::ZERO,
            factor: 1.0,
            axis_aligned: true,
        }
    }

    /// The reflection `x ↦ −x`: exact.
    pub fn mirror() -> Self {
        Self {
            linear: Mat2::from_cols(v(-1.0, 0.0), v(0.0, 1.0)),
            translation: Vec2::ZERO,
            factor: 1.0,
            axis_aligned: true,
        }
    }

    /// Scaling by `2^k`: exact away from overflow and underflow.
    pub fn scale(k: i32) -> Self {
        let f = (2.0 as Real).powi(k);
        Self {
            linear: Mat2::from_diagonal(Vec2::splat(f)),
            translation: Vec2::ZERO,
            factor: f,
            axis_aligned: true,
        }
    }

    /// A rotation by `angle` then a translation: rounded.
    pub fn rigid(angle: Real, translation: Vec2) -> Self {
        let (s, c) = angle.sin_cos();
        Self {
            linear: Mat2::from_cols(v(c, s), v(-s, c)),
            translation,
            factor: 1.0,
            axis_aligned: false,
        }
    }

    /// A translation by `t`: exact where the coordinates allow it.
    pub fn shift(t: Vec2) -> Self {
        Self {
            linear: Mat2::IDENTITY,
            translation: t,
            factor: 1.0,
            axis_aligned: true,
        }
    }

    pub fn point(&self, p: Vec2) -> Vec2 {
        self.linear * p + self.translation
    }

    pub fn dir(&self, d: Vec2) -> Vec2 {
        self.linear * d
    }
}

/// What the pair tests need of every shape.
pub trait TestShape: Clone + core::fmt::Debug + PointQuery + Sized {
    /// The image under `m`; `None` where the shape's type cannot hold it (a box under a general
    /// rotation) or the image is not a valid shape.
    fn mapped(&self, m: &Map) -> Option<Self>;
    /// Other representations of the same point set: corners permuted, ends exchanged, a
    /// polygon's points started elsewhere or reversed.
    fn variants(&self) -> Vec<Self>;
    /// Points of the set (corners, points along edges, rim points), as computed (rounded).
    fn samples(&self) -> Vec<Vec2>;
    /// Whether a radius makes overlap a comparison of rounded squared distances.
    fn rounded(&self) -> bool {
        false
    }
    /// The largest coordinate magnitude involved (at least 1), for tolerances.
    fn magnitude(&self) -> Real;
    /// Rays and lines.
    fn unbounded(&self) -> bool {
        false
    }
}

fn max_abs(points: &[Vec2]) -> Real {
    points
        .iter()
        .fold(1.0 as Real, |m, p| m.max(p.abs().max_element()))
}

/// `n + 1` points evenly along the segment `ab` (its ends included).
fn along(a: Vec2, b: Vec2, n: usize) -> impl Iterator<Item = Vec2> {
    (0..=n).map(move |i| a.lerp(b, i as Real / n as Real))
}

/// Points of the closed chain through `points` (or of the segment or point they are).
fn chain_samples(points: &[Vec2], closed: bool) -> Vec<Vec2> {
    let n = points.len();
    let edges = if closed && n > 2 {
        n
    } else {
        n.saturating_sub(1)
    };
    let mut out: Vec<Vec2> = points.to_vec();
    for i in 0..edges {
        out.extend(along(points[i], points[(i + 1) % n], 8));
    }
    out
}

fn rim(center: Vec2, r: Real) -> impl Iterator<Item = Vec2> {
    (0..16).map(move |i| {
        let a = i as Real * core::f64::consts::PI as Real / 8.0;
        center + v(a.cos(), a.sin()) * r
    })
}

impl TestShape for Circle {
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(Circle::new(m.point(self.center), self.radius * m.factor))
    }
    fn variants(&self) -> Vec<Self> {
        vec![*self]
    }
    fn samples(&self) -> Vec<Vec2> {
        let mut out = vec![self.center];
        out.extend(rim(self.center, self.radius));
        out
    }
    fn rounded(&self) -> bool {
        self.radius > 0.0
    }
    fn magnitude(&self) -> Real {
        max_abs(&[self.center]) + self.radius
    }
}

impl TestShape for Aabb {
    fn mapped(&self, m: &Map) -> Option<Self> {
        if !m.axis_aligned {
            return None;
        }
        Aabb::from_points(self.corners().map(|c| m.point(c)))
    }
    fn variants(&self) -> Vec<Self> {
        vec![*self]
    }
    fn samples(&self) -> Vec<Vec2> {
        let mut out = chain_samples(&self.corners(), true);
        out.push(self.center());
        out
    }
    fn magnitude(&self) -> Real {
        max_abs(&[self.min, self.max])
    }
}

impl TestShape for Obb {
    fn mapped(&self, m: &Map) -> Option<Self> {
        let rotation = Mat2::from_cols(
            m.dir(self.rotation.x_axis) / m.factor,
            m.dir(self.rotation.y_axis) / m.factor,
        );
        Some(Obb::new(
            m.point(self.center),
            self.half_extents * m.factor,
            rotation,
        ))
    }
    fn variants(&self) -> Vec<Self> {
        // The same box with its axes negated, exchanged, or reflected.
        let (x, y) = (self.rotation.x_axis, self.rotation.y_axis);
        let h = self.half_extents;
        vec![
            *self,
            Obb::new(self.center, h, Mat2::from_cols(-x, -y)),
            Obb::new(self.center, v(h.y, h.x), Mat2::from_cols(y, -x)),
            Obb::new(self.center, h, Mat2::from_cols(x, -y)),
        ]
    }
    fn samples(&self) -> Vec<Vec2> {
        let mut out = chain_samples(&self.corners(), true);
        out.push(self.center);
        out
    }
    fn magnitude(&self) -> Real {
        max_abs(&self.corners())
    }
}

impl TestShape for Capsule {
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(Capsule::new(
            m.point(self.a),
            m.point(self.b),
            self.radius * m.factor,
        ))
    }
    fn variants(&self) -> Vec<Self> {
        vec![*self, Capsule::new(self.b, self.a, self.radius)]
    }
    fn samples(&self) -> Vec<Vec2> {
        let mut out: Vec<Vec2> = along(self.a, self.b, 8).collect();
        out.extend(rim(self.a, self.radius));
        out.extend(rim(self.b, self.radius));
        out
    }
    fn rounded(&self) -> bool {
        self.radius > 0.0
    }
    fn magnitude(&self) -> Real {
        max_abs(&[self.a, self.b]) + self.radius
    }
}

impl TestShape for Triangle {
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(Triangle::new(
            m.point(self.a),
            m.point(self.b),
            m.point(self.c),
        ))
    }
    fn variants(&self) -> Vec<Self> {
        let [a, b, c] = self.vertices();
        vec![
            Triangle::new(a, b, c),
            Triangle::new(b, c, a),
            Triangle::new(c, a, b),
            Triangle::new(a, c, b),
            Triangle::new(c, b, a),
            Triangle::new(b, a, c),
        ]
    }
    fn samples(&self) -> Vec<Vec2> {
        let mut out = chain_samples(&self.vertices(), true);
        out.push(self.centroid());
        out
    }
    fn magnitude(&self) -> Real {
        max_abs(&self.vertices())
    }
}

impl TestShape for Segment {
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(Segment::new(m.point(self.a), m.point(self.b)))
    }
    fn variants(&self) -> Vec<Self> {
        vec![*self, Segment::new(self.b, self.a)]
    }
    fn samples(&self) -> Vec<Vec2> {
        along(self.a, self.b, 8).collect()
    }
    fn magnitude(&self) -> Real {
        max_abs(&[self.a, self.b])
    }
}

impl TestShape for Ray {
    fn unbounded(&self) -> bool {
        true
    }
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(Ray::new(m.point(self.origin), m.dir(self.dir)))
    }
    fn variants(&self) -> Vec<Self> {
        // The same ray with its direction scaled by powers of two (exact).
        vec![
            *self,
            Ray::new(self.origin, self.dir * 4.0),
            Ray::new(self.origin, self.dir * 0.125),
        ]
    }
    fn samples(&self) -> Vec<Vec2> {
        [0.0, 0.25, 1.0, 3.0, 10.0, 100.0]
            .map(|t: Real| self.point_at(t))
            .to_vec()
    }
    fn magnitude(&self) -> Real {
        max_abs(&[self.origin, self.dir])
    }
}

impl TestShape for Line {
    fn unbounded(&self) -> bool {
        true
    }
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(Line::new(m.point(self.origin), m.dir(self.dir)))
    }
    fn variants(&self) -> Vec<Self> {
        vec![
            *self,
            Line::new(self.origin, -self.dir),
            Line::new(self.origin, self.dir * 8.0),
        ]
    }
    fn samples(&self) -> Vec<Vec2> {
        [-100.0, -10.0, -1.0, 0.0, 0.5, 1.0, 10.0, 100.0]
            .map(|t: Real| self.point_at(t))
            .to_vec()
    }
    fn magnitude(&self) -> Real {
        max_abs(&[self.origin, self.dir])
    }
}

impl TestShape for ConvexPolygon {
    fn mapped(&self, m: &Map) -> Option<Self> {
        Some(ConvexPolygon::new(
            self.vertices()
                .iter()
                .map(|&p| m.point(p))
                .collect::<Vec<_>>(),
        ))
    }
    fn variants(&self) -> Vec<Self> {
        // The same hull from its corners in another order, with interior points added.
        let mut reversed: Vec<Vec2> = self.vertices().to_vec();
        reversed.reverse();
        let mut with_inner = reversed.clone();
        if let Some(&first) = self.vertices().first() {
            let centroid =
                self.vertices().iter().copied().sum::<Vec2>() / self.vertices().len() as Real;
            with_inner.push(centroid);
            with_inner.push(first);
        }
        vec![
            self.clone(),
            ConvexPolygon::new(reversed),
            ConvexPolygon::new(with_inner),
        ]
    }
    fn samples(&self) -> Vec<Vec2> {
        chain_samples(self.vertices(), true)
    }
    fn magnitude(&self) -> Real {
        max_abs(self.vertices())
    }
}

impl TestShape for Polygon {
    fn mapped(&self, m: &Map) -> Option<Self> {
        Polygon::new(
            self.points()
                .iter()
                .map(|&p| m.point(p))
                .collect::<Vec<_>>(),
        )
        .ok()
    }
    fn variants(&self) -> Vec<Self> {
        let points = self.points();
        let mut rotated = points.to_vec();
        rotated.rotate_left(points.len() / 2);
        let mut reversed = points.to_vec();
        reversed.reverse();
        let mut closed = points.to_vec();
        closed.push(points[0]);
        [rotated, reversed, closed]
            .into_iter()
            .map(|p| Polygon::new(p).expect("the same simple polygon"))
            .collect()
    }
    fn samples(&self) -> Vec<Vec2> {
        chain_samples(self.points(), true)
    }
    fn magnitude(&self) -> Real {
        max_abs(self.points())
    }
}

/// The Bounded check every bounded shape passes: its samples are in its box and circle.
pub fn assert_bounds<S: TestShape + Bounded>(shape: &S) {
    let b = shape.aabb();
    let c = shape.bounding_circle();
    let t = tol(shape.magnitude());
    for p in shape.samples() {
        assert!(
            p.cmpge(b.min - t).all() && p.cmple(b.max + t).all(),
            "{p} outside the box {b:?} of {shape:?}"
        );
        assert!(
            p.distance(c.center) <= c.radius + t,
            "{p} outside the circle {c:?} of {shape:?}"
        );
    }
}
