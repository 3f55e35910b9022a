//! Issue 24 (fuzz seed 2615, left by s10): a ray whose coordinates span more exponents than `f64`
//! holds against a triangle far smaller than its origin's rounding. The watertight test's edge
//! functions were all rounding noise there (the triangle lost to `corner − origin`), and the exact
//! signs that `linear_meets_triangle` takes for such edge functions were given up, since they were
//! found by `orient3d` through a second point of the ray, which no float held. They are now found
//! by expansion arithmetic on the direction itself (`query/algo/expansion.rs`). The truth is
//! exact (Python `fractions`: the edge orientations `d · ((c − o) × (b − o))` and the distance as
//! the least of the origin against the triangle and the ray against each edge, in rationals).

#![allow(
    clippy::excessive_precision,
    clippy::unreadable_literal,
    reason = "the inputs written exactly as the f32 values found, which f64 reads unchanged"
)]

use isect::math::{Real, Vec3, on_set_tolerance};
use isect::{Distance, Intersects, Line, Ray, RayCast, Segment, Triangle};

use super::{corner_orders, pow2};
use crate::common::flat_reference::wide;
use crate::common::v;

/// The ray (scaled by `2ᵏ` for each `k` in `ks`) misses the triangle in every corner order, as
/// a ray and as a long segment along it, both ways round; `raycast` agrees, and the distance is
/// `exact · 2ᵏ` (relative 1e-4). Its line, `line_exact · 2ᵏ` from the triangle, misses it too
/// where that is beyond twice the on-set tolerance (which counts a line within it as touching).
fn misses_at_every_scale(
    tri: &Triangle,
    (origin, dir): (Vec3, Vec3),
    (exact, line_exact): (f64, f64),
    ks: impl Iterator<Item = i32>,
) {
    for k in ks {
        let s = pow2(k);
        let (o, d) = (origin * s, dir * s);
        let ray = Ray::new(o, d);
        let line = Line::new(o, d);
        let segment = Segment::new(o, o + d * 4096.0);
        for t in corner_orders(&Triangle::new(tri.a * s, tri.b * s, tri.c * s)) {
            let at = format!("2^{k}, {t:?}");
            assert!(!t.intersects(&ray), "ray, {at}");
            assert!(!ray.intersects(&t), "ray mirrored, {at}");
            let tolerance = on_set_tolerance([o, t.a, t.b, t.c]);
            if line_exact * wide(s) > 2.0 * wide(tolerance) {
                assert!(!t.intersects(&line), "line, {at}");
            }
            assert!(!t.intersects(&segment), "segment, {at}");
            assert!(t.raycast(&ray, Real::MAX).is_none(), "raycast, {at}");
            let distance = wide(t.distance(&ray));
            let expected = exact * wide(s);
            assert!(
                (distance - expected).abs() <= 1e-4 * expected,
                "distance {distance} against {expected}, {at}"
            );
        }
    }
}

/// A ray from 2.9e11, its direction's components from 2⁻³⁹ to 2², passes 1.46e11 from a
/// triangle 6.6 across near the origin: `intersects` said true at scale 2⁻²⁰ (`raycast` said
/// `None`, the distance was 0) and false at 1, 2⁻⁴, 2⁻¹⁰, 2⁻³⁰. Exact edge orientations
/// 4.0e12, −2.2e12, −1.8e12: a miss by far.
#[test]
fn ray_from_far_past_a_small_triangle_met_it_at_one_scale() {
    let tri = Triangle::new(
        v(-6.5625, 3.125, 1.1920929e-7),
        v(0.375, 5.75, 1.8250056e-9),
        v(0.0, 0.0, 0.0),
    );
    let origin = v(286495180000.0, 4.375, 2.6196747e-9);
    let dir = v(-4.125, 2.0813594e-12, -2.4375);
    let exact = 145748495213.91324;
    misses_at_every_scale(&tri, (origin, dir), (exact, exact), (-80..=70).step_by(2));
}

/// A ray along −y, its x component 2.9e-12, beside a triangle 6.9e6 across (fuzz seed 2615,
/// distance): distance 0 at scale 1 (so `intersects` true) and 69.39 (4440.99 at scale 1) at
/// 4⁻³. Exact edge orientations −5.0e14, −1.7e11, +2.7e14: the ray's line passes outside, 3.0
/// from edge `ca` far up the line (within `f32`'s on-set tolerance of 58.9: touching there),
/// and the ray 4440.985009767 from the triangle. Not the edge signs: `in_plane` squared the
/// edges' outward normals `(q − p) × n`, which overflowed in `f32` at scale 1 and made every
/// widened clip pass.
#[test]
fn ray_beside_a_wide_triangle_had_distance_zero_at_one_scale() {
    let tri = Triangle::new(
        v(-5.25, 2769767.3, -2.3125),
        v(6859196.5, 6.6875, -0.375),
        v(4441.312, -0.25, 0.3125),
    );
    let origin = v(0.3125, 7.4375, -5.3125);
    let dir = v(2.9481346e-12, -12954873.0, 0.0);
    let exact = (4440.9850097672515, 3.0000015712240757);
    misses_at_every_scale(&tri, (origin, dir), exact, (-80..=80).step_by(2));
}
