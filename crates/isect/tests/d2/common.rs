//! 2D test machinery: the maps that move shapes (quarter turns, rotations, scalings), the
//! representations of a shape that stand for the same set, points of a shape, and strategies.

use isect::Real;
use isect::d2::{
    Aabb, Bounded, Capsule, Circle, ConvexPolygon, Line, Obb, PointQuery, Polygon, Ray, Segment,
    Triangle,
};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;

pub use crate::common::tol;

/// Shorthand for `Vec2::new`.
pub fn v(x: Real, y: Real) -> Vec2 {
    Vec2::new(x, y)
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

/// Strategies: coordinates in [-10, 10], sometimes on a small integer lattice (so that exact
/// touching and collinear cases occur), and degenerate shapes part of the time.
pub mod strategy {
    use super::*;

    pub fn coord() -> impl Strategy<Value = Real> {
        -10.0 as Real..10.0
    }

    pub fn point() -> impl Strategy<Value = Vec2> {
        prop_oneof![
            3 => (coord(), coord()).prop_map(|(x, y)| v(x, y)),
            1 => (-4i32..=4, -4i32..=4).prop_map(|(x, y)| v(x as Real, y as Real)),
        ]
    }

    /// A length >= 0: 0 one time in eight, sometimes an integer.
    pub fn length() -> impl Strategy<Value = Real> {
        prop_oneof![1 => Just(0.0 as Real), 5 => 0.0 as Real..5.0, 2 => (1i32..4).prop_map(|k| k as Real)]
    }

    /// A non-zero direction, sometimes along an axis.
    pub fn direction() -> impl Strategy<Value = Vec2> {
        prop_oneof![
            3 => (coord(), coord())
                .prop_filter("non-zero", |(x, y)| x.abs() + y.abs() > 0.1)
                .prop_map(|(x, y)| v(x, y)),
            1 => (0usize..4, 1i32..4).prop_map(|(i, k)| [Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y][i] * k as Real),
        ]
    }

    /// An orthonormal matrix: a rotation by a random angle or a quarter turn, sometimes with a
    /// reflection.
    pub fn rotation() -> impl Strategy<Value = Mat2> {
        prop_oneof![
            2 => (-4.0 as Real..4.0).prop_map(Mat2::from_angle),
            1 => (0u8..4).prop_map(|k| Map::quarter(k).linear),
            1 => (-4.0 as Real..4.0).prop_map(|a| Mat2::from_angle(a) * Mat2::from_cols(v(1.0, 0.0), v(0.0, -1.0))),
        ]
    }

    pub fn circle() -> impl Strategy<Value = Circle> {
        (point(), length()).prop_map(|(c, r)| Circle::new(c, r))
    }

    pub fn aabb() -> impl Strategy<Value = Aabb> {
        (point(), length(), length()).prop_map(|(c, x, y)| Aabb::new(c, c + v(x, y)))
    }

    pub fn obb() -> impl Strategy<Value = Obb> {
        (point(), length(), length(), rotation())
            .prop_map(|(c, x, y, r)| Obb::new(c, v(x, y) * 0.5, r))
    }

    pub fn capsule() -> impl Strategy<Value = Capsule> {
        prop_oneof![
            4 => (point(), point(), length()).prop_map(|(a, b, r)| Capsule::new(a, b, r * 0.5)),
            1 => (point(), length()).prop_map(|(a, r)| Capsule::new(a, a, r)),
        ]
    }

    /// A triangle: general, collinear (exactly, on the lattice), or with coincident corners.
    pub fn triangle() -> impl Strategy<Value = Triangle> {
        prop_oneof![
            6 => (point(), point(), point()).prop_map(|(a, b, c)| Triangle::new(a, b, c)),
            1 => (-4i32..=4, -4i32..=4, -2i32..=2, -2i32..=2, -2i32..=3).prop_map(|(x, y, dx, dy, k)| {
                let a = v(x as Real, y as Real);
                let d = v(dx as Real, dy as Real);
                Triangle::new(a, a + d, a + d * k as Real)
            }),
            1 => (point(), point()).prop_map(|(a, b)| Triangle::new(a, b, b)),
        ]
    }

    pub fn segment() -> impl Strategy<Value = Segment> {
        prop_oneof![
            6 => (point(), point()).prop_map(|(a, b)| Segment::new(a, b)),
            1 => point().prop_map(|a| Segment::new(a, a)),
        ]
    }

    pub fn ray() -> impl Strategy<Value = Ray> {
        (point(), direction()).prop_map(|(o, d)| Ray::new(o, d))
    }

    pub fn line() -> impl Strategy<Value = Line> {
        (point(), direction()).prop_map(|(o, d)| Line::new(o, d))
    }

    /// The hull of 1 to 9 points, sometimes collinear.
    pub fn convex_polygon() -> impl Strategy<Value = ConvexPolygon> {
        prop_oneof![
            4 => proptest::collection::vec(point(), 1..10).prop_map(ConvexPolygon::new),
            1 => (point(), direction(), proptest::collection::vec(-3i32..=3, 1..5)).prop_map(|(o, d, ks)| {
                ConvexPolygon::new(ks.into_iter().map(|k| o + d * k as Real).collect::<Vec<_>>())
            }),
        ]
    }

    /// A simple polygon: a star around a point (radii at increasing angles), concave in
    /// general, or one of the lattice polygons of [`super::lattice`].
    pub fn polygon() -> impl Strategy<Value = Polygon> {
        prop_oneof![
            3 => (point(), proptest::collection::vec((0.2 as Real..6.0, 0.1 as Real..1.0), 3..12))
                .prop_map(|(c, spokes)| super::lattice::star(c, &spokes)),
            1 => super::lattice::any_polygon(),
        ]
    }
}

/// Simple polygons with integer coordinates: stars, combs and spirals.
pub mod lattice {
    use super::*;

    /// The star with a spoke of length `r` at each (increasing) angle step; simple by
    /// construction (every point seen from `c` in a different direction, in order).
    pub fn star(c: Vec2, spokes: &[(Real, Real)]) -> Polygon {
        let total: Real = spokes.iter().map(|s| s.1).sum();
        let mut angle = 0.0 as Real;
        let points: Vec<Vec2> = spokes
            .iter()
            .map(|&(r, step)| {
                angle += step / total * 2.0 * core::f64::consts::PI as Real;
                c + v(angle.cos(), angle.sin()) * r
            })
            .collect();
        Polygon::new(points).unwrap_or_else(|_| {
            Polygon::new(vec![c, c + v(1.0, 0.0), c + v(0.0, 1.0)]).expect("a triangle")
        })
    }

    /// A comb: a base `[0, 2n] × [0, 2]` with `n` teeth of the given heights (>= 3) on top.
    pub fn comb(heights: &[i32]) -> Vec<[i64; 2]> {
        let n = heights.len() as i64;
        let mut points = vec![[0, 0], [2 * n, 0], [2 * n, 2]];
        for (i, &h) in heights.iter().enumerate().rev() {
            let i = i as i64;
            points.extend([
                [2 * i + 1, 2],
                [2 * i + 1, h as i64],
                [2 * i, h as i64],
                [2 * i, 2],
            ]);
        }
        points
    }

    /// A square spiral corridor of width 2 whose centreline turns left `turns` times, arms
    /// spaced 4 apart (in doubled coordinates, so all corners are integers).
    pub fn spiral(turns: usize) -> Vec<[i64; 2]> {
        let dirs = [[1i64, 0], [0, 1], [-1, 0], [0, -1]];
        // The centreline: arm k has length 4 * (k / 2 + 1).
        let mut centre = vec![[0i64, 0]];
        for k in 0..=turns {
            let d = dirs[k % 4];
            let len = 4 * (k as i64 / 2 + 1);
            let last = *centre.last().expect("a start");
            centre.push([last[0] + d[0] * len, last[1] + d[1] * len]);
        }
        // Offsets by ±1 to the left of each arm; at a left turn the two arms' offsets meet at
        // the corner moved by both normals.
        let left = |d: [i64; 2]| [-d[1], d[0]];
        let m = centre.len();
        let dir_of = |i: usize| dirs[i % 4];
        let mut right_side = Vec::new();
        let mut left_side = Vec::new();
        for (i, &p) in centre.iter().enumerate() {
            let (n_in, n_out) = if i == 0 {
                (left(dir_of(0)), left(dir_of(0)))
            } else if i == m - 1 {
                (left(dir_of(i - 1)), left(dir_of(i - 1)))
            } else {
                (left(dir_of(i - 1)), left(dir_of(i)))
            };
            let n = if i == 0 || i == m - 1 {
                n_in
            } else {
                [n_in[0] + n_out[0], n_in[1] + n_out[1]]
            };
            left_side.push([p[0] + n[0], p[1] + n[1]]);
            right_side.push([p[0] - n[0], p[1] - n[1]]);
        }
        left_side.reverse();
        right_side.extend(left_side);
        right_side
    }

    pub fn to_vec2(points: &[[i64; 2]]) -> Vec<Vec2> {
        points
            .iter()
            .map(|p| v(p[0] as Real, p[1] as Real))
            .collect()
    }

    /// A lattice star: integer points at increasing angles (kept when simple).
    pub fn lattice_star(spokes: &[(i32, i32)]) -> Option<Vec<[i64; 2]>> {
        let n = spokes.len();
        let points: Vec<[i64; 2]> = spokes
            .iter()
            .enumerate()
            .map(|(i, &(r, jitter))| {
                let a = (i as f64 + jitter as f64 * 0.2) / n as f64 * 2.0 * core::f64::consts::PI;
                [
                    (r as f64 * a.cos()).round() as i64,
                    (r as f64 * a.sin()).round() as i64,
                ]
            })
            .collect();
        // The polygon's own points: repeats (two spokes rounded to one point) dropped.
        Polygon::new(to_vec2(&points)).ok().map(|p| {
            p.points()
                .iter()
                .map(|q| [q.x as i64, q.y as i64])
                .collect()
        })
    }

    /// A star, a comb or a spiral with integer corners, moved by a lattice vector and a quarter
    /// turn.
    pub fn lattice_points() -> impl Strategy<Value = Vec<[i64; 2]>> {
        let shape = prop_oneof![
            proptest::collection::vec((2i32..12, -2i32..=2), 3..16)
                .prop_filter_map("simple", |s| lattice_star(&s)),
            proptest::collection::vec(3i32..9, 1..7).prop_map(|h| comb(&h)),
            (1usize..9).prop_map(spiral),
        ];
        (shape, 0u8..4, -6i64..=6, -6i64..=6).prop_map(|(points, turns, tx, ty)| {
            points
                .into_iter()
                .map(|[x, y]| {
                    let [x, y] = match turns {
                        0 => [x, y],
                        1 => [-y, x],
                        2 => [-x, -y],
                        _ => [y, -x],
                    };
                    [x + tx, y + ty]
                })
                .collect()
        })
    }

    pub fn any_polygon() -> impl Strategy<Value = Polygon> {
        lattice_points().prop_map(|p| Polygon::new(to_vec2(&p)).expect("simple lattice polygon"))
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
