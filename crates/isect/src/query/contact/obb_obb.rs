//! Contact and contact manifold of two oriented boxes.

//!
//! The box–box contact of every box pair is here ([`box_box`]): the least overlap over the 15
//! separating axes, then the incident face clipped by the reference box.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::contact_patch::Patch;
use crate::query::algo::least_overlap::AxisSearch;
use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::moving_sat::MIN_AXIS_SQUARED;
use crate::query::algo::polygon_clip::Poly;
use crate::query::contact::manifold::Manifold;
use crate::query::contact::{common_point, precedes};
use crate::query::{Contact, ContactInfo, ContactManifold, Intersects};
use crate::shape::Obb;

impl Contact<Obb> for Obb {
    /// The least overlap over the 15 axes of the box–box separating-axis test (Gottschalk et
    /// al. 1996; face axes preferred to edge–edge axes unless those are clearly smaller), normal
    /// from `other` towards `self`; the point is a point of both boxes: the middle of the
    /// deepest points of the incident face clipped by the reference box (Sutherland–Hodgman),
    /// or of the crossing edges' closest points. Computed in one fixed order of the pair, so
    /// swapping the boxes flips the normal exactly. Touching (as `intersects` decides) gives
    /// depth 0; flat boxes are the rectangles they are. `None` when apart and for invalid input.
    ///
    /// ```
    /// use isect::{Contact, Obb, glam::{Quat, Vec3}};
    /// let a = Obb::from_quat(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY);
    /// let b = Obb::from_quat(Vec3::new(0.0, 1.5, 0.0), Vec3::ONE, Quat::from_rotation_y(0.3));
    /// let c = b.contact(&a).unwrap();
    /// assert!((c.depth - 0.5).abs() < 1e-6 && c.normal.abs_diff_eq(Vec3::Y, 1e-6));
    /// ```
    fn contact(&self, other: &Obb) -> Option<ContactInfo> {
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Obb> for Obb {
    /// Up to four points of both boxes on the contact normal of [`Contact`]: the incident face
    /// clipped by the reference box, reduced to the deepest point, the farthest from it and the
    /// two spanning the largest area; one point for an edge–edge contact. Empty when apart and
    /// for invalid input.
    fn contact_manifold(&self, other: &Obb) -> Manifold {
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn key(b: &Obb) -> [Real; 15] {
    let (c, h, r) = (b.center, b.half_extents, b.rotation);
    [
        c.x, c.y, c.z, h.x, h.y, h.z, r.x_axis.x, r.x_axis.y, r.x_axis.z, r.y_axis.x, r.y_axis.y,
        r.y_axis.z, r.z_axis.x, r.z_axis.y, r.z_axis.z,
    ]
}

fn patch(a: &Obb, b: &Obb) -> Option<Patch> {
    if !(a.is_usable() && b.is_usable()) {
        return None;
    }
    if precedes(key(b), key(a)) {
        return ordered(b, a).map(Patch::flipped);
    }
    ordered(a, b)
}

fn ordered(a: &Obb, b: &Obb) -> Option<Patch> {
    box_box(
        &BoxFrame::from_obb(a),
        &BoxFrame::from_obb(b),
        || a.intersects(b),
        || common_point(a, b),
    )
}

/// Which features give the box–box contact axis.
#[derive(Clone, Copy, Debug)]
enum BoxFeature {
    /// A face of `self` (the reference face); the normal is that axis.
    FaceA,
    /// A face of `other`.
    FaceB,
    /// Edge `i` of `self` against edge `j` of `other`.
    Edges(usize, usize),
}

/// The contact of two boxes that meet (by the caller's exact test, `meet`): the patch with the
/// normal from `b` towards `a`, or `None` when they are apart. `fallback` gives a common point
/// when clipping finds none (boxes that touch within rounding).
// Algorithm:
// 1. Face axes: both boxes projected on each axis of `a`, then of `b`; the least overlap is
//    kept, and the search stops at the first axis that separates.
// 2. Edge axes: the nine cross products of an axis of `a` with one of `b`, nearly parallel
//    pairs skipped, each with the rounding noise of its overlap (it grows as the cross product
//    shortens).
// 3. The contact axis: the best face axis unless an edge axis is smaller beyond its noise and
//    EDGE_PREFERENCE. An axis that separated leaves depth 0 along it if the exact test `meet`
//    finds the boxes touching, else no contact.
// 4. The points, by the features of that axis:
//    - a face: the other box's face that looks most against the normal (the incident face),
//      clipped by the reference box grown by the rounding tolerance; when nothing is left
//      (boxes that touch at a corner within rounding), the reference face clipped the other
//      way round;
//    - two edges: the middle of the edges' closest points when it lies in both boxes, else the
//      incident face of the best face axis, as above.
//    Each point's depth is how far `a` extends below it along the normal plus how far `b`
//    extends above it.
// 5. No point at all (boxes touching within rounding): the caller's common point.
pub(crate) fn box_box(
    a: &BoxFrame,
    b: &BoxFrame,
    meet: impl FnOnce() -> bool,
    fallback: impl FnOnce() -> Vec3,
) -> Option<Patch> {
    let mut search = AxisSearch::new();
    let scale = a.scale().max(b.scale());
    let mut clear = true;
    for l in a.axes {
        clear &= search.axis(l, a.interval(l), b.interval(l), true, BoxFeature::FaceA);
        if !clear {
            break;
        }
    }
    if clear {
        for l in b.axes {
            clear &= search.axis(l, a.interval(l), b.interval(l), true, BoxFeature::FaceB);
            if !clear {
                break;
            }
        }
    }
    if clear {
        'edges: for (i, ea) in a.axes.iter().enumerate() {
            for (j, eb) in b.axes.iter().enumerate() {
                let l = ea.cross(*eb);
                let ll = l.length_squared();
                if !(ll > MIN_AXIS_SQUARED) {
                    continue;
                }
                let len = crate::ops::sqrt(ll);
                let l = l / len;
                let noise = 4.0 * Real::EPSILON * scale / len;
                let (ia, ib) = (a.interval(l), b.interval(l));
                if !search.axis_with_noise(l, ia, ib, Some(noise), BoxFeature::Edges(i, j)) {
                    break 'edges;
                }
            }
        }
    }
    let tol = ON_SET_TOLERANCE * scale;
    let best = search.result(meet, BoxFeature::FaceA)?;
    let n = best.normal;
    let mut patch = Patch::new(n, best.depth, tol);
    // Per point: how far `a` extends below it along −n, and `b` above it along +n.
    let depth_at = |p: Vec3| a.exit(p, -n) + b.exit(p, n);
    let add_clipped = |patch: &mut Patch, mut poly: Poly, clipper: &BoxFrame| {
        clipper.clip(&mut poly, tol);
        for &p in poly.points() {
            patch.push(p, depth_at(p));
        }
    };
    match best.feature {
        BoxFeature::Edges(i, j) => {
            let (ea, eb) = (a.edge(i, -n), b.edge(j, n));
            let (s, t) = segment_segment_parameters(&ea, &eb);
            let mid = (ea.point_at(s) + eb.point_at(t)) * 0.5;
            if a.contains(mid, tol) && b.contains(mid, tol) {
                patch.push(mid, best.depth);
                return Some(patch);
            }
            // The edges' closest points are not a common point (their closest points lie off
            // the overlap): the reference face of the better face axis instead.
            let face = search.best_face()?;
            patch.normal = n;
            let (inc, reference) = match face.feature {
                BoxFeature::FaceB => (a.face(-face.normal), b),
                _ => (b.face(face.normal), a),
            };
            add_clipped(&mut patch, Poly::new(&inc), reference);
        }
        BoxFeature::FaceA => {
            add_clipped(&mut patch, Poly::new(&b.face(n)), a);
            if patch.len == 0 {
                add_clipped(&mut patch, Poly::new(&a.face(-n)), b);
            }
        }
        BoxFeature::FaceB => {
            add_clipped(&mut patch, Poly::new(&a.face(-n)), b);
            if patch.len == 0 {
                add_clipped(&mut patch, Poly::new(&b.face(n)), a);
            }
        }
    }
    if patch.len == 0 {
        let p = fallback();
        patch.push(p, depth_at(p));
    }
    Some(patch)
}
