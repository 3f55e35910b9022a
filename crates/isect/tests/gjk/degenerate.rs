//! GJK on degenerate and hostile input: coincident points, flat and collinear hulls, shapes of
//! zero size, scales from 1e-4 to 1e4, non-finite support points, and support maps that are not
//! the support maps of any convex shape. It must terminate, and answer correctly where there is
//! a correct answer.

use core::cell::Cell;

use isect::math::{Mat3, Vec3};
use isect::query::algo::gjk::gjk_closest_points;
use isect::{
    Aabb, Capsule, ClosestPoints, ConvexHull, Obb, PointQuery, Real, Segment, Sphere, SupportMap,
    Triangle,
};
use proptest::prelude::*;

use super::{initial_dir, scale_of};
use crate::common::flat_reference::{DVec3, dv, wide};
use crate::common::strategy::{hull_points, point, rotation, unit, vec3};
use crate::common::{gjk_distance_tolerance, gjk_point_tolerance, non_finite_points, tol, v};

/// Every triangle of three of the points (repeats allowed, so one or two points give a point
/// or a segment).
fn triangles(points: &[Vec3]) -> Vec<Triangle> {
    let n = points.len();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i..n {
            for k in j..n {
                out.push(Triangle::new(points[i], points[j], points[k]));
            }
        }
    }
    out
}

/// The distance from `p` to the hull of `points`, by brute force. The boundary of the hull is
/// covered by triangles of the points, and all of them lie in it, so outside the hull the
/// distance is the least over those triangles (closed-form point queries). Inside, it is 0;
/// "inside" is tested in f64 against the supporting planes through three of the points (those
/// with every point on one side, up to rounding). A flat set (every point within rounding of
/// every such plane) is the union of its triangles (Carathéodory), so for it the least
/// distance is exact everywhere.
fn hull_distance(points: &[Vec3], p: Vec3) -> Real {
    let surface = triangles(points)
        .iter()
        .map(|t| t.distance_to_point(p))
        .fold(Real::INFINITY, Real::min);
    let wide_points: Vec<DVec3> = points.iter().map(|&q| dv(q)).collect();
    let scale = wide(scale_of(points));
    let eps = 1e-6 * scale;
    let p = dv(p);
    let mut flat = true;
    let mut inside = true;
    let n_points = wide_points.len();
    for i in 0..n_points {
        for j in i + 1..n_points {
            for k in j + 1..n_points {
                let (a, b, c) = (wide_points[i], wide_points[j], wide_points[k]);
                let n = (b - a).cross(c - a);
                if n.length() <= 1e-9 * scale * scale {
                    continue;
                }
                let n = n.normalize();
                let sd: Vec<f64> = wide_points.iter().map(|q| n.dot(*q - a)).collect();
                if sd.iter().any(|s| s.abs() > eps) {
                    flat = false;
                }
                // A supporting plane on one side, or (all points within `eps` of it) on both.
                let behind = sd.iter().all(|&s| s <= eps);
                let in_front = sd.iter().all(|&s| s >= -eps);
                let h = n.dot(p - a);
                if (behind && h > eps) || (in_front && h < -eps) {
                    inside = false;
                }
            }
        }
    }
    if !flat && inside { 0.0 } else { surface }
}

#[test]
fn coincident_points() {
    let p = v(1.0, -2.0, 3.5);
    for dir in [Vec3::X, Vec3::ZERO, Vec3::NAN, -p] {
        let r = gjk_closest_points(&p, &p, dir);
        assert_eq!(
            r,
            ClosestPoints {
                a: p,
                b: p,
                distance: 0.0
            }
        );
        let q = v(4.0, 2.0, 3.5);
        let r = gjk_closest_points(&p, &q, dir);
        assert_eq!(r.a, p);
        assert_eq!(r.b, q);
        assert_eq!(r.distance, 5.0);
    }
    // A hull of one point repeated, and zero-size shapes, are points.
    let hull = ConvexHull::new(vec![p; 6]);
    let r = gjk_closest_points(&hull, &v(4.0, 2.0, 3.5), Vec3::Y);
    assert_eq!(r.distance, 5.0);
    let dot = Sphere::new(p, 0.0);
    let flat_box = Aabb::new(p, p);
    let r = gjk_closest_points(&dot, &flat_box, Vec3::Y);
    assert_eq!(
        r,
        ClosestPoints {
            a: p,
            b: p,
            distance: 0.0
        }
    );
    let stub = Capsule::new(v(4.0, 2.0, 3.5), v(4.0, 2.0, 3.5), 0.0);
    let r = gjk_closest_points(&dot, &stub, Vec3::Y);
    assert_eq!(r.distance, 5.0);
    let needle = Obb::new(p, Vec3::ZERO, Mat3::IDENTITY);
    let r = gjk_closest_points(&needle, &Segment::new(p, p), Vec3::Z);
    assert_eq!(r.distance, 0.0);
}

/// A unit square at z = 0 given with repeated and interior points, and a collinear hull.
#[test]
fn flat_hulls() {
    let square = ConvexHull::new(vec![
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(1.0, 1.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.5, 0.5, 0.0),
        v(1.0, 1.0, 0.0),
        v(0.25, 0.75, 0.0),
    ]);
    for (p, q) in [
        (v(0.5, 0.5, 3.0), v(0.5, 0.5, 0.0)),
        (v(0.3, 0.9, -2.0), v(0.3, 0.9, 0.0)),
        (v(0.3, 0.9, 0.0), v(0.3, 0.9, 0.0)),
        (v(3.0, 0.5, 0.0), v(1.0, 0.5, 0.0)),
        (v(-1.0, -1.0, 1.0), v(0.0, 0.0, 0.0)),
    ] {
        let r = gjk_closest_points(&square, &p, Vec3::X);
        assert!((r.distance - p.distance(q)).abs() <= tol(3.0), "{p}: {r:?}");
        assert!(r.a.distance(q) <= tol(3.0), "{p}: {r:?}");
    }
    // Two parallel squares 2 apart, and the same square against itself turned over.
    let lifted = ConvexHull::new(
        square
            .points()
            .iter()
            .map(|p| *p + v(0.5, 0.5, 2.0))
            .collect::<Vec<_>>(),
    );
    let r = gjk_closest_points(&square, &lifted, Vec3::Z);
    assert!((r.distance - 2.0).abs() <= tol(2.0), "{r:?}");
    let across = ConvexHull::new(
        square
            .points()
            .iter()
            .map(|p| v(p.y, p.x, 0.0) + v(0.5, 0.0, 0.0))
            .collect::<Vec<_>>(),
    );
    let r = gjk_closest_points(&square, &across, Vec3::Z);
    assert_eq!(r.distance, 0.0);
    assert_eq!(r.a, r.b);
    // Collinear points: the segment from -2 to 3 along x.
    let line = ConvexHull::new(vec![
        v(0.0, 0.0, 0.0),
        v(3.0, 0.0, 0.0),
        v(-2.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
    ]);
    let r = gjk_closest_points(&line, &v(1.0, 3.0, 4.0), Vec3::Y);
    assert!((r.distance - 5.0).abs() <= tol(5.0), "{r:?}");
    let r = gjk_closest_points(&line, &v(5.0, 0.0, 0.0), Vec3::Y);
    assert!((r.distance - 2.0).abs() <= tol(5.0), "{r:?}");
    // Coplanar triangles, overlapping and apart in their plane.
    let t1 = Triangle::new(v(0.0, 0.0, 1.0), v(4.0, 0.0, 1.0), v(0.0, 4.0, 1.0));
    let t2 = Triangle::new(v(1.0, 1.0, 1.0), v(5.0, 5.0, 1.0), v(1.0, 5.0, 1.0));
    assert_eq!(gjk_closest_points(&t1, &t2, Vec3::Z).distance, 0.0);
    let t3 = Triangle::new(v(3.0, 3.0, 1.0), v(5.0, 3.0, 1.0), v(3.0, 5.0, 1.0));
    let r = gjk_closest_points(&t1, &t3, Vec3::Z);
    assert!(
        (r.distance - (2.0 as Real).sqrt()).abs() <= tol(5.0),
        "{r:?}"
    );
}

/// The same configurations scaled by 10^e for e in -4..=4: the answers scale with them.
#[test]
fn scales_from_tiny_to_huge() {
    for e in -4..=4 {
        let s = (10.0 as Real).powi(e);
        let check = |r: ClosestPoints, d: Real, what: &str| {
            let scale = 10.0 * s;
            assert!(
                (r.distance - d * s).abs() <= gjk_distance_tolerance(d * s, scale),
                "1e{e} {what}: {} vs {}",
                r.distance,
                d * s
            );
        };
        let s1 = Sphere::new(v(1.0, 2.0, 3.0) * s, 1.5 * s);
        let s2 = Sphere::new(v(7.0, -6.0, 3.0) * s, 2.5 * s);
        check(gjk_closest_points(&s1, &s2, Vec3::X), 6.0, "spheres");
        let b1 = Aabb::new(v(-1.0, -1.0, -1.0) * s, v(1.0, 2.0, 1.0) * s);
        let b2 = Aabb::new(v(4.0, 6.0, -3.0) * s, v(5.0, 7.0, 0.0) * s);
        check(gjk_closest_points(&b1, &b2, Vec3::X), 5.0, "boxes");
        let t = Triangle::new(
            v(0.0, 0.0, 0.0) * s,
            v(4.0, 0.0, 0.0) * s,
            v(0.0, 4.0, 0.0) * s,
        );
        check(
            gjk_closest_points(&t, &(v(1.0, 1.0, 3.0) * s), Vec3::Z),
            3.0,
            "triangle",
        );
        let c = Capsule::new(v(0.0, 0.0, 0.0) * s, v(0.0, 4.0, 0.0) * s, s);
        check(
            gjk_closest_points(&c, &(v(3.0, 2.0, 0.0) * s), Vec3::Z),
            2.0,
            "capsule",
        );
        let r = gjk_closest_points(&b1, &(v(0.5, 0.5, 0.5) * s), Vec3::Z);
        assert_eq!(r.distance, 0.0, "1e{e}: inside");
        // Shapes of very different sizes: a tiny ball 3 away from a huge box.
        let big = Aabb::new(v(-1e3, -1e3, -1e3) * s, v(1e3, 1e3, 1e3) * s);
        let ball = Sphere::new(v(1e3 + 4.0, 0.0, 0.0) * s, s);
        let r = gjk_closest_points(&big, &ball, Vec3::X);
        assert!(
            (r.distance - 3.0 * s).abs() <= gjk_distance_tolerance(3.0 * s, 1e3 * s),
            "1e{e}: {r:?}"
        );
    }
}

#[test]
fn non_finite_support_points_give_none() {
    let ball = Sphere::new(v(1.0, 2.0, 3.0), 1.0);
    let cube = Aabb::new(Vec3::ZERO, Vec3::ONE);
    for p in non_finite_points() {
        for dir in [Vec3::X, -Vec3::X, Vec3::ONE, Vec3::ZERO] {
            assert_eq!(
                gjk_closest_points(&p, &ball, dir),
                ClosestPoints::NONE,
                "{p}"
            );
            assert_eq!(
                gjk_closest_points(&cube, &p, dir),
                ClosestPoints::NONE,
                "{p}"
            );
            let bad_ball = Sphere::new(p, 1.0);
            assert_eq!(
                gjk_closest_points(&bad_ball, &cube, dir),
                ClosestPoints::NONE
            );
            let bad_box = Aabb::new(-Vec3::ONE, p);
            assert_eq!(
                gjk_closest_points(&ball, &bad_box, dir),
                ClosestPoints::NONE
            );
            let bad_obb = Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::from_cols(p, Vec3::Y, Vec3::Z));
            assert_eq!(
                gjk_closest_points(&ball, &bad_obb, dir),
                ClosestPoints::NONE
            );
            let bad_capsule = Capsule::new(Vec3::ZERO, p, 1.0);
            assert_eq!(
                gjk_closest_points(&bad_capsule, &ball, dir),
                ClosestPoints::NONE
            );
            let bad_triangle = Triangle::new(p, Vec3::X, Vec3::Y);
            assert_eq!(
                gjk_closest_points(&bad_triangle, &ball, dir),
                ClosestPoints::NONE
            );
        }
    }
    for x in [Real::NAN, Real::INFINITY] {
        let ball = Sphere::new(v(1.0, 2.0, 3.0), x);
        assert_eq!(
            gjk_closest_points(&ball, &cube, Vec3::X),
            ClosestPoints::NONE
        );
    }
    // A hull with a non-finite point anywhere among finite ones.
    for p in non_finite_points() {
        for at in 0..4 {
            let mut points = vec![v(5.0, 0.0, 0.0), v(5.0, 1.0, 0.0), v(6.0, 0.0, 1.0)];
            points.insert(at, p);
            let hull = ConvexHull::new(points);
            for dir in [Vec3::X, -Vec3::X, Vec3::Y, Vec3::ZERO] {
                assert_eq!(
                    gjk_closest_points(&hull, &cube, dir),
                    ClosestPoints::NONE,
                    "{p} at {at}, {dir}"
                );
            }
        }
    }
    assert_eq!(
        gjk_closest_points(&ConvexHull::new(Vec::new()), &cube, Vec3::X),
        ClosestPoints::NONE
    );
}

/// A support map that is finite for its first `finite_calls` calls and NaN afterwards: GJK
/// notices in the middle of its iterations.
struct TurnsNan {
    ball: Sphere,
    finite_calls: usize,
    calls: Cell<usize>,
}

impl SupportMap for TurnsNan {
    fn support(&self, dir: Vec3) -> Vec3 {
        let n = self.calls.get();
        self.calls.set(n + 1);
        if n < self.finite_calls {
            self.ball.support(dir)
        } else {
            Vec3::NAN
        }
    }
}

/// Not the support map of any convex set: points that jump around with the direction's bits.
struct Chaotic(u32);

impl SupportMap for Chaotic {
    fn support(&self, dir: Vec3) -> Vec3 {
        let bits = dir.to_array().iter().fold(self.0, |h, x| {
            let b = (x * 4096.0) as i32 as u32;
            (h ^ b).wrapping_mul(0x9E37_79B1).rotate_left(7)
        });
        let f = |k: u32| ((bits.rotate_left(k) & 0xffff) as Real / 65535.0 - 0.5) * 20.0;
        v(f(0), f(11), f(22))
    }
}

/// A support map that ignores the direction some of the time.
struct Stubborn(Sphere, Cell<u32>);

impl SupportMap for Stubborn {
    fn support(&self, dir: Vec3) -> Vec3 {
        let n = self.1.get();
        self.1.set(n.wrapping_add(1));
        if n % 3 == 0 {
            self.0.center
        } else {
            self.0.support(dir)
        }
    }
}

#[test]
fn hostile_support_maps_terminate() {
    let cube = Aabb::new(v(20.0, 0.0, 0.0), v(21.0, 1.0, 1.0));
    for finite_calls in 0..12 {
        let nan = TurnsNan {
            ball: Sphere::new(Vec3::ZERO, 1.0),
            finite_calls,
            calls: Cell::new(0),
        };
        let r = gjk_closest_points(&nan, &cube, Vec3::X);
        // Either it finished before the NaN, with a right answer, or it reports invalid input.
        if r != ClosestPoints::NONE {
            assert!(
                (r.distance - 19.0).abs() <= tol(20.0),
                "{finite_calls}: {r:?}"
            );
        }
    }
    for seed in 0..200 {
        let r = gjk_closest_points(&Chaotic(seed), &cube, Vec3::X);
        assert!(r == ClosestPoints::NONE || r.distance.is_finite(), "{r:?}");
        let r = gjk_closest_points(&Chaotic(seed), &Chaotic(seed ^ 0xdead), Vec3::Y);
        assert!(r == ClosestPoints::NONE || r.distance.is_finite(), "{r:?}");
    }
    let r = gjk_closest_points(
        &Stubborn(Sphere::new(Vec3::ZERO, 2.0), Cell::new(0)),
        &cube,
        Vec3::X,
    );
    assert!(r.distance.is_finite() && r.distance >= 0.0, "{r:?}");
}

proptest! {
    /// Any hull (general, coplanar, collinear) against a point: the brute-force distance.
    #[test]
    fn hull_and_point(points in hull_points(), p in point(), dir in initial_dir()) {
        let hull = ConvexHull::new(points.clone());
        let r = gjk_closest_points(&hull, &p, dir);
        let d = hull_distance(&points, p);
        let mut all = points.clone();
        all.push(p);
        let scale = scale_of(&all);
        prop_assert!((r.distance - d).abs() <= gjk_distance_tolerance(d, scale),
            "gjk {} vs {} ({:?})", r.distance, d, r);
        prop_assert!((hull_distance(&points, r.a)) <= gjk_point_tolerance(d, scale), "{} off the hull", r.a);
    }

    /// Flat hulls (the points of a polygon in a random plane) against each other and against
    /// a box, scaled by 10^e: GJK ends with an answer within tolerance of a second computation
    /// from the other side.
    #[test]
    fn flat_hulls_at_any_scale(
        xy in proptest::collection::vec((-5.0 as Real..5.0, -5.0 as Real..5.0), 3..8),
        q in rotation(), t in vec3(), e in -4i32..=4, offset in vec3(), dir in initial_dir(),
    ) {
        let s = (10.0 as Real).powi(e);
        let points: Vec<Vec3> = xy.iter().map(|&(x, y)| (q * v(x, y, 0.0) + t) * s).collect();
        let other: Vec<Vec3> = points.iter().map(|p| *p + offset * s).collect();
        let (a, b) = (ConvexHull::new(points.clone()), ConvexHull::new(other.clone()));
        let r = gjk_closest_points(&a, &b, dir);
        let m = gjk_closest_points(&b, &a, -dir);
        let scale = scale_of(&points).max(scale_of(&other));
        prop_assert!(r.distance.is_finite());
        prop_assert!((r.distance - m.distance).abs() <= 2.0 * gjk_distance_tolerance(r.distance, scale),
            "{} vs {}", r.distance, m.distance);
        // The pair is no closer than the hulls are: no point of one is nearer the other.
        let d_ref = points.iter().map(|p| hull_distance(&other, *p)).fold(Real::INFINITY, Real::min);
        prop_assert!(r.distance <= d_ref + gjk_distance_tolerance(d_ref, scale));
    }

    /// Points on a sphere of radius 10^e around a box: GJK agrees with the box's closest point.
    #[test]
    fn scaled_point_box(
        center in vec3(), half in vec3(), n in unit(), e in -4i32..=4, dir in initial_dir(),
    ) {
        let s = (10.0 as Real).powi(e);
        let b = Aabb::from_center_half_extents(center * s, half.abs() * s);
        let p = (center + n * 15.0) * s;
        let r = gjk_closest_points(&p, &b, dir);
        let d = b.distance_to_point(p);
        let scale = 25.0 * s;
        prop_assert!((r.distance - d).abs() <= gjk_distance_tolerance(d, scale), "{} vs {}", r.distance, d);
        prop_assert!(r.b.distance(b.closest_point(p)) <= gjk_point_tolerance(d, scale));
    }
}
