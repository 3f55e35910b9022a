//! Strategies: coordinates in [-10, 10], sometimes on a small integer lattice (so that exact
//! touching and collinear cases occur), and degenerate shapes part of the time.

use isect::Real;
use isect::d2::{Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Ray, Segment, Triangle};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;

use super::common::{Map, v};

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
    (point(), length(), length(), rotation()).prop_map(|(c, x, y, r)| Obb::new(c, v(x, y) * 0.5, r))
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
