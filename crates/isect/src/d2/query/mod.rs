//! The 2D queries: the traits of the public API in the plane, their result types, and one module
//! per query family, laid out as the 3D [`crate::query`].
//!
//! Every pair trait ([`Intersects`], [`Distance`]) is implemented in both argument orders, each
//! pair in its own file (`<query>/<a>_<b>.rs`, shapes in the order Circle, Aabb, Obb, Capsule,
//! Triangle, Segment, Ray, Line, `ConvexPolygon`, Polygon) ending with the mirror line for the
//! other order; a free function of the same name ([`intersects`], [`distance`], ...) calls it.
//! The ray casts, sweeps and contacts of the plane slot in beside them the same way.
//!
//! # Semantics that hold for every query
//!
//! The 3D rules ([`crate::query`]) hold in the plane too: closed sets (touching counts),
//! degenerate shapes answered as what they are (a zero-radius circle is a point, a flat box a
//! segment or point, a collinear triangle a segment), invalid input answered as the empty set
//! (`false`, [`Real::INFINITY`], [`NO_POINT`](crate::d2::NO_POINT)), no allocation.
//!
//! What the plane adds is exactness. Two segments in the plane cross generically (in space they
//! miss), so whether sets meet is decided by exact signs of orientations (Shewchuk's adaptive
//! predicates, `d2/query/algo/exact.rs`) on the input coordinates, with no tolerance: every
//! overlap test between points, segments, rays, lines, triangles, boxes (exactly: an [`Obb`]'s
//! corners are rounded from its rotation first), convex polygons and polygons is exact, touching
//! included; rounded shapes (circles, capsules) compare a computed squared distance with the
//! squared radius. Distances agree with the overlap tests: `distance == 0` exactly when
//! `intersects`. Only `contains_point` of the sets without area (lines, rays, segments) keeps
//! the 3D tolerance ([`on_set_tolerance`](crate::d2::on_set_tolerance)): a point computed to lie
//! on a segment is rarely exactly on it.
//!
//! [`Obb`]: crate::d2::Obb

pub(crate) mod algo;
mod contact;
mod distance;
mod intersects;
mod lines;
mod mirror;
mod point;
mod raycast;
mod sweep;
pub(crate) use mirror::{
    mirror_contact, mirror_distance, mirror_intersects, mirror_manifold, mirror_sweep,
};

pub use crate::query::Side;
#[cfg(feature = "alloc")]
pub use algo::polyline::PolylineShape;
pub use contact::manifold::{MANIFOLD_CAPACITY, Manifold, ManifoldPoint};
pub use lines::LineIntersection2;

use crate::d2::shape::{Aabb, Circle, Line, Ray};
use crate::math::{Real, Vec2};

/// Closest point, distance and containment of a point.
pub trait PointQuery {
    /// The point of `self` closest to `p`: `p` itself when `p` lies in `self`.
    /// [`NO_POINT`](crate::d2::NO_POINT) for invalid input.
    #[must_use]
    fn closest_point(&self, p: Vec2) -> Vec2;

    /// The distance from `p` to `self`: 0 when `p` lies in `self`, `+∞` for invalid input.
    #[must_use]
    fn distance_to_point(&self, p: Vec2) -> Real {
        let q = self.closest_point(p);
        if q.is_finite() {
            q.distance(p)
        } else {
            Real::INFINITY
        }
    }

    /// Whether `p` lies in `self`, boundary included; `false` for invalid input.
    #[must_use]
    fn contains_point(&self, p: Vec2) -> bool;
}

/// Whether two shapes share at least one point (touching counts).
pub trait Intersects<S: ?Sized> {
    /// `true` when `self` and `other` share a point, boundaries included; `false` for invalid
    /// input.
    #[must_use]
    fn intersects(&self, other: &S) -> bool;
}

/// A closest pair of points between two shapes in the plane.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosestPoints {
    /// The point on the first shape (`self`).
    pub a: Vec2,
    /// The point on the second shape (`other`).
    pub b: Vec2,
    /// The distance between the shapes: 0 when they intersect (then `a == b`), `|a − b|` up to
    /// rounding otherwise (never 0 for shapes that do not intersect), `+∞` for invalid input.
    pub distance: Real,
}

impl ClosestPoints {
    /// The answer for invalid input: both points [`NO_POINT`](crate::d2::NO_POINT), distance `+∞`.
    pub const NONE: Self = Self {
        a: crate::d2::NO_POINT,
        b: crate::d2::NO_POINT,
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

    /// A common point of two shapes that intersect: distance 0; [`Self::NONE`] when `p` is not
    /// finite.
    #[inline]
    #[must_use]
    pub fn common(p: Vec2) -> Self {
        if p.is_finite() {
            Self {
                a: p,
                b: p,
                distance: 0.0,
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
    /// is not unique (parallel edges), one of them. [`ClosestPoints::NONE`] for invalid input.
    #[must_use]
    fn closest_points(&self, other: &S) -> ClosestPoints;

    /// The distance between `self` and `other`: 0 when they intersect, `+∞` for invalid input.
    #[must_use]
    fn distance(&self, other: &S) -> Real {
        self.closest_points(other).distance
    }
}

/// Where a ray meets a shape in the plane.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit {
    /// Ray parameter of the hit, in units of the ray's `dir`: `point = origin + t * dir`.
    pub t: Real,
    /// The hit point (its coordinates `±∞` where it lies beyond the float range: a long ray
    /// crossing a line far out).
    pub point: Vec2,
    /// Unit normal at `point`: outward for solids; facing the ray's side for sets without an
    /// inside (segments, rays, lines).
    pub normal: Vec2,
}

/// Ray casts in the plane.
pub trait RayCast {
    /// The first point of the solid along `ray` with `0 <= t <= max_t`. A ray that starts
    /// inside (boundary included) hits at `t = 0` with `normal = −dir` (normalized). `None` for
    /// a miss and for invalid input (a zero or non-finite `dir`, a NaN or negative `max_t`, an
    /// invalid shape).
    #[must_use]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit>;

    /// The first point of the shape's boundary along `ray` with `0 <= t <= max_t`, also from
    /// inside (the exit point then, normal outward); `t = 0` from a point of the boundary.
    /// `None` as for [`raycast`](Self::raycast).
    #[must_use]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit>;
}

/// Where a ray meets a polyline: see [`Polyline::raycast_segment`](crate::d2::Polyline::raycast_segment).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PolylineHit {
    /// Ray parameter of the hit, in units of the ray's `dir`.
    pub t: Real,
    /// Index of the segment hit, in the order given to `Polyline::new`.
    pub segment: u32,
    /// The hit point.
    pub point: Vec2,
    /// The segment's unit normal facing the side the ray comes from (against the ray where it
    /// runs along the segment).
    pub normal: Vec2,
}

/// Where a shape moving against a polyline first touches it: see
/// [`Polyline::sweep_segment`](crate::d2::Polyline::sweep_segment).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PolylineSweepHit {
    /// Time of the first contact in `[0, 1]`, in units of the motion (0 when the shape already
    /// touches a segment).
    pub t: Real,
    /// Index of the segment touched, in the order given to `Polyline::new`.
    pub segment: u32,
    /// The contact point at `t`.
    pub point: Vec2,
    /// Unit normal at `t` from the polyline towards the shape (the way to push the shape out);
    /// against the motion when they already overlap at `t = 0` (`+Y` without motion).
    pub normal: Vec2,
}

/// One contact of a shape with a polyline's segment: see
/// [`Polyline::contacts`](crate::d2::Polyline::contacts).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PolylineContact {
    /// Index of the segment, in the order given to `Polyline::new`.
    pub segment: u32,
    /// A point of both when they overlap; the segment's closest point across a gap.
    pub point: Vec2,
    /// Unit normal from the segment towards the shape: moving the shape by `normal * depth`
    /// clears the segment.
    pub normal: Vec2,
    /// Penetration depth: 0 when touching, `< 0` for a gap (within the margin asked for).
    pub depth: Real,
}

/// When two moving shapes in the plane first and last touch.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepHit {
    /// First time of contact in `[0, 1]`; 0 when the shapes already overlap.
    pub t_first: Real,
    /// Last time of overlap, clamped to `[0, 1]`.
    pub t_last: Real,
    /// Contact point at `t_first` (its coordinates `±∞` where it lies beyond the float range:
    /// shapes carried that far by their motions, or rays and lines crossing that far out).
    pub point: Vec2,
    /// Unit normal at `t_first`, pointing from `other` towards `self` (the way to push `self`
    /// out of `other`).
    pub normal: Vec2,
}

/// Sweep (moving-shape) tests in the plane.
pub trait Sweep<S: ?Sized> {
    /// `self` moves by `motion` and `other` by `other_motion` over normalized time `[0, 1]`;
    /// `None` when they never touch in that interval, and for invalid input.
    #[must_use]
    fn sweep(&self, motion: Vec2, other: &S, other_motion: Vec2) -> Option<SweepHit>;
}

/// How two overlapping shapes in the plane penetrate.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactInfo {
    /// A point of the overlap region.
    pub point: Vec2,
    /// Unit normal pointing from `other` towards `self`: moving `self` by `normal * depth`
    /// separates the two (leaves them touching).
    pub normal: Vec2,
    /// Penetration depth, `>= 0` (0 when touching).
    pub depth: Real,
}

/// Contacts with penetration depth in the plane.
pub trait Contact<S: ?Sized> {
    /// The contact between `self` and `other`; `None` when they are apart, and for invalid
    /// input.
    #[must_use]
    fn contact(&self, other: &S) -> Option<ContactInfo>;
}

/// Contact manifolds in the plane: up to two contact points sharing one normal, what a physics
/// solver needs to rest one shape on another's edge.
pub trait ContactManifold<S: ?Sized> {
    /// Up to [`MANIFOLD_CAPACITY`] points of both shapes with one normal (from `other` towards
    /// `self`, as in [`ContactInfo`]): the ends of the incident edge (or the point) clipped to
    /// the reference edge of the least push (Box2D's reference-face clipping), each halfway
    /// between the two surfaces, with the depth that clears it. Their mean is the [`Contact`]
    /// point, the normal the [`Contact`] normal. Touching gives points of depth 0; degenerate
    /// shapes the points of what they are (a flat box as a segment); two crossing lines a point
    /// of depth `+∞`, as their contact. [`Manifold::EMPTY`] when the shapes are apart and for
    /// invalid input.
    ///
    /// ```
    /// use isect::d2::{Aabb, ContactManifold, PointQuery};
    /// use isect::math::Vec2;
    /// let floor = Aabb::new(Vec2::new(-4.0, -1.0), Vec2::new(4.0, 0.0));
    /// let crate_ = Aabb::new(Vec2::new(-1.0, -0.25), Vec2::new(1.0, 1.75));
    /// let m = crate_.contact_manifold(&floor);
    /// // The two bottom corners, each a quarter deep.
    /// assert_eq!(m.len(), 2);
    /// assert_eq!(m.normal, Vec2::Y);
    /// for p in m.points() {
    ///     assert_eq!(p.depth, 0.25);
    ///     assert!(floor.contains_point(p.point) && crate_.contains_point(p.point));
    /// }
    /// // Apart: empty.
    /// let high = Aabb::new(Vec2::new(-1.0, 1.0), Vec2::new(1.0, 2.0));
    /// assert!(high.contact_manifold(&floor).is_empty());
    /// ```
    #[must_use]
    fn contact_manifold(&self, other: &S) -> Manifold;
}

/// Classification against a line, the plane's "plane": its front is to the left of its `dir`.
pub trait Classify {
    /// [`Side::Front`] or [`Side::Back`] when `self` lies strictly on one side of `line`;
    /// [`Side::Straddle`] when it meets the line, touching included, and for invalid input.
    #[must_use]
    fn classify(&self, line: &Line) -> Side;
}

/// Bounding volumes in the plane.
pub trait Bounded {
    /// The smallest axis-aligned box that contains `self`; [`Aabb::EMPTY`] when invalid.
    #[must_use]
    fn aabb(&self) -> Aabb;
    /// A circle that contains `self`; each shape's doc says how tight it is.
    /// [`Circle::EMPTY`] when invalid.
    #[must_use]
    fn bounding_circle(&self) -> Circle;
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

/// The first hit of `ray` on `shape` within `max_t`; see [`RayCast::raycast`].
#[inline]
#[must_use]
pub fn raycast<S: RayCast + ?Sized>(shape: &S, ray: &Ray, max_t: Real) -> Option<RayHit> {
    shape.raycast(ray, max_t)
}

/// When `a` (moving by `motion`) and `b` (moving by `other_motion`) touch; see [`Sweep`].
#[inline]
#[must_use]
pub fn sweep<A: Sweep<B> + ?Sized, B: ?Sized>(
    a: &A,
    motion: Vec2,
    b: &B,
    other_motion: Vec2,
) -> Option<SweepHit> {
    a.sweep(motion, b, other_motion)
}

/// The contact between `a` and `b`; see [`Contact`].
#[inline]
#[must_use]
pub fn contact<A: Contact<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> Option<ContactInfo> {
    a.contact(b)
}

/// The contact manifold of `a` and `b`; see [`ContactManifold`].
#[inline]
#[must_use]
pub fn contact_manifold<A: ContactManifold<B> + ?Sized, B: ?Sized>(a: &A, b: &B) -> Manifold {
    a.contact_manifold(b)
}

/// Which side of `line` `shape` lies on; see [`Classify`].
#[inline]
#[must_use]
pub fn classify<S: Classify + ?Sized>(shape: &S, line: &Line) -> Side {
    shape.classify(line)
}
