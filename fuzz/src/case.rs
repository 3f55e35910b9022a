//! A case: its family, shapes and numbers; its answers; how far its shapes are from touching.

use isect::math::Vec3;
use isect::{
    Capsule, Contact, Distance, Intersects, PointQuery, Ray, RayCast, Real, Segment, Sphere, Sweep,
};

use crate::check::{Cores, Query, below_floor, family_validity};
use crate::shape::Kinds;
use crate::tolerance::length;
use crate::{Input, Shape};

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
        let (a, b) = match family {
            0 => (Kinds::All, Kinds::All),
            2 | 3 => (Kinds::Solid, Kinds::Solid),
            4 => (Kinds::Cast, Kinds::Measured),
            5 => (Kinds::All, Kinds::Measured),
            _ => (Kinds::Measured, Kinds::Measured),
        };
        let (a, b) = (Shape::read(input, a), Shape::read(input, b));
        Case {
            family,
            a,
            b,
            v: input.vec3(),
            w: input.vec3(),
            t: input.real(),
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
            a: self.a.scaled(s),
            b: self.b.scaled(s),
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
            3 => length(self.v - self.w),
            4 => length(self.w),
            _ => 0.0,
        }
    }

    fn answers(&self) -> Vec<Answer> {
        let (a, b) = (&self.a, &self.b);
        match self.family {
            0 => pair!(a, b, |x, y| vec![
                Answer::Bool(x.intersects(y)),
                Answer::Bool(y.intersects(x))
            ]),
            1 => measured_pair!(a, b, |x, y| {
                let cp = x.closest_points(y);
                vec![
                    Answer::Length(cp.distance),
                    Answer::Point(cp.a),
                    Answer::Point(cp.b),
                ]
            })
            .unwrap_or_default(),
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
                    Shape::Frustum(x) => vec![
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
                    Shape::Frustum(x) => point(x),
                }
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
                self.w != Vec3::ZERO,
                self.t.is_nan(),
            ),
        )
    }

    fn separation(&self, t: Option<Real>) -> Option<Real> {
        self.separation_at(t)
    }

    fn closest_pair(&self, answers: &[Answer], tolerance: Real) -> bool {
        self.closest_pair_of(answers, tolerance)
    }

    fn tilted_below_floor(&self) -> bool {
        let tilt = |s: &Shape| match s {
            Shape::Obb(x) => below_floor(&x.rotation.to_cols_array()),
            _ => false,
        };
        tilt(&self.a) || tilt(&self.b)
    }

    fn cores(&self) -> Option<Cores> {
        crate::cores::of(&self.a, &self.b)
    }
}

/// How far apart two shapes are, or how deep they overlap where both are solids with a contact
/// (0 for shapes that touch; a shape against a plane by how far it reaches past the plane, the
/// plane contact's depth); where no depth says how deeply (a segment through a box), their
/// distance in `f64`, and `None` where they meet in `f64` too.
fn separation(a: &Shape, b: &Shape) -> Option<Real> {
    // A frustum has no distance or contact query: it stands in as the hull of its region's
    // corners (computed in `f64`, inside a box four times the case's largest length), so that
    // its separation is measured as a hull's, by distance and then by contact depth.
    let Some(distance) = measured_pair!(a, b, |x, y| x.distance(y)) else {
        // Against a polytope or a rounded shape, the exact measure: the least widening of the
        // frustum's half-spaces that makes them meet (less the radius), as a depth when negative.
        if let Some(t) =
            crate::frustum::shape_widening(a, b).or_else(|| crate::frustum::shape_widening(b, a))
        {
            return Some(t.abs() as Real);
        }
        let reach = crate::wide::reach(a, b);
        // A frustum's hull, and how far its half-spaces were widened to have one (an empty
        // region is that much farther from everything).
        let as_hull = |s: &Shape| match s {
            Shape::Frustum(f) => {
                crate::frustum::hull(f, reach).map(|(h, w)| (Shape::Hull(h), w as Real))
            }
            other => Some((other.clone(), 0.0)),
        };
        return match (as_hull(a), as_hull(b)) {
            (Some((a, wa)), Some((b, wb))) => {
                let widening = wa + wb;
                match separation(&a, &b) {
                    Some(d) => Some(d + widening),
                    None if widening > 0.0 => Some(widening),
                    None => None,
                }
            }
            _ => Some(Real::INFINITY),
        };
    };
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
        [Sphere, Aabb, Obb, Capsule, Triangle, Hull, Plane],
        [Sphere, Aabb, Obb, Capsule, Triangle, Hull, Plane],
        |x, y| x.contact(y).map_or(0.0, |c| c.depth)
    )
    .or_else(|| {
        // Meeting by the `f32` queries, which count shapes within their on-set tolerance as
        // meeting, with no depth to say how deeply (a ray or a segment through a box or a
        // triangle): how far apart they are in `f64`, whose tolerance is 2²⁹ times finer. A ray
        // from 14 units off a triangle 1.4e9 across meets it in `f32`, not in `f64`.
        let d = crate::wide::distance(a, b);
        (d > 0.0).then_some(d as Real)
    })
}

impl Case {
    /// How far the case is from its shapes touching ([`separation`]): of the two shapes
    /// (intersects, contact), of the moved shapes at time `t` (sweep), of the shape and the ray's
    /// segment up to `max_t` (raycast), of the shape and the point (point).
    fn separation_at(&self, t: Option<Real>) -> Option<Real> {
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
    fn closest_pair_of(&self, answers: &[Answer], tolerance: Real) -> bool {
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
