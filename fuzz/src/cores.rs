//! The cores of the 3D rounded pairs, whose contact normal is the direction between them.

use isect::math::Vec3;
use isect::{ConvexHull, Distance, Real, Segment, Triangle};

use crate::Shape;
use crate::check::Cores;

/// The cores of `a` and `b` where one is a sphere or capsule and the other a sphere, capsule,
/// triangle or hull: how far apart, their largest coordinate, and the radii; `None` otherwise.
pub(crate) fn of(a: &Shape, b: &Shape) -> Option<Cores> {
    let (p, q) = (core(a)?, core(b)?);
    let distance = match (&p, &q) {
        (Core::Segment(x), Core::Segment(y)) => x.distance(y),
        (Core::Segment(x), Core::Triangle(t)) | (Core::Triangle(t), Core::Segment(x)) => {
            t.distance(x)
        }
        (Core::Segment(x), Core::Hull(h)) | (Core::Hull(h), Core::Segment(x)) => x.distance(h),
        // Two triangles or hulls: not a rounded pair.
        _ => return None,
    };
    Some(Cores {
        distance,
        extent: p.magnitude().max(q.magnitude()),
        radii: radius(a) + radius(b),
    })
}

/// The core of a sphere or capsule (its center or axis, as a segment), or a triangle or a hull as
/// its own core; `None` for other shapes.
enum Core {
    Segment(Segment),
    Triangle(Triangle),
    Hull(ConvexHull),
}

impl Core {
    /// The largest magnitude of the core's coordinates.
    fn magnitude(&self) -> Real {
        let largest = |ps: &[Vec3]| {
            ps.iter()
                .fold(0.0, |m: Real, p| m.max(p.abs().max_element()))
        };
        match self {
            Core::Segment(s) => largest(&[s.a, s.b]),
            Core::Triangle(t) => largest(&[t.a, t.b, t.c]),
            Core::Hull(h) => largest(h.points()),
        }
    }
}

/// The radius of a sphere or capsule, 0 for other shapes.
fn radius(shape: &Shape) -> Real {
    match shape {
        Shape::Sphere(x) => x.radius,
        Shape::Capsule(x) => x.radius,
        _ => 0.0,
    }
}

fn core(shape: &Shape) -> Option<Core> {
    match shape {
        Shape::Sphere(x) => Some(Core::Segment(Segment::new(x.center, x.center))),
        Shape::Capsule(x) => Some(Core::Segment(Segment::new(x.a, x.b))),
        Shape::Triangle(x) => Some(Core::Triangle(*x)),
        Shape::Hull(x) => Some(Core::Hull(x.clone())),
        _ => None,
    }
}
