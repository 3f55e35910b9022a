//! The plane's shape kinds of a case: read from bytes, scaled, moved, and judged valid or invalid.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, PointQuery, Polygon, Polyline, Ray, Segment,
    Triangle,
};
use isect::math::Vec2;

use crate::Input;

/// The 2D shape kinds the cases draw from: every shape of `isect::d2`.
#[derive(Clone, Debug)]
pub enum Shape {
    Circle(Circle),
    Aabb(Aabb),
    Obb(Obb),
    Capsule(Capsule),
    Triangle(Triangle),
    Segment(Segment),
    Ray(Ray),
    Line(Line),
    Convex(ConvexPolygon),
    Polygon(Polygon),
    Polyline(Polyline),
}

/// A polygon through `points`: in the order given, or else by angle around their mean (most
/// random points make a simple polygon that way); `None` where neither is simple.
fn polygon(points: &[Vec2]) -> Option<Polygon> {
    Polygon::new(points.to_vec()).ok().or_else(|| {
        let mean = points.iter().copied().sum::<Vec2>() / points.len() as Real;
        let mut sorted = points.to_vec();
        // By angle: the half plane first, then the turn from one to the other.
        let lower = |p: Vec2| p.y < 0.0 || (p.y == 0.0 && p.x < 0.0);
        sorted.sort_by(|p, q| {
            let (p, q) = (*p - mean, *q - mean);
            lower(p)
                .cmp(&lower(q))
                .then_with(|| Real::total_cmp(&0.0, &p.perp_dot(q)))
        });
        Polygon::new(sorted).ok()
    })
}

/// The chain through `points`, closed into a loop if `closed`; `None` for a non-finite point.
fn polyline(points: &[Vec2], closed: bool) -> Option<Polyline> {
    let n = points.len() as u32;
    let mut segments: Vec<[u32; 2]> = (1..n).map(|i| [i - 1, i]).collect();
    if closed && n > 2 {
        segments.push([n - 1, 0]);
    }
    Polyline::new(points.to_vec(), segments).ok()
}

impl Shape {
    /// A shape of kind `kind % 11`. A polygon whose points make no simple polygon, and a polygon
    /// or polyline with a non-finite point (which they refuse to build), is the convex polygon of
    /// its points (the invalid one for a non-finite point).
    pub fn read(input: &mut Input) -> Shape {
        let kind = input.byte() % 11;
        match kind {
            0 => Shape::Circle(Circle::new(input.vec2(), input.real())),
            1 => Shape::Aabb(Aabb::new(input.vec2(), input.vec2())),
            2 => Shape::Obb(Obb::from_angle(input.vec2(), input.vec2(), input.real())),
            3 => Shape::Capsule(Capsule::new(input.vec2(), input.vec2(), input.real())),
            4 => Shape::Triangle(Triangle::new(input.vec2(), input.vec2(), input.vec2())),
            5 => Shape::Segment(Segment::new(input.vec2(), input.vec2())),
            6 => Shape::Ray(Ray::new(input.vec2(), input.vec2())),
            7 => Shape::Line(Line::new(input.vec2(), input.vec2())),
            _ => {
                let count = usize::from(input.byte());
                let points: Vec<Vec2> = match kind {
                    8 => (0..1 + count % 6).map(|_| input.vec2()).collect(),
                    9 => (0..3 + count % 4).map(|_| input.vec2()).collect(),
                    _ => (0..2 + count % 5).map(|_| input.vec2()).collect(),
                };
                let shape = match kind {
                    9 => polygon(&points).map(Shape::Polygon),
                    10 => polyline(&points, count & 0x80 != 0).map(Shape::Polyline),
                    _ => None,
                };
                shape.unwrap_or_else(|| Shape::Convex(ConvexPolygon::new(points)))
            }
        }
    }

    /// The same shape with every number times `s`; `None` where a polygon's scaled points no
    /// longer make a simple polygon (rounding in the subnormals).
    pub fn scaled(&self, s: Real) -> Option<Shape> {
        Some(match self {
            Shape::Circle(x) => Shape::Circle(Circle::new(x.center * s, x.radius * s)),
            Shape::Aabb(x) => Shape::Aabb(Aabb::new(x.min * s, x.max * s)),
            Shape::Obb(x) => Shape::Obb(Obb::new(x.center * s, x.half_extents * s, x.rotation)),
            Shape::Capsule(x) => Shape::Capsule(Capsule::new(x.a * s, x.b * s, x.radius * s)),
            Shape::Triangle(x) => Shape::Triangle(Triangle::new(x.a * s, x.b * s, x.c * s)),
            Shape::Segment(x) => Shape::Segment(Segment::new(x.a * s, x.b * s)),
            Shape::Ray(x) => Shape::Ray(Ray::new(x.origin * s, x.dir * s)),
            Shape::Line(x) => Shape::Line(Line::new(x.origin * s, x.dir * s)),
            Shape::Convex(x) => Shape::Convex(ConvexPolygon::new(scale_all(x.vertices(), s))),
            Shape::Polygon(x) => Shape::Polygon(Polygon::new(scale_all(x.points(), s)).ok()?),
            Shape::Polyline(x) => Shape::Polyline(
                Polyline::new(scale_all(x.vertices(), s), x.segments().to_vec()).ok()?,
            ),
        })
    }

    /// The same shape moved by `t`; `None` as for [`Shape::scaled`].
    pub fn translated(&self, t: Vec2) -> Option<Shape> {
        let moved = |ps: &[Vec2]| ps.iter().map(|&p| p + t).collect::<Vec<_>>();
        Some(match self {
            Shape::Circle(x) => Shape::Circle(Circle::new(x.center + t, x.radius)),
            Shape::Aabb(x) => Shape::Aabb(Aabb::new(x.min + t, x.max + t)),
            Shape::Obb(x) => Shape::Obb(Obb::new(x.center + t, x.half_extents, x.rotation)),
            Shape::Capsule(x) => Shape::Capsule(Capsule::new(x.a + t, x.b + t, x.radius)),
            Shape::Triangle(x) => Shape::Triangle(Triangle::new(x.a + t, x.b + t, x.c + t)),
            Shape::Segment(x) => Shape::Segment(Segment::new(x.a + t, x.b + t)),
            Shape::Ray(x) => Shape::Ray(Ray::new(x.origin + t, x.dir)),
            Shape::Line(x) => Shape::Line(Line::new(x.origin + t, x.dir)),
            Shape::Convex(x) => Shape::Convex(ConvexPolygon::new(moved(x.vertices()))),
            Shape::Polygon(x) => Shape::Polygon(Polygon::new(moved(x.points())).ok()?),
            Shape::Polyline(x) => {
                Shape::Polyline(Polyline::new(moved(x.vertices()), x.segments().to_vec()).ok()?)
            }
        })
    }

    /// The distance from `p` to the shape.
    pub(crate) fn distance_to(&self, p: Vec2) -> Real {
        match self {
            Shape::Circle(x) => x.distance_to_point(p),
            Shape::Aabb(x) => x.distance_to_point(p),
            Shape::Obb(x) => x.distance_to_point(p),
            Shape::Capsule(x) => x.distance_to_point(p),
            Shape::Triangle(x) => x.distance_to_point(p),
            Shape::Segment(x) => x.distance_to_point(p),
            Shape::Ray(x) => x.distance_to_point(p),
            Shape::Line(x) => x.distance_to_point(p),
            Shape::Convex(x) => x.distance_to_point(p),
            Shape::Polygon(x) => x.distance_to_point(p),
            Shape::Polyline(x) => x.distance_to_point(p),
        }
    }

    /// The numbers that scale (not a rotation).
    pub(crate) fn lengths(&self) -> Vec<Real> {
        let v = |p: &[Vec2]| p.iter().flat_map(|q| q.to_array()).collect::<Vec<_>>();
        match self {
            Shape::Circle(x) => [v(&[x.center]), vec![x.radius]].concat(),
            Shape::Aabb(x) => v(&[x.min, x.max]),
            Shape::Obb(x) => v(&[x.center, x.half_extents]),
            Shape::Capsule(x) => [v(&[x.a, x.b]), vec![x.radius]].concat(),
            Shape::Triangle(x) => v(&[x.a, x.b, x.c]),
            Shape::Segment(x) => v(&[x.a, x.b]),
            Shape::Ray(x) => v(&[x.origin, x.dir]),
            Shape::Line(x) => v(&[x.origin, x.dir]),
            Shape::Convex(x) => v(x.vertices()),
            Shape::Polygon(x) => v(x.points()),
            Shape::Polyline(x) => v(x.vertices()),
        }
    }

    /// Invalid by the rule every query follows (NaN or infinite numbers, a negative radius or
    /// extent, `min > max`, a zero direction, a convex polygon without points). Polygons and
    /// polylines are never invalid: they refuse to be built instead.
    pub fn invalid(&self) -> bool {
        let finite = |p: &[Vec2]| p.iter().all(|q| q.is_finite());
        match self {
            Shape::Circle(x) => !(finite(&[x.center]) && x.radius.is_finite() && x.radius >= 0.0),
            Shape::Aabb(x) => !(finite(&[x.min, x.max]) && x.min.cmple(x.max).all()),
            Shape::Obb(x) => {
                !(finite(&[x.center, x.half_extents])
                    && x.rotation.is_finite()
                    && x.half_extents.cmpge(Vec2::ZERO).all())
            }
            Shape::Capsule(x) => !(finite(&[x.a, x.b]) && x.radius.is_finite() && x.radius >= 0.0),
            Shape::Triangle(x) => !finite(&[x.a, x.b, x.c]),
            Shape::Segment(x) => !finite(&[x.a, x.b]),
            Shape::Ray(x) => !(finite(&[x.origin, x.dir]) && x.dir != Vec2::ZERO),
            Shape::Line(x) => !(finite(&[x.origin, x.dir]) && x.dir != Vec2::ZERO),
            Shape::Convex(x) => x.is_valid().is_err(),
            Shape::Polygon(_) | Shape::Polyline(_) => false,
        }
    }

    /// Valid in every respect (`is_valid`), so that every answer must be right: an OBB whose
    /// rotation rounding left off by more than `is_valid` allows, or whose corners overflow,
    /// is neither invalid nor checked.
    pub fn valid(&self) -> bool {
        match self {
            Shape::Circle(x) => x.is_valid().is_ok(),
            Shape::Aabb(x) => x.is_valid().is_ok(),
            // A box whose corners overflow is the empty set (documented): not the same box at
            // a scale where they do not.
            Shape::Obb(x) => x.is_valid().is_ok() && x.corners().iter().all(|c| c.is_finite()),
            Shape::Capsule(x) => x.is_valid().is_ok(),
            Shape::Triangle(x) => x.is_valid().is_ok(),
            Shape::Segment(x) => x.is_valid().is_ok(),
            Shape::Ray(x) => x.is_valid().is_ok(),
            Shape::Line(x) => x.is_valid().is_ok(),
            Shape::Convex(x) => x.is_valid().is_ok(),
            Shape::Polygon(x) => x.is_valid().is_ok(),
            Shape::Polyline(x) => x.is_valid().is_ok(),
        }
    }
}

fn scale_all(points: &[Vec2], s: Real) -> Vec<Vec2> {
    points.iter().map(|&p| p * s).collect()
}
