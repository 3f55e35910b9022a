//! What the polyline queries need of a convex shape, and the walks they share: every query
//! against a [`Polyline`] runs the shape's own query with each candidate segment that the BVH
//! walk reaches, so the pair semantics (closed sets, exact overlap, degenerate shapes as what
//! they are) carry over unchanged.

use core::cell::Cell;

use crate::d2::query::Bounded;
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{
    ClosestPoints, Contact, ContactInfo, Distance, Intersects, Sweep, SweepHit,
};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, Obb, Polyline, Segment, Triangle, box_distance_squared,
};
use crate::math::{Real, Vec2};

/// A convex shape that meets a [`Polyline`] through the query traits and its methods
/// ([`Polyline::sweep_segment`], [`Polyline::contacts`]): [`Circle`], [`Aabb`], [`Obb`],
/// [`Capsule`], [`Triangle`], [`ConvexPolygon`] and [`Segment`]. Sealed: the polyline queries
/// need each shape's queries with a segment and its extent along a direction.
pub trait PolylineShape: sealed::Piece {}

pub(crate) mod sealed {
    use crate::d2::query::{ClosestPoints, ContactInfo, SweepHit};
    use crate::d2::shape::{Aabb, Segment};
    use crate::math::{Real, Vec2};

    /// What the polyline queries need of a convex shape.
    pub trait Piece {
        /// Whether the shape is valid (its `is_usable`).
        fn usable(&self) -> bool;
        /// The shape's bounding box.
        fn bounds(&self) -> Aabb;
        /// A point and the shape's half extent `r` along the unit `n` about it: the shape spans
        /// `n · point ± r` along `n`.
        fn extent(&self, n: Vec2) -> (Vec2, Real);
        /// Whether the shape meets `segment`.
        fn meets(&self, segment: &Segment) -> bool;
        /// The closest points, `a` on the shape and `b` on `segment`.
        fn closest(&self, segment: &Segment) -> ClosestPoints;
        /// The sweep of the shape moving by `motion` against `segment` moving by
        /// `other_motion` (normal from the segment towards the shape).
        fn sweep_against(
            &self,
            motion: Vec2,
            segment: &Segment,
            other_motion: Vec2,
        ) -> Option<SweepHit>;
        /// The contact with `segment` (normal from the segment towards the shape).
        fn touch(&self, segment: &Segment) -> Option<ContactInfo>;
    }
}

/// Implements [`PolylineShape`] for a shape through its pair queries with [`Segment`].
macro_rules! piece {
    ($shape:ty) => {
        impl sealed::Piece for $shape {
            #[inline]
            fn usable(&self) -> bool {
                self.is_usable()
            }
            #[inline]
            fn bounds(&self) -> Aabb {
                Bounded::aabb(self)
            }
            #[inline]
            fn extent(&self, n: Vec2) -> (Vec2, Real) {
                convex_extent(self, n)
            }
            #[inline]
            fn meets(&self, segment: &Segment) -> bool {
                Intersects::<Segment>::intersects(self, segment)
            }
            #[inline]
            fn closest(&self, segment: &Segment) -> ClosestPoints {
                Distance::<Segment>::closest_points(self, segment)
            }
            #[inline]
            fn sweep_against(
                &self,
                motion: Vec2,
                segment: &Segment,
                other_motion: Vec2,
            ) -> Option<SweepHit> {
                Sweep::<Segment>::sweep(self, motion, segment, other_motion)
            }
            #[inline]
            fn touch(&self, segment: &Segment) -> Option<ContactInfo> {
                Contact::<Segment>::contact(self, segment)
            }
        }
        impl PolylineShape for $shape {}
    };
}

piece!(Circle);
piece!(Aabb);
piece!(Obb);
piece!(Capsule);
piece!(Triangle);
piece!(Segment);
piece!(ConvexPolygon);

/// A point of the shape's hull and its half extent along the unit `n`, radius included.
fn convex_extent<S: AsConvex>(shape: &S, n: Vec2) -> (Vec2, Real) {
    let Some(c) = shape.as_convex() else {
        return (crate::d2::NO_POINT, Real::INFINITY);
    };
    let v = c.verts();
    let (lo, hi) = v
        .iter()
        .fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), p| {
            let h = n.dot(*p);
            (lo.min(h), hi.max(h))
        });
    let mid = 0.5 * (lo + hi);
    (v[0] + n * (mid - n.dot(v[0])), 0.5 * (hi - lo) + c.radius)
}

/// The shape's box grown by `margin` and a few ulps, so that a touch the pair query accepts
/// (a circle's box rounded inwards) is never cut off by the walk; `None` for an invalid box.
#[inline]
pub(crate) fn reach(bounds: Aabb, margin: Real) -> Option<(Vec2, Vec2)> {
    if !bounds.is_usable() {
        return None;
    }
    let slack = |p: Vec2| p.abs() * (4.0 * Real::EPSILON) + margin;
    Some((
        bounds.min - slack(bounds.min),
        bounds.max + slack(bounds.max),
    ))
}

/// Whether a segment of `polyline` meets the valid `shape`.
pub(crate) fn meets<S: PolylineShape + ?Sized>(polyline: &Polyline, shape: &S) -> bool {
    if !shape.usable() {
        return false;
    }
    let Some((lo, hi)) = reach(shape.bounds(), 0.0) else {
        return false;
    };
    polyline.any_in_box(lo, hi, |i| shape.meets(&polyline.segment(i)))
}

/// The closest points of `shape` (`a`) and `polyline` (`b`) by a nearest-first walk pruned by
/// the best distance so far, and the segment that gave them (the lowest index among equals);
/// `None` for an invalid shape.
pub(crate) fn closest<S: PolylineShape + ?Sized>(
    polyline: &Polyline,
    shape: &S,
) -> Option<(u32, ClosestPoints)> {
    if !shape.usable() {
        return None;
    }
    let (lo, hi) = reach(shape.bounds(), 0.0)?;
    let best: Cell<Option<(u32, ClosestPoints)>> = Cell::new(None);
    polyline.walk(
        |n| {
            let d2 = box_distance_squared(n, lo, hi);
            // A little over the best squared distance: a box at the best distance within
            // rounding may hold an equal pair with a lower index.
            best.get()
                .is_none_or(|(_, b)| d2 <= b.distance * b.distance * (1.0 + 16.0 * Real::EPSILON))
                .then_some(d2)
        },
        |i| {
            let cp = shape.closest(&polyline.segment(i));
            if best.get().is_none_or(|(j, b)| {
                cp.distance < b.distance || (cp.distance == b.distance && i < j)
            }) {
                best.set(Some((i, cp)));
            }
            false
        },
    );
    best.get()
}
