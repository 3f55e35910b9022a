//! The queries: the traits of the public API, their result types, and one module per query family.
//!
//! Every pair trait ([`Intersects`], [`Distance`], [`Sweep`], [`Contact`]) is implemented in both
//! argument orders, and a free function of the same name ([`intersects`], [`distance`], ...) calls
//! it, so `isect::distance(&a, &b)` reads like the maths.
//!
//! # Semantics that hold for every query
//!
//! - **Closed sets.** Every shape contains its boundary: shapes that only touch intersect, a point
//!   on the boundary is contained, and their distance is 0.
//! - **Degenerate shapes** are answered as what they are: a sphere of radius 0 is a point, a box of
//!   zero extent a rectangle, segment or point, a collinear triangle a segment.
//! - **Lower-dimensional sets** (lines, rays, segments, planes, triangles) contain a point when its
//!   distance is within [`on_set_tolerance`](crate::math::on_set_tolerance) (64 ulp of the
//!   points' extent plus 8 ulp of their magnitude; for planes 8 ulp of the magnitudes the signed
//!   distance rounds at): a point computed to lie on them carries rounding error, and an exact
//!   test would reject it. Solids (spheres, boxes, capsules, frusta) use exact comparisons.
//! - **Invalid input** (NaN or infinite coordinates, a negative radius or extent, `min > max`, a
//!   zero direction or normal, a hull without points) is answered as the *empty set*: boolean
//!   queries return `false`, optional results `None`, distances [`Real::INFINITY`] and closest
//!   points [`NO_POINT`](crate::math::NO_POINT) (every coordinate `+∞`). Nothing panics or loops,
//!   and no invalid input yields an answer that looks like a real one. A non-finite query point
//!   is invalid input too. The queries check finiteness and signs, not the orthonormality of an
//!   [`Obb`](crate::Obb)'s rotation nor the unit length of a [`Plane`]'s normal,
//!   which are too costly for every call: `is_valid()` and `try_new` check those.
//! - **No allocation** in any primitive query.

pub mod algo;
mod contact;
mod distance;
mod intersects;
mod mirror;
#[cfg(feature = "alloc")]
pub(crate) use contact::trimesh_trimesh::deepest_pair_contact;
#[cfg(feature = "alloc")]
pub(crate) use intersects::aabb_extent;
mod planes;
mod point;
pub(crate) mod raycast;
mod sweep;
pub(crate) use mirror::{
    mirror_contact, mirror_distance, mirror_intersects, mirror_manifold, mirror_sweep,
};

pub use algo::gjk::SupportMap;
pub use contact::manifold::{MANIFOLD_CAPACITY, Manifold, ManifoldPoint};
#[cfg(feature = "alloc")]
pub use contact::trimesh::MeshContactShape;
pub use planes::three_planes;
#[cfg(feature = "alloc")]
pub use sweep::MeshSweepShape;
pub use sweep::{ROTATING_MAX_STEPS, ROTATING_RELATIVE_TOLERANCE, RigidMotion, sweep_rotating};

use crate::math::{Real, Vec3};
use crate::shape::{Aabb, Plane, Ray, Sphere};

/// Closest point, distance and containment of a point.
pub trait PointQuery {
    /// The point of `self` closest to `p`: `p` itself when `p` lies in `self` (inside a solid,
    /// on a surface). [`NO_POINT`](crate::math::NO_POINT) for invalid input.
    #[must_use]
    fn closest_point(&self, p: Vec3) -> Vec3;

    /// The distance from `p` to `self`: 0 when `p` lies in `self`, `+∞` for invalid input.
    #[must_use]
    fn distance_to_point(&self, p: Vec3) -> Real {
        algo::scale::distance(self.closest_point(p), p)
    }

    /// Whether `p` lies in `self`, boundary included; `false` for invalid input.
    #[must_use]
    fn contains_point(&self, p: Vec3) -> bool;
}

/// Whether two shapes share at least one point (touching counts).
pub trait Intersects<S: ?Sized> {
    /// `true` when `self` and `other` share a point, boundaries included; `false` for invalid
    /// input.
    #[must_use]
    fn intersects(&self, other: &S) -> bool;
}

/// A closest pair of points between two shapes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosestPoints {
    /// The point on the first shape (`self`).
    pub a: Vec3,
    /// The point on the second shape (`other`).
    pub b: Vec3,
    /// `|a - b|`: 0 when the shapes intersect, `+∞` for invalid input. For lines and rays so
    /// nearly parallel that their closest pair lies far out, the lines' distance from their
    /// directions instead, right to the origins' accuracy, which differs from the rounded points'
    /// `|a - b|` within their [`on_set_tolerance`](crate::math::on_set_tolerance). Where that
    /// pair lies beyond the float range (lines `2⁻¹²⁶` rad apart in `f32`), `a` and `b` have
    /// infinite coordinates along the lines (the others right) and `distance` is still the
    /// lines' finite distance.
    pub distance: Real,
}

impl ClosestPoints {
    /// The answer for invalid input: both points [`NO_POINT`](crate::math::NO_POINT), distance `+∞`.
    pub const NONE: Self = Self {
        a: crate::math::NO_POINT,
        b: crate::math::NO_POINT,
        distance: Real::INFINITY,
    };

    /// The same pair seen from the other shape: `a` and `b` exchanged.
    #[inline]
    #[must_use]
    pub fn swapped(self) -> Self {
        Self {
            a: self.b,
            b: self.a,
            distance: self.distance,
        }
    }

    /// Builds the result from the two points, computing the distance; [`Self::NONE`] when a
    /// point is not finite.
    #[inline]
    #[must_use]
    pub fn from_points(a: Vec3, b: Vec3) -> Self {
        if a.is_finite() && b.is_finite() {
            Self {
                a,
                b,
                distance: algo::scale::distance(a, b),
            }
        } else {
            Self::NONE
        }
    }
}

/// Distance and closest points between two shapes.
pub trait Distance<S: ?Sized> {
    /// A pair of closest points, `a` on `self` and `b` on `other`, and their distance. When the
    /// shapes intersect, `a == b` is a common point and the distance is 0; when the closest pair
    /// is not unique (parallel segments), one of them. [`ClosestPoints::NONE`] for invalid input.
    #[must_use]
    fn closest_points(&self, other: &S) -> ClosestPoints;

    /// The distance between `self` and `other`: 0 when they intersect, `+∞` for invalid input.
    #[must_use]
    fn distance(&self, other: &S) -> Real {
        self.closest_points(other).distance
    }
}

/// Where a ray meets a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit {
    /// Ray parameter of the hit, in units of the ray's `dir`: `point = origin + t * dir`.
    pub t: Real,
    /// The hit point.
    pub point: Vec3,
    /// Unit normal at `point`: outward for solids; facing the ray's side for surfaces without
    /// an inside (planes, triangles).
    pub normal: Vec3,
}

/// Ray casts.
pub trait RayCast {
    /// The first point of the solid along `ray` with `0 <= t <= max_t`. A ray that starts
    /// inside hits at `t = 0` with `normal = -dir` (normalized).
    #[must_use]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit>;

    /// The first crossing of the shape's boundary with `0 <= t <= max_t`, also from inside
    /// (the exit point then).
    #[must_use]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit>;

    /// Whether [`raycast`](Self::raycast) would hit: the solid meets the ray within
    /// `0 <= t <= max_t`. Shapes override it where a boolean is cheaper than the hit (no square
    /// root, no normal).
    #[must_use]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        self.raycast(ray, max_t).is_some()
    }
}

/// When two moving shapes first and last touch.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepHit {
    /// First time of contact in `[0, 1]`; 0 when the shapes already overlap.
    pub t_first: Real,
    /// Last time of overlap, clamped to `[0, 1]`.
    pub t_last: Real,
    /// Contact point at `t_first`.
    pub point: Vec3,
    /// Unit normal at `t_first`, pointing from `other` towards `self` (the way to push `self`
    /// out of `other`).
    pub normal: Vec3,
}

/// Sweep (moving-object) tests.
pub trait Sweep<S: ?Sized> {
    /// `self` moves by `motion` and `other` by `other_motion` over normalized time `[0, 1]`;
    /// `None` when they never touch in that interval or for invalid input.
    #[must_use]
    fn sweep(&self, motion: Vec3, other: &S, other_motion: Vec3) -> Option<SweepHit>;
}

/// Which side of a plane a shape lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// Wholly on the side the plane's normal points to, not touching the plane.
    Front,
    /// Wholly behind the plane, not touching it.
    Back,
    /// Points on both sides, or touching the plane: the shape intersects the plane (closed-set
    /// semantics). Also the answer for invalid input, the conservative one for culling.
    Straddle,
}

/// Classification against a plane.
pub trait Classify {
    /// [`Side::Front`] or [`Side::Back`] when `self` lies strictly on one side of `plane`;
    /// [`Side::Straddle`] when it meets the plane, touching included, and for invalid input.
    #[must_use]
    fn classify(&self, plane: &Plane) -> Side;
}

/// Bounding volumes.
pub trait Bounded {
    /// The smallest axis-aligned box that contains `self`.
    #[must_use]
    fn aabb(&self) -> Aabb;
    /// A sphere that contains `self`; each shape's doc says how tight it is.
    #[must_use]
    fn bounding_sphere(&self) -> Sphere;
}

/// How two overlapping shapes penetrate.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactInfo {
    /// A point of the overlap region.
    pub point: Vec3,
    /// Unit normal pointing from `other` towards `self`: moving `self` by `normal * depth`
    /// separates the two.
    pub normal: Vec3,
    /// Penetration depth, `>= 0` (0 when touching).
    pub depth: Real,
}

/// One triangle's contact with a shape: see `TriMesh::contacts`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshContact {
    /// Index of the triangle, in the order given to `TriMesh::new`.
    pub triangle: u32,
    /// A point of both when they overlap; the triangle's closest point across a gap.
    pub point: Vec3,
    /// Unit normal from the triangle towards the shape: moving the shape by `normal * depth`
    /// clears the triangle.
    pub normal: Vec3,
    /// Penetration depth: 0 when touching, `< 0` for a gap (within the margin asked for).
    pub depth: Real,
}

/// One contact between a triangle of a mesh and a triangle of another: see
/// `TriMesh::mesh_contacts`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshPairContact {
    /// Index of the triangle of the mesh asked (`self`), in the order given to `TriMesh::new`.
    pub triangle: u32,
    /// Index of the triangle of the other mesh.
    pub other_triangle: u32,
    /// A point of both when they overlap; the other triangle's closest point across a gap.
    pub point: Vec3,
    /// Unit normal from the other mesh towards this one: moving this mesh by
    /// `normal * depth` clears the pair.
    pub normal: Vec3,
    /// Penetration depth: 0 when touching, `< 0` for a gap (within the margin asked for).
    pub depth: Real,
}

/// Contacts with penetration depth.
pub trait Contact<S: ?Sized> {
    /// The contact between `self` and `other`; `None` when they are apart or for invalid input.
    #[must_use]
    fn contact(&self, other: &S) -> Option<ContactInfo>;
}

/// Whether `a` and `b` share a point; see [`Intersects`].
#[inline]
#[must_use]
pub fn intersects<A: Intersects<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> bool {
    a.intersects(b)
}

/// The distance between `a` and `b`; see [`Distance`].
#[inline]
#[must_use]
pub fn distance<A: Distance<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> Real {
    a.distance(b)
}

/// Closest points between `a` and `b`; see [`Distance`].
#[inline]
#[must_use]
pub fn closest_points<A: Distance<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> ClosestPoints {
    a.closest_points(b)
}

/// When `a` (moving by `motion_a`) and `b` (moving by `motion_b`) touch; see [`Sweep`].
#[inline]
#[must_use]
pub fn sweep<A: Sweep<B> + ?Sized, B: ?Sized>(
    a: &A,
    motion_a: Vec3,
    b: &B,
    motion_b: Vec3,
) -> Option<SweepHit> {
    a.sweep(motion_a, b, motion_b)
}

/// The contact between `a` and `b`; see [`Contact`].
#[inline]
#[must_use]
pub fn contact<A: Contact<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> Option<ContactInfo> {
    a.contact(b)
}

/// Which side of `plane` `shape` lies on; see [`Classify`].
#[inline]
#[must_use]
pub fn classify<S: Classify + ?Sized>(shape: &S, plane: &Plane) -> Side {
    shape.classify(plane)
}

/// Where a ray meets a triangle, in the triangle's own coordinates: see
/// [`Triangle::raycast_barycentric`](crate::Triangle::raycast_barycentric).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TriangleHit {
    /// Ray parameter of the hit, in units of the ray's `dir`.
    pub t: Real,
    /// Barycentric weight of corner `b`: the hit point is `a + u (b − a) + v (c − a)`.
    pub u: Real,
    /// Barycentric weight of corner `c`.
    pub v: Real,
}

/// Where a ray meets a triangle mesh: see `TriMesh::raycast_triangle`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshHit {
    /// Ray parameter of the hit, in units of the ray's `dir`.
    pub t: Real,
    /// Index of the triangle hit, in the order given to `TriMesh::new`.
    pub triangle: u32,
    /// Barycentric weight of the triangle's second corner at the hit point.
    pub u: Real,
    /// Barycentric weight of the triangle's third corner.
    pub v: Real,
    /// The triangle's unit normal facing the side the ray comes from.
    pub normal: Vec3,
}

/// Where a shape moving through a triangle mesh first touches it: see
/// `TriMesh::sweep_triangle`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshSweepHit {
    /// Time of the first contact in `[0, 1]`, in units of the motion (0 when the shape already
    /// touches a triangle).
    pub t: Real,
    /// Index of the triangle touched, in the order given to `TriMesh::new`.
    pub triangle: u32,
    /// The contact point at `t` (a point of both when they already overlap).
    pub point: Vec3,
    /// Unit normal at `t` from the mesh towards the shape (the way to push the shape out);
    /// against the motion when they already overlap at `t = 0` (`+Y` without motion).
    pub normal: Vec3,
}

/// Contact manifolds: several contact points sharing one normal, what a physics solver needs
/// to rest one shape on another's face.
pub trait ContactManifold<S: ?Sized> {
    /// Up to [`MANIFOLD_CAPACITY`] points of both shapes with one normal (from `other` towards
    /// `self`, as in [`ContactInfo`]), each with the depth that clears it (at most the
    /// [`Contact`] depth); touching gives points of depth 0, flat boxes and degenerate triangles
    /// the points of what they are. [`Manifold::EMPTY`] when the shapes are apart and for
    /// invalid input.
    ///
    /// ```
    /// use isect::{Aabb, ContactManifold, Obb, PointQuery, glam::{Quat, Vec3}};
    /// let floor = Aabb::new(Vec3::new(-4.0, -1.0, -4.0), Vec3::new(4.0, 0.0, 4.0));
    /// let crate_ = Obb::from_quat(Vec3::new(0.0, 0.75, 0.0), Vec3::ONE, Quat::from_rotation_y(0.3));
    /// let m = crate_.contact_manifold(&floor);
    /// // The four bottom corners, each a quarter deep.
    /// assert_eq!(m.len(), 4);
    /// assert!(m.normal.abs_diff_eq(Vec3::Y, 1e-6));
    /// for p in m.points() {
    ///     assert!((p.depth - 0.25).abs() < 1e-5);
    ///     assert!(floor.distance_to_point(p.point) < 1e-5 && crate_.distance_to_point(p.point) < 1e-5);
    /// }
    /// ```
    #[must_use]
    fn contact_manifold(&self, other: &S) -> Manifold;
}

/// The contact manifold of `a` and `b`; see [`ContactManifold`].
#[inline]
#[must_use]
pub fn contact_manifold<A: ContactManifold<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> Manifold {
    a.contact_manifold(b)
}
