//! The scene's queries: candidates from the broad phase, then the primitive query of each
//! candidate's kind (the query moved into the object's frame for meshes and hulls).

use alloc::vec::Vec;

use super::{ObjectId, Placed, Scene, Transform};
use crate::math::{Real, Vec3};
use crate::query::algo::mesh_pair::Rigid;
use crate::query::deepest_pair_contact;
use crate::query::{
    Bounded, Contact, ContactInfo, Intersects, MeshSweepShape, PointQuery, RayCast, RayHit, Sweep,
    SweepHit,
};
use crate::shape::{Aabb, Capsule, ConvexHull, Frustum, Obb, Ray, Sphere, TriMesh, Triangle};

/// A shape the scene's [`query_shape`](Scene::query_shape), [`sweep`](Scene::sweep) and
/// [`contact_shape`](Scene::contact_shape) take: one with the overlap, sweep and contact
/// queries against every kind of object (`Sphere`, `Aabb`, `Obb`, `Capsule`, `Triangle`,
/// `ConvexHull`). A hull is moved into each hull or mesh object's frame as a new hull (it
/// allocates there; the primitive kinds never do).
pub trait SceneShape:
    Bounded
    + Intersects<Sphere>
    + Intersects<Obb>
    + Intersects<Capsule>
    + Intersects<Triangle>
    + Sweep<Sphere>
    + Sweep<Obb>
    + Sweep<Capsule>
    + Sweep<Triangle>
    + Contact<Sphere>
    + Contact<Obb>
    + Contact<Capsule>
    + Contact<Triangle>
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
    /// Unit normal at the point, in the scene, as the object's [`RayCast::raycast`] gives it
    /// (outward; `−dir` normalized from inside a solid; facing the ray for triangles and
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

impl Placed {
    fn meets<S: SceneShape + ?Sized>(&self, s: &S) -> bool {
        match self {
            Self::Sphere(o) => s.intersects(o),
            Self::Obb(o) => s.intersects(o),
            Self::Capsule(o) => s.intersects(o),
            Self::Triangle(o) => s.intersects(o),
            Self::Hull(h, f) => s.transform(&f.inverse).intersects(&**h),
            Self::Mesh(m, f) => s.transform(&f.inverse).intersects(&**m),
        }
    }

    fn sweep<S: SceneShape + ?Sized>(
        &self,
        s: &S,
        motion: Vec3,
    ) -> Option<(SweepHit, Option<u32>)> {
        let still = Vec3::ZERO;
        match self {
            Self::Sphere(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Obb(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Capsule(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Triangle(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Hull(h, f) => {
                let local = s.transform(&f.inverse);
                let motion = f.inverse.transform_vector(motion);
                let hit = local.sweep(motion, &**h, still)?;
                Some((hit.transform(&f.pose), None))
            }
            Self::Mesh(m, f) => {
                let local = s.transform(&f.inverse);
                let motion = f.inverse.transform_vector(motion);
                let hit = local.sweep(motion, &**m, still)?;
                let triangle = if hit.t_first > 0.0 {
                    m.sweep_triangle(&local, motion)
                        .filter(|h| h.t == hit.t_first)
                        .map(|h| h.triangle)
                } else {
                    None
                };
                Some((hit.transform(&f.pose), triangle))
            }
        }
    }

    /// `s`'s contact with this object (normal from the object towards `s`).
    fn contact_of<S: SceneShape + ?Sized>(&self, s: &S) -> Option<ContactInfo> {
        match self {
            Self::Sphere(o) => s.contact(o),
            Self::Obb(o) => s.contact(o),
            Self::Capsule(o) => s.contact(o),
            Self::Triangle(o) => s.contact(o),
            Self::Hull(h, f) => s
                .transform(&f.inverse)
                .contact(&**h)
                .map(|c| c.transform(&f.pose)),
            Self::Mesh(m, f) => s
                .transform(&f.inverse)
                .contact(&**m)
                .map(|c| c.transform(&f.pose)),
        }
    }

    /// The contact of this object with `other` (normal from `other` towards this one).
    /// Two hulls, or a hull and a mesh, meet in the frame of the second with the first's
    /// points moved there (a new hull: this allocates). Two meshes meet in the first's frame,
    /// the second's triangles and node boxes moved there one at a time (neither is copied).
    fn contact(&self, other: &Self) -> Option<ContactInfo> {
        match self {
            Self::Sphere(o) => other.contact_of(o),
            Self::Obb(o) => other.contact_of(o),
            Self::Capsule(o) => other.contact_of(o),
            Self::Triangle(o) => other.contact_of(o),
            Self::Hull(h, f) => match other {
                Self::Hull(g, e) => moved_hull(h, f, e)
                    .contact(&**g)
                    .map(|c| c.transform(&e.pose)),
                Self::Mesh(m, e) => moved_hull(h, f, e)
                    .contact(&**m)
                    .map(|c| c.transform(&e.pose)),
                _ => other.contact(self).map(flip),
            },
            Self::Mesh(m, f) => match other {
                Self::Mesh(g, e) => {
                    // `g`'s frame to `m`'s: the scene pose of `g`, then back into `m`'s frame.
                    let place = Rigid::new(
                        f.inverse.rotation * e.pose.rotation,
                        f.inverse.transform_point(e.pose.translation),
                    )?;
                    deepest_pair_contact(m, g, Some(&place)).map(|c| c.transform(&f.pose))
                }
                _ => other.contact(self).map(flip),
            },
        }
    }

    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<(RayHit, Option<u32>)> {
        match self {
            Self::Sphere(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Obb(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Capsule(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Triangle(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Hull(h, f) => h
                .raycast(&ray.transform(&f.inverse), max_t)
                .map(|h| (h.transform(&f.pose), None)),
            Self::Mesh(m, f) => {
                let local = ray.transform(&f.inverse);
                let surface = m.raycast_triangle(&local, max_t);
                let (hit, triangle) = match surface {
                    // The first triangle within `max_t` is the first of the whole ray, so the
                    // solid cast to `max_t` decides inside-ness from it.
                    Some(s) if m.is_solid() => {
                        let solid = RayCast::raycast(&**m, &local, max_t)?;
                        (solid, (solid.t == s.t).then_some(s.triangle))
                    }
                    Some(s) => {
                        let hit = RayHit {
                            t: s.t,
                            point: local.point_at(s.t),
                            normal: s.normal,
                        };
                        (hit, Some(s.triangle))
                    }
                    // No triangle within `max_t`, but the ray may start inside a solid mesh
                    // and leave it farther on: a hit at `t = 0` on no triangle.
                    None if m.is_solid() => (RayCast::raycast(&**m, &local, max_t)?, None),
                    None => return None,
                };
                Some((hit.transform(&f.pose), triangle))
            }
        }
    }

    fn meets_frustum(&self, frustum: &Frustum) -> bool {
        match self {
            Self::Sphere(o) => o.intersects(frustum),
            Self::Obb(o) => o.intersects(frustum),
            Self::Capsule(o) => o.intersects(frustum),
            Self::Triangle(o) => o.intersects(frustum),
            Self::Hull(h, f) => frustum.transform(&f.inverse).intersects(&**h),
            Self::Mesh(m, f) => frustum.transform(&f.inverse).intersects(&**m),
        }
    }

    fn distance_to_point(&self, p: Vec3) -> Real {
        match self {
            Self::Sphere(o) => o.distance_to_point(p),
            Self::Obb(o) => o.distance_to_point(p),
            Self::Capsule(o) => o.distance_to_point(p),
            Self::Triangle(o) => o.distance_to_point(p),
            Self::Hull(h, f) => h.distance_to_point(f.inverse.transform_point(p)),
            Self::Mesh(m, f) => m.distance_to_point(f.inverse.transform_point(p)),
        }
    }
}

/// Hull `h` (placed by `from`) in the frame of `to`.
fn moved_hull(h: &ConvexHull, from: &super::Frame, to: &super::Frame) -> ConvexHull {
    let points: Vec<Vec3> = h
        .points()
        .iter()
        .map(|&p| to.inverse.transform_point(from.pose.transform_point(p)))
        .collect();
    ConvexHull::new(points)
}

fn flip(c: ContactInfo) -> ContactInfo {
    ContactInfo {
        normal: -c.normal,
        ..c
    }
}

/// The box `shape` sweeps over moving by `motion` (invalid for a non-finite motion).
fn swept_box<S: Bounded + ?Sized>(shape: &S, motion: Vec3) -> Aabb {
    let b = shape.aabb();
    if !motion.is_finite() {
        return Aabb::new(Vec3::NAN, Vec3::NAN);
    }
    Aabb::new(
        b.min + motion.min(Vec3::ZERO),
        b.max + motion.max(Vec3::ZERO),
    )
}

impl<T> Scene<T> {
    /// The nearest object the ray hits within `t` in `[0, max_t]`: the least `t` (an object
    /// the ray starts in or on is hit at `t = 0`; touching counts), with the point, the
    /// normal and for a mesh the triangle (see [`SceneRayHit`]). Among objects hit at the same
    /// `t`, any one. `None` when the ray hits nothing, and for an invalid ray or `max_t`.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Ray, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let near = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(3.0, 0.0, 0.0)), ());
    /// scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(6.0, 0.0, 0.0)), ());
    /// let hit = scene.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 100.0).unwrap();
    /// assert_eq!((hit.object, hit.t, hit.normal), (near, 2.0, -Vec3::X));
    /// ```
    #[must_use]
    pub fn raycast(&self, ray: &Ray, max_t: Real) -> Option<SceneRayHit> {
        let mut best: Option<SceneRayHit> = None;
        self.broad.raycast(ray, max_t, |proxy, _| {
            let limit = best.map_or(max_t, |b| b.t);
            let (hit, triangle) = self.placed(proxy).raycast(ray, limit)?;
            if best.is_some_and(|b| b.t <= hit.t) {
                return None;
            }
            best = Some(ray_hit(proxy, hit, triangle));
            Some(hit.t)
        });
        best
    }

    /// Some object the ray hits within `[0, max_t]` (the first found, not the nearest: a
    /// shadow ray's question), with its hit as in [`raycast`](Self::raycast). `None` exactly
    /// when [`raycast`](Self::raycast) is `None`.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Aabb, Ray, math::Vec3};
    /// let mut scene = Scene::new();
    /// scene.insert(Geometry::Aabb(Aabb::new(Vec3::ZERO, Vec3::ONE)), Pose::IDENTITY, ());
    /// // Grazing the face y = 1 counts.
    /// let ray = Ray::new(Vec3::new(-1.0, 1.0, 0.5), Vec3::X);
    /// assert!(scene.raycast_any(&ray, 10.0).is_some());
    /// assert!(scene.raycast_any(&ray, 0.5).is_none());
    /// ```
    #[must_use]
    pub fn raycast_any(&self, ray: &Ray, max_t: Real) -> Option<SceneRayHit> {
        let mut found = None;
        self.broad.raycast(ray, max_t, |proxy, _| {
            let (hit, triangle) = self.placed(proxy).raycast(ray, max_t)?;
            found = Some(ray_hit(proxy, hit, triangle));
            Some(-1.0)
        });
        found
    }

    /// Calls `f` with every object the ray hits within `[0, max_t]`, each with its nearest
    /// hit, roughly front to back (not sorted); `f` returns `false` to stop. Nothing for an
    /// invalid ray or `max_t`.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Ray, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// for x in [2.0, 4.0, 6.0] {
    ///     scene.insert(Geometry::Sphere(Sphere::new(Vec3::new(x, 0.0, 0.0), 0.5)), Pose::IDENTITY, ());
    /// }
    /// let mut ts = Vec::new();
    /// scene.raycast_all(&Ray::new(Vec3::ZERO, Vec3::X), 5.0, |h| {
    ///     ts.push(h.t);
    ///     true
    /// });
    /// ts.sort_by(f32::total_cmp);
    /// assert_eq!(ts, [1.5, 3.5]);
    /// ```
    pub fn raycast_all(&self, ray: &Ray, max_t: Real, mut f: impl FnMut(SceneRayHit) -> bool) {
        self.broad.raycast(ray, max_t, |proxy, _| {
            let (hit, triangle) = self.placed(proxy).raycast(ray, max_t)?;
            if f(ray_hit(proxy, hit, triangle)) {
                None
            } else {
                Some(-1.0)
            }
        });
    }

    /// The first object `shape` touches moving by `motion` over `t` in `[0, 1]` (the objects
    /// still): the least `t_first` of the [`Sweep`] queries (an object it already touches or
    /// overlaps gives `t_first = 0`; solid meshes include their inside), with the sweep in the
    /// scene and for a mesh the triangle. Among objects first touched at the same time, the
    /// lowest [`ObjectId`]. `None` when it touches nothing, and for an invalid shape or motion.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Aabb, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let wall = scene.insert(Geometry::Aabb(Aabb::new(Vec3::new(4.0, -5.0, -5.0), Vec3::new(5.0, 5.0, 5.0))), Pose::IDENTITY, ());
    /// let ball = Sphere::new(Vec3::ZERO, 1.0);
    /// let hit = scene.sweep(&ball, Vec3::new(6.0, 0.0, 0.0)).unwrap();
    /// assert_eq!((hit.object, hit.hit.t_first, hit.hit.normal), (wall, 0.5, -Vec3::X));
    /// ```
    #[must_use]
    pub fn sweep<S: SceneShape + ?Sized>(&self, shape: &S, motion: Vec3) -> Option<SceneSweepHit> {
        let mut best: Option<SceneSweepHit> = None;
        self.broad.query_aabb(&swept_box(shape, motion), |proxy| {
            if let Some((hit, triangle)) = self.placed(proxy).sweep(shape, motion) {
                let object = ObjectId(proxy);
                let better = best.is_none_or(|b| {
                    hit.t_first < b.hit.t_first
                        || (hit.t_first == b.hit.t_first && object < b.object)
                });
                if better {
                    best = Some(SceneSweepHit {
                        object,
                        hit,
                        triangle,
                    });
                }
            }
            true
        });
        best
    }

    /// Calls `f` with every object `shape` overlaps (touching counts; a solid mesh includes
    /// its inside); `f` returns `false` to stop. Nothing for an invalid shape.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let a = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::IDENTITY, ());
    /// scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(5.0, 0.0, 0.0)), ());
    /// let mut found = Vec::new();
    /// // Touches `a` at x = 1.
    /// scene.query_shape(&Sphere::new(Vec3::new(2.0, 0.0, 0.0), 1.0), |o| { found.push(o); true });
    /// assert_eq!(found, [a]);
    /// ```
    pub fn query_shape<S: SceneShape + ?Sized>(
        &self,
        shape: &S,
        mut f: impl FnMut(ObjectId) -> bool,
    ) {
        self.broad.query_aabb(&shape.aabb(), |proxy| {
            if self.placed(proxy).meets(shape) {
                f(ObjectId(proxy))
            } else {
                true
            }
        });
    }

    /// Calls `f` with every object that meets the frustum (touching counts): frustum culling
    /// that is exact about the objects, not only their boxes. `f` returns `false` to stop.
    /// Nothing for an invalid frustum.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Frustum, Plane, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let seen = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::IDENTITY, ());
    /// scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(10.0, 0.0, 0.0)), ());
    /// // The box [-2, 2]³ as a frustum (six planes, the inside where `n · x <= d`).
    /// let frustum = Frustum::new([
    ///     Plane::new(-Vec3::X, 2.0), Plane::new(Vec3::X, 2.0),
    ///     Plane::new(-Vec3::Y, 2.0), Plane::new(Vec3::Y, 2.0),
    ///     Plane::new(-Vec3::Z, 2.0), Plane::new(Vec3::Z, 2.0),
    /// ]);
    /// let mut found = Vec::new();
    /// scene.query_frustum(&frustum, |o| { found.push(o); true });
    /// assert_eq!(found, [seen]);
    /// ```
    pub fn query_frustum(&self, frustum: &Frustum, mut f: impl FnMut(ObjectId) -> bool) {
        self.broad.query_frustum(frustum, |proxy| {
            if self.placed(proxy).meets_frustum(frustum) {
                f(ObjectId(proxy))
            } else {
                true
            }
        });
    }

    /// The object nearest to `p` and its distance (0 when `p` is in or on it; a solid mesh
    /// includes its inside); the lowest [`ObjectId`] among objects at the same distance.
    /// `None` for an empty scene (or one whose objects are all invalid) and for a non-finite
    /// point.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Aabb, math::Vec3};
    /// let mut scene = Scene::new();
    /// let b = scene.insert(Geometry::Aabb(Aabb::new(Vec3::ZERO, Vec3::ONE)), Pose::from_translation(Vec3::new(3.0, 0.0, 0.0)), ());
    /// assert_eq!(scene.nearest(Vec3::new(0.0, 0.5, 0.5)), Some((b, 3.0)));
    /// ```
    #[must_use]
    pub fn nearest(&self, p: Vec3) -> Option<(ObjectId, Real)> {
        if !p.is_finite() {
            return None;
        }
        // Grow a box around `p` until it meets some object's box; the nearest object is then
        // within the distance of the nearest object found there, and each object lies in its
        // box, so one more box query of that radius finds it.
        let mut r = p.abs().max_element().max(1.0) * Real::EPSILON;
        let mut bound = Real::INFINITY;
        loop {
            let reach = r.min(Real::MAX);
            let mut found = false;
            self.broad.query_aabb(&around(p, reach), |proxy| {
                found = true;
                bound = bound.min(self.placed(proxy).distance_to_point(p));
                true
            });
            if found || r >= Real::MAX {
                break;
            }
            r *= 4.0;
        }
        if bound == Real::INFINITY {
            return None;
        }
        let mut best: Option<(ObjectId, Real)> = None;
        self.broad.query_aabb(&around(p, bound), |proxy| {
            let d = self.placed(proxy).distance_to_point(p);
            let object = ObjectId(proxy);
            if d <= bound && best.is_none_or(|(o, e)| d < e || (d == e && object < o)) {
                best = Some((object, d));
            }
            true
        });
        best
    }

    /// Calls `f(a, b, contact)` for every pair of objects in contact (touching counts), each
    /// pair once with `a < b`, `contact` as [`Contact`] gives it for `a` against `b` (normal
    /// from `b` towards `a`): the broad phase's pairs, then the contact of the two kinds.
    /// Two meshes meet as `Contact<TriMesh>` for [`TriMesh`] answers, with the second's
    /// triangles and BVH boxes moved into the first's frame as the traversal reaches them (one
    /// mesh placed many times is never copied). Two hulls, or a hull and a mesh, meet with one
    /// hull's points moved into the other's frame, which allocates. An object with an invalid
    /// pose is in no pair.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let ball = Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0));
    /// let a = scene.insert(ball.clone(), Pose::IDENTITY, ());
    /// let b = scene.insert(ball.clone(), Pose::from_translation(Vec3::new(1.5, 0.0, 0.0)), ());
    /// scene.insert(ball, Pose::from_translation(Vec3::new(9.0, 0.0, 0.0)), ());
    /// let mut pairs = Vec::new();
    /// scene.contacts(|p, q, c| pairs.push((p, q, c.normal, c.depth)));
    /// assert_eq!(pairs, [(a, b, -Vec3::X, 0.5)]);
    /// ```
    pub fn contacts(&self, mut f: impl FnMut(ObjectId, ObjectId, ContactInfo)) {
        self.broad.pairs(|p, q| {
            if let Some(c) = self.placed(p).contact(self.placed(q)) {
                f(ObjectId(p), ObjectId(q), c);
            }
        });
    }

    /// Calls `f(object, contact)` for every object `shape` is in contact with (touching
    /// counts), `contact` as [`Contact`] gives it for `shape` against the object (normal from
    /// the object towards `shape`). Nothing for an invalid shape.
    pub fn contact_shape<S: SceneShape + ?Sized>(
        &self,
        shape: &S,
        mut f: impl FnMut(ObjectId, ContactInfo),
    ) {
        self.broad.query_aabb(&shape.aabb(), |proxy| {
            if let Some(c) = self.placed(proxy).contact_of(shape) {
                f(ObjectId(proxy), c);
            }
            true
        });
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

fn ray_hit(proxy: crate::broad::Proxy, hit: RayHit, triangle: Option<u32>) -> SceneRayHit {
    SceneRayHit {
        object: ObjectId(proxy),
        t: hit.t,
        point: hit.point,
        normal: hit.normal,
        triangle,
    }
}

/// The box of half-size `r` around `p`, grown by a few ulps so that rounding never leaves
/// out a point within `r` of `p` (within `±Real::MAX`).
fn around(p: Vec3, r: Real) -> Aabb {
    let big = Vec3::splat(Real::MAX);
    let r = r + (p.abs().max_element() + r) * (4.0 * Real::EPSILON);
    Aabb::new((p - r).max(-big), (p + r).min(big))
}
