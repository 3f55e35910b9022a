//! A 2D case: its family, shapes and numbers; its answers; how far its shapes are from touching.

use isect::Real;
use isect::d2::{Contact, RayHit};
use isect::d2::{
    ConvexPolygon, Distance, Intersects, PointQuery, Polygon, Polyline, Ray, RayCast, Segment,
    Sweep, Triangle,
};
use isect::math::Vec2;

use super::Shape;
use crate::check::{Cores, Query, below_floor, check_case, family_validity};
use crate::tolerance::length;
use crate::{Answer, FAMILIES, Input, Outcome};

fn point(p: Vec2) -> Answer {
    Answer::Point(p.extend(0.0))
}

/// A 2D case: the family and its shapes (and a point, a motion, a `max_t` where it needs them).
#[derive(Clone, Debug)]
pub struct Case {
    pub family: usize,
    pub a: Shape,
    pub b: Shape,
    pub v: Vec2,
    pub w: Vec2,
    pub t: Real,
}

/// Runs a 2D case of `family` (or of the family the input names), checks the invalid-input rule,
/// and compares it with the same case scaled by `4^k` (`k` from the input, in -12..=12), as
/// [`crate::check`] does for 3D.
pub fn check(family: Option<usize>, data: &[u8]) -> (usize, Outcome) {
    let mut input = Input::new(data);
    let k = i32::from(input.byte() % 25) - 12;
    let case = Case::read(&mut input, family);
    (case.family, check_case(&case, k))
}

impl Case {
    /// A case of `family` (an index into [`FAMILIES`]), or of the family the input names.
    pub fn read(input: &mut Input, family: Option<usize>) -> Case {
        let named = usize::from(input.byte()) % FAMILIES.len();
        let family = family.unwrap_or(named);
        Case {
            family,
            a: Shape::read(input),
            b: Shape::read(input),
            v: input.vec2(),
            w: input.vec2(),
            t: input.real(),
        }
    }

    /// How far the case is from its shapes touching ([`separation`]), as in 3D.
    fn separation_at(&self, t: Option<Real>) -> Option<Real> {
        match self.family {
            3 => {
                let t = t.unwrap_or(0.0);
                separation(
                    &self.a.translated(self.v * t)?,
                    &self.b.translated(self.w * t)?,
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
            5 => separation(&self.a, &Shape::Segment(Segment::new(self.v, self.v))),
            _ => separation(&self.a, &self.b),
        }
    }
}

impl Query for Case {
    fn family(&self) -> usize {
        self.family
    }

    fn scaled(&self, s: Real) -> Option<Case> {
        Some(Case {
            family: self.family,
            a: self.a.scaled(s)?,
            b: self.b.scaled(s)?,
            v: self.v * s,
            w: self.w * s,
            t: self.t,
        })
    }

    fn lengths(&self) -> Vec<Real> {
        [
            self.a.lengths(),
            self.b.lengths(),
            self.v.to_array().to_vec(),
            self.w.to_array().to_vec(),
        ]
        .concat()
    }

    fn motion(&self) -> Real {
        match self.family {
            3 => length((self.v - self.w).extend(0.0)),
            4 => length(self.w.extend(0.0)),
            _ => 0.0,
        }
    }

    fn answers(&self) -> Vec<Answer> {
        let (a, b) = (&self.a, &self.b);
        match self.family {
            0 => pair2!(a, b, |x, y| vec![
                Answer::Bool(x.intersects(y)),
                Answer::Bool(y.intersects(x))
            ]),
            1 => pair2!(a, b, |x, y| {
                let cp = x.closest_points(y);
                vec![Answer::Length(cp.distance), point(cp.a), point(cp.b)]
            }),
            2 => pair2!(a, b, |x, y| {
                let c = x.contact(y);
                vec![
                    Answer::Param(c.map(|c| c.normal.x)),
                    Answer::Length(c.map_or(Real::INFINITY, |c| c.depth)),
                ]
            }),
            3 => {
                let (v, w) = (self.v, self.w);
                pair2!(a, b, |x, y| {
                    let hit = x.sweep(v, y, w);
                    vec![
                        Answer::Param(hit.map(|h| h.t_first)),
                        Answer::Param(hit.map(|h| h.t_last)),
                    ]
                })
            }
            4 => {
                let ray = Ray::new(self.v, self.w);
                let max_t = self.t.abs();
                let hit = |h: Option<RayHit>| Answer::Param(h.map(|h| h.t));
                each2!(a, |x| vec![
                    hit(x.raycast(&ray, max_t)),
                    hit(x.raycast_surface(&ray, max_t)),
                ])
            }
            _ => {
                let p = self.v;
                each2!(a, |x| vec![
                    point(x.closest_point(p)),
                    Answer::Length(x.distance_to_point(p)),
                    Answer::Bool(x.contains_point(p)),
                ])
            }
        }
    }

    fn validity(&self) -> (bool, bool) {
        family_validity(
            self.family,
            (self.a.invalid(), self.a.valid()),
            (self.b.invalid(), self.b.valid()),
            (
                self.v.is_finite(),
                self.w.is_finite(),
                self.w != Vec2::ZERO,
                self.t.is_nan(),
            ),
        )
    }

    fn separation(&self, t: Option<Real>) -> Option<Real> {
        self.separation_at(t)
    }

    fn closest_pair(&self, answers: &[Answer], tolerance: Real) -> bool {
        let [Answer::Length(d), Answer::Point(p), Answer::Point(q)] = answers else {
            return false;
        };
        self.family == 1
            && p.is_finite()
            && q.is_finite()
            && self.a.distance_to(p.truncate()) <= tolerance
            && self.b.distance_to(q.truncate()) <= tolerance
            && ((*p - *q).length() - d).abs() <= tolerance
    }

    fn tilted_below_floor(&self) -> bool {
        let tilt = |s: &Shape| match s {
            Shape::Obb(x) => below_floor(&x.rotation.to_cols_array()),
            _ => false,
        };
        tilt(&self.a) || tilt(&self.b)
    }

    fn cores(&self) -> Option<Cores> {
        let (p, q) = (core(&self.a)?, core(&self.b)?);
        let distance = match (&p, &q) {
            (Core::Segment(x), Core::Segment(y)) => x.distance(y),
            (Core::Segment(x), Core::Triangle(t)) | (Core::Triangle(t), Core::Segment(x)) => {
                x.distance(t)
            }
            (Core::Segment(x), Core::Convex(c)) | (Core::Convex(c), Core::Segment(x)) => {
                x.distance(c)
            }
            (Core::Segment(x), Core::Polygon(c)) | (Core::Polygon(c), Core::Segment(x)) => {
                x.distance(c)
            }
            (Core::Segment(x), Core::Polyline(c)) | (Core::Polyline(c), Core::Segment(x)) => {
                x.distance(c)
            }
            // Two polygons or chains: not a rounded pair.
            _ => return None,
        };
        Some(Cores {
            distance,
            extent: p.magnitude().max(q.magnitude()),
            radii: radius(&self.a) + radius(&self.b),
        })
    }
}

/// How far apart two shapes are, or how deep they overlap by their contact (0 for shapes that
/// touch); where they meet with no contact, their distance in `f64`, and `None` where they meet
/// in `f64` too.
fn separation(a: &Shape, b: &Shape) -> Option<Real> {
    let distance = pair2!(a, b, |x, y| x.distance(y));
    if distance > 0.0 {
        return Some(distance);
    }
    pair2!(a, b, |x, y| x.contact(y).map(|c| c.depth)).or_else(|| {
        let d = super::wide::distance(a, b);
        (d > 0.0).then_some(d as Real)
    })
}

/// The core of a circle or capsule (its center or axis, as a segment), or a triangle, a
/// polygon or a chain as its own core.
enum Core {
    Segment(Segment),
    Triangle(Triangle),
    Convex(ConvexPolygon),
    Polygon(Polygon),
    Polyline(Polyline),
}

impl Core {
    /// The largest magnitude of the core's coordinates.
    fn magnitude(&self) -> Real {
        let largest = |ps: &[Vec2]| {
            ps.iter()
                .fold(0.0, |m: Real, p| m.max(p.abs().max_element()))
        };
        match self {
            Core::Segment(s) => largest(&[s.a, s.b]),
            Core::Triangle(t) => largest(&[t.a, t.b, t.c]),
            Core::Convex(c) => largest(c.vertices()),
            Core::Polygon(c) => largest(c.points()),
            Core::Polyline(c) => largest(c.vertices()),
        }
    }
}

/// The radius of a circle or capsule, 0 for other shapes.
fn radius(shape: &Shape) -> Real {
    match shape {
        Shape::Circle(x) => x.radius,
        Shape::Capsule(x) => x.radius,
        _ => 0.0,
    }
}

fn core(shape: &Shape) -> Option<Core> {
    match shape {
        Shape::Circle(x) => Some(Core::Segment(Segment::new(x.center, x.center))),
        Shape::Capsule(x) => Some(Core::Segment(Segment::new(x.a, x.b))),
        Shape::Triangle(x) => Some(Core::Triangle(*x)),
        Shape::Convex(x) => Some(Core::Convex(x.clone())),
        Shape::Polygon(x) => Some(Core::Polygon(x.clone())),
        Shape::Polyline(x) => Some(Core::Polyline(x.clone())),
        _ => None,
    }
}
