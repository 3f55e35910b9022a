//! Issue 24 for the 2D casts and sweeps of circles and capsules: squares of offsets and radii
//! that overflow or underflow. A ray's `t` is unchanged, and its hit point scaled exactly, when
//! the shape, the origin and the direction are scaled by `2ᵏ`; a sweep's times are unchanged
//! when the shapes and motions are.

use isect::Real;
use isect::d2::{Capsule, Circle, ConvexPolygon, Ray, RayCast, RayHit, Segment, Sweep, Triangle};
use isect::math::Vec2;

use super::common::{Xorshift, assert_hit, v};
use super::scaling::{check_scaled, huge, scale_of, tiny};

/// Was: the circle about `(5s, 0)` of radius `s`, cast at from the origin along x, reported a
/// hit at `t = 0` (the origin "inside") for `s = 2⁶⁸` (f32), `2⁵¹⁶` (f64): `|o − c|² = ∞ <= r² = ∞`;
/// and the same for `s = 2⁻⁹²`, `2⁻⁵⁴⁰`, where both squares underflow to `0 <= 0`. The entry is
/// at `t = 4s`, the point `(4s, 0)`, the normal `−x` (exact).
#[test]
fn circle_cast_far_and_tiny_enters_at_four() {
    for s in [huge(), tiny()] {
        let c = Circle::new(v(5.0 * s, 0.0), s);
        let ray = Ray::new(v(0.0, 0.0), v(1.0, 0.0));
        assert_hit(
            c.raycast(&ray, Real::MAX),
            4.0 * s,
            v(4.0 * s, 0.0),
            -Vec2::X,
        );
        // The rim from its center: the exit at `t = s`, normal `+x`.
        let from_center = Ray::new(v(5.0 * s, 0.0), v(1.0, 0.0));
        assert_hit(
            c.raycast_surface(&from_center, Real::MAX),
            s,
            v(6.0 * s, 0.0),
            Vec2::X,
        );
    }
}

/// Was: the capsule from `(−s, 3s)` to `(s, 3s)` of radius `s`, cast at from the origin along
/// y, missed or mis-hit at `s = 2⁶⁸`, `2⁻⁹²` (f32; `2⁵¹⁶`, `2⁻⁵⁴⁰` f64): the exact cast's end
/// discs square `|o − c|²` and its rectangle forms `w × e`, both out of range. The ray enters
/// through the lower side at `t = 2s`, point `(0, 2s)`, normal `−y`; from `(5s, 3s)` along −x it
/// enters the disc about `(s, 3s)` at `t = 3s`, point `(2s, 3s)`, normal `+x` (exact).
#[test]
fn capsule_cast_far_and_tiny_side_and_end() {
    for s in [huge(), tiny()] {
        let k = Capsule::new(v(-s, 3.0 * s), v(s, 3.0 * s), s);
        let up = Ray::new(v(0.0, 0.0), v(0.0, 1.0));
        assert_hit(
            k.raycast(&up, Real::MAX),
            2.0 * s,
            v(0.0, 2.0 * s),
            -Vec2::Y,
        );
        let left = Ray::new(v(5.0 * s, 3.0 * s), v(-1.0, 0.0));
        assert_hit(
            k.raycast(&left, Real::MAX),
            3.0 * s,
            v(2.0 * s, 3.0 * s),
            Vec2::X,
        );
    }
}

/// The circle about the origin of radius `s` moving by `(8s, 0)` against the one about
/// `(5s, 0)` of radius `s`: the centers come `2s` apart at `t = 3/8` and leave at `t = 7/8`,
/// the contact point `(4s, 0)`, the normal `−x` (exact), at `s = 2⁶⁸`, `2⁻⁹²` (f32; `2⁵¹⁶`,
/// `2⁻⁵⁴⁰` f64) as at 1.
#[test]
fn circle_sweep_far_and_tiny() {
    for s in [1.0, huge(), tiny()] {
        let a = Circle::new(v(0.0, 0.0), s);
        let b = Circle::new(v(5.0 * s, 0.0), s);
        let h = a.sweep(v(8.0 * s, 0.0), &b, Vec2::ZERO).expect("a contact");
        assert_eq!(
            (h.t_first, h.t_last, h.point, h.normal),
            (0.375, 0.875, v(4.0 * s, 0.0), -Vec2::X),
            "at {s}"
        );
    }
}

/// `base` at scale 1 against `got` at scale `2ᵏ` (shape, origin and direction scaled): the same
/// hit or miss, the same `t` and normal, the point scaled exactly where its coordinates are
/// normal numbers (within two subnormal steps below, where `origin + t · dir` rounds to the
/// subnormal grid).
fn check_hit(base: Option<RayHit>, got: Option<RayHit>, k: i32, what: &str) {
    match (base, got) {
        (None, None) => {}
        (Some(b), Some(g)) => {
            assert_eq!((g.t, g.normal), (b.t, b.normal), "{what} at 2^{k}");
            check_scaled(g.point, b.point, k, what);
        }
        _ => panic!("{what} at 2^{k}: {base:?} then {got:?}"),
    }
}

/// Ray casts at circles and capsules of small-integer coordinates and radii (1 to 4), scaled
/// (shape, origin and direction) by `2ᵏ` for every `k` from `MIN_EXP − 1` to `MAX_EXP − 6`: the
/// scaled input stays exact (coordinates of up to four bits, the largest `8 · 2ᵏ`, the hit
/// points within `12 · 2ᵏ`), so no `k` is skipped; the hit or miss, `t` and normal unchanged
/// and the point scaled exactly ([`check_hit`]).
#[test]
fn casts_scale_exactly() {
    let mut g = Xorshift(0x2545_f491_4f6c_dd1d);
    for _ in 0..40 {
        let circle = Circle::new(g.int_point(-8, 8), g.int(1, 4));
        let capsule = Capsule::new(g.int_point(-8, 8), g.int_point(-8, 8), g.int(1, 4));
        let origin = g.int_point(-8, 8);
        let mut dir = g.int_point(-4, 4);
        if dir == Vec2::ZERO {
            dir = v(1.0, 0.0);
        }
        let ray = Ray::new(origin, dir);
        let base = (
            circle.raycast(&ray, Real::MAX),
            circle.raycast_surface(&ray, Real::MAX),
            capsule.raycast(&ray, Real::MAX),
            capsule.raycast_surface(&ray, Real::MAX),
        );
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 6) {
            let s = scale_of(k);
            let c = Circle::new(circle.center * s, circle.radius * s);
            let cap = Capsule::new(capsule.a * s, capsule.b * s, capsule.radius * s);
            let r = Ray::new(origin * s, dir * s);
            check_hit(base.0, c.raycast(&r, Real::MAX), k, "circle cast");
            check_hit(
                base.1,
                c.raycast_surface(&r, Real::MAX),
                k,
                "circle surface",
            );
            check_hit(base.2, cap.raycast(&r, Real::MAX), k, "capsule cast");
            check_hit(
                base.3,
                cap.raycast_surface(&r, Real::MAX),
                k,
                "capsule surface",
            );
        }
    }
}

/// Ray casts at triangles, convex polygons and segments of small-integer coordinates, scaled
/// (shape, origin and direction) by `2ᵏ` for every `k` from `MIN_EXP − 1` to `MAX_EXP − 6`:
/// the hit or miss, `t` and normal unchanged and the point scaled exactly ([`check_hit`]). Was:
/// their intervals' cross products left the range, and casts from `2⁶²` up (f32) and far below
/// 1 missed or hit at the wrong `t`.
#[test]
fn polygon_casts_scale_exactly() {
    let mut g = Xorshift(0x3c6e_f372_fe94_f82b);
    for _ in 0..40 {
        let triangle = Triangle::new(g.int_point(-8, 8), g.int_point(-8, 8), g.int_point(-8, 8));
        let points: Vec<Vec2> = (0..6).map(|_| g.int_point(-8, 8)).collect();
        let polygon = ConvexPolygon::new(points);
        let segment = Segment::new(g.int_point(-8, 8), g.int_point(-8, 8));
        let origin = g.int_point(-8, 8);
        let mut dir = g.int_point(-4, 4);
        if dir == Vec2::ZERO {
            dir = v(1.0, 0.0);
        }
        let ray = Ray::new(origin, dir);
        let base = (
            triangle.raycast(&ray, Real::MAX),
            polygon.raycast_surface(&ray, Real::MAX),
            segment.raycast(&ray, Real::MAX),
        );
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 6) {
            let s = scale_of(k);
            let t = Triangle::new(triangle.a * s, triangle.b * s, triangle.c * s);
            let scaled: Vec<Vec2> = polygon.vertices().iter().map(|&w| w * s).collect();
            let p = ConvexPolygon::new(scaled);
            let seg = Segment::new(segment.a * s, segment.b * s);
            let r = Ray::new(origin * s, dir * s);
            check_hit(base.0, t.raycast(&r, Real::MAX), k, "triangle cast");
            check_hit(
                base.1,
                p.raycast_surface(&r, Real::MAX),
                k,
                "polygon surface",
            );
            check_hit(base.2, seg.raycast(&r, Real::MAX), k, "segment cast");
        }
    }
}
