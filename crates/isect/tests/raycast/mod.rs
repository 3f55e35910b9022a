//! Ray casts (`RayCast`, and the triangle's and plane's inherent casts): hand cases with exactly
//! known answers, properties checked against independent answers (point containment sampled
//! densely along the ray, distances to the surface, sampled points of the shape for the
//! normal's direction), non-unit directions, inside starts, grazing rays, invalid input, and
//! the watertightness of the triangle cast on closed meshes.

mod aabb_obb;
mod capsule;
mod invalid;
mod plane_frustum;
mod sphere;
mod triangle;
pub mod watertight;

use isect::math::Vec3;
use isect::{PointQuery, Ray, RayCast, RayHit, Real};

use crate::common::sample::Sample;
use crate::common::tol;

/// The scale of the numbers in a cast: the largest coordinate of the origin and of the point at
/// `t`, and 1.
pub fn scale_of(ray: &Ray, t: Real) -> Real {
    ray.origin
        .abs()
        .max_element()
        .max(ray.point_at(t).abs().max_element())
        .max(1.0)
}

/// Samples of the shape, for the "no point of the shape beyond the tangent plane" check.
pub fn shape_samples<S: Sample>(shape: &S) -> Vec<Vec3> {
    let mut out = Vec::new();
    let steps = [0.0, 0.25, 0.5, 0.75, 1.0];
    for x in steps {
        for y in steps {
            for z in steps {
                out.push(shape.sample(Vec3::new(x, y, z)));
            }
        }
    }
    out
}

/// Checks a solid's `raycast` answer against independent facts:
/// - a hit lies on the ray at its `t`, within `[0, max_t]`, on the surface (distance ~ 0) or at
///   a contained origin (`t = 0`, normal `−dir`);
/// - the normal is unit and outward: no sampled point of the shape lies beyond the tangent
///   plane (the shapes are convex), and the ray does not leave through it;
/// - no point of the ray before `t` is in the shape (dense sampling against `contains_point`);
/// - a miss has no contained point among dense samples of `[0, max_t]`.
#[track_caller]
pub fn check_solid_cast<S: RayCast + PointQuery + Sample + core::fmt::Debug>(
    shape: &S,
    ray: &Ray,
    max_t: Real,
) -> Option<RayHit> {
    let hit = shape.raycast(ray, max_t);
    let samples_to = |end: Real, n: usize| (0..n).map(move |k| end * k as Real / n as Real);
    match hit {
        Some(h) => {
            let scale = scale_of(ray, h.t);
            let len = ray.dir.length();
            assert!(
                h.t >= 0.0 && h.t <= max_t,
                "{shape:?} {ray:?}: t {} out of [0, {max_t}]",
                h.t
            );
            assert!(
                (h.normal.length() - 1.0).abs() <= tol(1.0),
                "{shape:?} {ray:?}: normal {} not unit",
                h.normal
            );
            assert!(
                h.point.distance(ray.point_at(h.t)) <= tol(scale),
                "{shape:?} {ray:?}: point {} not at t {}",
                h.point,
                h.t
            );
            if shape.contains_point(ray.origin) {
                assert_eq!(h.t, 0.0, "{shape:?} {ray:?}: inside start");
                assert!(
                    h.normal.distance(-ray.dir.normalize()) <= tol(1.0),
                    "{shape:?} {ray:?}: inside start normal {}",
                    h.normal
                );
                return hit;
            }
            assert!(
                shape.distance_to_point(h.point) <= tol(scale),
                "{shape:?} {ray:?}: hit point {} off the surface by {}",
                h.point,
                shape.distance_to_point(h.point)
            );
            // Outward: the shape lies behind the tangent plane; the ray comes from in front.
            for s in shape_samples(shape) {
                let beyond = (s - h.point).dot(h.normal);
                assert!(
                    beyond <= tol(scale * scale.max(s.abs().max_element())),
                    "{shape:?} {ray:?}: sample {s} beyond the tangent plane of {h:?} by {beyond}"
                );
            }
            assert!(
                h.normal.dot(ray.dir) <= tol(len),
                "{shape:?} {ray:?}: normal {} along the ray",
                h.normal
            );
            // Minimal t: no contained point clearly before it.
            for tk in samples_to(h.t, 64) {
                let p = ray.point_at(tk);
                assert!(
                    !shape.contains_point(p) || (h.t - tk) * len <= tol(scale),
                    "{shape:?} {ray:?}: point {p} at t {tk} is inside, before the hit at {}",
                    h.t
                );
            }
        }
        None => {
            let end = if max_t.is_finite() { max_t } else { 100.0 };
            for tk in samples_to(end, 256).chain([end]) {
                let p = ray.point_at(tk);
                assert!(
                    !shape.contains_point(p),
                    "{shape:?} {ray:?}: missed, but the point {p} at t {tk} is inside"
                );
            }
        }
    }
    hit
}

/// Checks `raycast_surface`: from outside the same as `raycast`; from inside, the exit: a
/// point of the surface, normal unit and outward (the ray leaves through it), every sample of
/// the ray before it inside.
#[track_caller]
pub fn check_surface_cast<S: RayCast + PointQuery + Sample + core::fmt::Debug>(
    shape: &S,
    ray: &Ray,
    max_t: Real,
) {
    let surface = shape.raycast_surface(ray, max_t);
    if !shape.contains_point(ray.origin) {
        assert_eq!(surface, shape.raycast(ray, max_t), "{shape:?} {ray:?}");
        return;
    }
    let Some(h) = surface else {
        // Only when the exit is beyond max_t: the point at max_t is still inside (or about).
        let p = ray.point_at(max_t);
        assert!(
            shape.distance_to_point(p) <= tol(scale_of(ray, max_t)),
            "{shape:?} {ray:?}: no exit within {max_t}, but {p} is outside"
        );
        return;
    };
    let scale = scale_of(ray, h.t);
    assert!(h.t >= 0.0 && h.t <= max_t);
    assert!((h.normal.length() - 1.0).abs() <= tol(1.0));
    assert!(
        shape.distance_to_point(h.point) <= tol(scale),
        "{shape:?} {ray:?}: exit {} off the surface",
        h.point
    );
    if h.t > 0.0 {
        assert!(
            h.normal.dot(ray.dir) >= -tol(ray.dir.length()),
            "{shape:?} {ray:?}: exit normal {} against the ray",
            h.normal
        );
    }
    for k in 0..60 {
        let p = ray.point_at(h.t * k as Real / 64.0);
        assert!(
            shape.distance_to_point(p) <= tol(scale),
            "{shape:?} {ray:?}: {p} before the exit at {} is outside",
            h.t
        );
    }
}

/// `t` scales with the direction: the same ray with `dir * 2` and `dir / 4` (exact scalings)
/// hits at `t / 2` and `t * 4`, at the same point.
#[track_caller]
pub fn check_scaling<S: RayCast + core::fmt::Debug>(shape: &S, ray: &Ray, max_t: Real) {
    let base = shape.raycast(ray, max_t);
    for k in [2.0, 0.25] {
        let scaled = Ray::new(ray.origin, ray.dir * k);
        let hit = shape.raycast(&scaled, max_t / k);
        match (base, hit) {
            (Some(a), Some(b)) => {
                let scale = scale_of(ray, a.t);
                assert!(
                    (b.t * k - a.t).abs() <= tol(a.t.abs()) * 4.0,
                    "{shape:?} {ray:?} scaled by {k}: t {} vs {}",
                    b.t * k,
                    a.t
                );
                assert!(a.point.distance(b.point) <= tol(scale) * 4.0);
            }
            (None, None) => {}
            (a, b) => {
                // Only at the edge of max_t or a graze: both answers are then right to rounding.
                let t = a.or(b).unwrap().t;
                let near_end =
                    (t * if a.is_some() { 1.0 } else { k } - max_t).abs() <= tol(max_t.abs()) * 4.0;
                assert!(
                    near_end || grazes(shape, ray),
                    "{shape:?} {ray:?} scaled by {k}: {a:?} vs {b:?}"
                );
            }
        }
    }
}

/// Whether the ray passes within rounding of the shape's boundary without entering it
/// clearly: a slightly moved origin flips the answer.
pub fn grazes<S: RayCast>(shape: &S, ray: &Ray) -> bool {
    let e = tol(ray.origin.abs().max_element().max(1.0));
    let hit = shape.raycast(ray, Real::INFINITY).is_some();
    [Vec3::X, Vec3::Y, Vec3::Z, -Vec3::X, -Vec3::Y, -Vec3::Z]
        .iter()
        .any(|&d| {
            shape
                .raycast(&Ray::new(ray.origin + d * e, ray.dir), Real::INFINITY)
                .is_some()
                != hit
        })
}

/// `raycast_any` agrees with `raycast`, except where the hit is within rounding of `max_t` or
/// the ray grazes the shape.
#[track_caller]
pub fn check_any<S: RayCast + core::fmt::Debug>(shape: &S, ray: &Ray, max_t: Real) {
    let hit = shape.raycast(ray, max_t);
    let any = shape.raycast_any(ray, max_t);
    if any != hit.is_some() {
        let near_end = shape
            .raycast(ray, max_t * (1.0 + 1e-3) + 1e-3)
            .is_some_and(|h| h.t >= max_t * (1.0 - 1e-3) - 1e-3);
        assert!(
            near_end || grazes(shape, ray),
            "{shape:?} {ray:?} {max_t}: raycast_any {any} but raycast {hit:?}"
        );
    }
}

/// A ray aimed at a point: from `origin` through `target`, scaled by `len`.
pub fn aimed(origin: Vec3, target: Vec3, len: Real) -> Ray {
    Ray::new(origin, (target - origin).normalize_or(Vec3::X) * len)
}

/// `u` pulled into `[0.1, 0.9]³`: a sample of a solid's interior clear of its boundary (for
/// shapes of non-zero thickness), where a ray aimed at it must hit whatever the rounding.
pub fn interior(u: Vec3) -> Vec3 {
    u * 0.8 + Vec3::splat(0.1)
}
