//! The shape kinds of a case: read from bytes, scaled, moved, and judged valid or invalid.

use isect::math::{Quat, Vec3};
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, PointQuery, Ray, Real, Segment, Sphere,
    Triangle,
};

use crate::Input;

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
    Frustum(Frustum),
}

/// Which kinds a case may draw: every kind; those with a distance (not the frustum); the
/// solids with contacts and sweeps; the shapes rays are cast at.
#[derive(Clone, Copy)]
pub enum Kinds {
    All,
    Measured,
    Solid,
    Cast,
}

impl Shape {
    /// A shape of one of `kinds`, chosen by a byte.
    pub fn read(input: &mut Input, kinds: Kinds) -> Shape {
        let kind = input.byte();
        let kind = match kinds {
            Kinds::All => kind % 11,
            Kinds::Measured => kind % 10,
            Kinds::Solid => [0, 1, 2, 3, 4, 9][usize::from(kind % 6)],
            Kinds::Cast => [0, 1, 2, 3, 4, 9, 10][usize::from(kind % 7)],
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
            10 => Shape::Frustum(crate::frustum::read(input)),
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
            Shape::Frustum(x) => Shape::Frustum(crate::frustum::scaled(x, s)),
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
            Shape::Frustum(x) => Shape::Frustum(crate::frustum::translated(x, t)),
        }
    }

    /// The distance from `p` to the shape.
    pub(crate) fn distance_to(&self, p: Vec3) -> Real {
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
            Shape::Frustum(x) => x.distance_to_point(p),
        }
    }

    /// The numbers that scale (not a rotation or a plane's normal).
    pub(crate) fn lengths(&self) -> Vec<Real> {
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
            Shape::Frustum(x) => x.planes.iter().map(|p| p.d).collect(),
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
            Shape::Frustum(x) => crate::frustum::invalid(x),
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
            Shape::Frustum(x) => x.is_valid().is_ok(),
        }
    }
}
