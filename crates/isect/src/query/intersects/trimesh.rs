//! `Intersects` between a [`TriMesh`] and every convex shape, in both orders.
//!
//! A mesh meets a shape when one of its triangles with an area does (the candidates come from
//! the mesh's BVH through [`TriMesh::query_aabb`]; degenerate triangles are not part of the mesh,
//! as for ray casts); a solid mesh ([`TriMesh::is_solid`]) also meets a shape
//! lying wholly inside it. Since a convex shape is connected, a shape that meets no triangle is
//! either wholly inside the solid or wholly outside it, so one of its points decides.

use crate::math::{Real, Vec3};
use crate::query::{Bounded, Distance, Intersects, PointQuery, RayCast, mirror_intersects};
use crate::shape::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, TriMesh, Triangle,
};

/// Whether a triangle of `mesh` meets `shape`, or `inside` (a point of `shape`) lies inside the
/// solid mesh. `bounds` is the shape's bounding box, clipped to the mesh's before the query, so
/// an unbounded box (a frustum with an infinite far plane) works; an empty or NaN box is false.
fn meets<S>(mesh: &TriMesh, shape: &S, bounds: Aabb, inside: Option<Vec3>) -> bool
where
    Triangle: Intersects<S>,
{
    let mesh_bounds = mesh.aabb();
    let lo = bounds.min.max(mesh_bounds.min);
    let hi = bounds.max.min(mesh_bounds.max);
    if !lo.cmple(hi).all() {
        return false;
    }
    let mut hit = false;
    mesh.query_aabb(&Aabb::new(lo, hi), |i| {
        hit = hit || {
            let t = mesh.triangle(i);
            !t.is_degenerate() && t.intersects(shape)
        };
    });
    hit || (mesh.is_solid() && inside.is_some_and(|p| mesh.contains_point(p)))
}

/// Implements `Intersects<$shape> for TriMesh` through [`meets`] with the given point of the
/// shape, and the mirror.
macro_rules! mesh_meets_bounded {
    ($shape:ty, |$s:ident| $inside:expr) => {
        impl Intersects<$shape> for TriMesh {
            /// A triangle of the mesh meets the shape (touching counts), or the shape lies
            /// inside a solid mesh. `false` for an invalid shape.
            fn intersects(&self, other: &$shape) -> bool {
                // An invalid shape is empty: its box can still be finite (glam's min and max
                // skip NaN) and its point inside the mesh, which would make it meet a solid.
                if !other.is_usable() {
                    return false;
                }
                let $s = other;
                meets(self, other, other.aabb(), $inside)
            }
        }
        mirror_intersects!(TriMesh, $shape);
    };
}

mesh_meets_bounded!(Sphere, |s| Some(s.center));
mesh_meets_bounded!(Aabb, |b| Some(b.min));
mesh_meets_bounded!(Obb, |b| Some(b.center));
mesh_meets_bounded!(Capsule, |c| Some(c.a));
mesh_meets_bounded!(Triangle, |t| Some(t.a));
mesh_meets_bounded!(Frustum, |f| f.some_point());
mesh_meets_bounded!(ConvexHull, |h| h.points().first().copied());

impl Intersects<Segment> for TriMesh {
    /// The segment crosses or touches a triangle (a watertight cast), or lies inside a solid
    /// mesh. A zero-length segment is its point. `false` for an invalid segment.
    fn intersects(&self, other: &Segment) -> bool {
        // Checked first: a segment with one NaN end casts no ray, but its other end could lie
        // inside a solid mesh (issue 24).
        if !other.is_usable() {
            return false;
        }
        if other.a == other.b {
            // The point against the triangles with area (a degenerate triangle overlaps
            // nothing), or inside a solid mesh.
            return meets(self, other, Aabb::new(other.a, other.a), Some(other.a));
        }
        let ray = Ray::new(other.a, other.b - other.a);
        if self.raycast_any(&ray, 1.0) || (self.is_solid() && self.contains_point(other.a)) {
            return true;
        }
        // Where the cast rounds a touch away (an end exactly on a triangle, a graze along an
        // edge), the segment–triangle distance may still be 0: that touch counts too, so that
        // `Distance<TriMesh>` (0 exactly for a crossing of the cast or a pair at distance 0) is
        // 0 exactly when this is true.
        let mut hit = false;
        self.query_aabb(&other.aabb(), |i| {
            hit = hit || {
                let t = self.triangle(i);
                !t.is_degenerate() && Distance::<Triangle>::distance(other, &t) == 0.0
            };
        });
        hit
    }
}
mirror_intersects!(TriMesh, Segment);

impl Intersects<Ray> for TriMesh {
    /// The ray meets a triangle (a watertight cast; a ray starting inside a closed mesh always
    /// leaves through it). `false` for an invalid ray.
    fn intersects(&self, other: &Ray) -> bool {
        self.raycast_any(other, Real::INFINITY)
    }
}
mirror_intersects!(TriMesh, Ray);

impl Intersects<Line> for TriMesh {
    /// The line meets a triangle: a cast each way from its origin. `false` for an invalid line.
    fn intersects(&self, other: &Line) -> bool {
        self.raycast_any(&Ray::new(other.origin, other.dir), Real::INFINITY)
            || self.raycast_any(&Ray::new(other.origin, -other.dir), Real::INFINITY)
    }
}
mirror_intersects!(TriMesh, Line);

impl Intersects<Plane> for TriMesh {
    /// A triangle touches or crosses the plane (a bounded solid meets a plane only through its
    /// boundary). Every triangle is tested: the BVH does not index planes. `false` for an
    /// invalid plane.
    fn intersects(&self, other: &Plane) -> bool {
        (0..self.triangle_count() as u32).any(|i| {
            let t = self.triangle(i);
            !t.is_degenerate() && t.intersects(other)
        })
    }
}
mirror_intersects!(TriMesh, Plane);
