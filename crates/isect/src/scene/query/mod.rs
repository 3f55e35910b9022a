//! The scene's queries: candidates from the broad phase, then the primitive query of each
//! candidate's kind (the query moved into the object's frame for meshes and hulls).

mod contacts;
mod nearest;
mod overlap;
mod ray;
mod sweep;

use super::{ObjectId, Placed, Scene, Transform};
use crate::math::{Real, Vec3};
use crate::query::{Bounded, Contact, Intersects, MeshSweepShape, Sweep, SweepHit};
use crate::shape::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, TriMesh, Triangle,
};

/// A shape the scene's [`query_shape`](Scene::query_shape), [`sweep`](Scene::sweep) and
/// [`contact_shape`](Scene::contact_shape) take: one with the overlap, sweep and contact
/// queries against every kind of object (`Sphere`, `Aabb`, `Obb`, `Capsule`, `Triangle`,
/// `ConvexHull`; the overlap test against segments, frusta, planes, lines and rays, the sweep
/// and contact against planes). A hull is moved into each hull or mesh object's frame as a
/// new hull (it allocates there; the primitive kinds never do).
pub trait SceneShape:
    Bounded
    + Intersects<Sphere>
    + Intersects<Obb>
    + Intersects<Capsule>
    + Intersects<Triangle>
    + Intersects<Segment>
    + Intersects<Frustum>
    + Intersects<Plane>
    + Intersects<Line>
    + Intersects<Ray>
    + Sweep<Sphere>
    + Sweep<Obb>
    + Sweep<Capsule>
    + Sweep<Triangle>
    + Sweep<Plane>
    + Contact<Sphere>
    + Contact<Obb>
    + Contact<Capsule>
    + Contact<Triangle>
    + Contact<Plane>
    + Transform<
        Output: Intersects<ConvexHull>
                    + Intersects<TriMesh>
                    + Sweep<ConvexHull>
                    + Sweep<TriMesh>
                    + Contact<ConvexHull>
                    + Contact<TriMesh>
                    + MeshSweepShape,
    >
{
}

impl SceneShape for Sphere {}
impl SceneShape for Aabb {}
impl SceneShape for Obb {}
impl SceneShape for Capsule {}
impl SceneShape for Triangle {}
impl SceneShape for ConvexHull {}

/// An object a ray hits: where, and for a mesh which triangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneRayHit {
    /// The object hit.
    pub object: ObjectId,
    /// Ray parameter of the hit, in units of the ray's `dir`.
    pub t: Real,
    /// The point hit, in the scene.
    pub point: Vec3,
    /// Unit normal at the point, in the scene, as the object's
    /// [`RayCast::raycast`](crate::query::RayCast::raycast) gives it (outward; `−dir`
    /// normalized from inside a solid; facing the ray for triangles, segments, planes and
    /// surface meshes).
    pub normal: Vec3,
    /// For a mesh, the triangle hit (its index in the mesh); `None` for other kinds and for a
    /// ray that starts inside a solid mesh (a hit at `t = 0` on no triangle).
    pub triangle: Option<u32>,
}

/// The object a moving shape hits first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneSweepHit {
    /// The object hit.
    pub object: ObjectId,
    /// The sweep against it, in the scene ([`Sweep`]'s meaning: `normal` from the object
    /// towards the moving shape).
    pub hit: SweepHit,
    /// For a mesh hit at `t_first > 0`, the triangle first touched
    /// ([`TriMesh::sweep_triangle`]); `None` otherwise.
    pub triangle: Option<u32>,
}

impl<T> Scene<T> {
    /// The valid objects of the unbounded side list, with their placed geometry.
    fn side(&self) -> impl Iterator<Item = (crate::broad::Proxy, &Placed)> + '_ {
        self.unbounded
            .iter()
            .map(|&p| (p, self.placed(p)))
            .filter(|(_, o)| o.is_usable())
    }

    /// The placed geometry of a live proxy the broad phase reported.
    #[inline]
    fn placed(&self, proxy: crate::broad::Proxy) -> &Placed {
        &self
            .broad
            .get(proxy)
            .expect("the broad phase reports live proxies only")
            .placed
    }
}
