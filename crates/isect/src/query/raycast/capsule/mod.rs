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
use crate::query::algo::scale::settled;
use crate::query::algo::scale::{square_in_range, within_radius};
use crate::query::algo::simplex::closest_on_segment;
use crate::query::raycast::sphere::{ball_entry, ball_roots};
use crate::query::raycast::{
    cast_rescaled, cast_valid, checked, dir_needs_scaling, start_inside, unit_or_against,
};
use crate::query::{RayCast, RayHit};
use crate::shape::{Capsule, Ray, Segment, Sphere};

mod thin;

/// The ray against the capsule's infinite cylinder: the axis `u = 2ʲ (b − a)` brought to a
/// largest coordinate in `[1, 2)` (the terms below multiply up to eight lengths, which would
/// overflow in `f32` for capsules near `2¹⁶` with `b − a` itself; the power of two leaves the
/// roots as they were), the cross products `u × dir` and `u × f` (`f = origin − a`), and the
/// quadratic `qa t² − 2 qb t + qc = 0` they give (all terms times `|u|²`).
struct Cylinder {
    /// `b − a`, and its squared length: the axial coordinate `(x − a) · axis` of a point
    /// beside the core lies in `[0, axis_len2]`.
    axis: Vec3,
    axis_len2: Real,
    u: Vec3,
    uu: Real,
    f: Vec3,
    big_a: Vec3,
    big_b: Vec3,
    qa: Real,
    qb: Real,
    /// `|u × f|² − r² |u|²`: `> 0` exactly when the origin is outside the cylinder.
    qc: Real,
    rr: Real,
}

impl Cylinder {
    #[inline]
    fn new(capsule: &Capsule, ray: &Ray) -> Self {
        let axis = capsule.b - capsule.a;
        let (u, _) = normalized_direction(axis);
        let uu = u.length_squared();
        let f = ray.origin - capsule.a;
        let big_a = u.cross(ray.dir);
        let big_b = u.cross(f);
        let rr = capsule.radius * capsule.radius;
        Self {
            axis,
            axis_len2: axis.length_squared(),
            u,
            uu,
            f,
            big_a,
            big_b,
            qa: big_a.length_squared(),
            qb: -big_a.dot(big_b),
            qc: big_b.length_squared() - rr * uu,
            rr,
        }
    }

    /// The discriminant over `qa` without cancellation: `r² |u|² − |l|²`, `l = u × (f + s dir)`
    /// at the line's point `s` closest to the axis (as the sphere's, see [`super::sphere`]).
    #[inline]
    fn disc(&self) -> Real {
        let l = self.big_b + self.big_a * (self.qb / self.qa);
        self.rr * self.uu - l.length_squared()
    }

    /// The axial coordinate of the ray's point at `t`.
    #[inline]
    fn axial(&self, ray: &Ray, t: Real) -> Real {
        (self.f + ray.dir * t).dot(self.axis)
    }

    /// The outward normal of the cylinder at the ray's point at `t`: that point's offset from
    /// the axis, `(u × w) × u = |u|² w − (u · w) u` with `u × w = u × f + t (u × dir)`, without
    /// a division (unit length, or `−dir` for the axis itself).
    #[inline]
    fn normal(&self, ray: &Ray, t: Real) -> Vec3 {
        unit_or_against((self.big_b + self.big_a * t).cross(self.u), ray.dir)
    }
}

/// `sqrt(x y)` for `x, y ≥ 0`, as `sqrt(x) sqrt(y)` where the product leaves the normal range.
/// A capsule far longer than wide, rescaled by its length (`2.3e13` long, radius 5.6: radius
/// `3e-13` after), makes `qa` and the discriminant about `1e-26` each: their product underflowed
/// to 0 in `f32` and the entry was the root of a tangent ray, `t` 76 % too large
/// (`regressions::long_capsule_cast`).
#[inline]
fn sqrt_product(x: Real, y: Real) -> Real {
    let p = x * y;
    if (Real::MIN_POSITIVE..Real::INFINITY).contains(&p) {
        ops::sqrt(p)
    } else {
        ops::sqrt(x) * ops::sqrt(y)
    }
}

impl Capsule {
    /// The ball at the end of the core on the side of axial coordinate `y` (`a` for `y < 0`).
    #[inline]
    fn end(&self, y: Real) -> Vec3 {
        if y < 0.0 { self.a } else { self.b }
    }

    /// Where the ray's origin lies: a value of the sign of its squared distance to the core
    /// minus `r²` (the cylinder's `qc` beside the core, the end ball's beyond it).
    #[inline]
    fn side(&self, cyl: &Cylinder, ray: &Ray) -> Real {
        if cyl.qc > 0.0 {
            // Outside the cylinder: outside the capsule.
            return cyl.qc;
        }
        let y = cyl.f.dot(cyl.axis);
        if y < 0.0 {
            cyl.f.length_squared() - cyl.rr
        } else if y > cyl.axis_len2 {
            ray.origin.distance_squared(self.b) - cyl.rr
        } else {
            cyl.qc
        }
    }

    /// The hit at `t` on the ball at `center` (the normal through the point).
    #[inline]
    fn ball_hit(&self, ray: &Ray, t: Real, center: Vec3) -> RayHit {
        let point = ray.point_at(t);
        RayHit {
            t,
            point,
            normal: unit_or_against(point - center, ray.dir),
        }
    }

    /// The first hit of a ray from outside, within `max_t`.
    #[inline]
    fn entry(&self, cyl: &Cylinder, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let end_hit = |y: Real| {
            let center = self.end(y);
            let t = ball_entry(center, self.radius, ray)?;
            (t <= max_t).then(|| self.ball_hit(ray, t, center))
        };
        if cyl.qc <= 0.0 {
            // Within the cylinder, outside the capsule: beyond an end.
            return end_hit(cyl.f.dot(cyl.axis));
        }
        if !(cyl.qa > 0.0 && cyl.qb > 0.0) {
            return None;
        }
        let disc = cyl.disc();
        if !(disc >= 0.0) {
            return None;
        }
        let t = cyl.qc / (cyl.qb + sqrt_product(cyl.qa, disc));
        Self::side_hit(cyl, ray, t, max_t, end_hit)
    }

    /// The exit of a ray from inside, within `max_t`.
    #[cold]
    fn exit(&self, cyl: &Cylinder, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let end_hit = |y: Real| {
            let center = self.end(y);
            let (_, t) = ball_roots(center, self.radius, ray)?;
            (t <= max_t).then(|| self.ball_hit(ray, t, center))
        };
        if !(cyl.qa > 0.0) {
            // Along the axis: out through the ball ahead.
            return end_hit(ray.dir.dot(cyl.axis));
        }
        let s = sqrt_product(cyl.qa, cyl.disc().max(0.0));
        let t = if cyl.qb >= 0.0 {
            (cyl.qb + s) / cyl.qa
        } else {
            cyl.qc / (cyl.qb - s)
        };
        Self::side_hit(cyl, ray, t, max_t, end_hit)
    }

    /// The cylinder's crossing at `t` where it lies between the core's ends; beyond them, the
    /// crossing of the end's ball (`end_hit` of the axial coordinate). Always inlined: as a call
    /// it cost the cast 21 of its 291 instructions (`scripts/hot_path.sh`).
    #[inline(always)]
    fn side_hit(
        cyl: &Cylinder,
        ray: &Ray,
        t: Real,
        max_t: Real,
        end_hit: impl Fn(Real) -> Option<RayHit>,
    ) -> Option<RayHit> {
        let y = cyl.axial(ray, t);
        if !(0.0..=cyl.axis_len2).contains(&y) {
            return end_hit(y);
        }
        (t <= max_t).then(|| RayHit {
            t,
            point: ray.point_at(t),
            normal: cyl.normal(ray, t),
        })
    }

    /// What a hit of the direct computation leaves to check, its `dir · dir` in range (so `dir`
    /// is finite and non-zero): the corners and the origin finite (`x · 0` is 0 for finite `x`,
    /// NaN otherwise, and the sum of zeros stays 0), the radius finite and not negative (as `r +
    /// 0` in bits below `+∞`'s; NaN's bits are above), `max_t` not negative nor NaN.
    #[inline(always)]
    fn hit_valid(&self, ray: &Ray, max_t: Real) -> bool {
        let z = ray.origin * 0.0 + self.a * 0.0 + self.b * 0.0;
        (z.x + z.y + z.z == 0.0)
            & ((self.radius + 0.0).to_bits() < Real::INFINITY.to_bits())
            & (max_t >= 0.0)
    }

    fn cast(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        if self.radius == 0.0 {
            // The segment it is: met within the on-set tolerance, as `Intersects<Ray>` decides;
            // the cylinder's quadratic has a double root there that rounding rarely makes exact.
            return self.segment().raycast(ray, max_t);
        }
        if dir_needs_scaling(ray.dir.length_squared()) {
            // Validated by the cast of the scaled ray; `None` for a zero or non-finite `dir`.
            return cast_rescaled(ray, max_t, |r, m| self.cast(r, m, surface));
        }
        let cyl = Cylinder::new(self, ray);
        let hit = if cyl.uu == 0.0 {
            // A zero-length core: the ball it is.
            self.ball_cast(ray, max_t, surface)
        } else if !square_in_range(cyl.rr * cyl.uu) {
            // A radius so small beside the rest that `r²` underflows (see `thin.rs`).
            self.thin_cast(&cyl, ray, max_t, surface)
        } else {
            let side = self.side(&cyl, ray);
            if side > 0.0 {
                self.entry(&cyl, ray, max_t)
            } else if !surface {
                Some(start_inside(ray))
            } else if side == 0.0 {
                Some(self.surface_start(ray))
            } else {
                self.exit(&cyl, ray, max_t)
            }
        };
        checked(hit, || self.hit_valid(ray, max_t))
    }

    /// The cast of a capsule whose core is a point: its ball's.
    #[cold]
    fn ball_cast(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        let ball = Sphere::new(self.a, self.radius);
        if surface {
            ball.raycast_surface(ray, max_t)
        } else {
            ball.raycast(ray, max_t)
        }
    }

    /// The hit at `t = 0` of a ray starting on the surface: the normal outward there.
    #[cold]
    fn surface_start(&self, ray: &Ray) -> RayHit {
        let core = closest_on_segment(ray.origin, self.a, self.b);
        RayHit {
            t: 0.0,
            point: ray.origin,
            normal: unit_or_against(ray.origin - core, ray.dir),
        }
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
        settled(self, self.cast(ray, max_t, false), ray, max_t, |s, r, m| {
            s.cast(r, m, false)
        })
    }

    /// The first point of the surface: the entry from outside, the exit from inside, `t = 0`
    /// from a point of the surface; normal outward.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        settled(self, self.cast(ray, max_t, true), ray, max_t, |s, r, m| {
            s.cast(r, m, true)
        })
    }

    /// The distance from `[0, max_t]` of the ray to the core segment against the radius (Ericson
    /// §5.1.9, as `Intersects<Segment>`): no root, no normal.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        rescale!(cast_any self, ray, max_t);
        if self.radius == 0.0 {
            return self.segment().raycast(ray, max_t).is_some();
        }
        self.reaches(ray, max_t)
            && cast_valid(ray, max_t, [self.a, self.b], [self.radius])
            && self.radius >= 0.0
    }
}

impl Capsule {
    /// Whether the ray's `[0, max_t]` comes within the radius of the core (for a valid ray and
    /// capsule of radius above 0).
    #[inline]
    fn reaches(&self, ray: &Ray, max_t: Real) -> bool {
        let end = ray.point_at(max_t);
        if end.is_finite() {
            let cast = Segment::new(ray.origin, end);
            let core = self.segment();
            let (s, t) = segment_segment_parameters(&cast, &core);
            within_radius(cast.point_at(s) - core.point_at(t), self.radius)
        } else {
            linear_meets_capsule(&Linear::ray(ray), self)
        }
    }
}

/// Whether the line, ray or segment `p` meets `capsule` (valid): its distance to the core
/// segment against the radius, compared squared.
#[inline]
pub(crate) fn linear_meets_capsule(p: &Linear, capsule: &Capsule) -> bool {
    let core = Linear::segment(&capsule.segment());
    let (s, t) = closest_parameters(p, &core);
    within_radius(p.at(s) - core.at(t), capsule.radius)
}
