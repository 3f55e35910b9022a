//! `Distance` between a [`TriMesh`] and every convex shape, in both orders.
//!
//! Branch and bound over the mesh's BVH ([`crate::bvh::nearest`]), nearest box first: a subtree
//! is visited only when the gap between its box and the shape's box is below the best distance
//! so far, and a triangle only when its own box is; then the pair's closest points (the closed
//! forms of the pair files, GJK for hulls). The distance is the least over the triangles with
//! an area (degenerate triangles are not part of the mesh, as for `Intersects`), so it is 0
//! exactly when a triangle meets the shape, which the pair routines decide as their
//! `Intersects` does. A solid mesh ([`TriMesh::is_solid`]) also holds its inside: a shape that
//! touches no triangle lies wholly inside or wholly outside, so one of its points decides, as
//! in `Intersects<TriMesh>`.

use crate::bvh::nearest::{NEAR_TIE, box_gap, squared};
use crate::math::{Real, Vec3};
use crate::query::{Bounded, ClosestPoints, Distance, PointQuery, RayCast, mirror_distance};
use crate::shape::{Aabb, Capsule, ConvexHull, Obb, Ray, Segment, Sphere, TriMesh, Triangle};

/// Closest points of `shape` (first) and `mesh` (second), for a valid shape inside the box
/// `bounds` with `inside` one of its points.
fn closest_to_mesh<S>(mesh: &TriMesh, shape: &S, bounds: Aabb, inside: Vec3) -> ClosestPoints
where
    S: Distance<Triangle> + ?Sized,
{
    let bvh = &mesh.bvh;
    let (lo, hi) = (bounds.min, bounds.max);
    let triangle = |slot: u32| {
        let [a, b, c] = bvh.tri(slot);
        Triangle::new(a, b, c)
    };
    let nearest = bvh.nearest_to_box(lo, hi, |slot, best| {
        if bvh.degenerate[slot as usize] {
            return Real::INFINITY;
        }
        let t = triangle(slot);
        let t_box = (t.a.min(t.b).min(t.c), t.a.max(t.b).max(t.c));
        if box_gap(t_box, (lo, hi)) > best * NEAR_TIE {
            return Real::INFINITY;
        }
        squared(shape.distance(&t))
    });
    let found = nearest
        .filter(|&(_, d2)| d2.is_finite())
        .map(|(slot, _)| shape.closest_points(&triangle(slot)));
    match found {
        Some(cp) if cp.distance == 0.0 => cp,
        _ if mesh.solid && mesh.contains_point(inside) => ClosestPoints {
            a: inside,
            b: inside,
            distance: 0.0,
        },
        Some(cp) => cp,
        None => ClosestPoints::NONE,
    }
}

/// Implements `Distance<TriMesh>` for a shape through [`closest_to_mesh`] with the given point
/// of the shape (the one `Intersects<TriMesh>` tests for a solid mesh's inside), and the mirror.
macro_rules! distance_to_mesh {
    ($shape:ty, |$s:ident| $inside:expr) => {
        impl Distance<TriMesh> for $shape {
            /// The closest points of the shape and the mesh's triangles with an area (found
            /// nearest-first through the BVH), and the distance; 0 with a common point when
            /// they meet (touching included), exactly when `intersects` says so, and for a
            /// shape wholly inside a solid mesh ([`TriMesh::is_solid`]) the point of the shape
            /// that showed it. Degenerate shapes are what they are; a mesh whose triangles all
            /// lack an area is empty. [`ClosestPoints::NONE`] for an invalid shape.
            fn closest_points(&self, other: &TriMesh) -> ClosestPoints {
                if !self.is_usable() {
                    return ClosestPoints::NONE;
                }
                let $s = self;
                closest_to_mesh(other, self, self.aabb(), $inside)
            }
        }
        mirror_distance!($shape, TriMesh);
    };
}

distance_to_mesh!(Sphere, |s| s.center);
distance_to_mesh!(Aabb, |b| b.min);
distance_to_mesh!(Obb, |b| b.center);
distance_to_mesh!(Capsule, |c| c.a);
distance_to_mesh!(Triangle, |t| t.a);

impl Distance<TriMesh> for Segment {
    /// As for the other shapes (the closest points of the segment and the mesh's triangles with
    /// an area, 0 when they meet, [`ClosestPoints::NONE`] for an invalid segment), with one
    /// difference: whether a segment meets a mesh is decided by the mesh's watertight ray cast,
    /// as `Intersects<Segment> for TriMesh` does, so when that cast finds a crossing the
    /// distance is 0 at its point, even where the segment–triangle closest points (another
    /// computation, rounded differently) leave a gap of a few ulp at a grazing crossing.
    fn closest_points(&self, other: &TriMesh) -> ClosestPoints {
        if !self.is_usable() {
            return ClosestPoints::NONE;
        }
        let cp = closest_to_mesh(other, self, self.aabb(), self.a);
        if cp.distance > 0.0 && self.a != self.b {
            let ray = Ray::new(self.a, self.b - self.a);
            if let Some(hit) = other.raycast(&ray, 1.0) {
                return ClosestPoints {
                    a: hit.point,
                    b: hit.point,
                    distance: 0.0,
                };
            }
        }
        cp
    }
}
mirror_distance!(Segment, TriMesh);
distance_to_mesh!(ConvexHull, |h| h.points()[0]);
