//! The mesh sweep's search for the first triangle touched ([`first_contact`]: the BVH's moving
//! box traversal, the quick rejections, the pair's exact first contact), and the contact point
//! there, both in coordinates times a power of two where the mesh, the shape and the motion lie
//! far from 1.

use core::cell::Cell;

use crate::bvh::nearest::{AsGiven, Pow2, Scaling};
use crate::bvh::sweep::MovingBox;
use crate::math::{Real, Vec3};
use crate::query::algo::balls::corners_ball;
use crate::query::algo::scale::{Rescale, in_window, ldexp, ldexp_vec, normalizing_exponent};
use crate::shape::{TriMesh, Triangle};

use super::reject::balls_may_meet;
use super::sealed::{Rescaled, TriangleCast};

/// The first contact within `[0, max_t]` of `shape`, moved by `offset` and moving by `v`, with
/// the triangles of `mesh` (at rest): `(t, slot, normal)`, the earliest, and among equal times
/// the lowest triangle index. The caller checks validity.
///
/// The BVH is traversed in the mesh's coordinates (its box tests take differences and
/// quotients only), the triangles are tested in coordinates times a power of two where the
/// mesh, the shape and the motion lie so far from 1 that the pair casts' products over- or
/// underflow (the pair sweeps rescale their own input so, `query/algo/scale`; a floor `2³⁰`
/// across in `f32` had a ball's face contact lost to an edge's, later and tilted). Times and
/// normals do not change with the scale.
pub(super) fn first_contact<S: TriangleCast + Rescaled + ?Sized>(
    mesh: &TriMesh,
    shape: &S,
    offset: Vec3,
    v: Vec3,
    max_t: Real,
) -> Option<(Real, u32, Vec3)> {
    let bounds = shape.bounds();
    let moving = MovingBox::new(bounds.min + offset, bounds.max + offset, v)?;
    let (lo, hi) = mesh.bvh.bounds();
    let scale = [bounds.min, bounds.max, lo, hi, v]
        .iter()
        .fold(offset.abs().max_element(), |s, p| {
            s.max(p.abs().max_element())
        });
    if in_window(scale) {
        return first_contact_in(mesh, &moving, shape, (offset, v), max_t, scale, AsGiven);
    }
    first_contact_rescaled(mesh, &moving, shape, offset, v, max_t, scale)
}

#[cold]
#[inline(never)]
fn first_contact_rescaled<S: Rescaled + ?Sized>(
    mesh: &TriMesh,
    moving: &MovingBox,
    shape: &S,
    offset: Vec3,
    v: Vec3,
    max_t: Real,
    scale: Real,
) -> Option<(Real, u32, Vec3)> {
    // `scale` is 0 for a point at the origin, not moving, and a mesh of points there.
    let k = if scale > 0.0 {
        normalizing_exponent(scale)
    } else {
        0
    };
    let (offset, v, scale) = (ldexp_vec(offset, k), ldexp_vec(v, k), ldexp(scale, k));
    let mut found = None;
    shape.with_rescaled(k, &mut |shape| {
        found = first_contact_in(mesh, moving, shape, (offset, v), max_t, scale, Pow2(k));
    });
    found
}

/// [`first_contact`] with `shape`, `offset` and `v` in the coordinates of `s` (largest
/// magnitude `scale`, with the mesh's), and `moving` the shape's box in the mesh's own.
#[inline]
fn first_contact_in<S: TriangleCast + ?Sized>(
    mesh: &TriMesh,
    moving: &MovingBox,
    shape: &S,
    (offset, v): (Vec3, Vec3),
    max_t: Real,
    scale: Real,
    s: impl Scaling,
) -> Option<(Real, u32, Vec3)> {
    let bvh = &mesh.bvh;
    // Boxes and casts are searched up to `slack` past the best time: a triangle whose cast
    // rounds to the best time (through a shared edge, say) can have its box entered a little
    // later than that, or its cast's own test against the limit round the other way, and the
    // lowest index among equal times must still be found. The casts' times are exact up to a
    // few hundred ulp of the coordinates, over the speed.
    let slack = 256.0 * Real::EPSILON * scale / v.length();
    let slack = if slack.is_finite() { slack } else { 0.0 };
    let (ball_center, ball_r) = shape.ball();
    let ball_center = ball_center + offset;
    let speed = v.length();
    let best_t = Cell::new(max_t);
    // Once a triangle is touched at `t = 0`, its index: only a lower one can tie.
    let below = Cell::new(u32::MAX);
    let mut best: Option<(Real, u32, Vec3)> = None;
    bvh.sweep_leaves(
        moving,
        || best_t.get() + slack,
        || below.get(),
        |first, count| {
            for slot in first..first + count {
                if bvh.degenerate[slot as usize] || bvh.order[slot as usize] >= below.get() {
                    continue;
                }
                let [a, b, c] = bvh.tri(slot);
                let limit = best_t.get();
                let triangle_box = (a.min(b).min(c), a.max(b).max(c));
                let Some(entry) = moving.entry(triangle_box.0, triangle_box.1, limit + slack)
                else {
                    continue;
                };
                let [a, b, c] = [a, b, c].map(|p| s.vec(p));
                // Nor unless its ball, moving, comes within reach of the triangle's.
                let (m, rho) = corners_ball(&[a, b, c]);
                if !balls_may_meet(ball_center, ball_r, v, limit + slack, m, rho)
                    || !shape.may_reach(offset, speed * (limit + slack), m, rho)
                {
                    continue;
                }
                // The shape cannot touch the triangle before it reaches its plane.
                let Some(plane) = reach_plane(shape, offset, v, [a, b, c], limit + slack) else {
                    continue;
                };
                if !shape.may_meet(offset, v, [a, b, c], limit + slack, scale) {
                    continue;
                }
                let start = entry <= 0.0 && plane <= 0.0;
                let triangle = Triangle::new(a, b, c);
                if below.get() != u32::MAX {
                    // Touching from the start cannot be beaten, only tied, and ties go to the
                    // lowest index: what is left is whether this lower one touches too.
                    if shape.touches(offset, v, &triangle, start) {
                        best = Some((0.0, slot, Vec3::ZERO));
                        below.set(bvh.order[slot as usize]);
                    }
                    continue;
                }
                let Some((t, normal)) =
                    shape.first_contact(offset, v, &triangle, limit + slack, start)
                else {
                    continue;
                };
                let better = match best {
                    None => t <= limit,
                    Some((bt, bs, _)) => {
                        t < bt || t == bt && bvh.order[slot as usize] < bvh.order[bs as usize]
                    }
                };
                if better {
                    // `+ 0.0`: a touch at `−0` is reported at `+0`.
                    best = Some((t + 0.0, slot, normal));
                    best_t.set(t);
                    if t == 0.0 {
                        below.set(bvh.order[slot as usize]);
                    }
                }
            }
        },
    );
    best
}

/// The first time in `[0, max_t]` at which `shape`, moved by `offset` and moving by `v`, meets
/// the slab of the triangle `[a, b, c]` along its rounded normal (0 when it already does), or
/// `None`: a bound below which the triangle cannot be touched. The slab spans the three
/// corners' projections, so a sliver whose rounded normal leans off its true one (its corners
/// then lie off the plane through one of them) is still inside it; the shape's extent along the
/// normal is widened by a few ulp of the magnitudes involved, so rounding never culls a
/// touching triangle.
#[inline]
fn reach_plane<S: TriangleCast + ?Sized>(
    shape: &S,
    offset: Vec3,
    v: Vec3,
    [a, b, c]: [Vec3; 3],
    max_t: Real,
) -> Option<Real> {
    let n = (b - a).cross(c - a).normalize_or_zero();
    let (center, r) = shape.extent(n);
    let at = n.dot(center + offset);
    let (pa, pb, pc) = (n.dot(a), n.dot(b), n.dot(c));
    let (lo, hi) = (pa.min(pb).min(pc), pa.max(pb).max(pc));
    let r = r + 16.0 * Real::EPSILON * (at.abs() + lo.abs().max(hi.abs()) + r);
    let k = n.dot(v);
    // Apart: approaching at `-k` from above or `k` from below until the near side of the
    // extent reaches the slab.
    let (gap, closing) = if at - hi > r {
        (at - hi - r, -k)
    } else if lo - at > r {
        (lo - at - r, k)
    } else {
        return Some(0.0);
    };
    if !(closing > 0.0) {
        return None;
    }
    let t = gap / closing;
    (t <= max_t).then_some(t)
}

/// The shape's [`contact_point`](TriangleCast::contact_point) with `triangle`, computed in
/// coordinates times a power of two where they lie far from 1, as [`first_contact`] tests the
/// triangles (a flat box landing on a floor `2³²` across in `f32` got a point `0.2` of the box's
/// size above the floor).
pub(super) fn contact_point<S: TriangleCast + Rescaled + ?Sized>(
    shape: &S,
    offset: Vec3,
    triangle: &Triangle,
    overlapping: bool,
) -> Vec3 {
    let bounds = shape.bounds();
    let scale = [bounds.min, bounds.max, triangle.a, triangle.b, triangle.c]
        .iter()
        .fold(offset.abs().max_element(), |s, p| {
            s.max(p.abs().max_element())
        });
    if in_window(scale) {
        return shape.contact_point(offset, triangle, overlapping);
    }
    let k = if scale > 0.0 {
        normalizing_exponent(scale)
    } else {
        0
    };
    let (offset, triangle) = (ldexp_vec(offset, k), triangle.rescaled(k));
    let mut point = Vec3::ZERO;
    shape.with_rescaled(k, &mut |shape| {
        point = shape.contact_point(offset, &triangle, overlapping);
    });
    ldexp_vec(point, -k)
}
