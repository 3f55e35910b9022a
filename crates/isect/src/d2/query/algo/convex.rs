//! Convex sets as the queries see them: the convex hull of a few vertices (a point, a segment or
//! a convex polygon) grown by a radius. Circles, capsules, boxes, triangles and convex polygons
//! are all of this form, so one set of routines answers every pair of them, and the linear sets
//! against them.
//!
//! Overlap of the hulls is decided exactly ([`corners`](super::corners): a vertex of one inside
//! the other, or two edges that meet); the distance between hulls that do not meet is the least
//! over the vertices of each of the distance to the other's edges; a radius then compares the
//! squared distance with its square.

use crate::d2::query::ClosestPoints;
use crate::d2::query::algo::corners::{hull_closest_point, hull_contains};
use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::hull::{hull_of_sorted, sort_points};
use crate::d2::query::algo::linear::apart;
use crate::d2::query::algo::reach::{gap_between, rounded_cold, toward, within};
use crate::d2::query::algo::window;
use crate::d2::shape::{Aabb, Capsule, Circle, Obb, Triangle};
use crate::math::{Real, Vec2};
use crate::ops;
use crate::query::algo::scale::square_in_range;

/// The convex hull of `verts` grown by `radius`. The vertices are one point, the two distinct
/// ends of a segment, or three or more corners of a convex polygon with positive area,
/// counter-clockwise (collinear or repeated corners allowed, as rounding may leave them in a
/// box's corners).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Convex<'a> {
    inline: [Vec2; 4],
    len: usize,
    /// The vertices when they are not inline (a convex polygon's), else empty.
    shared: &'a [Vec2],
    pub(crate) radius: Real,
}

impl<'a> Convex<'a> {
    /// The vertices, of which the set is the hull grown by the radius.
    #[inline]
    pub(crate) fn verts(&self) -> &[Vec2] {
        if self.shared.is_empty() {
            &self.inline[..self.len]
        } else {
            self.shared
        }
    }

    /// The hull of `points` (at most four, already a hull as [`Convex`] requires) grown by
    /// `radius`.
    #[inline]
    pub(crate) fn from_inline(points: &[Vec2], radius: Real) -> Self {
        Self::inline(points, radius)
    }

    #[inline]
    fn inline(points: &[Vec2], radius: Real) -> Self {
        let mut inline = [Vec2::ZERO; 4];
        inline[..points.len()].copy_from_slice(points);
        Self {
            inline,
            len: points.len(),
            shared: &[],
            radius,
        }
    }

    /// The hull of up to four points in any order, computed exactly.
    fn hull_of(points: &[Vec2], radius: Real) -> Self {
        let mut sorted = [Vec2::ZERO; 4];
        sorted[..points.len()].copy_from_slice(points);
        let n = sort_points(&mut sorted[..points.len()]);
        let mut out = [Vec2::ZERO; 8];
        let k = hull_of_sorted(&sorted[..n], &mut out);
        Self::inline(&out[..k], radius)
    }

    /// The disc of `radius` around `p`.
    #[inline]
    pub(crate) fn point(p: Vec2, radius: Real) -> Self {
        Self::inline(&[p], radius)
    }

    /// The points within `radius` of the segment `ab`.
    #[inline]
    pub(crate) fn segment(a: Vec2, b: Vec2, radius: Real) -> Self {
        if a == b {
            Self::point(a, radius)
        } else {
            Self::inline(&[a, b], radius)
        }
    }

    /// The triangle `abc` in either winding; collinear corners give the segment between the
    /// extreme two, coincident ones a point.
    #[inline]
    pub(crate) fn triangle(a: Vec2, b: Vec2, c: Vec2) -> Self {
        match orient(a, b, c) {
            1 => Self::inline(&[a, b, c], 0.0),
            -1 => Self::inline(&[a, c, b], 0.0),
            _ => Self::hull_of(&[a, b, c], 0.0),
        }
    }

    /// The box `[min, max]` (`min <= max`): its corners, or the segment or point of a flat box.
    #[inline]
    pub(crate) fn rect(min: Vec2, max: Vec2) -> Self {
        if min.x == max.x || min.y == max.y {
            Self::segment(min, max, 0.0)
        } else {
            Self::inline(&Aabb::new(min, max).corners(), 0.0)
        }
    }

    /// A quadrilateral given in either winding (an oriented box's corners): as given when its
    /// corners turn strictly one way, otherwise (a flat box, or one so thin that rounding
    /// broke its corners' convexity) the exact hull of the four points.
    #[inline]
    pub(crate) fn quad(corners: [Vec2; 4]) -> Self {
        let turn = |i: usize| orient(corners[i], corners[(i + 1) % 4], corners[(i + 2) % 4]);
        let turns = [turn(0), turn(1), turn(2), turn(3)];
        if turns == [1; 4] {
            Self::inline(&corners, 0.0)
        } else if turns == [-1; 4] {
            let [a, b, c, d] = corners;
            Self::inline(&[a, d, c, b], 0.0)
        } else {
            Self::hull_of(&corners, 0.0)
        }
    }

    /// A convex polygon's vertices, already a hull (counter-clockwise, at least one).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn polygon(verts: &'a [Vec2]) -> Self {
        if verts.len() <= 4 {
            Self::inline(verts, 0.0)
        } else {
            Self {
                inline: [Vec2::ZERO; 4],
                len: 0,
                shared: verts,
                radius: 0.0,
            }
        }
    }

    /// A point of the set: its first vertex.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn anchor(&self) -> Vec2 {
        self.verts()[0]
    }

    /// Whether `p` lies in the set: exactly in the hull, or within the radius of it (compared
    /// squared).
    #[inline]
    pub(crate) fn contains(&self, p: Vec2) -> bool {
        let v = self.verts();
        hull_contains(v, p)
            || (self.radius > 0.0 && within(hull_closest_point(v, p), p, self.radius, 0.0))
    }

    /// The point of the set closest to `p` (finite): `p` itself when the set holds it. Out of
    /// the window, computed on the set and point scaled by a power of two (as the pair
    /// routines below).
    #[inline]
    pub(crate) fn closest_point(&self, p: Vec2) -> Vec2 {
        let far = |c: &Convex<'_>, p| c.closest_point_as_given(p);
        window::hull_point(self, p, far, window::unscaled_point)
            .unwrap_or_else(|| self.closest_point_as_given(p))
    }

    #[inline]
    fn closest_point_as_given(&self, p: Vec2) -> Vec2 {
        let v = self.verts();
        if hull_contains(v, p) {
            return p;
        }
        let q = hull_closest_point(v, p);
        let r = self.radius;
        if r == 0.0 {
            return q;
        }
        if within(q, p, r, 0.0) {
            return p;
        }
        toward(q, p, r, q.distance_squared(p))
    }

    /// The distance from `p` (finite) to the set: 0 exactly when [`Convex::contains`] holds,
    /// positive otherwise.
    #[inline]
    pub(crate) fn distance_to_point(&self, p: Vec2) -> Real {
        let far = |c: &Convex<'_>, p| c.distance_to_point_as_given(p);
        window::hull_point(self, p, far, window::unscaled_distance)
            .unwrap_or_else(|| self.distance_to_point_as_given(p))
    }

    #[inline]
    fn distance_to_point_as_given(&self, p: Vec2) -> Real {
        let v = self.verts();
        if hull_contains(v, p) {
            return 0.0;
        }
        let q = hull_closest_point(v, p);
        // Outside the hull, a squared distance that underflows to 0 is still apart when there
        // is no radius to cover it ([`Convex::contains`] holds no such point).
        let d = gap_between(q, p, self.radius, 0.0);
        if self.radius == 0.0 {
            d.max(Real::from_bits(1))
        } else {
            d
        }
    }
}

/// A shape the convex routines answer: its vertices and radius, `None` when invalid.
pub(crate) trait AsConvex {
    fn as_convex(&self) -> Option<Convex<'_>>;
}

impl AsConvex for Circle {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        self.is_usable()
            .then(|| Convex::point(self.center, self.radius))
    }
}

impl AsConvex for Capsule {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        self.is_usable()
            .then(|| Convex::segment(self.a, self.b, self.radius))
    }
}

impl AsConvex for Aabb {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        self.is_usable().then(|| Convex::rect(self.min, self.max))
    }
}

impl AsConvex for Obb {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        if !self.is_usable() {
            return None;
        }
        let corners = self.corners();
        // Finite fields can still overflow into infinite corners.
        corners
            .iter()
            .all(|c| c.is_finite())
            .then(|| Convex::quad(corners))
    }
}

impl AsConvex for Triangle {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        self.is_usable()
            .then(|| Convex::triangle(self.a, self.b, self.c))
    }
}

/// The closest pair of two sets from that of their hulls (which do not meet, closest points `p`
/// and `q`) and their radii: a common point at distance 0 when the squared distance is within
/// the squared sum of the radii (the middle of the stretch of `pq` both discs cover), otherwise
/// the points moved towards each other by the radii, at a positive distance.
pub(crate) fn rounded(p: Vec2, ra: Real, q: Vec2, rb: Real) -> ClosestPoints {
    let r = ra + rb;
    if r == 0.0 || !(p.is_finite() && q.is_finite()) {
        return apart(p, q);
    }
    let dd = p.distance_squared(q);
    if square_in_range(dd) && r < Real::INFINITY {
        rounded_at(p, ra, q, rb, dd)
    } else {
        rounded_cold(p, ra, q, rb)
    }
}

/// [`rounded`] for `dd = |p − q|²` in the normal range, or for a scaled offset whose radii's
/// sum brought to a largest magnitude in `[1, 2)` (where a `dd` below that range is within the
/// radii).
#[inline]
pub(crate) fn rounded_at(p: Vec2, ra: Real, q: Vec2, rb: Real, dd: Real) -> ClosestPoints {
    let r = ra + rb;
    if dd <= r * r {
        let d = ops::sqrt(dd);
        if !(d > 0.0) {
            return ClosestPoints::common(p);
        }
        // Measured from q towards p, disc q covers [−rb, rb] and disc p [d − ra, d + ra].
        let low = (-rb).max(d - ra);
        let high = rb.min(d + ra);
        return ClosestPoints::common(q + (p - q) * (((low + high) * 0.5) / d));
    }
    let d = ops::sqrt(dd);
    let n = (q - p) / d;
    ClosestPoints {
        a: p + n * ra,
        b: q - n * rb,
        distance: gap(dd, r),
    }
}

/// The distance from a point at squared distance `dd` from a set to the set grown by `r`,
/// for `dd > 0` known not to be within it: `√dd − r`, or without the cancellation
/// `(dd − r²) / (√dd + r)` where that rounds to 0, and at least the smallest positive number.
#[inline]
pub(crate) fn gap(dd: Real, r: Real) -> Real {
    let rr = r * r;
    if dd <= rr {
        return 0.0;
    }
    let d = ops::sqrt(dd);
    let g = d - r;
    let g = if g > 0.0 { g } else { (dd - rr) / (d + r) };
    g.max(Real::from_bits(1))
}

#[cfg(feature = "alloc")]
impl AsConvex for crate::d2::shape::ConvexPolygon {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        self.is_usable().then(|| Convex::polygon(self.vertices()))
    }
}
