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
mod distance;
mod intersects;
mod lines;
mod point;

pub use crate::query::Side;
pub use lines::LineIntersection2;

use crate::d2::shape::{Aabb, Circle, Line};
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

/// Which side of `line` `shape` lies on; see [`Classify`].
#[inline]
#[must_use]
pub fn classify<S: Classify + ?Sized>(shape: &S, line: &Line) -> Side {
    shape.classify(line)
}

/// Implements `Distance<$a> for $b` from `Distance<$b> for $a`, swapping the points: the mirror
/// line that each 2D distance pair file ends with.
macro_rules! mirror_distance {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::Distance<$a> for $b {
            #[inline]
            fn closest_points(&self, other: &$a) -> $crate::d2::query::ClosestPoints {
                $crate::d2::query::Distance::closest_points(other, self).swapped()
            }
            #[inline]
            fn distance(&self, other: &$a) -> $crate::math::Real {
                $crate::d2::query::Distance::distance(other, self)
            }
        }
    };
}
pub(crate) use mirror_distance;

/// Implements `Intersects<$a> for $b` from `Intersects<$b> for $a`: the mirror line that each
/// 2D overlap pair file ends with.
macro_rules! mirror_intersects {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::Intersects<$a> for $b {
            #[inline]
            fn intersects(&self, other: &$a) -> bool {
                $crate::d2::query::Intersects::intersects(other, self)
            }
        }
    };
}
pub(crate) use mirror_intersects;
