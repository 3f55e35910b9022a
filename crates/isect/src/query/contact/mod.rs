//! `Contact` (contact point, normal and penetration depth) per pair of shapes, one file per pair
//! named `<a>_<b>.rs` in the same shape order as the overlap files; each file ends with the
//! mirror line `mirror_contact!(A, B);` for the other order.
//!
//! The separating-axis contacts, whose manifolds come from clipping, live in their pair files and
//! serve both box types: box–box in `obb_obb.rs` (used by `aabb_obb.rs`), box–triangle in
//! `obb_triangle.rs`, box–capsule in `obb_capsule.rs` (also for degenerate triangles),
//! triangle–triangle in `triangle_triangle.rs`. Their machinery is in `query/algo/`: `box_frame`
//! (boxes as center, axes and half extents), `least_overlap` (the axis search), `polygon_clip`
//! (Sutherland–Hodgman) and `contact_patch` (points with depths, reduced by `manifold.rs`).

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
#[cfg(feature = "alloc")]
mod convex_hull_trimesh_manifold;
pub(crate) mod manifold;
mod obb_capsule;
#[cfg(feature = "alloc")]
mod obb_convex_hull;
mod obb_obb;
mod obb_plane;
mod obb_triangle;
mod plane_plane;
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
mod triangle_segment;
mod triangle_triangle;
#[cfg(feature = "alloc")]
pub(crate) mod trimesh;
#[cfg(feature = "alloc")]
mod trimesh_manifold;
#[cfg(feature = "alloc")]
pub(crate) mod trimesh_trimesh;
#[cfg(feature = "alloc")]
mod trimesh_trimesh_manifold;

use crate::math::{Real, Vec3, on_set_tolerance};
use crate::ops;
use crate::query::ContactInfo;
use crate::query::Distance;
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::algo::scale::{normalized_direction, square_in_range};
use crate::shape::{Plane, Segment};

/// The contact of two balls, `(c1, r1)` as `self` and `(c2, r2)`: the core of every sphere and
/// capsule pair, whose cores' closest points are the balls' centers.
///
/// Depth `r1 + r2 − |c1 − c2|`; normal from `c2` to `c1`, or `fallback` (a unit vector) when the
/// centers coincide; the point is the middle of the two balls' common stretch of the line of
/// centers (the touching point when the depth is 0). `None` when the balls are apart.
#[inline]
fn balls(c1: Vec3, r1: Real, c2: Vec3, r2: Real, fallback: Vec3) -> Option<ContactInfo> {
    let offset = c1 - c2;
    let radii = r1 + r2;
    // The offset against the radii, not squared: both squares underflow to 0 for balls tiny
    // beside their place (issue 24, `regressions::tiny_radius_beside_unit_offsets`).
    if !crate::query::algo::scale::within_radius(offset, radii) {
        return None;
    }
    let dd = offset.length_squared();
    if !square_in_range(dd) {
        return balls_cold(c1, r1, c2, r2, fallback);
    }
    let distance = ops::sqrt(dd);
    Some(ContactInfo {
        point: ball_overlap_middle(c1, r1, c2, r2),
        normal: offset / distance,
        depth: (radii - distance).max(0.0),
    })
}

/// [`balls`] for centers whose squared distance underflows (or is 0): the distance and the
/// normal from the offset brought to a magnitude near 1 first (centers `1.8e-22` apart beside a
/// radius of `9e-6`, which the query computes as given, gave a normal of length 1.011).
#[cold]
#[inline(never)]
fn balls_cold(c1: Vec3, r1: Real, c2: Vec3, r2: Real, fallback: Vec3) -> Option<ContactInfo> {
    let radii = r1 + r2;
    let distance = crate::query::algo::scale::distance(c1, c2);
    let normal = if distance > 0.0 {
        // The offset times a power of two, divided by its length as `balls` divides: the same
        // bits as the offset of centers `2ᵏ` times farther apart gives there.
        let (offset, _) = normalized_direction(c1 - c2);
        offset / ops::sqrt(offset.length_squared())
    } else {
        fallback
    };
    Some(ContactInfo {
        point: ball_overlap_middle(c1, r1, c2, r2),
        normal,
        depth: (radii - distance).max(0.0),
    })
}

/// The contact of a valid convex shape with a plane (a surface: the shapes overlap when the
/// shape reaches the plane), from the shape's extent along the plane's unit normal about its
/// center.
///
/// The normal points to the side of the center (the plane's front for a center on it), the
/// depth is `r − |s|` for the center's signed distance `s`: moving the shape by it along the
/// normal leaves it touching the plane from that side. The point is where the segment between
/// the shape's deepest and highest points (along the normal) crosses the plane, which lies in
/// both; the deepest point when they just touch. `None` when apart and for an invalid plane (the
/// caller checks the shape).
#[inline]
fn against_plane<S: PlaneExtent + crate::query::Intersects<Plane>>(
    shape: &S,
    plane: &Plane,
) -> Option<ContactInfo> {
    // `intersects` decides, so that there is a contact exactly when it is true.
    if !(plane.is_usable() && shape.intersects(plane)) {
        return None;
    }
    let (center, r) = shape.center_extent(plane.normal);
    Some(plane_contact_geometry(shape, center, r, plane, 1.0))
}

/// The geometry of [`against_plane`] without the overlap check (for a shape known to touch the
/// plane, up to rounding), given its `center` and extent `r` from
/// [`PlaneExtent::center_extent`]: `side_on_plane` (±1) is the side the normal takes for a center
/// exactly on the plane.
#[inline]
pub(crate) fn plane_contact_geometry<S: PlaneExtent>(
    shape: &S,
    center: Vec3,
    r: Real,
    plane: &Plane,
    side_on_plane: Real,
) -> ContactInfo {
    let n = plane.normal;
    let s = plane.signed_distance(center);
    let side = if s > 0.0 {
        1.0
    } else if s < 0.0 {
        -1.0
    } else {
        side_on_plane
    };
    let normal = n * side;
    // The segment between the shape's furthest points on either side lies in it and crosses
    // the plane where they overlap; the deepest point is where they just touch.
    let deepest = center + shape.face_support(-normal);
    let highest = center + shape.face_support(normal);
    let (sd, sh) = (
        plane.signed_distance(deepest),
        plane.signed_distance(highest),
    );
    let p = if sd * side < 0.0 && sh * side > 0.0 {
        deepest + (highest - deepest) * (sd / (sd - sh))
    } else {
        deepest
    };
    ContactInfo {
        point: p - n * plane.signed_distance(p),
        normal,
        depth: (r - s.abs()).max(0.0),
    }
}

/// The contact of a ball `(c, r)` with the box `[lo, hi]` given in the frame of its faces (the
/// world for an Aabb, the box's own for an Obb), with `c` in that frame: the ball's center
/// clamped to the box when outside (normal from the box to the center); when the center is
/// inside, the face nearest to it (normal out of that face, depth `r +` the center's distance
/// to it). Returns the contact in that frame. An Aabb is taken by its corners, not its center
/// and half extents, whose rounding moves its faces: a box from `2⁻⁸⁴` to 1 in x had its face
/// at 0 there, touching a ball of radius `2⁻⁸⁵` at the origin (issue 24,
/// `regressions::tiny_radius_beside_unit_offsets`).
#[inline]
fn ball_box(c: Vec3, r: Real, lo: Vec3, hi: Vec3) -> Option<ContactInfo> {
    let q = c.clamp(lo, hi);
    let offset = c - q;
    let dd = offset.length_squared();
    if square_in_range(dd) {
        if !(dd <= r * r) {
            return None;
        }
        let distance = ops::sqrt(dd);
        return Some(ContactInfo {
            point: q,
            normal: offset / distance,
            depth: (r - distance).max(0.0),
        });
    }
    if offset != Vec3::ZERO {
        return ball_box_outside_cold(offset, q, r);
    }
    // Inside (or on the boundary): leave through the nearest face; `c` is on the upper face's
    // side where it is no nearer the lower face.
    let (below, above) = (c - lo, hi - c);
    let margin = below.min(above);
    let i = if margin.x <= margin.y && margin.x <= margin.z {
        0
    } else if margin.y <= margin.z {
        1
    } else {
        2
    };
    let mut normal = Vec3::ZERO;
    normal[i] = if below[i] < above[i] { -1.0 } else { 1.0 };
    Some(ContactInfo {
        point: c,
        normal,
        depth: r + margin[i],
    })
}

/// [`ball_box`] for a center outside the box whose squared offset `|offset|²` from the
/// box's point `q` leaves the range where it is exact (a subnormal square: an offset of `3e-22`
/// after rescaling by a radius of `1.2e10` gave a normal of length 1.002, issue 24,
/// `regressions::tiny_offset_normals`; or an overflowing one): the length and the normal from
/// the offset scaled by a power of two.
#[cold]
#[inline(never)]
fn ball_box_outside_cold(offset: Vec3, q: Vec3, r: Real) -> Option<ContactInfo> {
    if !crate::query::algo::scale::within_radius(offset, r) {
        return None;
    }
    let distance = crate::query::algo::scale::length(offset);
    // The offset times a power of two, divided by its length as the hot path divides: the same
    // bits as the offset `2ᵏ` times longer gives there. `scale::normalize` multiplies by the
    // reciprocal, a different rounding: a sphere 1.5e13 wide around a box point gave normals an
    // ulp apart at scale 1 (rescaled, here) and at `4⁻¹²` (issue 24,
    // `regressions::ball_box_cold_normal`).
    let (offset, _) = normalized_direction(offset);
    Some(ContactInfo {
        point: q,
        normal: offset / ops::sqrt(offset.length_squared()),
        depth: (r - distance).max(0.0),
    })
}

/// Whether two computed points are the same point up to the rounding of the coordinates they
/// come from ([`on_set_tolerance`]): then their offset has no meaningful direction. Compared
/// without underflow: points `1e-25` apart at coordinates of that size squared their offset and
/// their tolerance to 0 in `f32` and counted as one, so a capsule's core `4e-15` from a sphere's
/// center got the fallback normal where the scaled case got the centers' direction (issue 24,
/// `regressions::tiny_core_offset_normal`).
#[inline]
fn within_rounding<const N: usize>(x: Vec3, y: Vec3, inputs: [Vec3; N]) -> bool {
    crate::query::algo::scale::within_radius(x - y, on_set_tolerance(inputs))
}

/// The segment spanned by a degenerate (collinear) triangle: its two farthest corners.
pub(crate) fn degenerate_segment(t: [Vec3; 3]) -> Segment {
    let pairs = [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])];
    let (a, b) = pairs
        .into_iter()
        .max_by(|x, y| {
            x.0.distance_squared(x.1)
                .total_cmp(&y.0.distance_squared(y.1))
        })
        .unwrap_or((t[0], t[0]));
    Segment::new(a, b)
}

/// A common point of two shapes that meet, from their closest points.
#[inline]
pub(crate) fn common_point<A: Distance<B>, B>(a: &A, b: &B) -> Vec3 {
    let cp = a.closest_points(b);
    (cp.a + cp.b) * 0.5
}

/// Whether `a` comes before `b` in a fixed total order of their coordinates (lexicographic), so
/// that a symmetric pair is computed in one order and its mirror flips the normal exactly.
pub(crate) fn precedes<const N: usize>(a: [Real; N], b: [Real; N]) -> bool {
    a.iter()
        .zip(&b)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .is_some_and(|o| o.is_lt())
}
