//! Issue 24 for the 2D distances that pick the best of several candidates (segment pairs,
//! polygon edges, polyline segments): the candidates were compared by squared distances at the
//! input's scale, all `+∞` from about `2⁶⁴` up (f32) and all 0 far below 1, so the first
//! candidate won; and a positive distance on the subnormal grid was raised to the smallest
//! *normal* number. A distance and its closest points are scaled exactly when the input is
//! scaled by `2ᵏ`.

use isect::Real;
use isect::d2::{Capsule, Distance, Line, PointQuery, Polygon, Polyline, Ray, Segment};
use isect::math::Vec2;

use super::common::{Xorshift, v};
use super::scaling::{check_scaled, huge, scale_of, star_corners, tiny};

/// A scale whose inputs below are subnormal: `2^(MIN_EXP − 9)` (`2⁻¹³⁴`, `2⁻¹⁰³⁰`); the
/// coordinates used with it (at most `9s`) and the answers (multiples of `s`) are exact.
fn subnormal() -> Real {
    scale_of(Real::MIN_EXP - 9)
}

/// Was: the segment `(0, 0)–(4s, 0)` and the segment `(7s, 4s)–(7s, 9s)` are `5s` apart, from
/// `(4s, 0)` to `(7s, 4s)`; at `s = 2⁶⁸` (f32) every candidate pair's squared distance was `+∞`
/// and the first, `(0, 0)` to `(7s, 4s)` (`√65 s`), won; at `2⁻⁹²` every one was 0. The same
/// pair against the square of corner `(7s, 4s)` (each edge a segment pair) and against the
/// chain through its corners, both `5s` away; and at `s = 2⁻¹³⁴` the distance `5s`, a subnormal
/// number, was the smallest normal number.
#[test]
fn segment_distances_far_and_tiny() {
    for s in [huge(), tiny(), subnormal(), 1.0] {
        let a = Segment::new(v(0.0, 0.0), v(4.0 * s, 0.0));
        let b = Segment::new(v(7.0 * s, 4.0 * s), v(7.0 * s, 9.0 * s));
        let cp = a.closest_points(&b);
        assert_eq!(
            (cp.a, cp.b, cp.distance),
            (v(4.0 * s, 0.0), v(7.0 * s, 4.0 * s), 5.0 * s),
            "segments at s = {s:e}"
        );
        let corners = vec![
            v(7.0 * s, 4.0 * s),
            v(9.0 * s, 4.0 * s),
            v(9.0 * s, 9.0 * s),
            v(7.0 * s, 9.0 * s),
        ];
        let square = Polygon::new(corners.clone()).expect("a square");
        let chain = Polyline::chain(corners).expect("a chain");
        for (cp, what) in [
            (a.closest_points(&square), "polygon"),
            (a.closest_points(&chain), "polyline"),
        ] {
            assert_eq!(
                (cp.a, cp.b, cp.distance),
                (v(4.0 * s, 0.0), v(7.0 * s, 4.0 * s), 5.0 * s),
                "segment and {what} at s = {s:e}"
            );
        }
    }
}

/// Was: the point `(7s, 4s)` is `3s` from the chain `(0, 0), (4s, 0), (4s, 8s)`, at `(4s, 4s)`
/// on its second segment; at `s = 2⁶⁸` and `2⁻⁹²` (f32) the segments' squared distances tied
/// (`+∞`, 0) and the first segment's point `(4s, 0)` won, its distance `5s`; at `2⁻¹³⁴` the
/// distance `3s` was the smallest normal number (`|q − p|` underflowed; raised). The capsule
/// of that first segment and radius `s` is `4s` from `(2s, 5s)`: at `2⁻¹³⁴` it was the
/// smallest normal number too.
#[test]
fn polyline_and_capsule_point_distances_far_and_tiny() {
    for s in [huge(), tiny(), subnormal(), 1.0] {
        let chain = Polyline::chain(vec![v(0.0, 0.0), v(4.0 * s, 0.0), v(4.0 * s, 8.0 * s)])
            .expect("a chain");
        let p = v(7.0 * s, 4.0 * s);
        assert_eq!(chain.closest_point(p), v(4.0 * s, 4.0 * s), "s = {s:e}");
        assert_eq!(chain.distance_to_point(p), 3.0 * s, "s = {s:e}");
        let capsule = Capsule::new(v(0.0, 0.0), v(4.0 * s, 0.0), s);
        let q = v(2.0 * s, 5.0 * s);
        assert_eq!(capsule.distance_to_point(q), 4.0 * s, "s = {s:e}");
        assert_eq!(capsule.closest_point(q), v(2.0 * s, s), "s = {s:e}");
    }
}

/// Star-shaped simple polygons ([`star_corners`]), the polyline through their corners,
/// segments, rays, lines and points of small-integer coordinates, scaled by `2ᵏ` for every `k`
/// from `MIN_EXP − 1` to `MAX_EXP − 8` (the scaled input stays exact): the distances of the
/// scaled input are those at scale 1, scaled (within two subnormal steps where they round on
/// the subnormal grid), and so are the polyline's closest points to a point.
#[test]
fn best_of_candidates_distances_scale_exactly() {
    let mut g = Xorshift(0x3c6e_f372_fe94_f82b);
    for _ in 0..24 {
        let corners = star_corners(&mut g);
        let seg = Segment::new(g.int_point(-8, 8), g.int_point(-8, 8));
        let other = Segment::new(g.int_point(-8, 8), g.int_point(-8, 8));
        let mut dir = g.int_point(-3, 3);
        if dir == Vec2::ZERO {
            dir = v(1.0, 1.0);
        }
        let p = g.int_point(-8, 8);
        let shapes = |f: Real| {
            let scaled: Vec<Vec2> = corners.iter().map(|&w| w * f).collect();
            (
                Polygon::new(scaled.clone()).expect("a simple polygon"),
                Polyline::chain(scaled).expect("a chain"),
                Segment::new(seg.a * f, seg.b * f),
                Segment::new(other.a * f, other.b * f),
                Ray::new(seg.a * f, dir * f),
                Line::new(other.b * f, dir * f),
            )
        };
        let (polygon, chain, s1, s2, ray, line) = shapes(1.0);
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 8) {
            let f = scale_of(k);
            let (polygon_k, chain_k, s1_k, s2_k, ray_k, line_k) = shapes(f);
            let pk = p * f;
            let distances = [
                (s1_k.distance(&s2_k), s1.distance(&s2), "segments"),
                (
                    s1_k.distance(&polygon_k),
                    s1.distance(&polygon),
                    "segment–polygon",
                ),
                (
                    s1_k.distance(&chain_k),
                    s1.distance(&chain),
                    "segment–polyline",
                ),
                (
                    ray_k.distance(&chain_k),
                    ray.distance(&chain),
                    "ray–polyline",
                ),
                (
                    line_k.distance(&chain_k),
                    line.distance(&chain),
                    "line–polyline",
                ),
                (
                    ray_k.distance(&polygon_k),
                    ray.distance(&polygon),
                    "ray–polygon",
                ),
                (
                    chain_k.distance_to_point(pk),
                    chain.distance_to_point(p),
                    "polyline point",
                ),
            ];
            for (got, base, what) in distances {
                check_scaled(v(got, 0.0), v(base, 0.0), k, what);
            }
            let (got, base) = (chain_k.closest_point(pk), chain.closest_point(p));
            check_scaled(got, base, k, "polyline closest point");
            let (got, base) = (s1_k.closest_points(&chain_k), s1.closest_points(&chain));
            check_scaled(got.a, base.a, k, "segment–polyline a");
            check_scaled(got.b, base.b, k, "segment–polyline b");
        }
    }
}
