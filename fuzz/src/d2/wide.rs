//! A 2D case's shapes in `f64` (`isect-f64`, the same source): how far apart they are where the
//! `f32` queries count them as meeting.

use isect::math::Vec2;
use isect_f64::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Distance, Line, Obb, Polygon, Polyline, Ray, Segment,
    Triangle,
};
use isect_f64::math::{Mat2 as DMat2, Vec2 as DVec2};

use super::Shape;

/// The `f64` shapes, each number converted exactly.
enum Wide {
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

fn wide(p: Vec2) -> DVec2 {
    p.as_dvec2()
}

fn all(points: &[Vec2]) -> Vec<DVec2> {
    points.iter().map(|&p| wide(p)).collect()
}

impl Wide {
    /// `None` where the `f64` polygon or polyline refuses the points (it does not: the same
    /// exact checks on the same points).
    fn of(shape: &Shape) -> Option<Wide> {
        Some(match shape {
            Shape::Circle(x) => Wide::Circle(Circle::new(wide(x.center), f64::from(x.radius))),
            Shape::Aabb(x) => Wide::Aabb(Aabb::new(wide(x.min), wide(x.max))),
            Shape::Obb(x) => Wide::Obb(Obb::new(
                wide(x.center),
                wide(x.half_extents),
                DMat2::from_cols(wide(x.rotation.x_axis), wide(x.rotation.y_axis)),
            )),
            Shape::Capsule(x) => {
                Wide::Capsule(Capsule::new(wide(x.a), wide(x.b), f64::from(x.radius)))
            }
            Shape::Triangle(x) => Wide::Triangle(Triangle::new(wide(x.a), wide(x.b), wide(x.c))),
            Shape::Segment(x) => Wide::Segment(Segment::new(wide(x.a), wide(x.b))),
            Shape::Ray(x) => Wide::Ray(Ray::new(wide(x.origin), wide(x.dir))),
            Shape::Line(x) => Wide::Line(Line::new(wide(x.origin), wide(x.dir))),
            Shape::Convex(x) => Wide::Convex(ConvexPolygon::new(all(x.vertices()))),
            Shape::Polygon(x) => Wide::Polygon(Polygon::new(all(x.points())).ok()?),
            Shape::Polyline(x) => {
                Wide::Polyline(Polyline::new(all(x.vertices()), x.segments().to_vec()).ok()?)
            }
        })
    }
}

/// The distance between two shapes computed in `f64`, whose tolerances are `2²⁹` times finer
/// than `f32`'s: 0 only where they meet within that (and 0 where they cannot be built).
pub(crate) fn distance(a: &Shape, b: &Shape) -> f64 {
    let (Some(a), Some(b)) = (Wide::of(a), Wide::of(b)) else {
        return 0.0;
    };
    macro_rules! inner {
        ($x:expr, [$($k:ident),*]) => {
            match &b {
                $(Wide::$k(y) => $x.distance(y),)*
            }
        };
    }
    macro_rules! outer {
        ([$($k:ident),*]) => {
            match &a {
                $(Wide::$k(x) => inner!(x,
                    [Circle, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Convex, Polygon,
                     Polyline]),)*
            }
        };
    }
    outer!([
        Circle, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Convex, Polygon, Polyline
    ])
}
