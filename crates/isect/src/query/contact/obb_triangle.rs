//! Contact and contact manifold of an oriented box with a triangle.
//!
//! The box–triangle contact of both box types is here ([`box_with_triangle`]): the least overlap
//! over Akenine-Möller's 13 axes, then the triangle clipped by the box.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::contact_patch::Patch;
use crate::query::algo::least_overlap::{AxisSearch, NoFeature, unit_axis};
use crate::query::algo::moving_sat::points_interval;
use crate::query::algo::polygon_clip::Poly;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::obb_capsule::box_segment;
use crate::query::contact::{common_point, degenerate_segment};
use crate::query::{
    Contact, ContactInfo, ContactManifold, Distance, Intersects, mirror_contact, mirror_manifold,
};
use crate::shape::{Obb, Triangle};

impl Contact<Triangle> for Obb {
    /// The least overlap over the 13 axes of Akenine-Möller's box–triangle test (the box's
    /// faces, the triangle's normal, the box's axes crossed with the edges; face axes preferred
    /// unless an edge axis is clearly smaller), the triangle a flat two-sided solid: normal from
    /// the triangle towards the box. The point is a point of both: the middle of the deepest
    /// corners of the triangle clipped by the box. Touching (as `intersects` decides) gives
    /// depth 0; a degenerate triangle is the segment or point it is (as a capsule core of radius
    /// 0, see the capsule contact). `None` when apart and for invalid input.
    fn contact(&self, other: &Triangle) -> Option<ContactInfo> {
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Triangle> for Obb {
    /// Up to four corners of the triangle clipped by the box (their common part), each with the
    /// box's extent below it along the normal of [`Contact`]. Empty when apart and for invalid
    /// input.
    fn contact_manifold(&self, other: &Triangle) -> Manifold {
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn patch(b: &Obb, t: &Triangle) -> Option<Patch> {
    if !(b.is_usable() && t.is_usable()) {
        return None;
    }
    box_with_triangle(b, &BoxFrame::from_obb(b), t, || b.intersects(t))
}

/// The contact patch of a box (as `frame`, valid) with a triangle `t` (valid): the 13 axes of
/// [`box_triangle`] for a proper triangle, or the segment it is for a degenerate one. `meet` is
/// the box's exact overlap test with `t`; the common point falls back on their closest points.
pub(crate) fn box_with_triangle<B: Distance<Triangle>>(
    b: &B,
    frame: &BoxFrame,
    t: &Triangle,
    meet: impl FnOnce() -> bool,
) -> Option<Patch> {
    match t.normal() {
        Some(n) => box_triangle(frame, t.vertices(), n, meet, || common_point(b, t)),
        None => {
            let s = degenerate_segment(t.vertices());
            box_segment(frame, s.a, s.b, 0.0)
        }
    }
}

/// The contact of a box (`self`) with a proper triangle of unit normal `tn` that meet (by the
/// caller's exact test `meet`): the 13 axes of Akenine-Möller's test, the triangle a flat solid.
/// The points are the triangle clipped by the box, which is the whole common part, each with the
/// box's extent below it along the normal. `fallback` gives a common point when clipping finds
/// none (shapes that touch within rounding).
// Algorithm (Akenine-Möller's 13 axes, as a least-overlap search):
// 1. Face axes: the triangle's normal, then the box's three axes; the least overlap is kept,
//    and the search stops at the first axis that separates.
// 2. Edge axes: each box axis crossed with each triangle edge, nearly parallel pairs skipped,
//    each with the rounding noise of its overlap.
// 3. The contact axis: the best face axis unless an edge axis is clearly smaller; an axis that
//    separated leaves depth 0 along it if the exact test `meet` finds them touching, else no
//    contact.
// 4. The points: the triangle clipped by the box grown by the rounding tolerance (all of their
//    common part, since the triangle is flat), each with the box's extent below it along the
//    normal; the caller's common point when clipping leaves nothing.
fn box_triangle(
    a: &BoxFrame,
    tri: [Vec3; 3],
    tn: Vec3,
    meet: impl FnOnce() -> bool,
    fallback: impl FnOnce() -> Vec3,
) -> Option<Patch> {
    let mut search = AxisSearch::new();
    let tri_scale = tri
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0, Real::max);
    let scale = a.scale().max(tri_scale);
    let mut clear = search.axis(
        tn,
        a.interval(tn),
        points_interval(&tri, tn),
        true,
        NoFeature,
    );
    for l in a.axes {
        clear = clear && search.axis(l, a.interval(l), points_interval(&tri, l), true, NoFeature);
    }
    let edges = [tri[1] - tri[0], tri[2] - tri[1], tri[0] - tri[2]];
    let longest = edges
        .iter()
        .map(|e| e.abs().max_element())
        .fold(0.0, Real::max);
    if clear {
        'edges: for e in edges {
            for axis in a.axes {
                if let Some((l, len)) = unit_axis(axis.cross(e), longest * longest) {
                    let noise = 4.0 * Real::EPSILON * scale * longest / len;
                    let (ia, ib) = (a.interval(l), points_interval(&tri, l));
                    if !search.axis_with_noise(l, ia, ib, Some(noise), NoFeature) {
                        break 'edges;
                    }
                }
            }
        }
    }
    let tol = ON_SET_TOLERANCE * scale;
    let best = search.result(meet, NoFeature)?;
    let n = best.normal;
    let mut patch = Patch::new(n, best.depth, tol);
    let mut poly = Poly::new(&tri);
    a.clip(&mut poly, tol);
    for &p in poly.points() {
        patch.push(p, a.exit(p, -n));
    }
    if patch.len == 0 {
        let p = fallback();
        patch.push(p, a.exit(p, -n));
    }
    Some(patch)
}

mirror_contact!(Obb, Triangle);
mirror_manifold!(Obb, Triangle);
