//! A case's shapes in `f64` (`isect-f64`, the same source): how far apart they are where the
//! `f32` queries count them as meeting within their on-set tolerance.

use isect::math::Vec3;
use isect_f64::math::Vec3 as DVec3;
use isect_f64::{
    Aabb, Capsule, ConvexHull, Distance, Line, Obb, Plane, Ray, Segment, Sphere, Triangle,
};

use crate::Shape;

/// The `f64` shapes, each number converted exactly.
enum Wide {
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

fn wide(p: Vec3) -> DVec3 {
    p.as_dvec3()
}

impl Wide {
    /// `reach`: half the side of the box that cuts a frustum's region (holding the case); a
    /// frustum is the hull of that cut region's corners, `None` where it is empty.
    fn of(shape: &Shape, reach: f64) -> Option<Wide> {
        Some(match shape {
            Shape::Sphere(x) => Wide::Sphere(Sphere::new(wide(x.center), f64::from(x.radius))),
            Shape::Aabb(x) => Wide::Aabb(Aabb::new(wide(x.min), wide(x.max))),
            Shape::Obb(x) => Wide::Obb(Obb::new(
                wide(x.center),
                wide(x.half_extents),
                x.rotation.as_dmat3(),
            )),
            Shape::Capsule(x) => {
                Wide::Capsule(Capsule::new(wide(x.a), wide(x.b), f64::from(x.radius)))
            }
            Shape::Triangle(x) => Wide::Triangle(Triangle::new(wide(x.a), wide(x.b), wide(x.c))),
            Shape::Segment(x) => Wide::Segment(Segment::new(wide(x.a), wide(x.b))),
            Shape::Ray(x) => Wide::Ray(Ray::new(wide(x.origin), wide(x.dir))),
            Shape::Line(x) => Wide::Line(Line::new(wide(x.origin), wide(x.dir))),
            Shape::Plane(x) => Wide::Plane(Plane {
                normal: wide(x.normal),
                d: f64::from(x.d),
            }),
            Shape::Hull(x) => Wide::Hull(ConvexHull::new(
                x.points().iter().map(|&p| wide(p)).collect::<Vec<_>>(),
            )),
            Shape::Frustum(x) => Wide::Hull(crate::frustum::region(x, reach)?),
        })
    }
}

/// Half the side of a box that holds both shapes' parts near each other: four times the
/// largest of their lengths (at least 1).
pub(crate) fn reach(a: &Shape, b: &Shape) -> f64 {
    4.0 * a
        .lengths()
        .iter()
        .chain(&b.lengths())
        .filter(|x| x.is_finite())
        .fold(1.0, |m: f64, &x| m.max(f64::from(x).abs()))
}

/// The distance between two shapes computed in `f64`, whose on-set tolerance is `2²⁹` times
/// finer than `f32`'s: 0 only where they meet within that.
pub(crate) fn distance(a: &Shape, b: &Shape) -> f64 {
    let reach = reach(a, b);
    // An empty region is as far from everything as can be.
    let (Some(a), Some(b)) = (Wide::of(a, reach), Wide::of(b, reach)) else {
        return f64::INFINITY;
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
                    [Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull]),)*
            }
        };
    }
    outer!([
        Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull
    ])
}
