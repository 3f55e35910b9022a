//! 2D answers near and beyond the float range that were once wrong, each named after the bug:
//! rays and lines whose crossing lies far out (closest points, sweeps and ray casts give it with
//! its overflowing coordinates `±∞`, the others right; s24), contacts of shapes whose edges
//! are longer than `Real::MAX`, and a subnormal ray direction (s25), a polyline whose distance
//! to a ray squared past `MAX` (s26). Found by the 2D fuzz pass.

use isect::Real;
use isect::d2::{
    Capsule, Circle, Contact, ContactManifold, Distance, Intersects, Line, Obb, PointQuery,
    Polygon, Polyline, Ray, RayCast, Segment, Sweep,
};
use isect::math::Mat2;

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

/// An L-shaped (concave) polygon, `unit` to the unit: a bar `[−4, 6] × [−1, 0]` with a post
/// `[5, 6] × [0, 2]`.
fn l_shape(unit: Real) -> Polygon {
    let corners = [
        (-4.0, -1.0),
        (6.0, -1.0),
        (6.0, 2.0),
        (5.0, 2.0),
        (5.0, 0.0),
        (-4.0, 0.0),
    ];
    Polygon::new(corners.map(|(x, y)| v(x, y) * unit).to_vec()).unwrap()
}

/// A box `2` wide and `1.5·MAX` tall across the bar of an L-shaped (concave) polygon: the least
/// push is along the box's own axis `−x`, depth `4 + 1`. The box's long edges, `b − a` of its
/// corners, overflowed: their normals were dropped and a push of `0.75·MAX` along `y` was the
/// contact. Edge normals are now taken from the halved ends where the difference overflows.
/// Found by the 2D fuzz pass (`query_driver --family d2-contact`: 8 such boxes against
/// concave polygons, every scale a different wrong depth).
#[test]
fn contact_of_a_box_whose_edges_overflow() {
    let tall = Obb::new(v(0.0, 0.0), v(1.0, Real::MAX * 0.75), Mat2::IDENTITY);
    let turned = Obb::new(
        v(0.0, 0.0),
        v(Real::MAX * 0.75, 1.0),
        Mat2::from_cols(v(0.0, 1.0), v(-1.0, 0.0)),
    );
    let l = l_shape(1.0);
    for obb in [tall, turned] {
        let c = obb.contact(&l).expect("the box crosses the bar");
        assert_eq!((c.normal, c.depth), (v(-1.0, 0.0), 5.0), "{c:?}");
        let m = l.contact(&obb).expect("the other order");
        assert_eq!((m.normal, m.depth), (v(1.0, 0.0), 5.0), "{m:?}");
        let manifold = obb.contact_manifold(&l);
        assert!(!manifold.is_empty());
        assert!(
            manifold.points().iter().all(|p| p.depth == 5.0),
            "{manifold:?}"
        );
    }
}

/// A polyline segment `1.2·MAX` long crossed by a horizontal line `0.05·MAX` above its middle:
/// the line is pushed up by `0.55·MAX`. The ghost-vertex rule's tolerance, a 1024th of the
/// segment's length, overflowed to `∞`: every end counted as the furthest, the contact became
/// the segment's face normal `x` and the line's span along it, depth `∞`. The tolerance is now
/// formed from the halved length. Found by the 2D fuzz pass (`d2-contact`, a polyline and a line).
#[test]
fn polyline_contact_of_a_segment_longer_than_max() {
    let chain = Polyline::chain(vec![v(0.0, -Real::MAX * 0.6), v(0.0, Real::MAX * 0.6)]).unwrap();
    let line = Line::new(v(0.0, Real::MAX * 0.05), v(1.0, 0.0));
    let c = line.contact(&chain).expect("crossing");
    assert_eq!(c.normal, v(0.0, 1.0), "{c:?}");
    let depth = Real::MAX * 0.6 - Real::MAX * 0.05;
    assert!((c.depth / depth - 1.0).abs() < 1e-6, "{c:?}");
}

/// A ray against a chain with a segment from `(−MAX, 2.625)` to `(0.0625, −1.3e-3·MAX)`: its
/// ends are finite and so is `b − a`, but its length exceeds `Real::MAX`, and the ghost rule's
/// tolerance was `∞` again (the contact became the segment's face push, `4.53e35` along
/// `(−0.0013, −1)` in `f32`, where at scale `2⁻³` the ray's own normal gives `4.51e35`). The
/// contact must scale with the input. Found by the 2D fuzz pass (`d2-contact`).
#[test]
fn polyline_contact_of_a_segment_whose_length_overflows() {
    let case = |s: Real| {
        let ray = Ray::new(v(6.875, -2.6875) * s, v(-4.381_712_6, -0.478_125));
        let chain = Polyline::chain(vec![
            v(0.0, 6.6875) * s,
            v(-Real::MAX, 2.625) * s,
            v(0.0625, -Real::MAX * 1.332_3e-3) * s,
            v(0.0, 1.75) * s,
            v(-4.1875, 0.0) * s,
        ])
        .unwrap();
        ray.contact(&chain).expect("the ray crosses the chain")
    };
    let (whole, eighth) = (case(1.0), case(0.125));
    assert_eq!(whole.normal, eighth.normal, "{whole:?} {eighth:?}");
    assert!(
        (whole.depth / (eighth.depth * 8.0) - 1.0).abs() < 1e-6,
        "{whole:?} {eighth:?}"
    );
}

/// A circle centred at `(0.9·MAX, MAX)` and an L-shaped polygon `MAX/64` to the unit near the
/// origin: the distance exceeds `Real::MAX` (`+∞`), but both closest points are representable:
/// the circle's point (its centre, to rounding) and the polygon's corner `(6, 2)·MAX/64`, the
/// furthest towards the circle (by `0.03·MAX` over the next). The polygon kept the edge of
/// least distance and every edge's was `∞`: none was taken, and the pair came back as the
/// invalid-input answer's `(∞, ∞)`. Found by the 2D fuzz pass (`d2-distance`).
#[test]
fn polygon_closest_points_beyond_the_float_range() {
    let far = Circle::new(v(Real::MAX * 0.9, Real::MAX), 2.5);
    let unit = Real::MAX / 64.0;
    let l = l_shape(unit);
    let corner = v(6.0, 2.0) * unit;
    let pair = far.closest_points(&l);
    assert_eq!(pair.distance, Real::INFINITY);
    assert_eq!((pair.a, pair.b), (far.center, corner), "{pair:?}");
    let other = l.closest_points(&far);
    assert_eq!((other.a, other.b), (corner, far.center), "{other:?}");
}

/// A ray whose direction is subnormal (`(9e-44, 0)`) is the same set as along `(1, 0)`, and its
/// contact with a polyline must be the same. Its products with a face normal underflowed to 0,
/// so the ghost rule's span took the ray as running across every normal (bounded both ways):
/// `contact` gave a push of `5.5` along the ray's own normal, and `contacts` nothing, where the
/// unit direction gives the face push of `6.627` (`5.5` leaves the ray on the segment's end).
/// Found by the 2D fuzz pass (`d2-contact`, seed 25).
#[test]
fn polyline_contact_of_a_ray_with_a_subnormal_direction() {
    let chain = Polyline::new(
        vec![
            v(22935.32, -5.5),
            v(4.875, 6.625),
            v(-5.1875, 7.3125),
            v(7.0625, -6.625),
        ],
        vec![[0, 1], [1, 2], [2, 3], [3, 0]],
    )
    .unwrap();
    let origin = v(1.375, 0.0);
    let tiny = Ray::new(origin, v(Real::from_bits(64), 0.0));
    let unit = Ray::new(origin, v(1.0, 0.0));
    let (a, b) = (chain.contact(&tiny), chain.contact(&unit));
    assert_eq!(a, b);
    let b = b.expect("the ray crosses the first segment");
    assert!((b.depth - 6.627).abs() < 1e-3, "{b:?}");
    let (mut x, mut y) = (vec![], vec![]);
    chain.contacts(&tiny, 0.0, |c| x.push(c));
    chain.contacts(&unit, 0.0, |c| y.push(c));
    assert_eq!(x, y);
    assert_eq!(x.len(), 1);
}

/// A circle at `(0, 0.9·MAX)` and a capsule whose core runs from `(−1, −0.47·MAX)` to
/// `(MAX, 5)`: they are `1.24·MAX` apart (`+∞`), but both closest points are representable. The
/// pair is formed from the offset scaled down and placed back at the capsule's point, and that
/// offset, beyond `Real::MAX`, overflowed on the way back: the circle's point came back
/// `(0, ∞)`. It is now placed back in halves; the points are those of the case at a quarter,
/// times four. Found by the 2D fuzz pass (`d2-distance`, seed 25).
#[test]
fn rounded_closest_points_beyond_the_float_range() {
    let case = |s: Real| {
        let circle = Circle::new(v(0.0, Real::MAX * 0.9) * s, 6.0 * s);
        let capsule = Capsule::new(
            v(-1.0, -Real::MAX * 0.47) * s,
            v(Real::MAX, 5.0) * s,
            2.625 * s,
        );
        (
            circle.closest_points(&capsule),
            capsule.closest_points(&circle),
        )
    };
    let ((whole, other), (quarter, _)) = (case(1.0), case(0.25));
    assert_eq!(whole.distance, Real::INFINITY);
    assert!(quarter.distance.is_finite());
    let near = |x: isect::math::Vec2, y: isect::math::Vec2| {
        (x - y).abs().max_element() <= Real::MAX * 1e-6
    };
    assert!(
        near(whole.a, quarter.a * 4.0) && near(whole.b, quarter.b * 4.0),
        "{whole:?} {quarter:?}"
    );
    assert_eq!((other.a, other.b), (whole.b, whole.a));
}

/// A ray from `(−MAX, 0.88·MAX)` along `(0.88·MAX, −5.9)` crosses a steep line through the
/// origin's neighbourhood at `t ≈ 1.45`, at `x ≈ 0.28·MAX`. The crossing's cross product, the
/// offset's two terms adding past `Real::MAX`, overflowed: a miss, where the case at `2⁻¹⁰`
/// hit. And the point `origin + t·dir` overflowed in `x` (`t·dir` past `MAX`, the point
/// within). Both now formed from halves: the hit and its point are those at `2⁻¹⁰`, scaled.
/// Found by the 2D fuzz pass (`d2-raycast`, seed 25: three such rays).
#[test]
fn ray_cast_from_the_float_limit_at_a_line() {
    let case = |s: Real| {
        let line = Line::new(v(-1.860_749_5e16, 0.0) * s, v(2.3125, 7.375));
        let ray = Ray::new(
            v(-Real::MAX, Real::MAX * 0.88) * s,
            v(Real::MAX * 0.88, -5.9375) * s,
        );
        line.raycast(&ray, 4.8125)
    };
    let whole = case(1.0).expect("crossing at t = 1.45");
    let small = case(1.0 / 1024.0).expect("crossing at t = 1.45");
    // By hand: the crossing's `y` is `0.88·MAX` to a part in 10³⁸, so its `x` is
    // `0.88·MAX · 2.3125 / 7.375` and `t = (x + MAX) / (0.88·MAX) = 1 / 0.88 + 2.3125 / 7.375`.
    let t = 1.0 / 0.88 + 2.3125 / 7.375;
    assert!((whole.t - t).abs() <= 1e-5, "{whole:?}");
    assert!(
        (whole.t - small.t).abs() <= 1e-6 * small.t,
        "{whole:?} {small:?}"
    );
    assert!(whole.point.is_finite(), "{whole:?}");
    let off = (whole.point - small.point * 1024.0).abs().max_element();
    assert!(off <= Real::MAX * 1e-6, "{whole:?} {small:?}");
    assert_eq!(whole.normal, small.normal);
}

/// An `Obb` `1.6e33` long and `9.5` wide, turned by `3.5e-17`, seen from `(MAX, −6)`. In `f32`
/// its corners round to the two ends of a segment through the origin, which is the set the
/// queries see; scaled into the window, every point of that segment is at the same rounded
/// squared distance, and the closest point kept the first corner, `8e32` from the segment's
/// closest point near the middle (the box at `4⁻⁹` gives `(−7.8e6, −1.2e22)`, in its frame).
/// Among equal distances an edge's point is now taken, and a polygon measures only the edges
/// the point lies strictly outside of. Found by the 2D fuzz pass (`d2-point`, seed 25). In
/// `isect-f64` the same numbers are far from the limit and decided in the box's frame.
#[test]
fn closest_point_of_a_long_box_seen_from_max() {
    let obb = Obb::new(
        v(-0.5, -2.351_863_1e23),
        v(4.75, 8.001_583e32),
        Mat2::from_cols(v(1.0, 3.476_604_4e-17), v(-3.476_604_4e-17, 1.0)),
    );
    let q = obb.closest_point(v(3.402_823_5e38, -6.0)); // `f32::MAX`
    assert!(q.y.abs() <= 1e26 as Real, "{q:?}");
}

/// A nearly vertical segment from `y = −0.6·MAX` to `0.67·MAX` (its `b − a` overflows) crossed
/// by a nearly horizontal line near the origin: distance 0, and the common point must lie on
/// both. Brought into the window, the segment's stored direction was scaled as it was, `∞`,
/// and the common point came back as the segment's start, `0.6·MAX` off the line. The scaled
/// segment's direction is now taken from its scaled ends. Found by the 2D fuzz pass
/// (`d2-distance`, seed 2525: a polyline and a line).
#[test]
fn segment_longer_than_max_crossing_a_line() {
    let segment = Segment::new(v(-2.6875, -Real::MAX * 0.6), v(0.375, Real::MAX * 0.67));
    let line = Line::new(v(-6.0625, -1.9375), v(-12_021.786, -1.875));
    for pair in [segment.closest_points(&line), line.closest_points(&segment)] {
        assert_eq!(pair.distance, 0.0);
        assert_eq!(pair.a, pair.b);
        assert!(pair.a.y.abs() <= Real::MAX * 1e-6, "{pair:?}");
        assert!((-2.6875..=0.375).contains(&pair.a.x), "{pair:?}");
    }
}

/// A polyline whose nearest segment lies `1.6e19` from a ray (`f32`): the walk's lower bound on
/// a node's squared distance squared the distance across the ray before dividing by `|dir|²`,
/// which overflowed for the node's corners, and the ray origin's gap (finite, farther) stood in
/// for the node: the node was pruned, and the pair came from a segment `1.74e19` away (6%
/// off; the same case scaled by `2²` or `2⁻²⁰` was right). The distance across is now divided
/// by `|dir|` before squaring. Found by the 2D fuzz pass (`query_driver --family d2-distance
/// --seed 25`, exponent 77).
#[test]
fn polyline_far_from_a_ray_keeps_its_nearest_segment() {
    let corners = [
        v(778690050000000.0, 0.4375),
        v(-7.4375, 6.625),
        v(-4.1875, 0.3125),
        v(0.0, 1.9375),
        v(3.2678514e18, -2.0),
        v(5.1875, 6.125),
    ];
    for e in [0, 2, -20] {
        let s = (2.0 as Real).powi(e);
        let segments = vec![[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]];
        let polyline = Polyline::new(corners.iter().map(|c| *c * s).collect(), segments).unwrap();
        let ray = Ray::new(v(2.0625, -1.8445576e19) * s, v(6.5625, 2.3125));
        let nearest = (0..6)
            .map(|i| Segment::new(corners[i] * s, corners[(i + 1) % 6] * s))
            .map(|seg| seg.closest_points(&ray).distance)
            .fold(Real::INFINITY, Real::min);
        let cp = polyline.closest_points(&ray);
        assert_eq!(cp.distance, nearest, "scale 2^{e}");
        assert!(
            (cp.distance / s / 1.6310986e19 - 1.0).abs() < 1e-5,
            "scale 2^{e}: {cp:?}"
        );
        assert_eq!(cp.a, corners[4] * s, "scale 2^{e}");
    }
}
