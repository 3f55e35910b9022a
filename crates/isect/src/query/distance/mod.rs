//! `Distance` (closest points and distance) per pair of shapes, one file per pair named
//! `<a>_<b>.rs` in the same shape order as the overlap files (Sphere, Aabb, Obb, Capsule, Triangle,
//! Segment, Ray, Line, Plane, Frustum, `ConvexHull`); each file ends with the mirror line that
//! implements the other argument order.

mod aabb_capsule;
mod aabb_plane;
mod aabb_segment;
mod capsule_capsule;
mod capsule_line;
mod capsule_plane;
mod capsule_ray;
mod capsule_segment;
#[cfg(feature = "alloc")]
mod convex_hull_plane;
mod line_line;
mod line_plane;
mod obb_capsule;
mod obb_plane;
mod obb_segment;
mod ray_line;
mod ray_plane;
mod ray_ray;
mod segment_line;
mod segment_plane;
mod segment_ray;
mod segment_segment;
mod sphere_aabb;
mod sphere_capsule;
#[cfg(feature = "alloc")]
mod sphere_convex_hull;
mod sphere_line;
mod sphere_obb;
mod sphere_plane;
mod sphere_ray;
mod sphere_segment;
mod sphere_sphere;
mod sphere_triangle;
mod triangle_plane;
pub(crate) mod triangle_segment;

use crate::math::{Real, Vec3};
use crate::query::ClosestPoints;
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::linear::{Linear, closest_parameters};
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::contact::plane_contact_geometry;
use crate::shape::Plane;

/// Closest points between two lines, rays or segments (see [`closest_parameters`]).
#[inline]
fn linear_closest_points(p: &Linear, q: &Linear) -> ClosestPoints {
    if !(p.is_usable() && q.is_usable()) {
        return ClosestPoints::NONE;
    }
    let (s, t) = closest_parameters(p, q);
    ClosestPoints::from_points(p.at(s), q.at(t))
}

/// Closest points between two rounded shapes from those of their cores: `core` between the
/// cores (a point, segment or the shape itself) and the radii `ra`, `rb` rounding them. Apart:
/// each core point moved towards the other by its radius. Overlapping (core distance within
/// `ra + rb`, compared squared as the overlap tests do): distance 0 and a common point, the middle
/// of the balls' common stretch of the line between the core points.
#[inline]
fn rounded(core: ClosestPoints, ra: Real, rb: Real) -> ClosestPoints {
    let (a, b) = (core.a, core.b);
    if !(a.is_finite() && b.is_finite()) {
        return ClosestPoints::NONE;
    }
    let radii = ra + rb;
    let dd = a.distance_squared(b);
    let d = crate::ops::sqrt(dd);
    if dd <= radii * radii {
        let point = ball_overlap_middle(a, ra, b, rb);
        return ClosestPoints {
            a: point,
            b: point,
            distance: 0.0,
        };
    }
    let n = (b - a) / d;
    ClosestPoints::from_points(a + n * ra, b - n * rb)
}

/// Closest points between a ball `(center, r)` and a shape, through the shape's closest point
/// to the center ([`PointQuery`](crate::query::PointQuery)): `NONE` when the shape is invalid
/// (its closest point is not finite).
#[inline]
fn ball_to<S: crate::query::PointQuery + ?Sized>(
    center: Vec3,
    r: Real,
    shape: &S,
) -> ClosestPoints {
    let q = shape.closest_point(center);
    rounded(
        ClosestPoints {
            a: center,
            b: q,
            distance: 0.0,
        },
        r,
        0.0,
    )
}

/// Closest points between a convex shape and a plane, from the shape's extent along the
/// normal: the common point of the contact geometry when they meet (the shape reaches the
/// plane), else the shape's point nearest the plane (the middle of a face or edge parallel to
/// it) and its foot on the plane.
#[inline]
fn to_plane<S: PlaneExtent>(shape: &S, plane: &Plane) -> ClosestPoints {
    if !(shape.usable() && plane.is_usable()) {
        return ClosestPoints::NONE;
    }
    let n = plane.normal;
    let (center, r) = shape.center_extent(n);
    let s = plane.signed_distance(center);
    if !s.is_finite() || !r.is_finite() {
        return ClosestPoints::NONE;
    }
    if s.abs() <= r {
        let c = plane_contact_geometry(shape, center, r, plane, 1.0);
        return ClosestPoints {
            a: c.point,
            b: c.point,
            distance: 0.0,
        };
    }
    let toward = if s > 0.0 { -n } else { n };
    let a = center + shape.face_support(toward);
    ClosestPoints::from_points(a, a - n * plane.signed_distance(a))
}

/// Closest points between a capsule and a shape its core segment has a distance to: the core's
/// closest points, then the radius.
#[inline]
fn capsule_to<S>(capsule: &crate::shape::Capsule, other: &S) -> ClosestPoints
where
    crate::shape::Segment: crate::query::Distance<S>,
{
    if !capsule.is_usable() {
        return ClosestPoints::NONE;
    }
    let core = crate::query::Distance::closest_points(
        &crate::shape::Segment::new(capsule.a, capsule.b),
        other,
    );
    if !core.distance.is_finite() {
        return ClosestPoints::NONE;
    }
    rounded(core, capsule.radius, 0.0)
}

/// Closest points between a box and a segment `a b` rounded by `r` (a capsule; `r = 0` for a
/// segment), `a` on the box: in the box's frame, the slab test decides crossings (as the overlap
/// tests do), else the exact segment–box distance (a convex piecewise quadratic minimised piece
/// by piece) gives the segment's closest point and its clamp onto the box; overlap (squared
/// distance within `r²`, compared in the box's frame as the overlap tests do) gives distance 0
/// and a common point.
#[inline]
fn box_rounded_segment(obb: &crate::shape::Obb, a: Vec3, b: Vec3, r: Real) -> ClosestPoints {
    use crate::query::algo::box_sat::{segment_box_distance_squared, segment_meets_box};
    let p = obb.to_local(a);
    let d = obb.rotation.transpose() * (b - a);
    let e = obb.half_extents;
    let common = |local: Vec3| {
        let point = obb.to_world(local);
        ClosestPoints::from_points(point, point)
    };
    if segment_meets_box(p, d, -e, e) {
        let (t0, t1) = crate::query::raycast::slab_interval(-e, e, p, d, 0.0, 1.0);
        let t = if t0 <= t1 {
            (t0 + t1) * 0.5
        } else {
            t0.max(0.0).min(1.0)
        };
        return common((p + d * t).clamp(-e, e));
    }
    let (d2, t) = segment_box_distance_squared(p, d, -e, e);
    let x = p + d * t;
    let q = x.clamp(-e, e);
    if d2 <= r * r {
        // Within the capsule's reach: the box point nearest the core, which the capsule holds.
        return common(q);
    }
    let n = (x - q) / crate::ops::sqrt(d2);
    ClosestPoints::from_points(obb.to_world(q), obb.to_world(x - n * r))
}
