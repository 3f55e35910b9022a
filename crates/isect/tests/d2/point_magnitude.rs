//! Issue 24 for the point queries of 2D triangles, convex polygons, segments, rays and lines: the projections'
//! products and the squared distances, at any magnitude. A closest point is scaled exactly, and
//! a distance too, when the shape and the point are scaled by `2ᵏ`.

use isect::Real;
use isect::d2::{ConvexPolygon, Line, PointQuery, Polygon, Ray, Segment, Triangle};
use isect::math::Vec2;

use super::common::{Xorshift, v};
use super::scaling::{check_scaled, pow2, scale_of, star_corners};

/// Was: the point `(2s, 3s)` is `3s` from the segment `(0, 0)–(4s, 0)` and from the triangle
/// `(0, 0), (4s, 0), (2s, −s)`, its closest point `(2s, 0)`. At `s = 2⁶⁸` (f32; `2⁵¹⁶` f64) the
/// segment's distance was `√∞`; at `s = 2⁻⁹²` (`2⁻⁵⁴⁰`) it was 0 for a point off the segment, and
/// the triangle's distance was wrong at both.
#[test]
fn segment_and_triangle_distance_far_and_tiny() {
    let huge = pow2(Real::MAX_EXP / 2 + 4);
    let tiny = pow2(Real::MIN_EXP / 2 - 30);
    for s in [huge, tiny] {
        let p = v(2.0 * s, 3.0 * s);
        let segment = Segment::new(v(0.0, 0.0), v(4.0 * s, 0.0));
        let triangle = Triangle::new(v(0.0, 0.0), v(4.0 * s, 0.0), v(2.0 * s, -s));
        assert_eq!(segment.distance_to_point(p), 3.0 * s, "s = {s:e}");
        assert_eq!(segment.closest_point(p), v(2.0 * s, 0.0), "s = {s:e}");
        assert_eq!(triangle.distance_to_point(p), 3.0 * s, "s = {s:e}");
        assert_eq!(triangle.closest_point(p), v(2.0 * s, 0.0), "s = {s:e}");
    }
}

/// Triangles, segments, convex polygons (hulls of six points), rays and lines of small-integer
/// coordinates and points around them,
/// scaled by `2ᵏ` for every `k` from `MIN_EXP − 1` to `MAX_EXP − 6` (the scaled input stays
/// exact; a ray's and line's direction is scaled too): the closest points and distances of the
/// scaled input are those at scale 1, scaled, and containment unchanged.
#[test]
fn point_queries_scale_exactly() {
    let mut g = Xorshift(0x6a09_e667_f3bc_c908);
    for _ in 0..40 {
        let t = Triangle::new(g.int_point(-6, 6), g.int_point(-6, 6), g.int_point(-6, 6));
        let s = Segment::new(g.int_point(-6, 6), g.int_point(-6, 6));
        let mut dir = g.int_point(-3, 3);
        if dir == Vec2::ZERO {
            dir = v(1.0, 0.0);
        }
        let (ray, line) = (Ray::new(s.a, dir), Line::new(s.b, dir));
        let p = g.int_point(-8, 8);
        let polygon = ConvexPolygon::new((0..6).map(|_| g.int_point(-6, 6)).collect::<Vec<_>>());
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 6) {
            let f = scale_of(k);
            let q = p * f;
            let tk = Triangle::new(t.a * f, t.b * f, t.c * f);
            let sk = Segment::new(s.a * f, s.b * f);
            let scaled: Vec<Vec2> = polygon.vertices().iter().map(|&w| w * f).collect();
            let pk = ConvexPolygon::new(scaled);
            let what = "polygon closest";
            check_scaled(pk.closest_point(q), polygon.closest_point(p), k, what);
            let (rk, lk) = (Ray::new(s.a * f, dir * f), Line::new(s.b * f, dir * f));
            check_scaled(
                tk.closest_point(q),
                t.closest_point(p),
                k,
                "triangle closest",
            );
            check_scaled(
                sk.closest_point(q),
                s.closest_point(p),
                k,
                "segment closest",
            );
            let distances = [
                (tk.distance_to_point(q), t.distance_to_point(p), "triangle"),
                (sk.distance_to_point(q), s.distance_to_point(p), "segment"),
                (
                    pk.distance_to_point(q),
                    polygon.distance_to_point(p),
                    "polygon",
                ),
            ];
            for (got, base, what) in distances {
                check_scaled(v(got, 0.0), v(base, 0.0), k, what);
            }
            assert_eq!(
                tk.contains_point(q),
                t.contains_point(p),
                "triangle at 2^{k}"
            );
            // A ray's and a line's projection at scale 1 is computed with the direction as
            // given, and out of the window with the direction brought into [1, 2): the same
            // point up to the rounding of the projection's parameter.
            for (got, base, what) in [
                (rk.closest_point(q), ray.closest_point(p), "ray"),
                (lk.closest_point(q), line.closest_point(p), "line"),
            ] {
                let want = base * f;
                let err = (got - want).abs().max_element();
                let tol = 8.0 * Real::EPSILON * (want.abs().max_element() + 8.0 * f)
                    + 2.0 * Real::MIN_POSITIVE * Real::EPSILON;
                assert!(err <= tol, "{what} at 2^{k}: {got:?} vs {want:?}");
            }
        }
    }
}

/// Simple (star-shaped, non-convex) polygons of coordinates in eighths and points around
/// them, scaled by `2ᵏ` for every `k` from `MIN_EXP − 1` to `MAX_EXP − 8`: the closest point and
/// the distance scaled exactly, containment unchanged. Was: the distance to the boundary,
/// `|q − p|` at the input's scale, and the edges compared by squared distances, wrong from `2⁶⁰`
/// up and `2⁻⁶⁰` down (f32).
#[test]
fn simple_polygon_point_queries_scale_exactly() {
    let mut g = Xorshift(0x510e_527f_ade6_82d1);
    for _ in 0..30 {
        let corners = star_corners(&mut g);
        let polygon = Polygon::new(corners.clone()).expect("a simple polygon");
        let p = g.int_point(-8, 8);
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 8) {
            let f = scale_of(k);
            let scaled = Polygon::new(corners.iter().map(|&w| w * f).collect::<Vec<_>>())
                .expect("a simple polygon");
            let q = p * f;
            let what = "polygon closest";
            check_scaled(scaled.closest_point(q), polygon.closest_point(p), k, what);
            let (got, base) = (scaled.distance_to_point(q), polygon.distance_to_point(p));
            check_scaled(v(got, 0.0), v(base, 0.0), k, "polygon distance");
            assert_eq!(
                scaled.contains_point(q),
                polygon.contains_point(p),
                "at 2^{k}"
            );
        }
    }
}
