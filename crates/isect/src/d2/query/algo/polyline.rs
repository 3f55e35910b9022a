//! What the polyline queries need of a shape, and the walks they share: every query against a
//! [`Polyline`] runs the shape's own query with each candidate segment that the BVH walk
//! reaches, so the pair semantics (closed sets, exact overlap, degenerate shapes as what they
//! are) carry over unchanged. The walk asks the shape's [`Probe`](sealed::Probe) which nodes it
//! may reach: a box for a bounded shape, the points themselves for a ray or a line (its tests
//! in `polyline_probe.rs`).

use core::cell::Cell;

use crate::d2::query::Bounded;
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::algo::window::normalized_dir;
use crate::d2::query::{
    ClosestPoints, Contact, ContactInfo, Distance, Intersects, Sweep, SweepHit,
};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Polyline, Ray, Segment, Triangle,
};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::TINY_SQUARE;

/// A shape that meets a [`Polyline`] through the query traits and its methods
/// ([`Polyline::sweep_segment`], [`Polyline::contacts`]): [`Circle`], [`Aabb`], [`Obb`],
/// [`Capsule`], [`Triangle`], [`ConvexPolygon`], [`Polygon`], [`Segment`], [`Ray`] and [`Line`].
/// Sealed: the polyline queries need each shape's queries with a segment and its extent along a
/// direction.
pub trait PolylineShape: sealed::Touch {}

pub(crate) mod sealed {
    use crate::d2::query::{ClosestPoints, ContactInfo, SweepHit};
    use crate::d2::shape::Segment;
    use crate::math::{Real, Vec2};

    /// Where a shape may be, for the walks: a box (a bounded shape's, grown by a margin), or a
    /// ray's or a line's points with a margin around them.
    #[derive(Clone, Copy, Debug)]
    pub enum Probe {
        /// The box `min..max`.
        Box(Vec2, Vec2),
        /// The points within `margin` of the ray `origin + t dir` (`t >= 0`; every `t` for a
        /// line).
        Ray {
            /// The ray's origin.
            origin: Vec2,
            /// Its direction.
            dir: Vec2,
            /// How far around it.
            margin: Real,
            /// A line: both ways.
            line: bool,
        },
    }

    /// What the polyline's overlap, distance and sweep queries need of a shape.
    pub trait Piece {
        /// Where the valid shape may be, grown by `margin`; `None` for an invalid shape.
        fn probe(&self, margin: Real) -> Option<Probe>;
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
    }

    /// What the polyline's contacts need of a shape besides.
    pub trait Touch: Piece {
        /// The least and the greatest `n · p` over the shape's points `p` (infinite where an
        /// unbounded shape goes on along `n`).
        fn span(&self, n: Vec2) -> (Real, Real);
        /// The contact with `segment` (normal from the segment towards the shape).
        fn touch(&self, segment: &Segment) -> Option<ContactInfo>;
    }
}

pub(crate) use sealed::{Piece, Probe};

/// Implements the pair queries of [`sealed::Piece`] through the shape's queries with
/// [`Segment`], with `$usable` and `$probe` as given.
macro_rules! piece {
    ($shape:ty, $usable:expr, $probe:expr) => {
        impl sealed::Piece for $shape {
            #[inline]
            fn probe(&self, margin: Real) -> Option<Probe> {
                if !$usable(self) {
                    return None;
                }
                $probe(self, margin)
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
        }
    };
}

/// Implements [`PolylineShape`] for a shape through its pair queries with [`Segment`].
macro_rules! polyline_shape {
    ($shape:ty, $probe:expr, $span:expr) => {
        piece!($shape, |s: &$shape| s.is_usable(), $probe);
        impl sealed::Touch for $shape {
            #[inline]
            fn span(&self, n: Vec2) -> (Real, Real) {
                $span(self, n)
            }
            #[inline]
            fn touch(&self, segment: &Segment) -> Option<ContactInfo> {
                Contact::<Segment>::contact(self, segment)
            }
        }
        impl PolylineShape for $shape {}
    };
}

/// The probe of a bounded shape: its box, grown.
fn boxed<S: Bounded>(shape: &S, margin: Real) -> Option<Probe> {
    reach(shape.aabb(), margin).map(|(lo, hi)| Probe::Box(lo, hi))
}

/// The probe of a ray (`line` false) or a line, its direction brought into `[1, 2)` by a power
/// of two (the same points; [`Probe::gap_squared`] divides by its square).
fn linear(origin: Vec2, dir: Vec2, margin: Real, line: bool) -> Option<Probe> {
    Some(Probe::Ray {
        origin,
        dir: normalized_dir(dir),
        margin,
        line,
    })
}

polyline_shape!(Circle, boxed, convex_span);
polyline_shape!(Aabb, boxed, convex_span);
polyline_shape!(Obb, boxed, convex_span);
polyline_shape!(Capsule, boxed, convex_span);
polyline_shape!(Triangle, boxed, convex_span);
polyline_shape!(Segment, boxed, convex_span);
polyline_shape!(ConvexPolygon, boxed, convex_span);
polyline_shape!(
    Ray,
    |r: &Ray, m| linear(r.origin, r.dir, m, false),
    |r: &Ray, n: Vec2| linear_span(r.origin, r.dir, n, false)
);
polyline_shape!(
    Line,
    |l: &Line, m| linear(l.origin, l.dir, m, true),
    |l: &Line, n: Vec2| linear_span(l.origin, l.dir, n, true)
);
// A `Polygon` is valid by construction; its span is its corners' (the extremes of a polygon
// along a direction are corners, concave or not).
piece!(Polygon, |_: &Polygon| true, boxed);
impl sealed::Touch for Polygon {
    #[inline]
    fn span(&self, n: Vec2) -> (Real, Real) {
        self.points()
            .iter()
            .fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), p| {
                let h = n.dot(*p);
                (lo.min(h), hi.max(h))
            })
    }
    #[inline]
    fn touch(&self, segment: &Segment) -> Option<ContactInfo> {
        Contact::<Segment>::contact(self, segment)
    }
}
impl PolylineShape for Polygon {}

/// The least and the greatest `n · p` over the points `p` of the shape, radius included.
fn convex_span<S: AsConvex>(shape: &S, n: Vec2) -> (Real, Real) {
    let Some(c) = shape.as_convex() else {
        return (Real::NEG_INFINITY, Real::INFINITY);
    };
    let (lo, hi) = c
        .verts()
        .iter()
        .fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), p| {
            let h = n.dot(*p);
            (lo.min(h), hi.max(h))
        });
    (lo - c.radius, hi + c.radius)
}

/// The span of a ray (`line` false) or a line along `n`: unbounded on the side its direction
/// goes to (both for a line), unless it runs across `n` exactly. The direction is taken at a
/// largest coordinate in `[1, 2)` (the same set): a subnormal one's products with `n` rounded
/// to 0 and made it run across every `n`.
fn linear_span(origin: Vec2, dir: Vec2, n: Vec2, line: bool) -> (Real, Real) {
    let (h, along) = (n.dot(origin), n.dot(normalized_dir(dir)));
    match (along, line) {
        (0.0, _) => (h, h),
        (_, true) => (Real::NEG_INFINITY, Real::INFINITY),
        (a, false) if a > 0.0 => (h, Real::INFINITY),
        _ => (Real::NEG_INFINITY, h),
    }
}

/// The shape's box grown by `margin` and a few ulps, so that a touch the pair query accepts
/// (a circle's box rounded inwards) is never cut off by the walk; `None` for an invalid box
/// (NaN, or empty). A valid shape's box may reach past the float range (a circle of radius
/// `Real::MAX`): its infinite sides bound nothing, as they should.
#[inline]
pub(crate) fn reach(bounds: Aabb, margin: Real) -> Option<(Vec2, Vec2)> {
    if !bounds.min.cmple(bounds.max).all() {
        return None;
    }
    let slack = |p: Vec2| p.abs() * (4.0 * Real::EPSILON) + margin;
    Some((
        bounds.min - slack(bounds.min),
        bounds.max + slack(bounds.max),
    ))
}

/// Whether a segment of `polyline` meets the valid `shape`.
pub(crate) fn meets<S: Piece + ?Sized>(polyline: &Polyline, shape: &S) -> bool {
    shape
        .probe(0.0)
        .is_some_and(|p| p.any(polyline, |i| shape.meets(&polyline.segment(i))))
}

/// The closest points of `shape` (`a`) and `polyline` (`b`) by a nearest-first walk pruned by
/// the best distance so far, and the segment that gave them (the lowest index among equals);
/// `None` for an invalid shape.
pub(crate) fn closest<S: Piece + ?Sized>(
    polyline: &Polyline,
    shape: &S,
) -> Option<(u32, ClosestPoints)> {
    closest_within(polyline, shape, Real::INFINITY)
}

/// [`closest`] among the segments whose boxes lie within the squared distance `limit` of the
/// shape's probe: `None` also when none does.
pub(crate) fn closest_within<S: Piece + ?Sized>(
    polyline: &Polyline,
    shape: &S,
    limit: Real,
) -> Option<(u32, ClosestPoints)> {
    let probe = shape.probe(0.0)?;
    let best: Cell<Option<(u32, ClosestPoints)>> = Cell::new(None);
    let bound = |b: Option<(u32, ClosestPoints)>| b.map_or(limit, |(_, b)| prune_bound(b.distance));
    polyline.walk(
        |n| {
            let d2 = probe.gap_squared(n.min, n.max);
            (d2 <= bound(best.get())).then_some(d2)
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

/// The squared distance beyond which a node's box cannot hold a pair as close as `distance`
/// (the best so far): a little over its square, as a box at the best distance within rounding
/// may hold an equal pair with a lower index, and at least `TINY_SQUARE`, below which squares
/// are too coarse to prune by (they round on the subnormal grid). `+∞` where the square
/// overflows: nothing is pruned then.
#[inline]
pub(crate) fn prune_bound(distance: Real) -> Real {
    (distance * distance * (1.0 + 16.0 * Real::EPSILON)).max(TINY_SQUARE)
}

/// The sweep of the valid `shape` (moving by `motion`) against `polyline` (moving by
/// `other_motion`): the first contact over the segments (lowest index among equal times, which
/// is returned with it) and the last time of overlap with any. `None` when no segment is met,
/// and for invalid input.
pub(crate) fn sweep<S: Piece + ?Sized>(
    shape: &S,
    motion: Vec2,
    polyline: &Polyline,
    other_motion: Vec2,
) -> Option<(u32, SweepHit)> {
    if !(motion.is_finite() && other_motion.is_finite()) {
        return None;
    }
    let probe = shape.probe(0.0)?;
    let v = motion - other_motion;
    let mut best: Option<(u32, SweepHit)> = None;
    let mut t_last = 0.0;
    polyline.walk(
        |n| probe.entry(n.min, n.max, v, 1.0),
        |i| {
            let s = polyline.segment(i);
            if probe.entry(s.a.min(s.b), s.a.max(s.b), v, 1.0).is_none() {
                return false;
            }
            if let Some(h) = shape.sweep_against(motion, &s, other_motion) {
                t_last = h.t_last.max(t_last);
                if best
                    .is_none_or(|(j, b)| h.t_first < b.t_first || (h.t_first == b.t_first && i < j))
                {
                    best = Some((i, h));
                }
            }
            false
        },
    );
    best.map(|(i, h)| (i, SweepHit { t_last, ..h }))
}
