//! `Distance` (closest points and distance) per pair of shapes, one file per pair named
//! `<a>_<b>.rs` in the same shape order as the overlap files (Sphere, Aabb, Obb, Capsule, Triangle,
//! Segment, Ray, Line, Plane, Frustum, `ConvexHull`); each file ends with the mirror line that
//! implements the other argument order.

mod aabb_aabb;
mod aabb_capsule;
#[cfg(feature = "alloc")]
mod aabb_convex_hull;
mod aabb_line;
mod aabb_obb;
mod aabb_plane;
mod aabb_ray;
mod aabb_segment;
mod aabb_triangle;
mod capsule_capsule;
#[cfg(feature = "alloc")]
mod capsule_convex_hull;
mod capsule_line;
mod capsule_plane;
mod capsule_ray;
mod capsule_segment;
mod capsule_triangle;
#[cfg(feature = "alloc")]
mod convex_hull_convex_hull;
#[cfg(feature = "alloc")]
mod convex_hull_plane;
#[cfg(feature = "alloc")]
mod line_convex_hull;
mod line_line;
mod line_plane;
mod linear;
mod obb_capsule;
#[cfg(feature = "alloc")]
mod obb_convex_hull;
mod obb_line;
mod obb_obb;
mod obb_plane;
mod obb_ray;
mod obb_segment;
mod obb_triangle;
mod plane_plane;
#[cfg(feature = "alloc")]
mod ray_convex_hull;
mod ray_line;
mod ray_plane;
mod ray_ray;
#[cfg(feature = "alloc")]
mod segment_convex_hull;
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
#[cfg(feature = "alloc")]
mod triangle_convex_hull;
mod triangle_line;
mod triangle_plane;
mod triangle_ray;
pub(crate) mod triangle_segment;
mod triangle_triangle;
#[cfg(feature = "alloc")]
mod trimesh;
#[cfg(feature = "alloc")]
mod trimesh_trimesh;

use crate::math::{Real, Vec3};
use crate::query::ClosestPoints;
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::linear::Linear;
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::contact::plane_contact_geometry;
use crate::shape::Plane;
use linear::linear_closest_points;

/// Closest points between two rounded shapes from those of their cores: `core` between the
/// cores (a point, segment or the shape itself) and the radii `ra`, `rb` rounding them. Apart:
/// each core point moved towards the other by its radius. Overlapping (core distance within
/// `ra + rb`, compared as the overlap tests do): distance 0 and a common point, the middle
/// of the balls' common stretch of the line between the core points.
#[inline]
fn rounded(core: ClosestPoints, ra: Real, rb: Real) -> ClosestPoints {
    let (a, b) = (core.a, core.b);
    if !(a.is_finite() && b.is_finite()) {
        return ClosestPoints::NONE;
    }
    // The offset against the radii by `within_radius`, not squared: both squares underflow to
    // 0 for balls tiny beside their place (issue 24, `regressions::tiny_radius_beside_unit_offsets`).
    let Some(n) = crate::query::algo::scale::normalize(b - a)
        .filter(|_| !crate::query::algo::scale::within_radius(b - a, ra + rb))
    else {
        let point = ball_overlap_middle(a, ra, b, rb);
        return ClosestPoints {
            a: point,
            b: point,
            distance: 0.0,
        };
    };
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
    ball_to_point(center, r, shape.closest_point(center))
}

/// [`ball_to`] with the shape's closest point `q` to the center already found.
#[inline]
fn ball_to_point(center: Vec3, r: Real, q: Vec3) -> ClosestPoints {
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

/// Closest points between a valid convex shape and a plane, from the shape's extent along the
/// normal: the common point of the contact geometry when they meet (the shape reaches the
/// plane), else the shape's point nearest the plane (the middle of a face or edge parallel to
/// it) and its foot on the plane. `NONE` for an invalid plane (the caller checks the shape).
#[inline]
fn to_plane<S: PlaneExtent + crate::query::Intersects<Plane>>(
    shape: &S,
    plane: &Plane,
) -> ClosestPoints {
    if !plane.is_usable() {
        return ClosestPoints::NONE;
    }
    let n = plane.normal;
    let (center, r) = shape.center_extent(n);
    let s = plane.signed_distance(center);
    if !s.is_finite() || !r.is_finite() {
        return ClosestPoints::NONE;
    }
    // `intersects` decides, so that the distance is 0 exactly when it is true.
    if shape.intersects(plane) {
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
    use crate::query::algo::scale::{normalize, within_radius};
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
    let (_, t) = segment_box_distance_squared(p, d, -e, e);
    let x = p + d * t;
    let q = x.clamp(-e, e);
    // The offset against the radius, not `d2` against `r²` (both underflow for a radius tiny
    // beside the box; issue 24, `regressions::tiny_radius_beside_unit_offsets`).
    let Some(n) = normalize(x - q).filter(|_| !within_radius(x - q, r)) else {
        // Within the capsule's reach: the box point nearest the core, which the capsule holds.
        return common(q);
    };
    ClosestPoints::from_points(obb.to_world(q), obb.to_world(x - n * r))
}

/// Closest points of two valid convex shapes by GJK ([`gjk_closest_points`](
/// crate::query::algo::gjk::gjk_closest_points): distances to `GJK_RELATIVE_TOLERANCE`, never
/// looping), made to agree with the exact overlap test `meet`: when `meet` holds, distance 0 at
/// a common point (GJK's points meet within rounding, or the middle of its two points when the
/// overlap test counts shapes a few ulp apart as touching).
#[inline]
fn gjk_pair<A, B>(a: &A, b: &B, meet: impl FnOnce() -> bool) -> ClosestPoints
where
    A: crate::query::SupportMap + ?Sized,
    B: crate::query::SupportMap + ?Sized,
{
    gjk_pair_beyond(a, b, 0.0, meet)
}

/// [`gjk_pair`] for an overlap test `meet` whose slack follows more of the shapes than GJK's
/// closest features (a segment against a hull's planes: both its ends): the shapes count as
/// proven apart only where their gap also exceeds `slack`, else `meet` decides.
#[inline]
fn gjk_pair_beyond<A, B>(a: &A, b: &B, slack: Real, meet: impl FnOnce() -> bool) -> ClosestPoints
where
    A: crate::query::SupportMap + ?Sized,
    B: crate::query::SupportMap + ?Sized,
{
    let guess = a.support(Vec3::X) - b.support(Vec3::X);
    let cp = crate::query::algo::gjk::gjk_closest_points(a, b, guess);
    if proven_apart(a, b, &cp, slack) {
        return cp;
    }
    agree(cp, meet())
}

/// Whether GJK's closest points `cp` come with a proof that the shapes are apart: the plane
/// through them, normal to `cp.a − cp.b`, leaves the shapes on its two sides with a gap of
/// more than four times the set tolerance of the coordinates (more than the slack any overlap
/// test gives touching shapes). Two support calls, so the exact overlap test runs only for
/// shapes that are close.
#[inline]
fn proven_apart<A, B>(a: &A, b: &B, cp: &ClosestPoints, slack: Real) -> bool
where
    A: crate::query::SupportMap + ?Sized,
    B: crate::query::SupportMap + ?Sized,
{
    if !(cp.distance.is_finite() && cp.distance > 0.0) {
        return false;
    }
    let n = (cp.a - cp.b) / cp.distance;
    let (pa, pb) = (a.support(-n), b.support(n));
    let gap = n.dot(pa) - n.dot(pb);
    gap > slack && gap > 4.0 * crate::math::on_set_tolerance([pa, pb, cp.a, cp.b])
}

/// `cp` made to agree with the exact overlap test `meet`: distance 0 and a common point when the
/// shapes meet; when they do not but GJK ended with the origin in its simplex (distance 0: a
/// gap below what it resolves, seen for two triangles), GJK's points, within rounding of the
/// closest ones, with the smallest positive distance, so that distance 0 still means `meet`.
#[inline]
fn agree(cp: ClosestPoints, meet: bool) -> ClosestPoints {
    if !meet {
        return if cp.distance == 0.0 {
            ClosestPoints {
                distance: Real::MIN_POSITIVE,
                ..cp
            }
        } else {
            cp
        };
    }
    if !cp.distance.is_finite() || cp.distance == 0.0 {
        return cp;
    }
    let mid = (cp.a + cp.b) * 0.5;
    ClosestPoints {
        a: mid,
        b: mid,
        distance: 0.0,
    }
}

/// The part of a ray or line (`p`) that holds its points closest to a bounded shape inside the
/// sphere `(center, radius)`: with `h` the line's distance from the center, a point of the line
/// whose parameter is more than `2√(R (h + R)) / |dir|` from the center's foot is farther from
/// the shape than the foot is (it is more than `h + 2R` from the center), so it cannot be
/// closest. `None` when the sphere is not finite.
#[inline]
fn clip_to_sphere(p: &Linear, center: Vec3, radius: Real) -> Option<crate::shape::Segment> {
    // The direction brought into range first: the same set, and `|dir|²` finite and non-zero
    // for every valid direction (a line along `2.6e-23` squared it to 0 in `f32` and was
    // answered as invalid input, issue 24).
    let p = &p.normalized();
    let dd = p.dir.length_squared();
    let tc = (center - p.origin).dot(p.dir) / dd;
    let foot = p.origin + p.dir * tc;
    let h = foot.distance(center);
    let reach = 2.0 * crate::ops::sqrt(radius * (h + radius)) / crate::ops::sqrt(dd);
    // A little slack so that rounding never cuts off the closest point: relative to the
    // parameters, so that it scales with `dir` (a power of two on `dir` changes no answer).
    let reach = reach * (1.0 + 1e-3) + 4.0 * Real::EPSILON * (tc.abs() + reach);
    // Clamped into the parameter range: a stretch wholly before a ray's origin leaves the
    // origin itself (the distance grows along the ray from there on).
    let lo = (tc - reach).clamp(p.lo, p.hi);
    let hi = (tc + reach).clamp(p.lo, p.hi);
    if !(lo.is_finite() && hi.is_finite()) {
        return None;
    }
    Some(crate::shape::Segment::new(p.at(lo), p.at(hi)))
}

/// Closest points of a ray or line `p` (valid) and a bounded shape (valid), through the segment
/// of `p` that [`clip_to_sphere`] keeps around the shape's bounding sphere, made to agree with
/// the overlap test `meet`.
#[inline]
fn unbounded_to<S>(p: &Linear, shape: &S, meet: bool) -> ClosestPoints
where
    S: crate::query::Bounded,
    crate::shape::Segment: crate::query::Distance<S>,
{
    let sphere = shape.bounding_sphere();
    let Some(segment) = clip_to_sphere(p, sphere.center, sphere.radius) else {
        return ClosestPoints::NONE;
    };
    agree(
        crate::query::Distance::closest_points(&segment, shape),
        meet,
    )
}

/// The closest points of a ray or line `p` and a bounded shape, in that order, as every
/// [`unbounded_distance!`] pair computes them: [`ClosestPoints::NONE`] unless both are valid
/// (`shape_usable`), then [`unbounded_to`] with the exact overlap test `meet`.
#[inline]
fn linear_to_bounded<S>(
    p: &Linear,
    shape: &S,
    shape_usable: bool,
    meet: impl FnOnce() -> bool,
) -> ClosestPoints
where
    S: crate::query::Bounded,
    crate::shape::Segment: crate::query::Distance<S>,
{
    if !(p.is_usable() && shape_usable) {
        return ClosestPoints::NONE;
    }
    unbounded_to(p, shape, meet())
}

/// Implements `Distance` between a bounded shape and a ray or line by [`linear_to_bounded`],
/// with the mirror line: the whole of each such pair file (`aabb_ray.rs`, `obb_line.rs`,
/// `ray_convex_hull.rs`, ...). Written in the shape order of the file name: `(Aabb, Ray)` for a
/// shape before rays and lines, `(Ray, ConvexHull)` for one after them.
macro_rules! unbounded_distance {
    (Ray, $shape:ident) => {
        $crate::query::distance::unbounded_distance!(@linear_first Ray, ray, "ray", $shape);
    };
    (Line, $shape:ident) => {
        $crate::query::distance::unbounded_distance!(@linear_first Line, line, "line", $shape);
    };
    ($shape:ident, Ray) => {
        $crate::query::distance::unbounded_distance!(@shape_first $shape, Ray, ray, "ray");
    };
    ($shape:ident, Line) => {
        $crate::query::distance::unbounded_distance!(@shape_first $shape, Line, line, "line");
    };
    (@shape_first $shape:ident, $linear:ident, $make:ident, $name:literal) => {
        impl $crate::query::Distance<$crate::shape::$linear> for $crate::shape::$shape {
            #[doc = $crate::query::distance::unbounded_distance!(@doc $name)]
            fn closest_points(
                &self,
                other: &$crate::shape::$linear,
            ) -> $crate::query::ClosestPoints {
                $crate::query::algo::scale::rescale!(pair self, other, closest_points);
                let p = $crate::query::algo::linear::Linear::$make(other);
                let meet = || $crate::query::Intersects::intersects(self, other);
                $crate::query::distance::linear_to_bounded(&p, self, self.is_usable(), meet)
                    .swapped()
            }
        }
        $crate::query::mirror_distance!($crate::shape::$shape, $crate::shape::$linear);
    };
    (@linear_first $linear:ident, $make:ident, $name:literal, $shape:ident) => {
        impl $crate::query::Distance<$crate::shape::$shape> for $crate::shape::$linear {
            #[doc = $crate::query::distance::unbounded_distance!(@doc $name)]
            fn closest_points(
                &self,
                other: &$crate::shape::$shape,
            ) -> $crate::query::ClosestPoints {
                $crate::query::algo::scale::rescale!(pair self, other, closest_points);
                let p = $crate::query::algo::linear::Linear::$make(self);
                let meet = || $crate::query::Intersects::intersects(self, other);
                $crate::query::distance::linear_to_bounded(&p, other, other.is_usable(), meet)
            }
        }
        $crate::query::mirror_distance!($crate::shape::$linear, $crate::shape::$shape);
    };
    (@doc $name:literal) => {
        concat!(
            "The ", $name, "'s stretch that can hold its closest point (around the shape's \
             bounding sphere: farther along, a point is farther from the shape than the sphere \
             center's foot on the ", $name, "), then the segment distance to the shape; 0 with a \
             common point exactly when `intersects` is true, touching included. Degenerate \
             shapes are what they are. [`ClosestPoints::NONE`](crate::query::ClosestPoints::NONE) \
             for invalid input (a zero direction included)."
        )
    };
}
pub(crate) use unbounded_distance;
