//! `Sweep` (first and last time of contact of two moving shapes) per pair of shapes, one file
//! per pair named `<a>_<b>.rs` in the same shape order as the overlap files; each file ends with
//! the mirror line `mirror_sweep!(A, B);` for the other order.
//!
//! Every routine works with the motion of `self` relative to `other`, `motion - other_motion`,
//! and reports times on the normalized interval `[0, 1]`.

mod aabb_aabb;
mod aabb_capsule;
#[cfg(feature = "alloc")]
mod aabb_convex_hull;
mod aabb_obb;
mod aabb_plane;
mod aabb_triangle;
mod capsule_capsule;
#[cfg(feature = "alloc")]
mod capsule_convex_hull;
mod capsule_plane;
mod capsule_triangle;
#[cfg(feature = "alloc")]
mod convex_hull_convex_hull;
#[cfg(feature = "alloc")]
mod convex_hull_plane;
mod obb_capsule;
#[cfg(feature = "alloc")]
mod obb_convex_hull;
mod obb_obb;
mod obb_plane;
mod obb_triangle;
mod plane_plane;
mod rotating;
mod sphere_aabb;
mod sphere_capsule;
#[cfg(feature = "alloc")]
mod sphere_convex_hull;
mod sphere_obb;
mod sphere_plane;
mod sphere_sphere;
mod sphere_triangle;
#[cfg(feature = "alloc")]
mod triangle_convex_hull;
mod triangle_plane;
mod triangle_triangle;
#[cfg(feature = "alloc")]
mod trimesh;

pub use rotating::{ROTATING_MAX_STEPS, ROTATING_RELATIVE_TOLERANCE, RigidMotion, sweep_rotating};
#[cfg(feature = "alloc")]
pub use trimesh::MeshSweepShape;

use crate::math::{Real, Vec3};
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::contact::plane_contact_geometry;
use crate::query::{Contact, SweepHit};
use crate::shape::{Plane, Ray};

/// A few ulp over 1: the factor by which the quick rejections widen their limits, so that they
/// never reject what the exact tests would accept.
pub(crate) const WIDE: Real = 1.0 + 16.0 * Real::EPSILON;

/// Whether the ray over `[0, max_t]` may meet the capsule `ab` of radius `r`: whether their
/// boxes meet (widened by a few ulp).
#[inline]
pub(crate) fn reaches_capsule(ray: &Ray, max_t: Real, a: Vec3, b: Vec3, r: Real) -> bool {
    let end = ray.origin + ray.dir * max_t;
    let (lo, hi) = (ray.origin.min(end), ray.origin.max(end));
    let pad = Vec3::splat(r)
        + (a.abs().max(b.abs()) + lo.abs().max(hi.abs()) + r) * (16.0 * Real::EPSILON);
    let (clo, chi) = (a.min(b) - pad, a.max(b) + pad);
    lo.cmple(chi).all() && clo.cmple(hi).all()
}

/// The times in `[0, 1]` at which `|s0 + k t| <= r`: a shape whose center starts at signed
/// distance `s0` from a plane, moves towards its front at `k` per unit time and reaches `r` to
/// either side of its center along the plane's normal touches the plane exactly then. `None`
/// when that never happens within `[0, 1]`.
#[inline]
fn slab_times(s0: Real, k: Real, r: Real) -> Option<(Real, Real)> {
    if k == 0.0 {
        return (s0.abs() <= r).then_some((0.0, 1.0));
    }
    let (ta, tb) = ((-r - s0) / k, (r - s0) / k);
    let (enter, exit) = if ta <= tb { (ta, tb) } else { (tb, ta) };
    let (first, last) = (enter.max(0.0), exit.min(1.0));
    (first <= last).then_some((first, last))
}

/// The sweep of a valid convex shape against a plane, from the shape's extent along the plane's
/// unit normal about its center ([`PlaneExtent`]).
///
/// At `t_first` the reported point is the shape's point nearest the plane when they just
/// touch (the middle of a face or edge lying flat on it); when they already overlap there, the
/// point where the segment from that nearest point to the furthest one crosses the plane, which
/// lies in both. The normal points from the plane to the side the shape's center is on; for a center
/// exactly on the plane, against the relative motion (or the plane's normal without relative
/// motion). `None` for an invalid plane or motion (the caller checks the shape).
#[inline]
fn sweep_against_plane<S: PlaneExtent>(
    shape: &S,
    motion: Vec3,
    plane: &Plane,
    plane_motion: Vec3,
) -> Option<SweepHit> {
    if !(plane.is_usable() && motion.is_finite() && plane_motion.is_finite()) {
        return None;
    }
    let n = plane.normal;
    let (center, r) = shape.center_extent(n);
    let k = n.dot(motion - plane_motion);
    let (t_first, t_last) = slab_times(plane.signed_distance(center), k, r)?;
    let moved_plane = Plane {
        normal: n,
        d: plane.d + n.dot(plane_motion) * t_first,
    };
    // A center on the plane at t_first came from the side opposite to its relative motion.
    let side_on_plane = if k > 0.0 { -1.0 } else { 1.0 };
    let contact = plane_contact_geometry(
        shape,
        center + motion * t_first,
        r,
        &moved_plane,
        side_on_plane,
    );
    Some(SweepHit {
        t_first,
        t_last,
        point: contact.point,
        normal: contact.normal,
    })
}

/// The normal of a sweep whose shapes already touch or overlap at `t_first = 0`: the normal of
/// `a`'s contact with `b` where they start, else `fallback`.
///
/// API.md's sweep normal is the way to push `self` out of `other`; for shapes that already
/// overlap that is the penetration (contact) normal, not the motion. A method that sees no
/// penetration direction (a ray cast from inside, conservative advancement over overlapping
/// cores) would report the reverse of the motion, which points into `other` when the shapes
/// move apart (parry's issue #193). `fallback` serves where the contact finds the shapes apart
/// (touching within the sweep's rounding).
#[inline]
pub(super) fn start_normal<A, B>(a: &A, b: &B, fallback: Vec3) -> Vec3
where
    A: Contact<B>,
    B: ?Sized,
{
    a.contact(b).map_or(fallback, |c| c.normal)
}

/// The sweep of a sphere as a ray: `cast(ray)` is the first hit (`t` in `[0, 1]`, `t = 0` from
/// inside, outward normal) of the sphere's center, moving by the relative motion, against the
/// other shape rounded by the sphere's radius, in the other shape's frame at rest;
/// `nearest(center)` is the other shape's point nearest a center (at `t_first`, moved with it),
/// the point reported for shapes that already overlap, whose normal is [`start_normal`]. `t_last`
/// is the same cast from the end of the motion backwards. The caller checks validity.
#[inline]
fn sweep_center_as_ray<B>(
    sphere: &crate::shape::Sphere,
    motion: Vec3,
    other: &B,
    other_motion: Vec3,
    cast: impl Fn(&crate::shape::Ray) -> Option<crate::query::RayHit>,
    touching_at_rest: impl Fn() -> bool,
    nearest: impl Fn(Vec3) -> Vec3,
) -> Option<SweepHit>
where
    crate::shape::Sphere: Contact<B>,
    B: ?Sized,
{
    let v = motion - other_motion;
    let reach = |origin: Vec3, dir: Vec3| -> Option<(Real, Vec3)> {
        if dir == Vec3::ZERO {
            return touching_at_rest().then_some((0.0, Vec3::ZERO));
        }
        cast(&crate::shape::Ray::new(origin, dir)).map(|h| (h.t, h.normal))
    };
    let (t_first, normal) = reach(sphere.center, v)?;
    let t_last = match reach(sphere.center + v, -v) {
        Some((back, _)) => (1.0 - back).max(t_first),
        None => t_first,
    };
    let center = sphere.center + motion * t_first;
    let shift = other_motion * t_first;
    let (normal, point) = if t_first > 0.0 {
        (normal, center - normal * sphere.radius)
    } else {
        // Already touching or overlapping: the way out of the contact (against the relative
        // motion only where the contact finds them apart by rounding); the other's point
        // nearest the center, which the sphere contains.
        let against = crate::query::algo::scale::normalize(-v).unwrap_or(Vec3::Y);
        let normal = start_normal(sphere, other, against);
        (normal, nearest(center - shift) + shift)
    };
    Some(SweepHit {
        t_first,
        t_last,
        point,
        normal,
    })
}
