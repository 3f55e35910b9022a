//! Contact and contact manifold of an oriented box with a capsule.
//!
//! The box–capsule contact of both box types is here ([`box_segment`]), in the box's frame: the
//! balls around the closest points when the core is clear of the box, else the least overlap
//! over the box's faces and the core's direction crossed with them. A degenerate triangle
//! against a box goes through it too, as a core of radius 0.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::box_frame::BoxFrame;
use crate::query::algo::box_sat::{segment_box_distance_squared, segment_meets_box};
use crate::query::algo::contact_patch::Patch;
use crate::query::algo::least_overlap::{AxisSearch, NoFeature, unit_axis};
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::within_radius;
use crate::query::contact::manifold::Manifold;
use crate::query::raycast::slab_interval;
use crate::query::{Contact, ContactInfo, ContactManifold, mirror_contact, mirror_manifold};
use crate::shape::{Capsule, Obb};

impl Contact<Capsule> for Obb {
    /// A core clear of the box: the balls around the closest points of the core and the box
    /// (the exact segment–box distance), depth `r − distance`, normal from the core towards the
    /// box, the point the box's closest point (the middle of the core's stretch over a face when
    /// the core lies parallel to it). A core that meets the box: the least overlap over
    /// the box's face axes and the core's direction crossed with the box's axes, plus `r`; the
    /// point the deepest end of the core's stretch inside the box. Touching gives depth 0;
    /// zero-length capsules are spheres, flat boxes what they are. `None` when apart and for
    /// invalid input.
    fn contact(&self, other: &Capsule) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        patch(self, other).map(|p| p.contact())
    }
}

impl ContactManifold<Capsule> for Obb {
    /// A capsule lying over a face: the two ends of the core's stretch over the face within
    /// reach of it, each as the face point below it with its own depth; a core inside the box:
    /// the ends of its stretch inside; otherwise the one point of [`Contact`]. Empty when apart
    /// and for invalid input.
    fn contact_manifold(&self, other: &Capsule) -> Manifold {
        rescale!(pair self, other, contact_manifold);
        patch(self, other).map_or(Manifold::EMPTY, |p| p.manifold())
    }
}

fn patch(b: &Obb, c: &Capsule) -> Option<Patch> {
    if !(b.is_usable() && c.is_usable()) {
        return None;
    }
    box_segment(&BoxFrame::from_obb(b), c.a, c.b, c.radius)
}

/// [`box_segment_local`] for a box and a core `a`–`b` in world coordinates, the patch in world
/// coordinates.
pub(crate) fn box_segment(frame: &BoxFrame, a: Vec3, b: Vec3, r: Real) -> Option<Patch> {
    let (p, d) = (frame.local(a), frame.local_dir(b - a));
    box_segment_local(frame.half, p, d, r)
        .map(|patch| patch.mapped(|q| frame.world(q), |v| frame.world_dir(v)))
}

/// The contact of a box (`self`) with the capsule of core `p + t d` (`t` in `[0, 1]`, in the
/// box's frame) and radius `r`, in the box's frame; `None` when apart.
///
/// A core clear of the box: the balls around the closest points of core and box, depth
/// `r − distance`, normal from the core to the box; when that normal is a face normal the
/// points are the stretch of the core within reach of that face, each on the face. A core that
/// meets the box: the least overlap over the box's face axes and the core's direction crossed
/// with them, plus `r`; the points are the ends of the core's stretch inside the box.
// Algorithm:
// 1. The slab test decides whether the core meets the box.
// 2. A core clear of the box, by more than rounding: the exact segment–box distance and the
//    core's closest point; apart when beyond `r`. The normal runs from the core's point to its
//    clamp onto the box. When that clamp lies on exactly one face, the points are the ends of
//    the core's stretch over that face and within `r` of its plane, each dropped onto the face
//    with its own depth; otherwise the one point in the middle of the balls' overlap.
// 3. A core that meets the box (or is within rounding of it): the least overlap over the box's
//    three face axes and the core's direction crossed with them, plus `r`; the points are the
//    ends of the core's stretch inside the box (grown by the rounding tolerance), clamped onto
//    the box, each with the box's extent below it along the normal, plus `r`.
fn box_segment_local(half: Vec3, p: Vec3, d: Vec3, r: Real) -> Option<Patch> {
    let scale = half.max_element() + p.abs().max_element() + (p + d).abs().max_element();
    let tol = ON_SET_TOLERANCE * scale;
    let frame = BoxFrame {
        center: Vec3::ZERO,
        axes: [Vec3::X, Vec3::Y, Vec3::Z],
        half,
    };
    if !segment_meets_box(p, d, -half, half) {
        let (d2, t) = segment_box_distance_squared(p, d, -half, half);
        let x = p + d * t;
        // The offset against the radius, not `d2` against `r²` (both underflow for a radius
        // tiny beside the box; issue 24, `regressions::tiny_radius_beside_unit_offsets`).
        if !within_radius(x - x.clamp(-half, half), r) {
            return None;
        }
        if d2 > tol * tol {
            let q = x.clamp(-half, half);
            let dist = crate::ops::sqrt(d2);
            let normal = (q - x) / dist;
            let depth = (r - dist).max(0.0);
            let mut patch = Patch::new(normal, depth, tol);
            // The face the core lies beyond, when the closest point is on exactly one face.
            let outside = (x.abs() - half).cmpgt(Vec3::ZERO);
            let count = u32::from(outside.x) + u32::from(outside.y) + u32::from(outside.z);
            if count == 1 {
                let k = if outside.x {
                    0
                } else if outside.y {
                    1
                } else {
                    2
                };
                let s = if x[k] < 0.0 { -1.0 } else { 1.0 };
                // The stretch of the core over the face (within its side slabs) and within `r`
                // of its plane.
                let mut lo = -half;
                let mut hi = half;
                if s > 0.0 {
                    lo[k] = half[k];
                    hi[k] = half[k] + r;
                } else {
                    lo[k] = -half[k] - r;
                    hi[k] = -half[k];
                }
                let (t0, t1) = slab_interval(lo - tol, hi + tol, p, d, 0.0, 1.0);
                if t0 <= t1 {
                    for t in [t0, t1] {
                        let y = p + d * t;
                        let mut f = y.clamp(-half, half);
                        f[k] = s * half[k];
                        patch.push(f, r - (y[k] - f[k]).abs());
                    }
                    if patch.len > 0 {
                        return Some(patch);
                    }
                }
            }
            patch.push(ball_overlap_middle(q, 0.0, x, r), depth);
            return Some(patch);
        }
    }
    // The core meets the box: box faces and the core's direction crossed with them.
    let seg = [p, p + d];
    let seg_interval = |l: Vec3| {
        let (u, w) = (seg[0].dot(l), seg[1].dot(l));
        (u.min(w), u.max(w))
    };
    let mut search = AxisSearch::new();
    for l in frame.axes {
        search.axis(l, frame.interval(l), seg_interval(l), true, NoFeature);
    }
    let dd = d.abs().max_element();
    for axis in frame.axes {
        if let Some((l, len)) = unit_axis(axis.cross(d), dd * dd) {
            let noise = 4.0 * Real::EPSILON * scale * dd / len;
            search.axis_with_noise(
                l,
                frame.interval(l),
                seg_interval(l),
                Some(noise),
                NoFeature,
            );
        }
    }
    // Only rounding separates a core that the slab test finds in the box: depth 0 there.
    let best = search.result(|| true, NoFeature)?;
    let n = best.normal;
    let mut patch = Patch::new(n, best.depth + r, tol);
    let (t0, t1) = slab_interval(-half - tol, half + tol, p, d, 0.0, 1.0);
    let ends = if t0 <= t1 {
        [t0, t1]
    } else {
        [t0.clamp(0.0, 1.0); 2]
    };
    for t in ends {
        let y = (p + d * t).clamp(-half, half);
        patch.push(y, frame.exit(y, -n) + r);
    }
    Some(patch)
}

mirror_contact!(Obb, Capsule);
mirror_manifold!(Obb, Capsule);
