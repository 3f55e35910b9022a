//! `ContactManifold` of every convex shape against a [`TriMesh`], both orders: up to four points
//! with the normal of `Contact<TriMesh>` (internal edges removed).
//!
//! The normal is the deepest contact's; every triangle in contact along that normal (within
//! [`FEATURE_TOLERANCE`]) adds points where the shape and the triangle meet, and the points are
//! reduced to four as for box–box ([`Manifold::reduced`]). How a triangle's points are found
//! depends on the shape:
//! - a box or a solid hull: the triangle clipped by the shape (Sutherland–Hodgman against its
//!   face planes, each moved out by the clip tolerance), each point with the shape's extent
//!   below it along the normal: the points of the triangle inside the shape. Where two faces of
//!   a hull meet at a sharp edge the moved planes meet far beyond it (the tolerance over the
//!   sine of the angle), so a point in the moved band is kept only when GJK finds it within a
//!   few tolerances of the hull;
//! - a capsule, a segment or a triangle: the shape's lowest feature along the normal (the core
//!   moved down by the radius, the segment, the triangle) clipped to the triangle's prism along
//!   the normal and to the triangle's far side, each point lifted along the normal onto the
//!   triangle, the lift its depth. For a capsule the lift is at most the diameter, so each point
//!   lies in the ball about the core point above it, which reaches that deep below it (exact
//!   for a core lying flat on a face, the case a solver rests a capsule on; a lower bound for a
//!   tilted core). A segment or a triangle has no inside: its points are on the mesh, each as
//!   far from the shape as its depth;
//! - a sphere, a flat or thinner hull: the one point of each triangle's contact.
//!
//! The hull's path is in `convex_hull_trimesh_manifold.rs`.
//!
//! A triangle that cannot be clipped (seen edge on along the normal, or against a flat hull) adds
//! its contact's point, and the deepest contact's point is a candidate when no other point is as
//! deep (a corner poking into a face has its clipped points all on the shape's surface, at
//! depth 0). A shape wholly
//! inside a solid mesh has the one point of its contact.

use alloc::vec::Vec;

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::internal_edges::FEATURE_TOLERANCE;
use crate::query::algo::polygon_clip::Poly;
use crate::query::algo::scale::{distance, within_radius};
use crate::query::contact::trimesh::MeshContactShape;
use crate::query::{ContactManifold, Manifold, ManifoldPoint, MeshContact, mirror_manifold};
use crate::shape::{Aabb, Capsule, Obb, Segment, Sphere, TriMesh, Triangle};

/// Below this cosine between the normal and a triangle's plane normal the triangle is seen edge
/// on along the normal, and lifting points onto it along the normal is ill-conditioned: it adds
/// its contact's point instead.
const EDGE_ON: Real = 1.0 / 16.0;

/// The manifold of the valid `shape` against `mesh`: the normal of the deepest contact, the
/// points `clip` finds for every triangle in contact along that normal (the triangle's corners,
/// the normal, the clip tolerance; the points pushed with their depths; `false` when it cannot
/// tell, and the triangle's contact point stands in), each depth at most the deepest's, reduced
/// to four. `scale` is the shape's magnitude (its largest coordinate and
/// size), for the tolerances.
pub(super) fn mesh_manifold<S: MeshContactShape + ?Sized>(
    mesh: &TriMesh,
    shape: &S,
    scale: Real,
    mut clip: impl FnMut(&[Vec3; 3], Vec3, Real, &mut Vec<ManifoldPoint>) -> bool,
) -> Manifold {
    let mut touching: Vec<MeshContact> = Vec::new();
    mesh.contacts(shape, 0.0, |c| {
        if c.depth >= 0.0 {
            touching.push(c);
        }
    });
    let deepest = touching.iter().copied().reduce(|b, c| {
        if c.depth > b.depth || (c.depth == b.depth && c.triangle < b.triangle) {
            c
        } else {
            b
        }
    });
    let Some(deepest) = deepest.or_else(|| mesh.deepest_contact(shape)) else {
        return Manifold::EMPTY;
    };
    gathered(
        mesh,
        &touching,
        |c| *c,
        deepest,
        scale,
        |_, tri, n, tol, out| clip(tri, n, tol, out),
    )
}

/// The manifold of the contacts `touching` with triangles of `mesh` (`view` gives each as a
/// contact with a triangle of `mesh`, normal towards the other side) and the deepest contact:
/// the points `clip` finds for every contact along the deepest's normal (within
/// [`FEATURE_TOLERANCE`]; given the contact, the mesh triangle's corners, the normal and the
/// clip tolerance; `false` when it cannot tell, and the contact's point stands in), each depth
/// at most the deepest's, reduced to four. `scale` is the other side's magnitude, for the
/// tolerances.
pub(super) fn gathered<T>(
    mesh: &TriMesh,
    touching: &[T],
    view: impl Fn(&T) -> MeshContact,
    deepest: MeshContact,
    scale: Real,
    mut clip: impl FnMut(&T, &[Vec3; 3], Vec3, Real, &mut Vec<ManifoldPoint>) -> bool,
) -> Manifold {
    let n = deepest.normal;
    let mut candidates: Vec<ManifoldPoint> = Vec::new();
    let mut merge_scale = scale;
    for item in touching {
        let c = view(item);
        if !(c.normal.dot(n) >= 1.0 - FEATURE_TOLERANCE) {
            continue;
        }
        let tri = mesh.triangle(c.triangle).vertices();
        let tri_scale = tri
            .iter()
            .map(|p| p.abs().max_element())
            .fold(0.0, Real::max);
        merge_scale = merge_scale.max(tri_scale);
        let before = candidates.len();
        let told = clip(
            item,
            &tri,
            n,
            ON_SET_TOLERANCE * scale.max(tri_scale),
            &mut candidates,
        );
        for p in &mut candidates[before..] {
            p.depth = p.depth.min(deepest.depth);
        }
        // A triangle the shape's clipped feature misses is touched only where a neighbour in
        // the same plane, or the deepest triangle, has the points already: its contact's depth
        // is the whole shape's below the common plane, not the depth at its point.
        if !told {
            candidates.push(ManifoldPoint {
                point: c.point,
                depth: c.depth.min(deepest.depth),
            });
        }
    }
    let merge = ON_SET_TOLERANCE * merge_scale;
    deepen_shared_points(&mut candidates, merge);
    // The deepest contact's point when no point found is as deep: a corner poking into a face
    // has its clipped points all on the shape's surface, at depth 0.
    if !candidates.iter().any(|p| p.depth >= deepest.depth - merge) {
        candidates.push(ManifoldPoint {
            point: deepest.point,
            depth: deepest.depth,
        });
    }
    // The reduction starts from the deepest point; among points as deep as the deepest to within
    // rounding (a shape resting flat) it starts from the one farthest from their middle, an end
    // of a capsule or a corner of a box, so that the span it keeps next is the widest.
    let top = candidates
        .iter()
        .map(|p| p.depth)
        .fold(Real::NEG_INFINITY, Real::max);
    let level = |p: &ManifoldPoint| p.depth >= top - merge;
    let (sum, count) = candidates
        .iter()
        .filter(|p| level(p))
        .fold((Vec3::ZERO, 0.0), |(s, k), p| (s + p.point, k + 1.0));
    let middle = sum / count;
    if let Some(first) = (0..candidates.len())
        .filter(|&i| level(&candidates[i]))
        .reduce(|i, j| {
            // Lengths rather than squares, which over- or underflow far from 1.
            let (di, dj) = (
                distance(candidates[i].point, middle),
                distance(candidates[j].point, middle),
            );
            if dj > di { j } else { i }
        })
    {
        candidates.swap(0, first);
        for p in &mut candidates {
            if level(p) {
                p.depth = top;
            }
        }
    }
    Manifold::reduced(n, &candidates, merge)
}

/// Points found more than once (within `merge` of each other: a corner clipped from two
/// triangles, or from a face and a side crossing the other surface there) all take the largest
/// of their depths, the one that clears the point; otherwise the reduction could keep the
/// shallower copy. Sorted along x and compared within a window, so many points stay cheap.
fn deepen_shared_points(points: &mut [ManifoldPoint], merge: Real) {
    points.sort_by(|a, b| a.point.x.total_cmp(&b.point.x));
    for i in 0..points.len() {
        let mut depth = points[i].depth;
        for pass in 0..2 {
            let mut j = i + 1;
            while j < points.len() && points[j].point.x - points[i].point.x <= merge {
                // Squared where that is exact, else rescaled (`merge` follows the points'
                // magnitude, whose square over- or underflows far from 1).
                if within_radius(points[j].point - points[i].point, merge) {
                    if pass == 0 {
                        depth = depth.max(points[j].depth);
                    } else {
                        points[j].depth = points[j].depth.max(depth);
                    }
                }
                j += 1;
            }
        }
        points[i].depth = depth;
    }
}

/// Keeps the part of the convex polygon `poly` with `m · x <= limit` (Sutherland–Hodgman, one
/// plane; `scratch` is reused), each new vertex interpolated along its edge.
pub(super) fn clip_plane(poly: &mut Vec<Vec3>, scratch: &mut Vec<Vec3>, m: Vec3, limit: Real) {
    scratch.clear();
    let k = poly.len();
    for i in 0..k {
        let (p, q) = (poly[i], poly[(i + 1) % k]);
        let (fp, fq) = (m.dot(p) - limit, m.dot(q) - limit);
        if fp <= 0.0 {
            scratch.push(p);
        }
        if (fp < 0.0 && fq > 0.0) || (fp > 0.0 && fq < 0.0) {
            scratch.push(p + (q - p) * (fp / (fp - fq)));
        }
    }
    core::mem::swap(poly, scratch);
}

/// The points of the shape's lowest `feature` along `n` (a point, a segment or a convex polygon,
/// in order) against the triangle `tri`: the feature clipped to the triangle's prism along `n`
/// and to the triangle's far side, no farther than `max_lift` from it along `n` (all within
/// `tol`), each point lifted along `n` onto the triangle's plane, the lift its depth. `false`
/// (nothing) for a triangle seen edge on along `n`.
pub(super) fn feature_points(
    feature: &[Vec3],
    max_lift: Real,
    tri: &[Vec3; 3],
    n: Vec3,
    tol: Real,
    out: &mut Vec<ManifoldPoint>,
) -> bool {
    let Some(mut up) = (tri[1] - tri[0]).cross(tri[2] - tri[0]).try_normalize() else {
        return false;
    };
    if up.dot(n) < 0.0 {
        up = -up;
    }
    let cos = up.dot(n);
    if !(cos >= EDGE_ON) {
        return false;
    }
    let mut poly: Vec<Vec3> = feature.to_vec();
    let mut scratch = Vec::with_capacity(poly.len() + 4);
    for k in 0..3 {
        let (a, b, c) = (tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]);
        // The side plane through edge a–b along `n`, facing away from the third corner.
        let Some(mut side) = (b - a).cross(n).try_normalize() else {
            return false;
        };
        if side.dot(c - a) > 0.0 {
            side = -side;
        }
        clip_plane(&mut poly, &mut scratch, side, side.dot(a) + tol);
    }
    clip_plane(&mut poly, &mut scratch, up, up.dot(tri[0]) + tol);
    if max_lift < Real::INFINITY {
        clip_plane(
            &mut poly,
            &mut scratch,
            -up,
            max_lift * cos - up.dot(tri[0]) + tol,
        );
    }
    for &x in &poly {
        let lift = up.dot(tri[0] - x) / cos;
        out.push(ManifoldPoint {
            point: x + n * lift,
            depth: lift.max(0.0),
        });
    }
    true
}

/// The box path: the triangle clipped by the box, each point with the box's extent below it.
fn box_manifold<S: MeshContactShape>(mesh: &TriMesh, shape: &S, frame: &BoxFrame) -> Manifold {
    mesh_manifold(mesh, shape, frame.scale(), |tri, n, _, out| {
        let mut poly = Poly::new(tri);
        frame.clip(&mut poly, ON_SET_TOLERANCE * frame.scale());
        for &p in poly.points() {
            out.push(ManifoldPoint {
                point: p,
                depth: frame.exit(p, -n),
            });
        }
        poly.len > 0
    })
}

impl ContactManifold<TriMesh> for Obb {
    /// Up to four points with the normal of `Contact<TriMesh>` (internal edges removed): the
    /// common part of the box and each triangle in contact along that normal, each point with
    /// the box's extent below it, reduced as for box–box. Empty when the box touches no
    /// triangle and for an invalid box.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        if !self.is_usable() {
            return Manifold::EMPTY;
        }
        box_manifold(other, self, &BoxFrame::from_obb(self))
    }
}
mirror_manifold!(Obb, TriMesh);

impl ContactManifold<TriMesh> for Aabb {
    /// As for [`Obb`]: up to four points with the normal of `Contact<TriMesh>`. Empty when the
    /// box touches no triangle and for an invalid box.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        if !self.is_usable() {
            return Manifold::EMPTY;
        }
        box_manifold(other, self, &BoxFrame::from_aabb(self))
    }
}
mirror_manifold!(Aabb, TriMesh);

impl ContactManifold<TriMesh> for Sphere {
    /// The one point of `Contact<TriMesh>` (internal edges removed), with its normal and depth.
    /// Empty when the ball touches no triangle and for an invalid ball.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        other.deepest_contact(self).map_or(Manifold::EMPTY, |c| {
            Manifold::new(
                c.normal,
                &[ManifoldPoint {
                    point: c.point,
                    depth: c.depth,
                }],
            )
        })
    }
}
mirror_manifold!(Sphere, TriMesh);

impl ContactManifold<TriMesh> for Capsule {
    /// Up to two points (a capsule lying across several triangles) with the normal of
    /// `Contact<TriMesh>` (internal edges removed): the core, moved down by the radius along
    /// the normal, clipped to each triangle in contact along that normal (its prism along the
    /// normal, and the stretch within reach of it), each end lifted onto the triangle, the lift
    /// its depth (exact for a core lying flat on a face). Empty when the capsule touches no
    /// triangle and for an invalid capsule.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        if !self.is_usable() {
            return Manifold::EMPTY;
        }
        let scale = self.a.abs().max_element().max(self.b.abs().max_element()) + self.radius;
        mesh_manifold(other, self, scale, |tri, n, tol, out| {
            // Lifted by at most the diameter, each point stays in the ball above it.
            let down = n * self.radius;
            let ends = [self.a - down, self.b - down];
            feature_points(&ends, 2.0 * self.radius, tri, n, tol, out)
        })
    }
}
mirror_manifold!(Capsule, TriMesh);

impl ContactManifold<TriMesh> for Segment {
    /// As for a [`Capsule`] of radius 0: up to two points with the normal of
    /// `Contact<TriMesh>`. Empty when the segment touches no triangle and for an invalid one.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        if !self.is_usable() {
            return Manifold::EMPTY;
        }
        let scale = self.a.abs().max_element().max(self.b.abs().max_element());
        mesh_manifold(other, self, scale, |tri, n, tol, out| {
            feature_points(&[self.a, self.b], Real::INFINITY, tri, n, tol, out)
        })
    }
}
mirror_manifold!(Segment, TriMesh);

impl ContactManifold<TriMesh> for Triangle {
    /// Up to four points with the normal of `Contact<TriMesh>` (internal edges removed): the
    /// part of this triangle past each triangle of the mesh in contact along that normal (within
    /// its prism along the normal), each point lifted onto the mesh's triangle, the lift its
    /// depth. Empty when the triangles do not touch and for an invalid triangle.
    fn contact_manifold(&self, other: &TriMesh) -> Manifold {
        if !self.is_usable() {
            return Manifold::EMPTY;
        }
        let corners = self.vertices();
        let scale = corners
            .iter()
            .map(|p| p.abs().max_element())
            .fold(0.0, Real::max);
        mesh_manifold(other, self, scale, |tri, n, tol, out| {
            feature_points(&corners, Real::INFINITY, tri, n, tol, out)
        })
    }
}
mirror_manifold!(Triangle, TriMesh);
