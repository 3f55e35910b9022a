//! `Contact` between a [`Polyline`] and every convex shape, a ray, a line and a concave
//! [`Polygon`] (both orders) and [`Polyline::contacts`] (every segment within a margin), with
//! ghost vertices.
//!
//! Each segment's contact is the pair's (`Contact<Segment>`) or, within the margin, the closest
//! points. Then, as the 3D mesh removes internal edges (`query/contact/trimesh.rs`) and as
//! Box2D's chain shapes use their ghost vertices, the segment's feature the normal comes from
//! is read off the normal (the ends furthest along it: both the face, one that end). At an end
//! shared with exactly one other segment, the exact turn into that neighbour (the corner flags
//! built with the polyline) decides: where the chain continues flat, the normal becomes the
//! face normal, with the depth of the shape below the segment's line; where it bends towards
//! the shape, or bends away but the normal points into the neighbour (past its face normal),
//! there is no contact from this segment, since the shape touches the neighbour at the same
//! points and the neighbour reports them. So a shape on a chain of collinear segments meets the
//! same face normal over segments and shared vertices, while a step's corner keeps its corner
//! normals.

use crate::d2::query::algo::cast::unit_or;
use crate::d2::query::algo::polyline::PolylineShape;
use crate::d2::query::algo::segment_point::segment_direction;
use crate::d2::query::{Contact, ContactInfo, PolylineContact, mirror_contact};
use crate::d2::shape::{
    Aabb, Capsule, Circle, ConvexPolygon, LEFT, Line, Obb, Polygon, Polyline, RIGHT, Ray, Segment,
    Triangle,
};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::length;

/// Below this (relative to the segment's length) an end's height along a contact normal counts
/// as the furthest: a normal within about 0.06° of the face normal comes from the face.
const FEATURE_TOLERANCE: Real = 1.0 / 1024.0;

/// What becomes of a segment's contact, by the feature its normal comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Feature {
    /// A genuine corner (or a point): the normal stays.
    Active,
    /// The face, or an end where the chain continues flat: the face normal on the shape's side,
    /// with the depth below the segment's line.
    Face,
    /// An end whose neighbour touches the shape at the same points and reports them.
    Covered,
}

/// The contact of `shape` with `segment` (the pair's, else the closest points within
/// `margin`), normal from the segment towards the shape.
fn raw<S: PolylineShape + ?Sized>(
    shape: &S,
    segment: &Segment,
    margin: Real,
) -> Option<ContactInfo> {
    if let Some(c) = shape.touch(segment) {
        return Some(c);
    }
    let cp = shape.closest(segment);
    if !(margin > 0.0 && cp.distance <= margin && cp.distance > 0.0) {
        return None;
    }
    Some(ContactInfo {
        point: cp.b,
        normal: (cp.a - cp.b) / cp.distance,
        depth: -cp.distance,
    })
}

/// `b − a` of a segment, or a vector of the same direction where that difference overflows
/// (ends near `±Real::MAX`): the halves' difference.
pub(super) fn direction(segment: &Segment) -> Vec2 {
    segment_direction(segment.a, segment.b).0
}

/// `k` times a segment's length (`k <= 1/4`), finite for every segment of finite ends though
/// the length itself may exceed `Real::MAX` (even where `b − a` does not overflow: the length
/// of `(MAX, 1e36)` does). The difference is halved first; only a length that `k` takes into
/// the subnormals loses bits.
pub(super) fn segment_length_times(segment: &Segment, k: Real) -> Real {
    let (e, factor) = segment_direction(segment.a, segment.b);
    length((e * 0.5).extend(0.0)) * (2.0 * factor * k)
}

/// How far `segment` rises along the unit `n` from `a` to `b`, per unit of its length (the
/// sine of the angle between `n` and the segment's line, signed); 0 for a point. Taken from the
/// unit direction, not from the ends' heights `n · a` and `n · b`, which round to the same value
/// on a segment of subnormal length (a `1e-45`-long segment was level along every normal, its
/// corners taken for its face).
pub(super) fn rise(segment: &Segment, n: Vec2) -> Real {
    n.dot(unit_or(direction(segment), Vec2::ZERO))
}

/// The feature of segment `i` the contact normal `n` comes from, judged by the corner flags of
/// its ends on the shape's side and the direction on into the neighbour.
pub(super) fn feature(polyline: &Polyline, i: u32, segment: &Segment, n: Vec2) -> Feature {
    let u = unit_or(direction(segment), Vec2::ZERO);
    if u == Vec2::ZERO {
        return Feature::Active;
    }
    let rise = n.dot(u);
    if rise.abs() <= FEATURE_TOLERANCE {
        return Feature::Face;
    }
    // The end furthest along `n`.
    let k = usize::from(rise > 0.0);
    let (mine, other) = if u.perp().dot(n) >= 0.0 {
        (LEFT, RIGHT)
    } else {
        (RIGHT, LEFT)
    };
    let flags = polyline.corners(i)[k];
    if flags & mine != 0 {
        let end = if k == 0 { segment.a } else { segment.b };
        // A convex corner: genuine, unless the normal points on into the neighbour, whose
        // face then holds the closest points.
        match polyline.neighbour_end(i, k) {
            Some(c) if n.dot(unit_or(segment_direction(end, c).0, Vec2::ZERO)) > 0.0 => {
                Feature::Covered
            }
            _ => Feature::Active,
        }
    } else if flags & other == 0 {
        Feature::Face
    } else {
        Feature::Covered
    }
}

/// The face normal of `segment` on the side of the shape's centre (the shallower push; the
/// side of `n` on a tie), so that every segment of a straight run agrees, with the depth of the
/// shape below the segment's line along it.
pub(super) fn face<S: PolylineShape + ?Sized>(
    segment: &Segment,
    shape: &S,
    n: Vec2,
) -> (Vec2, Real) {
    let unit = unit_or(direction(segment).perp(), n);
    let unit = if unit.dot(n) >= 0.0 { unit } else { -unit };
    let (lo, hi) = shape.span(unit);
    let h = unit.dot(segment.a);
    // A line across the segment's line spans it all: no side, and no push separates.
    if 0.5 * lo + 0.5 * hi < h {
        (-unit, hi - h)
    } else {
        (unit, h - lo)
    }
}

/// The contact of the valid `shape` with segment `i` within `margin`, ghost vertices applied;
/// and the contact before them (for [`deepest`]'s fallback).
fn segment_contact<S: PolylineShape + ?Sized>(
    polyline: &Polyline,
    shape: &S,
    i: u32,
    margin: Real,
) -> Option<(Option<PolylineContact>, ContactInfo)> {
    let segment = polyline.segment(i);
    let c = raw(shape, &segment, margin)?;
    let kept = match feature(polyline, i, &segment, c.normal) {
        Feature::Active => Some(PolylineContact {
            segment: i,
            point: c.point,
            normal: c.normal,
            depth: c.depth,
        }),
        Feature::Covered => None,
        Feature::Face => {
            let (normal, depth) = face(&segment, shape, c.normal);
            (depth >= -margin).then_some(PolylineContact {
                segment: i,
                point: c.point,
                normal,
                depth,
            })
        }
    };
    Some((kept, c))
}

impl Polyline {
    /// Calls `f` with the contact of `shape` with every segment it touches or comes within
    /// `margin` of (`depth < 0` is a gap): the segment's index, a point, the normal from the
    /// segment towards the shape and the depth, with ghost vertices: at a vertex shared with
    /// exactly one other segment, a normal from the vertex never points into a neighbour where
    /// the chain continues flat or convexly (it becomes the face normal where the chain is
    /// straight, and is left to the neighbour otherwise), so a shape sliding along a chain of
    /// collinear segments meets only the face normal. In no particular order. Nothing for an
    /// invalid shape or a negative or NaN margin.
    ///
    /// ```
    /// use isect::d2::{Circle, Polyline};
    /// use isect::math::Vec2;
    /// // A straight floor of three segments; the ball sits on the shared vertex at x = 1.
    /// let floor = Polyline::chain(vec![
    ///     Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0), Vec2::new(5.0, 0.0),
    /// ]).unwrap();
    /// let ball = Circle::new(Vec2::new(1.0, 0.5), 1.0);
    /// let mut normals = vec![];
    /// floor.contacts(&ball, 0.0, |c| normals.push((c.segment, c.normal, c.depth)));
    /// normals.sort_by_key(|c| c.0);
    /// assert_eq!(normals, [(0, Vec2::Y, 0.5), (1, Vec2::Y, 0.5)]);
    /// ```
    pub fn contacts<S: PolylineShape + ?Sized>(
        &self,
        shape: &S,
        margin: Real,
        mut f: impl FnMut(PolylineContact),
    ) {
        if !(margin >= 0.0) {
            return;
        }
        let Some(probe) = shape.probe(margin) else {
            return;
        };
        probe.any(self, |i| {
            if let Some((Some(c), _)) = segment_contact(self, shape, i, margin) {
                f(c);
            }
            false
        });
    }
}

/// The deepest contact of the valid `shape` with the polyline, ghost vertices applied (lowest
/// segment index among equal depths); where they leave none of the segments the shape meets
/// (a corner case of rounding), the deepest contact before them, so that a contact exists
/// exactly when `Intersects` says they meet. With the segment it comes from.
pub(super) fn deepest_of<S: PolylineShape + ?Sized>(
    polyline: &Polyline,
    shape: &S,
) -> Option<(u32, ContactInfo)> {
    let probe = shape.probe(0.0)?;
    let mut best: Option<PolylineContact> = None;
    let mut fallback: Option<(u32, ContactInfo)> = None;
    probe.any(polyline, |i| {
        if let Some((kept, c)) = segment_contact(polyline, shape, i, 0.0) {
            if let Some(k) = kept.filter(|k| {
                best.is_none_or(|b| {
                    k.depth > b.depth || (k.depth == b.depth && k.segment < b.segment)
                })
            }) {
                best = Some(k);
            }
            if fallback.is_none_or(|(j, b)| c.depth > b.depth || (c.depth == b.depth && i < j)) {
                fallback = Some((i, c));
            }
        }
        false
    });
    match best {
        Some(b) => Some((
            b.segment,
            ContactInfo {
                point: b.point,
                normal: b.normal,
                depth: b.depth.max(0.0),
            },
        )),
        None => fallback,
    }
}

/// [`deepest_of`] without the segment.
fn deepest<S: PolylineShape + ?Sized>(polyline: &Polyline, shape: &S) -> Option<ContactInfo> {
    deepest_of(polyline, shape).map(|(_, c)| c)
}

/// Implements `Contact<Polyline> for $shape` and the mirror.
macro_rules! polyline_contact {
    ($shape:ty) => {
        impl Contact<Polyline> for $shape {
            /// The deepest contact of the shape with a segment of the polyline, ghost vertices
            /// applied as in [`Polyline::contacts`]: normal from the polyline towards the
            /// shape. `None` when they do not meet, and for an invalid shape.
            #[inline]
            fn contact(&self, other: &Polyline) -> Option<ContactInfo> {
                deepest(other, self)
            }
        }
        mirror_contact!($shape, Polyline);
    };
}

polyline_contact!(Circle);
polyline_contact!(Aabb);
polyline_contact!(Obb);
polyline_contact!(Capsule);
polyline_contact!(Triangle);
polyline_contact!(Segment);
polyline_contact!(ConvexPolygon);
polyline_contact!(Polygon);
polyline_contact!(Ray);
polyline_contact!(Line);
