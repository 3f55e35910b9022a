//! Ray casts against a capsule: the infinite cylinder around the core segment, then the ball at
//! the end beyond which the ray meets that cylinder (Ericson, *Real-Time Collision Detection*,
//! §5.3.7; the same decomposition as Quilez's capsule intersector).
//!
//! The capsule lies inside the infinite cylinder of its radius around the core's line, so a ray
//! that misses the cylinder misses it. Where the ray enters the cylinder beside the core
//! (axial coordinate within the segment), that is the entry; beyond an end, the part of the
//! capsule within the cylinder there is that end's ball, which the ray must enter first. The
//! cylinder's quadratic is written with cross products against the axis, `|(b − a) × dir|²`
//! and so on, which do not cancel for rays nearly parallel to the axis as `|ab|²|dir|² −
//! (ab · dir)²` does, and solved in the stable form of the sphere's (see [`super::sphere`]).

use crate::math::{Real, Vec3};
use crate::ops;
use crate::query::algo::linear::{Linear, closest_parameters, segment_segment_parameters};
use crate::query::algo::scale::normalized_direction;
use crate::query::algo::scale::rescale;
use crate::query::algo::simplex::closest_on_segment;
use crate::query::raycast::sphere::ball_roots;
use crate::query::raycast::{
    against, cast_rescaled, cast_valid, checked, dir_needs_scaling, start_inside, unit_or,
};
use crate::query::{RayCast, RayHit};
use crate::shape::{Capsule, Ray, Segment};

/// The cylinder's quadratic `qa t² − 2 qb t + qc = 0` (all terms times `|u|²`, `u` the axis
/// brought to a largest coordinate in `[1, 2)`), and the discriminant over `qa` in the
/// cancellation-free form.
struct Cylinder {
    qa: Real,
    qb: Real,
    qc: Real,
    disc: Real,
}

impl Capsule {
    /// The cylinder's terms for `ray` (whose `dir` needs no scaling). The axis enters them
    /// squared, times terms of the radius and the origin squared, so that with `b − a` itself
    /// `qa · disc` would be a product of eight lengths (overflowing in `f32` for capsules near
    /// `2¹⁶`); `u = 2ʲ (b − a)` multiplies every term by `2²ʲ` and leaves the roots as they were.
    #[inline]
    fn cylinder(&self, ray: &Ray, axis: Vec3) -> Cylinder {
        let (axis, _) = normalized_direction(axis);
        let f = ray.origin - self.a;
        let big_a = axis.cross(ray.dir);
        let big_b = axis.cross(f);
        let qa = big_a.length_squared();
        let qb = -big_a.dot(big_b);
        let rr = self.radius * self.radius * axis.length_squared();
        let l = big_b + big_a * (qb / qa);
        Cylinder {
            qa,
            qb,
            qc: big_b.length_squared() - rr,
            disc: rr - l.length_squared(),
        }
    }

    /// The ball at the end of the core on the side of axial coordinate `y` (`a` for `y < 0`).
    #[inline]
    fn end(&self, y: Real) -> Vec3 {
        if y < 0.0 { self.a } else { self.b }
    }

    /// `t` where a ray from outside first meets the capsule.
    fn entry(&self, ray: &Ray) -> Option<Real> {
        let ball_entry = |center: Vec3| {
            ball_roots(center, self.radius, ray)
                .and_then(|(t0, t1)| (t1 >= 0.0).then_some(t0.max(0.0)))
        };
        let axis = self.b - self.a;
        let axis_len2 = axis.length_squared();
        if axis_len2 == 0.0 {
            return ball_entry(self.a);
        }
        let f = ray.origin - self.a;
        let cyl = self.cylinder(ray, axis);
        if cyl.qc <= 0.0 {
            // Within the cylinder, outside the capsule: beyond an end.
            return ball_entry(self.end(f.dot(axis)));
        }
        if !(cyl.qa > 0.0 && cyl.qb > 0.0 && cyl.disc >= 0.0) {
            return None;
        }
        let t = cyl.qc / (cyl.qb + ops::sqrt(cyl.qa * cyl.disc));
        let y = (f + ray.dir * t).dot(axis);
        if (0.0..=axis_len2).contains(&y) {
            Some(t)
        } else {
            ball_entry(self.end(y))
        }
    }

    /// `t` where a ray from inside leaves the capsule.
    fn exit(&self, ray: &Ray) -> Option<Real> {
        let ball_exit = |center: Vec3| ball_roots(center, self.radius, ray).map(|(_, t1)| t1);
        let axis = self.b - self.a;
        let axis_len2 = axis.length_squared();
        if axis_len2 == 0.0 {
            return ball_exit(self.a);
        }
        let cyl = self.cylinder(ray, axis);
        if !(cyl.qa > 0.0) {
            // Along the axis: out through the ball ahead.
            return ball_exit(self.end(ray.dir.dot(axis)));
        }
        let s = ops::sqrt(cyl.qa * cyl.disc.max(0.0));
        let t = if cyl.qb >= 0.0 {
            (cyl.qb + s) / cyl.qa
        } else {
            cyl.qc / (cyl.qb - s)
        };
        let y = (ray.origin - self.a + ray.dir * t).dot(axis);
        if (0.0..=axis_len2).contains(&y) {
            Some(t)
        } else {
            ball_exit(self.end(y))
        }
    }

    /// The hit at `t`: the normal from the closest point of the core (against the ray for a
    /// capsule of radius 0, which has none).
    #[inline]
    fn hit_at(&self, ray: &Ray, t: Real) -> RayHit {
        let point = ray.point_at(t);
        let core = closest_on_segment(point, self.a, self.b);
        RayHit {
            t,
            point,
            normal: unit_or(point - core, || against(ray)),
        }
    }

    fn cast(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        if self.radius == 0.0 {
            // The segment it is: met within the on-set tolerance, as `Intersects<Ray>` decides;
            // the cylinder's quadratic has a double root there that rounding rarely makes exact.
            return self.segment().raycast(ray, max_t);
        }
        let hit = (|| -> Option<RayHit> {
            if dir_needs_scaling(ray.dir.length_squared()) {
                return cast_rescaled(ray, max_t, |r, m| self.cast(r, m, surface));
            }
            let core = closest_on_segment(ray.origin, self.a, self.b);
            let dd = ray.origin.distance_squared(core);
            let rr = self.radius * self.radius;
            let t = if dd > rr {
                self.entry(ray)?
            } else if !surface {
                return Some(start_inside(ray));
            } else if dd == rr {
                0.0
            } else {
                self.exit(ray)?
            };
            (t <= max_t).then(|| self.hit_at(ray, t))
        })();
        checked(hit, || {
            cast_valid(ray, max_t, [self.a, self.b], [self.radius]) && self.radius >= 0.0
        })
    }
}

impl RayCast for Capsule {
    /// The entry point; `t = 0` with `normal = −dir` from inside (boundary included). A
    /// zero-length capsule is cast as the ball it is, one of radius 0 as the segment it is (see
    /// [`Segment`]'s cast). `None` for invalid input.
    ///
    /// ```
    /// use isect::{Capsule, Ray, RayCast, math::Vec3};
    /// let pill = Capsule::new(Vec3::new(0.0, -1.0, 4.0), Vec3::new(0.0, 1.0, 4.0), 1.0);
    /// let hit = pill.raycast(&Ray::new(Vec3::ZERO, Vec3::Z), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.normal), (3.0, -Vec3::Z));
    /// ```
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        self.cast(ray, max_t, false)
    }

    /// The first point of the surface: the entry from outside, the exit from inside, `t = 0`
    /// from a point of the surface; normal outward.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        self.cast(ray, max_t, true)
    }

    /// The distance from `[0, max_t]` of the ray to the core segment against the radius (Ericson
    /// §5.1.9, as `Intersects<Segment>`): no root, no normal.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        rescale!(cast_any self, ray, max_t);
        if self.radius == 0.0 {
            return self.segment().raycast(ray, max_t).is_some();
        }
        let end = ray.point_at(max_t);
        let meets = if end.is_finite() {
            let cast = Segment::new(ray.origin, end);
            let core = self.segment();
            let (s, t) = segment_segment_parameters(&cast, &core);
            cast.point_at(s).distance_squared(core.point_at(t)) <= self.radius * self.radius
        } else {
            linear_meets_capsule(&Linear::ray(ray), self)
        };
        meets && cast_valid(ray, max_t, [self.a, self.b], [self.radius]) && self.radius >= 0.0
    }
}

/// Whether the line, ray or segment `p` meets `capsule` (valid): its distance to the core
/// segment against the radius, compared squared.
#[inline]
pub(crate) fn linear_meets_capsule(p: &Linear, capsule: &Capsule) -> bool {
    let core = Linear::segment(&capsule.segment());
    let (s, t) = closest_parameters(p, &core);
    p.at(s).distance_squared(core.at(t)) <= capsule.radius * capsule.radius
}
