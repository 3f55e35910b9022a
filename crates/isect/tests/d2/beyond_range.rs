//! 2D answers near and beyond the float range that were once wrong, each named after the bug:
//! rays and lines whose crossing lies far out (closest points, sweeps and ray casts give it with
//! its overflowing coordinates `±∞`, the others right). Found by the 2D fuzz pass (s24).

use isect::Real;
use isect::d2::{Distance, Intersects, Line, Ray, RayCast, Sweep};

use super::common::v;

/// Two lines whose crossing lies beyond the float range in `f32` (one runs along `−y` with a
/// slope of `6e-35`, the other is the vertical line `x = 7.0625`: they cross near
/// `y = −9.6e39`). The crossing parameter `(q₀ − p₀) × d_q / (d_p × d_q)` overflowed and was
/// taken as 0: the closest points were the first line's origin, `5.6e5` off the second line,
/// at distance 0 (and the other order gave the second line's origin). The crossing is now
/// formed from the numerator and denominator in `f64`: `x` right, `y = −∞` in `f32`. Found by
/// the 2D fuzz pass (`query_driver --family d2-distance`).
#[test]
fn line_crossing_beyond_the_float_range() {
    let a = Line::new(v(564506.9, -111.35148), v(-0.375, -6.382097e33));
    let b = Line::new(v(7.0625, 6.625), v(-0.0, -6.021353e20));
    let ray = Ray::new(a.origin, a.dir);
    // The crossing's depth, beyond `f32`'s range (`−∞` there).
    let far = 6.382097e33 as Real * 1.0e6 as Real;
    for pair in [
        a.closest_points(&b),
        b.closest_points(&a),
        ray.closest_points(&b),
        b.closest_points(&ray),
    ] {
        assert_eq!(pair.distance, 0.0);
        assert_eq!(pair.a, pair.b);
        assert!((pair.a.x - 7.0625).abs() <= 1e-6, "{pair:?}");
        assert!(pair.a.y <= -far, "{pair:?}");
    }
}

/// Lines `2⁻¹⁰⁰` apart at the origin whose directions differ by `2⁻¹³⁰` in `f32` cross at
/// `x = 2³⁰`. Brought into the window (by `2¹⁰⁰`) their crossing lies at `2¹³⁰`, past `f32`'s
/// range, and its parameter was taken as 0: the common point was the origin, `2³⁰` from where
/// they cross. The crossing is now formed again at the input's scale.
#[test]
fn tiny_lines_crossing_past_the_window_range() {
    let gap = 1.0 / (1u128 << 100) as Real; // 2⁻¹⁰⁰
    let slope = Real::MIN_POSITIVE / 16.0; // 2⁻¹³⁰ in f32
    let a = Line::new(v(0.0, 0.0), v(1.0, 0.0));
    let b = Line::new(v(0.0, gap), v(1.0, -slope));
    let crossing = v(gap / slope, 0.0);
    assert_eq!(gap / slope * slope, gap, "exact powers of two");
    for pair in [a.closest_points(&b), b.closest_points(&a)] {
        assert_eq!(pair.distance, 0.0);
        assert_eq!(pair.a, crossing, "{pair:?}");
        assert_eq!(pair.b, crossing);
    }
}

/// A ray and a line that cross near `x = −4.2e38`, past `f32`'s range, moving by motions that
/// keep them crossing: they overlap over the whole sweep. Out of the window the sweep is
/// scaled into it and its point scaled back; a point beyond `Real::MAX` made the answer
/// `None`, "they never touch", while at scale `2⁻¹⁸` the same case hit over `[0, 1]`. The
/// hit is kept, its point's overflowing coordinates `±∞` (as closest points give them). Found
/// by the 2D fuzz pass (`query_driver --family d2-sweep`: 35 such cases of rays and lines).
#[test]
fn sweep_of_lines_crossing_beyond_the_float_range() {
    let ray = Ray::new(v(-2.381_063_6e-27, 5.375_242_6e30), v(-1.6875, -0.25));
    let line = Line::new(v(2.765_070_2e23, -Real::MAX), v(5.6875, -3.75));
    let (m, n) = (v(9.970_347e25, 3.5), v(4.625, 5.75));
    assert!(ray.intersects(&line));
    // In `isect-f64` the line's origin is at `−f64::MAX`, and the common point, formed again at
    // the input's scale, came out NaN until the origins were scaled into the window first.
    for pair in [ray.closest_points(&line), line.closest_points(&ray)] {
        assert_eq!(pair.distance, 0.0);
        assert!(pair.a.x <= -(2.0e38 as Real) * 2.0, "{pair:?}");
    }
    for hit in [ray.sweep(m, &line, n), line.sweep(n, &ray, m)] {
        let hit = hit.expect("crossing all along");
        assert_eq!((hit.t_first, hit.t_last), (0.0, 1.0), "{hit:?}");
        assert!(hit.point.x <= -(2.0e38 as Real) * 2.0, "{hit:?}");
    }
}

/// A ray from `y = 5.2e37` crossing a line at `t = 7.6e37`, inside `max_t = 3e38`: the
/// parameter was formed as `n / den / m` and `n / den` overflowed (`3.7e38`) before the
/// division by the direction's scale `m = 4.8` brought it back: a miss, where the same case
/// scaled by `2⁻²⁰` hit. The hit's point lies beyond the float range in `x` (`±∞` there).
/// And a ray from `y = −MAX` at a line through `y = MAX`: the offset between them overflowed,
/// a miss too. Found by the 2D fuzz pass (`query_driver --family d2-raycast`).
#[test]
fn ray_cast_at_a_line_far_out() {
    let line = Line::new(v(1.625_011_1e-18, 2.875), v(7.5625, 2.0625));
    let ray = Ray::new(v(-3_331_087.3, 5.216_145_4e37), v(4.8125, 0.625));
    let hit = line.raycast(&ray, 3.0e38).expect("crossing at 7.6e37");
    assert!((hit.t / 7.587_12e37 - 1.0).abs() < 1e-5, "{hit:?}");
    assert!(hit.point.x >= 3.0e38 as Real * 1.2, "{hit:?}");
    let top = Line::new(v(3.5625, Real::MAX), v(7.3125, 1.25));
    let ray = Ray::new(v(-0.9375, -Real::MAX), v(167.176_53, 3.087_391_8e21));
    let hit = top
        .raycast(&ray, Real::MAX)
        .expect("a crossing below Real::MAX");
    assert!(hit.t > 0.0 && hit.t.is_finite(), "{hit:?}");
    assert_eq!(top.raycast(&ray, hit.t), Some(hit));
}
