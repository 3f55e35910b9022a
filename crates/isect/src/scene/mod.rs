//! Many placed objects of every 3D shape kind, meshes, planes and frusta included, and the
//! questions a world of them is asked: what a ray hits, what a moving shape hits first, what a
//! shape overlaps, what a camera sees, what is nearest to a point, and which pairs touch.
//!
//! A [`Scene<T>`] keeps one [`Geometry`] in its own frame, a [`Pose`] and a `T` per object,
//! and the object's bounding box in a [`BroadPhase`] that follows the pose. Meshes and hulls
//! are shared ([`Arc`]): one [`TriMesh`] placed a thousand times is one mesh and one BVH, never
//! copied or refitted; a query reaches it in its own frame (the ray, the moving shape, the
//! frustum or the point is moved by the inverse pose), the primitive shapes are placed in the
//! scene once per move.
//!
//! ```
//! use std::sync::Arc;
//! use isect::scene::{Geometry, Pose, Scene};
//! use isect::{Aabb, Ray, Sphere, TriMesh, math::{Quat, Vec3}};
//!
//! // A unit square of two triangles, placed twice: one mesh, two objects.
//! let tile = Arc::new(TriMesh::new(
//!     vec![Vec3::ZERO, Vec3::X, Vec3::new(1.0, 0.0, 1.0), Vec3::Z],
//!     vec![[0, 2, 1], [0, 3, 2]],
//! ).unwrap());
//! let mut scene = Scene::new();
//! let floor = scene.insert(Geometry::TriMesh(tile.clone()), Pose::IDENTITY, "floor");
//! let wall = scene.insert(
//!     Geometry::TriMesh(tile),
//!     Pose::new(Quat::from_rotation_z(core::f32::consts::FRAC_PI_2), Vec3::new(3.0, 0.0, 0.0)),
//!     "wall",
//! );
//! let ball = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 0.5)), Pose::from_translation(Vec3::new(0.5, 2.0, 0.5)), "ball");
//!
//! // A ray straight down hits the ball first, then (with the ball moved away) the floor.
//! let down = Ray::new(Vec3::new(0.5, 5.0, 0.5), -Vec3::Y);
//! assert_eq!(scene.raycast(&down, f32::INFINITY).map(|h| (h.object, h.t)), Some((ball, 2.5)));
//! scene.set_pose(ball, Pose::from_translation(Vec3::new(10.0, 0.0, 0.0)));
//! let hit = scene.raycast(&down, f32::INFINITY).unwrap();
//! assert_eq!((hit.object, hit.t, hit.triangle.is_some()), (floor, 5.0, true));
//!
//! // A box overlapping the wall (x = 3, after its quarter turn about z).
//! let mut found = Vec::new();
//! scene.query_shape(&Aabb::new(Vec3::new(2.5, 0.5, 0.2), Vec3::new(3.5, 0.6, 0.3)), |o| {
//!     found.push(o);
//!     true
//! });
//! assert_eq!(found, [wall]);
//! assert_eq!(scene.get(wall), Some(&"wall"));
//! ```
//!
//! # Exactness
//!
//! Every query answers about the objects themselves, as closed sets, with the primitive
//! query of the object's kind (touching counts): the broad phase's boxes only prune. What a
//! query reports is what a loop over every object with the primitive queries (the query
//! moved into the object's frame for meshes and hulls) reports, up to the order of the
//! callbacks.
//!
//! # Unbounded objects
//!
//! A plane, a line, a ray, and a frustum whose region recedes (one with an infinite far plane)
//! fit in no box: they live in a side list of the scene, outside the broad phase, and every
//! query scans that list after (or, for the ray casts and `nearest`, before) the broad phase,
//! so each query costs one primitive test per unbounded object on top of its broad-phase
//! cost: keep them few (a ground plane, a camera). [`contacts`](Scene::contacts) tests each
//! unbounded object against every bounded object and every other unbounded one: linear in
//! the number of objects per unbounded object (a plane may touch them all).
//!
//! ```
//! use isect::scene::{Geometry, Pose, Scene};
//! use isect::{Plane, Ray, Segment, Sphere, math::Vec3};
//!
//! let mut scene = Scene::new();
//! // The plane y = 0, moved down by its pose to y = −1: a ground in the side list.
//! let ground = scene.insert(Geometry::Plane(Plane::new(Vec3::Y, 0.0)), Pose::from_translation(-Vec3::Y), ());
//! let wire = scene.insert(Geometry::Segment(Segment::new(-Vec3::Z, Vec3::Z)), Pose::from_translation(Vec3::new(4.0, 0.0, 0.0)), ());
//! let down = Ray::new(Vec3::new(0.0, 3.0, 0.0), -Vec3::Y);
//! assert_eq!(scene.raycast(&down, f32::INFINITY).map(|h| (h.object, h.t)), Some((ground, 4.0)));
//! // A ball thrown along the ground stops at the wire (a capsule of radius 0 for sweeps).
//! let hit = scene.sweep(&Sphere::new(Vec3::ZERO, 0.25), Vec3::new(6.0, 0.0, 0.0));
//! assert_eq!(hit.map(|h| (h.object, h.hit.t_first)), Some((wire, 0.625)));
//! // A ball resting on the ground: touching is a contact of depth 0.
//! let ball = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(-5.0, 0.0, 0.0)), ());
//! let mut pairs = Vec::new();
//! scene.contacts(|a, b, c| pairs.push((a, b, c.depth)));
//! assert_eq!(pairs, [(ground, ball, 0.0)]);
//! ```
//!
//! # Kinds without a query
//!
//! Planes are surfaces, as their primitive queries say (a ball below a plane does not meet
//! it). Where the library has no primitive query for a kind, the scene answers as follows:
//! - a [`Segment`]'s sweeps and contacts are those of a [`Capsule`] of radius 0, the same set;
//! - ray casts hit segments, frusta and planes ([`RayCast`](crate::RayCast)) but never lines
//!   and rays (there is no ray cast against them; a ray meets one only where it crosses it
//!   exactly);
//! - a moving shape ([`Scene::sweep`]) never stops at a frustum, a line or a ray (no
//!   [`Sweep`](crate::Sweep) against them); it stops at planes and segments;
//! - frusta, lines and rays have no [`Contact`](crate::Contact): they are in no pair of
//!   [`contacts`](Scene::contacts) and never in [`contact_shape`](Scene::contact_shape)'s
//!   answers; a mesh and a plane have no contact either (no primitive query for the pair);
//! - every kind is found by [`query_shape`](Scene::query_shape) and
//!   [`query_frustum`](Scene::query_frustum) (their `Intersects`), and by
//!   [`nearest`](Scene::nearest) (their `distance_to_point`).
//!
//! # Degenerate and invalid input
//!
//! Degenerate geometry (a point sphere, a flat box, a collinear triangle) is what it is. An
//! object with invalid geometry or an invalid pose (NaN, infinite, a zero quaternion) is the
//! empty set: it is kept (its data, pose and geometry) but no query and no pair ever
//! reports it, until [`set_pose`](Scene::set_pose) gives it a valid pose. Queries with an
//! invalid shape, ray, frustum or point report nothing.

mod placed;
mod pose;
mod query;

use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::broad::{BroadPhase, Proxy};
use crate::shape::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, TriMesh, Triangle,
};

use placed::{Frame, Placed};
pub use pose::{Pose, Transform};
pub use query::{SceneRayHit, SceneShape, SceneSweepHit};

/// A handle to an object of a [`Scene`]: stable until the object is removed, never mistaken for
/// a later object (the broad phase's [`Proxy`] underneath).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(Proxy);

impl ObjectId {
    /// A small integer, unique among the objects of one scene at any time and reused after a
    /// removal: an index into a side table of the caller's.
    #[inline]
    #[must_use]
    pub fn index(self) -> u32 {
        self.0.index()
    }
}

/// The shape of an object, in the object's own frame (its [`Pose`] places it).
///
/// Every 3D shape kind. The bounded ones (and a bounded [`Frustum`]) live in the broad phase;
/// the unbounded ones (`Plane`, `Line`, `Ray`, a `Frustum` whose region recedes, as one with
/// an infinite far plane) fit in no box and live in a side list that every query scans (see
/// [Unbounded objects](self#unbounded-objects)). Where the library has no primitive query
/// for a kind, the [module docs](self#kinds-without-a-query) say what the scene does. Meshes
/// and hulls are shared, so that many objects can stand for one.
#[derive(Clone, Debug)]
pub enum Geometry {
    /// A ball.
    Sphere(Sphere),
    /// A box, axis-aligned in the object's frame (an [`Obb`] once rotated).
    Aabb(Aabb),
    /// An oriented box.
    Obb(Obb),
    /// A capsule.
    Capsule(Capsule),
    /// A triangle (two-sided).
    Triangle(Triangle),
    /// A convex hull, shared.
    ConvexHull(Arc<ConvexHull>),
    /// A triangle mesh with its BVH, shared; solid when [`TriMesh::is_solid`].
    TriMesh(Arc<TriMesh>),
    /// A segment (a tripwire, a piece of rope): no inside; its sweeps and contacts are those
    /// of a capsule of radius 0, the same set.
    Segment(Segment),
    /// A camera's or a trigger's frustum (the region behind its six planes); in the broad
    /// phase when bounded, in the unbounded side list otherwise.
    Frustum(Frustum),
    /// A plane (unbounded), answered as its primitive queries answer it.
    Plane(Plane),
    /// A whole line (unbounded).
    Line(Line),
    /// A ray, from its origin on (unbounded).
    Ray(Ray),
}

/// One object: what the user gave and where it is.
#[derive(Clone, Debug)]
struct Object<T> {
    geometry: Geometry,
    pose: Pose,
    placed: Placed,
    data: T,
}

/// Objects of every 3D shape kind with rigid poses, over a [`BroadPhase`] (and a side list
/// for the unbounded ones): see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Scene<T> {
    broad: BroadPhase<Object<T>>,
    /// The unbounded objects (kept in the broad phase with an invalid box, so never reported
    /// by it), scanned by every query.
    unbounded: Vec<Proxy>,
    /// The boxes of [`set_poses`](Self::set_poses), kept between calls.
    moves: Vec<(Proxy, Aabb)>,
}

impl<T> Default for Scene<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Scene<T> {
    /// An empty scene.
    #[must_use]
    pub fn new() -> Self {
        Self {
            broad: BroadPhase::new(),
            unbounded: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The number of objects, with valid poses or not.
    #[must_use]
    pub fn len(&self) -> usize {
        self.broad.len()
    }

    /// Whether there are no objects.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.broad.is_empty()
    }

    /// Adds an object with its geometry (in its own frame), pose and data. Its rotation is
    /// normalized; an invalid pose or geometry is kept, but the object is reported nowhere
    /// until [`set_pose`](Self::set_pose) makes it valid.
    ///
    /// # Panics
    /// When the scene already holds `2³¹ − 1` objects.
    pub fn insert(&mut self, geometry: Geometry, pose: Pose, data: T) -> ObjectId {
        let pose = pose.normalized();
        let placed = Placed::new(&geometry, &pose);
        let aabb = placed.aabb();
        let unbounded = placed.is_unbounded();
        let proxy = self.broad.insert(
            aabb,
            Object {
                geometry,
                pose,
                placed,
                data,
            },
        );
        if unbounded {
            self.unbounded.push(proxy);
        }
        ObjectId(proxy)
    }

    /// Moves the object to `pose` (rotation normalized); its box in the broad phase follows.
    /// An invalid pose hides it from every query until a valid one comes. A removed object is
    /// ignored.
    pub fn set_pose(&mut self, object: ObjectId, pose: Pose) {
        if let Some(aabb) = self.place(object, pose) {
            self.broad.update(object.0, aabb);
        }
    }

    /// Moves many objects at once: the same as [`set_pose`](Self::set_pose) for each
    /// `(object, pose)` in order (an object listed twice ends at its last pose; removed
    /// objects are ignored), with the broad phase's boxes given in one
    /// [`BroadPhase::update_many`], whose searches for new pairs run together at the end, on
    /// rayon's threads with the `rayon` feature. For a frame that moves many objects.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Sphere, math::Vec3};
    ///
    /// let ball = Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0));
    /// let mut scene = Scene::new();
    /// let ids: Vec<_> = (0..4)
    ///     .map(|i| scene.insert(ball.clone(), Pose::from_translation(Vec3::new(10.0 * i as f32, 0.0, 0.0)), i))
    ///     .collect();
    /// // Every ball rolls to x = 2i: neighbours touch.
    /// scene.set_poses(ids.iter().enumerate().map(|(i, &id)| {
    ///     (id, Pose::from_translation(Vec3::new(2.0 * i as f32, 0.0, 0.0)))
    /// }));
    /// let mut pairs = Vec::new();
    /// scene.contacts(|a, b, c| pairs.push((a, b, c.depth)));
    /// pairs.sort_by_key(|p| (p.0, p.1));
    /// assert_eq!(pairs, [(ids[0], ids[1], 0.0), (ids[1], ids[2], 0.0), (ids[2], ids[3], 0.0)]);
    /// ```
    pub fn set_poses(&mut self, poses: impl IntoIterator<Item = (ObjectId, Pose)>) {
        let mut moves = core::mem::take(&mut self.moves);
        moves.clear();
        for (object, pose) in poses {
            if let Some(aabb) = self.place(object, pose) {
                moves.push((object.0, aabb));
            }
        }
        self.broad.update_many(moves.iter().copied());
        self.moves = moves;
    }

    /// Gives the object (unless removed) its pose and placed geometry, moves it into or out of
    /// the unbounded list, and returns the box its proxy is to be given.
    fn place(&mut self, object: ObjectId, pose: Pose) -> Option<Aabb> {
        let o = self.broad.get_mut(object.0)?;
        o.pose = pose.normalized();
        o.placed = Placed::new(&o.geometry, &o.pose);
        let aabb = o.placed.aabb();
        let unbounded = o.placed.is_unbounded();
        let listed = self.unbounded.iter().position(|&p| p == object.0);
        match (unbounded, listed) {
            (true, None) => self.unbounded.push(object.0),
            (false, Some(i)) => {
                self.unbounded.swap_remove(i);
            }
            _ => {}
        }
        Some(aabb)
    }

    /// Removes the object and returns its data; `None` when it was removed already.
    pub fn remove(&mut self, object: ObjectId) -> Option<T> {
        if let Some(i) = self.unbounded.iter().position(|&p| p == object.0) {
            self.unbounded.swap_remove(i);
        }
        self.broad.remove(object.0).map(|o| o.data)
    }

    /// The object's data, unless it was removed.
    #[must_use]
    pub fn get(&self, object: ObjectId) -> Option<&T> {
        self.broad.get(object.0).map(|o| &o.data)
    }

    /// The object's data, mutably, unless it was removed.
    #[must_use]
    pub fn get_mut(&mut self, object: ObjectId) -> Option<&mut T> {
        self.broad.get_mut(object.0).map(|o| &mut o.data)
    }

    /// The object's geometry, in its own frame.
    #[must_use]
    pub fn geometry(&self, object: ObjectId) -> Option<&Geometry> {
        self.broad.get(object.0).map(|o| &o.geometry)
    }

    /// The object's pose (its rotation normalized).
    #[must_use]
    pub fn pose(&self, object: ObjectId) -> Option<Pose> {
        self.broad.get(object.0).map(|o| o.pose)
    }

    /// The object's box in the scene, as the broad phase keeps it: it contains the placed
    /// object (a few ulps larger; for meshes and hulls, the box of their rotated local box).
    /// Not valid for an object with an invalid pose, nor for an unbounded object (a plane, a
    /// line, a ray, a receding frustum), which is kept beside the broad phase.
    #[must_use]
    pub fn aabb(&self, object: ObjectId) -> Option<Aabb> {
        self.broad.aabb(object.0)
    }

    /// Every object with its data, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (ObjectId, &T)> + '_ {
        self.broad.iter().map(|(p, _, o)| (ObjectId(p), &o.data))
    }

    /// The broad phase underneath (its proxies are the objects'), for statistics and
    /// [`BroadPhase::rebuild`]-style maintenance through [`Scene::rebuild`].
    #[must_use]
    pub fn broad_phase_stats(&self) -> crate::broad::Stats {
        self.broad.stats()
    }

    /// Rebuilds the broad phase's tree (binned SAH) for a scene that stopped moving.
    pub fn rebuild(&mut self) {
        self.broad.rebuild();
    }
}
