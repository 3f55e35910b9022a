//! 2D answers whose arithmetic underflows (s26, s27): a ray cast whose `t` falls below the
//! normal range (a long `dir`), a disc whose radius is subnormal, and a chain's segment of
//! subnormal length. Each once gave a valid-looking
//! wrong answer; each test is named after the bug.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, Contact, ConvexPolygon, Line, Obb, PointQuery, Polygon, Polyline, Ray,
    RayCast, RayHit, Segment, Triangle,
};

use super::common::v;

/// A ray whose `dir` is long beside the distance to its hit (`|dir| = 2¹²⁷`, shapes `1e-6`
/// away, in `f32`; `2¹⁰²³` and `2⁻⁴⁸` in `f64`) has its `t` below the normal range. Every
/// cast formed its point as `origin + t · dir` from that `t`: a circle's entry at
/// `(1.2e-7, 1.5e-7)` for `(2.1e-7, 1.8e-7)`, `0.4` of the shapes' size off, the polygon's
/// `(5.8e-7, 2.7e-7)` for `(4.9e-7, 2.5e-7)`. Such a hit is now cast again with `dir` at unit
/// scale: the point and normal of the cast along the unit direction, bit for bit.
#[test]
fn hit_point_of_a_cast_whose_parameter_underflows() {
    let pow2 = |k: i32| (2.0 as Real).powi(k);
    let huge = Real::MAX_EXP - 1;
    let k = pow2(5 - Real::MANTISSA_DIGITS as i32);
    let s = |x: Real, y: Real| v(x, y) * k;
    let u = v(1.0, 0.25).normalize();
    let o = s(-0.3, -0.01);
    let check = |name: &str, cast: &dyn Fn(&Ray) -> Option<RayHit>, origin| {
        let unit = cast(&Ray::new(origin, u)).unwrap_or_else(|| panic!("{name}: misses"));
        let long = cast(&Ray::new(origin, u * pow2(huge))).unwrap_or_else(|| panic!("{name}"));
        assert!(unit.t > 0.0, "{name}: {unit:?}");
        assert_eq!(long.point, unit.point, "{name}: {long:?} against {unit:?}");
        assert_eq!(long.normal, unit.normal, "{name}");
        assert_eq!(long.t, unit.t * pow2(-huge), "{name}");
    };
    let inf = Real::INFINITY;
    let corners = [s(0.2, -1.0), s(1.0, 0.0), s(0.3, 1.0)];
    let circle = Circle::new(s(0.5, 0.0), 0.4 * k);
    let aabb = Aabb::new(s(0.1, -0.5), s(1.0, 0.5));
    let obb = Obb::from_angle(s(0.5, 0.0), s(0.3, 0.3), 0.3);
    let capsule = Capsule::new(s(0.5, -1.0), s(0.5, 1.0), 0.3 * k);
    let triangle = Triangle::new(corners[0], corners[1], corners[2]);
    let convex = ConvexPolygon::new(corners.to_vec());
    let polygon = Polygon::new(corners.to_vec()).unwrap();
    let polyline = Polyline::new(vec![corners[0], corners[2]], vec![[0, 1]]).unwrap();
    let segment = Segment::new(corners[0], corners[2]);
    let line = Line::new(corners[0], corners[2] - corners[0]);
    let ray = Ray::new(corners[0], corners[2] - corners[0]);
    check("circle", &|r| circle.raycast(r, inf), o);
    check("circle surface", &|r| circle.raycast_surface(r, inf), o);
    check("aabb", &|r| aabb.raycast(r, inf), o);
    check("aabb surface", &|r| aabb.raycast_surface(r, inf), o);
    check("obb", &|r| obb.raycast(r, inf), o);
    check("obb surface", &|r| obb.raycast_surface(r, inf), o);
    check("capsule", &|r| capsule.raycast(r, inf), o);
    check("capsule surface", &|r| capsule.raycast_surface(r, inf), o);
    check("triangle", &|r| triangle.raycast(r, inf), o);
    check("triangle surface", &|r| triangle.raycast_surface(r, inf), o);
    check("convex", &|r| convex.raycast(r, inf), o);
    check("convex surface", &|r| convex.raycast_surface(r, inf), o);
    check("polygon", &|r| polygon.raycast(r, inf), o);
    check("polygon surface", &|r| polygon.raycast_surface(r, inf), o);
    check("polyline", &|r| polyline.raycast(r, inf), o);
    check("segment", &|r| segment.raycast(r, inf), o);
    check("line", &|r| line.raycast(r, inf), o);
    check("ray", &|r| ray.raycast(r, inf), o);
    // Against an answer by hand: the box is entered through its face `x = 0.1 k` (within an
    // ulp: the 2D point is `origin + t · dir`).
    let entry = aabb.raycast(&Ray::new(o, u * pow2(huge)), inf).unwrap();
    assert_eq!(entry.normal, v(-1.0, 0.0));
    assert!((entry.point.x - aabb.min.x).abs() <= 1e-6 * k, "{entry:?}");
    let y = o.y + (aabb.min.x - o.x) * 0.25;
    assert!((entry.point.y - y).abs() <= 1e-6 * k, "{entry:?}");
    // From inside, the surface casts find the exit the same way.
    let inside = s(0.5, 0.0);
    check("circle exit", &|r| circle.raycast_surface(r, inf), inside);
    check("aabb exit", &|r| aabb.raycast_surface(r, inf), inside);
    check("polygon exit", &|r| polygon.raycast_surface(r, inf), inside);
    // The polyline's segment query keeps its segment and point.
    let unit = polyline.raycast_segment(&Ray::new(o, u), inf).unwrap();
    let long = polyline
        .raycast_segment(&Ray::new(o, u * pow2(huge)), inf)
        .unwrap();
    assert_eq!((long.point, long.segment), (unit.point, unit.segment));
}

/// A disc of subnormal radius (`1.2e-38` scaled down) that a line passes `2e-23` off: `r²` and
/// the offset's square both underflowed to 0, so their difference counted the line as touching.
/// A capsule of that radius whose end the ray had passed (behind its origin) then reached back
/// to the origin (`t = 0`, "starts inside" though `contains_point` is false) where the ray
/// crosses its core at `t = 0.00188`; a circle of that radius was hit by a line passing beside
/// it. The offset is now compared with the radius unsquared. Found by the 2D fuzz pass
/// (`query_driver --family d2-raycast --seed 25`).
#[test]
fn ray_beside_a_disc_of_subnormal_radius() {
    for e in [0, -4, -8, -16] {
        let s = (2.0 as Real).powi(e);
        let k = Capsule::new(
            v(-4.0, 1e-19) * s,
            v(1.1579527e-8, -3.18296e-22) * s,
            1.1754944e-38 * s,
        );
        let ray = Ray::new(v(3.0905129e-24, -0.0) * s, v(-6.75, -2.8555392e-33) * s);
        assert!(!k.contains_point(ray.origin));
        for hit in [k.raycast(&ray, 4.75), k.raycast_surface(&ray, 4.75)] {
            let t = hit.expect("the ray crosses the core").t;
            assert!((t - 0.00188021).abs() < 1e-6, "scale 2^{e}: t = {t}");
        }
        let dot = Circle::new(v(1.0, 2e-20) * s, 1.1754944e-38 * s);
        let along = Ray::new(v(0.0, 0.0), v(1.0, 0.0));
        assert_eq!(dot.raycast(&along, 4.75), None, "scale 2^{e}");
        assert_eq!(dot.raycast_surface(&along, 4.75), None, "scale 2^{e}");
    }
}

/// A chain's segment of subnormal length (from `(2⁻¹⁴⁹, 0)` to the origin in `f32`) inside a
/// tilted box: the ghost rule reads which of a segment's features a contact normal comes from by
/// the heights `n · a` and `n · b` of its ends, and both rounded to 0, so the segment's corner
/// (the box's shallowest push, along its `x` axis, depth `1.08`) was taken for its face and
/// given the push below the segment's line (`y`, depth 4, found by the fuzz driver at scale 1;
/// at scale `4⁹` the heights differ and the answer was right). The rise along the normal is now
/// taken from the segment's unit direction.
#[test]
fn box_on_a_chain_segment_of_subnormal_length_keeps_its_corner_contact() {
    let tiny = Real::MIN_POSITIVE * Real::EPSILON;
    let center = v(2.3125, 1.5);
    let obb = Obb::from_angle(center, v(3.3125, 6.5625), 1.2);
    let axis = obb.rotation.x_axis;
    // The origin (the chain's end) is inside; its shallowest way out is along the x axis.
    let depth = 3.3125 - center.dot(axis).abs();
    assert!(depth < 6.5625 - center.dot(obb.rotation.y_axis).abs());
    for k in [0, 20, 60] {
        let s = (2.0 as Real).powi(k);
        let chain = Polyline::chain(
            [v(-6.9375, 0.8125), v(tiny, 0.0), v(0.0, 0.0), v(0.0, 0.0)]
                .map(|p| p * s)
                .to_vec(),
        )
        .unwrap();
        let obb = Obb::new(obb.center * s, obb.half_extents * s, obb.rotation);
        for c in [obb.contact(&chain), chain.contact(&obb)] {
            let c = c.unwrap_or_else(|| panic!("scale 2^{k}: no contact"));
            assert!((c.depth / s - depth).abs() < 1e-5, "scale 2^{k}: {c:?}");
            assert!(
                (c.normal.abs() - axis.abs()).length() < 1e-6,
                "scale 2^{k}: {c:?}"
            );
        }
    }
}

/// A disc or capsule whose radius is tiny beside the offsets around it (`2⁻⁸⁵` at offsets of 1
/// in `f32`, `2⁻⁶⁰⁰` in `f64`): the input's largest magnitude is 1, inside the rescaling
/// window, so the queries computed as given and compared squared lengths whose squares
/// underflowed to 0, and shapes `r` apart met. Every query of the disc and the capsule (core
/// along y through `(0, 1)`) with shapes whose point nearest to `(0, 1)` is `(x, 1)`: they meet
/// exactly when `x <= r`.
#[test]
fn tiny_radius_compared_beside_unit_offsets() {
    use isect::d2::{Distance, Intersects};
    let r = (2.0 as Real).powi(if Real::MANTISSA_DIGITS == 24 {
        -85
    } else {
        -600
    });
    let mut failures = Vec::new();
    for x in [2.0 * r, r, 0.5 * r] {
        let meet = x <= r;
        let disc = Circle::new(v(0.0, 1.0), r);
        let capsule = Capsule::new(v(0.0, 0.0), v(0.0, 2.0), r);
        let segment = Segment::new(v(x, 0.0), v(x, 2.0));
        let line = Line::new(v(x, 0.0), v(0.0, 1.0));
        let ray = Ray::new(v(x, -1.0), v(0.0, 1.0));
        let aabb = Aabb::new(v(x, 0.0), v(x + 2.0 * r, 2.0));
        let obb = Obb::new(v(x + r, 1.0), v(r, 1.0), isect::math::Mat2::IDENTITY);
        let triangle = Triangle::new(v(x, 0.0), v(x, 2.0), v(x + 2.0 * r, 1.0));
        let polygon = ConvexPolygon::new(vec![v(x, 0.0), v(x + 2.0 * r, 1.0), v(x, 2.0)]);
        let other_disc = Circle::new(v(x + r, 1.0), r);
        let other_capsule = Capsule::new(v(x + r, 0.0), v(x + r, 2.0), r);
        let mut check = |what: String, got: bool| {
            if got != meet {
                failures.push(format!("x = {x:e}: {what} gave {got}, expected {meet}"));
            }
        };
        macro_rules! pair {
            ($a:expr, $b:expr) => {
                check(
                    format!("{} intersects {}", stringify!($a), stringify!($b)),
                    $a.intersects(&$b),
                );
                check(
                    format!("{} intersects {}", stringify!($b), stringify!($a)),
                    $b.intersects(&$a),
                );
            };
        }
        macro_rules! solid {
            ($a:expr, $b:expr) => {
                pair!($a, $b);
                check(
                    format!("{} distance 0 to {}", stringify!($a), stringify!($b)),
                    $a.distance(&$b) == 0.0,
                );
                check(
                    format!("{} contact with {}", stringify!($a), stringify!($b)),
                    $a.contact(&$b).is_some(),
                );
            };
        }
        pair!(disc, segment);
        pair!(disc, line);
        pair!(disc, ray);
        pair!(capsule, segment);
        pair!(capsule, line);
        pair!(capsule, ray);
        solid!(disc, aabb);
        solid!(disc, obb);
        solid!(disc, triangle);
        solid!(disc, polygon);
        solid!(disc, other_disc);
        solid!(disc, other_capsule);
        solid!(capsule, aabb);
        solid!(capsule, obb);
        solid!(capsule, triangle);
        solid!(capsule, polygon);
        solid!(capsule, other_disc);
        solid!(capsule, other_capsule);
        for (cast, name) in [(&disc as &dyn RayCast, "disc"), (&capsule, "capsule")] {
            check(
                format!("{name} raycast"),
                cast.raycast(&ray, 10.0).is_some(),
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
