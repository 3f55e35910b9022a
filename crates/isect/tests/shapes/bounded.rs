//! `Bounded`: every shape's `aabb()` is the tightest box that contains it and its
//! `bounding_sphere()` contains it, and is the smallest where the docs say so.
//!
//! The references are computed another way: boxes from the shape's support points along ±x, ±y,
//! ±z, from its corners or defining points, and by sampling; smallest spheres from the shape's
//! diameter (no sphere of smaller radius holds two points further apart than its diameter), and
//! for triangles the brute-force minimum over "an edge as diameter" and the circumcircle, in f64.
//! (Frusta from camera matrices are in `frustum.rs`.)

use isect::math::{Mat3, Quat, Vec3};
use isect::{
    Aabb, Bounded, Capsule, ConvexHull, Obb, Plane, Real, Segment, Sphere, SupportMap, Triangle,
};
use proptest::prelude::*;

use crate::common::flat_reference::{DVec3, dv, wide};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{
    aabb, capsule, convex_hull, near_degenerate_triangle, obb, segment, sphere, triangle,
};
use crate::common::{aabb_corners, aabb_frustum, obb_corners, tol, v};

/// Rounding slack for containment: 64 units in the last place of `scale` (at least 1).
fn slack(scale: Real) -> Real {
    64.0 * Real::EPSILON * scale.max(1.0)
}

/// The parameters `{0, 1/4, ..., 1}³`: corners, edges, faces and inside of the unit cube.
fn unit_grid() -> Vec<Vec3> {
    let steps = [0.0, 0.25, 0.5, 0.75, 1.0];
    let mut out = Vec::new();
    for x in steps {
        for y in steps {
            for z in steps {
                out.push(v(x, y, z));
            }
        }
    }
    out
}

/// The box of the shape's support points along ±x, ±y, ±z: its extremes by brute force.
fn support_box<S: SupportMap>(shape: &S) -> Aabb {
    let mut min = Vec3::ZERO;
    let mut max = Vec3::ZERO;
    for (i, axis) in [Vec3::X, Vec3::Y, Vec3::Z].into_iter().enumerate() {
        max[i] = shape.support(axis)[i];
        min[i] = shape.support(-axis)[i];
    }
    Aabb::new(min, max)
}

#[track_caller]
fn assert_box_near(actual: Aabb, expected: Aabb, what: &str) {
    let scale = expected.min.abs().max(expected.max.abs()).max_element();
    let t = tol(scale);
    assert!(
        (actual.min - expected.min).abs().max_element() <= t
            && (actual.max - expected.max).abs().max_element() <= t,
        "{what}: {actual:?} vs {expected:?}"
    );
}

/// Asserts that the shape's box and sphere hold each of its samples at the parameters `us`.
#[track_caller]
fn assert_holds_samples<S: Sample + Bounded + core::fmt::Debug>(shape: &S, us: &[Vec3]) {
    let aabb = shape.aabb();
    let sphere = shape.bounding_sphere();
    let scale = aabb.min.abs().max(aabb.max.abs()).max_element();
    let e = slack(scale);
    for &u in us {
        let p = shape.sample(u);
        assert!(
            p.cmpge(aabb.min - e).all() && p.cmple(aabb.max + e).all(),
            "{shape:?}: sample {p} outside {aabb:?}"
        );
        assert!(
            p.distance(sphere.center) <= sphere.radius + e,
            "{shape:?}: sample {p} outside {sphere:?} by {}",
            p.distance(sphere.center) - sphere.radius
        );
    }
}

/// Asserts that `sphere` is the smallest sphere of a set whose diameter is the distance between
/// the points `p` and `q` of the set (given that the sphere holds the set, checked separately):
/// the radius is half that distance and the center their midpoint.
#[track_caller]
fn assert_smallest(sphere: Sphere, p: Vec3, q: Vec3, what: &str) {
    let scale = p.abs().max(q.abs()).max_element();
    let t = tol(scale);
    assert!(
        (sphere.radius - 0.5 * p.distance(q)).abs() <= t,
        "{what}: radius {} vs {}",
        sphere.radius,
        0.5 * p.distance(q)
    );
    assert!(
        sphere.center.distance((p + q) * 0.5) <= t,
        "{what}: center {} vs {}",
        sphere.center,
        (p + q) * 0.5
    );
}

/// The farthest pair of `points` (brute force).
fn diameter(points: &[Vec3]) -> (Vec3, Vec3) {
    let mut best = (points[0], points[0]);
    for &p in points {
        for &q in points {
            if p.distance(q) > best.0.distance(best.1) {
                best = (p, q);
            }
        }
    }
    best
}

/// The radius of the smallest circle holding the triangle, in f64: the least among the circles
/// on an edge as diameter that hold the third corner, and the circumcircle (found by solving
/// `2 (x − a) · (b − a) = |b − a|²` and the same for `c`, in the basis `b − a`, `c − a`).
fn smallest_circle_radius(t: &Triangle) -> f64 {
    let [a, b, c] = t.vertices().map(dv);
    let mut best = f64::INFINITY;
    // Each edge's midpoint with the radius that takes in the third corner: always an
    // enclosing circle, and within rounding of the smallest where the circumcenter below is
    // ill-conditioned (a needle with a near-right angle: a 300,000-case f64 run found one
    // whose circumcenter circle was 1.6e-7 too large).
    for (p, q, r) in [(a, b, c), (b, c, a), (c, a, b)] {
        let center = (p + q) * 0.5;
        best = best.min((0.5 * p.distance(q)).max(center.distance(r)));
    }
    let (ab, ac) = (b - a, c - a);
    let (m11, m12, m22) = (ab.dot(ab), ab.dot(ac), ac.dot(ac));
    let det = m11 * m22 - m12 * m12;
    if det > 1e-12 * m11 * m22 {
        let s = 0.5 * (m11 * m22 - m12 * m22) / det;
        let u = 0.5 * (m22 * m11 - m12 * m11) / det;
        let center: DVec3 = a + ab * s + ac * u;
        let radius = center
            .distance(a)
            .max(center.distance(b))
            .max(center.distance(c));
        best = best.min(radius);
    }
    best
}

// --- hand cases -------------------------------------------------------------------------------

#[test]
fn sphere_bounds() {
    let s = Sphere::new(v(1.0, 2.0, 3.0), 2.0);
    assert_eq!(s.aabb(), Aabb::new(v(-1.0, 0.0, 1.0), v(3.0, 4.0, 5.0)));
    assert_eq!(s.bounding_sphere(), s);
    let point = Sphere::new(v(1.0, 2.0, 3.0), 0.0);
    assert_eq!(point.aabb(), Aabb::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0)));
    assert_eq!(point.bounding_sphere(), point);
}

#[test]
fn aabb_bounds() {
    let b = Aabb::new(v(0.0, 0.0, 0.0), v(2.0, 4.0, 4.0));
    assert_eq!(b.aabb(), b);
    // Half the diagonal (2, 4, 4): 3.
    assert_eq!(b.bounding_sphere(), Sphere::new(v(1.0, 2.0, 2.0), 3.0));
    let flat = Aabb::new(v(1.0, 1.0, 1.0), v(1.0, 4.0, 5.0));
    assert_eq!(flat.bounding_sphere(), Sphere::new(v(1.0, 2.5, 3.0), 2.5));
    let point = Aabb::new(Vec3::ONE, Vec3::ONE);
    assert_eq!(point.bounding_sphere(), Sphere::new(Vec3::ONE, 0.0));
}

#[test]
fn obb_bounds() {
    // A quarter turn about z swaps the x and y extents.
    let o = Obb::from_quat(
        v(1.0, 2.0, 3.0),
        v(1.0, 2.0, 3.0),
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real),
    );
    assert_box_near(
        o.aabb(),
        Aabb::new(v(-1.0, 1.0, 0.0), v(3.0, 3.0, 6.0)),
        "quarter turn",
    );
    let s = o.bounding_sphere();
    assert_eq!(s.center, v(1.0, 2.0, 3.0));
    assert!((s.radius - (14.0 as Real).sqrt()).abs() <= tol(4.0));
    // Exact rotations give exact boxes.
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    for m in crate::common::signed_permutations() {
        let o = Obb::new(b.center(), b.half_extents(), m);
        let corners = obb_corners(&o);
        assert_eq!(o.aabb(), Aabb::from_points(corners).unwrap(), "{m}");
    }
    // 45° about z: the unit cube's box widens to ±√2 in x and y.
    let o = Obb::from_quat(
        Vec3::ZERO,
        Vec3::ONE,
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_4 as Real),
    );
    let r2 = (2.0 as Real).sqrt();
    assert_box_near(
        o.aabb(),
        Aabb::new(v(-r2, -r2, -1.0), v(r2, r2, 1.0)),
        "45°",
    );
}

#[test]
fn capsule_bounds() {
    let c = Capsule::new(v(0.0, 0.0, 0.0), v(3.0, 4.0, 0.0), 1.0);
    assert_eq!(c.aabb(), Aabb::new(v(-1.0, -1.0, -1.0), v(4.0, 5.0, 1.0)));
    assert_eq!(c.bounding_sphere(), Sphere::new(v(1.5, 2.0, 0.0), 3.5));
    // A capsule with a == b is a sphere; with radius 0, a segment.
    let ball = Capsule::new(Vec3::ONE, Vec3::ONE, 2.0);
    assert_eq!(ball.aabb(), Sphere::new(Vec3::ONE, 2.0).aabb());
    assert_eq!(ball.bounding_sphere(), Sphere::new(Vec3::ONE, 2.0));
    let stick = Capsule::new(v(0.0, 0.0, 0.0), v(3.0, 4.0, 0.0), 0.0);
    assert_eq!(
        stick.bounding_sphere(),
        Segment::new(stick.a, stick.b).bounding_sphere()
    );
}

#[test]
fn segment_bounds() {
    let s = Segment::new(v(3.0, -4.0, 1.0), v(0.0, 0.0, 1.0));
    assert_eq!(s.aabb(), Aabb::new(v(0.0, -4.0, 1.0), v(3.0, 0.0, 1.0)));
    assert_eq!(s.bounding_sphere(), Sphere::new(v(1.5, -2.0, 1.0), 2.5));
    let point = Segment::new(Vec3::ONE, Vec3::ONE);
    assert_eq!(point.bounding_sphere(), Sphere::new(Vec3::ONE, 0.0));
}

#[test]
fn triangle_bounds() {
    let t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 3.0, 2.0));
    assert_eq!(t.aabb(), Aabb::new(v(0.0, 0.0, 0.0), v(4.0, 3.0, 2.0)));
    // (center, radius) for a right, an obtuse, an acute, a collinear and a point triangle.
    let cases = [
        (
            Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 3.0, 0.0)),
            v(2.0, 1.5, 0.0),
            2.5,
        ),
        (
            Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(1.0, 1.0, 0.0)),
            v(2.0, 0.0, 0.0),
            2.0,
        ),
        (
            Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(1.0, 2.0, 0.0)),
            v(1.0, 0.75, 0.0),
            1.25,
        ),
        (
            Triangle::new(v(0.0, 0.0, 5.0), v(1.0, 0.0, 5.0), v(4.0, 0.0, 5.0)),
            v(2.0, 0.0, 5.0),
            2.0,
        ),
        (
            Triangle::new(v(1.0, 0.0, 5.0), v(4.0, 0.0, 5.0), v(4.0, 0.0, 5.0)),
            v(2.5, 0.0, 5.0),
            1.5,
        ),
        (
            Triangle::new(Vec3::ONE, Vec3::ONE, Vec3::ONE),
            Vec3::ONE,
            0.0,
        ),
    ];
    for (t, center, radius) in cases {
        // Every order of the corners.
        let [a, b, c] = t.vertices();
        for t in [
            Triangle::new(a, b, c),
            Triangle::new(b, c, a),
            Triangle::new(c, a, b),
            Triangle::new(a, c, b),
        ] {
            let s = t.bounding_sphere();
            assert!(s.center.distance(center) <= tol(5.0), "{t:?}: {s:?}");
            assert!((s.radius - radius).abs() <= tol(5.0), "{t:?}: {s:?}");
            for p in t.vertices() {
                assert!(p.distance(s.center) <= s.radius, "{t:?}: {p} outside {s:?}");
            }
        }
    }
}

#[test]
fn convex_hull_bounds() {
    let points = vec![
        v(1.0, 5.0, -1.0),
        v(-2.0, 0.0, 4.0),
        v(0.0, 7.0, 0.0),
        v(3.0, -1.0, 2.0),
        v(0.5, 0.5, 0.5),
    ];
    let h = ConvexHull::new(points.clone());
    assert_eq!(h.aabb(), Aabb::new(v(-2.0, -1.0, -1.0), v(3.0, 7.0, 4.0)));
    let s = h.bounding_sphere();
    for p in points {
        assert!(p.distance(s.center) <= s.radius, "{p} outside {s:?}");
    }
    let one = ConvexHull::new(vec![Vec3::ONE]);
    assert_eq!(one.aabb(), Aabb::new(Vec3::ONE, Vec3::ONE));
    assert_eq!(one.bounding_sphere(), Sphere::new(Vec3::ONE, 0.0));
    let two = ConvexHull::new(vec![v(0.0, 0.0, 0.0), v(0.0, 6.0, 8.0)]);
    assert_eq!(two.bounding_sphere(), Sphere::new(v(0.0, 3.0, 4.0), 5.0));
}

#[test]
fn box_frustum_bounds() {
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    let f = aabb_frustum(&b);
    assert_eq!(f.aabb(), b);
    let s = f.bounding_sphere();
    assert!(s.center.distance(b.center()) <= tol(4.0));
    assert!((s.radius - b.half_extents().length()).abs() <= tol(4.0));
}

#[test]
fn invalid_shapes_have_empty_bounds() {
    fn check<S: Bounded + core::fmt::Debug>(shape: S) {
        assert_eq!(shape.aabb(), Aabb::EMPTY, "{shape:?}");
        assert_eq!(shape.bounding_sphere(), Sphere::EMPTY, "{shape:?}");
    }
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    for x in [nan, inf, -inf] {
        let p = v(x, 0.0, 1.0);
        check(Sphere::new(p, 1.0));
        check(Sphere::new(Vec3::ZERO, x));
        check(Aabb::new(p, Vec3::ONE));
        check(Aabb::new(-Vec3::ONE, p));
        check(Obb::new(p, Vec3::ONE, Mat3::IDENTITY));
        check(Obb::new(Vec3::ZERO, p, Mat3::IDENTITY));
        check(Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::from_diagonal(p)));
        check(Capsule::new(p, Vec3::ONE, 1.0));
        check(Capsule::new(Vec3::ONE, p, 1.0));
        check(Capsule::new(Vec3::ONE, Vec3::ZERO, x));
        check(Segment::new(p, Vec3::ONE));
        check(Segment::new(Vec3::ONE, p));
        check(Triangle::new(p, Vec3::X, Vec3::Y));
        check(Triangle::new(Vec3::X, p, Vec3::Y));
        check(Triangle::new(Vec3::X, Vec3::Y, p));
        check(ConvexHull::new(vec![Vec3::ZERO, p, Vec3::ONE]));
        let mut f = aabb_frustum(&Aabb::new(-Vec3::ONE, Vec3::ONE));
        f.planes[3].d = x;
        check(f);
        f.planes[3] = Plane { normal: p, d: 1.0 };
        check(f);
    }
    check(Sphere::new(Vec3::ZERO, -1.0));
    check(Aabb::new(Vec3::ONE, Vec3::ZERO));
    check(Aabb::new(v(0.0, 1.0, 0.0), v(1.0, 0.0, 1.0)));
    check(Aabb::EMPTY);
    check(Obb::new(Vec3::ZERO, v(1.0, -1.0, 1.0), Mat3::IDENTITY));
    check(Capsule::new(Vec3::ZERO, Vec3::ONE, -1.0));
    check(ConvexHull::new(Vec::new()));
    let mut f = aabb_frustum(&Aabb::new(-Vec3::ONE, Vec3::ONE));
    f.planes[0].normal = Vec3::ZERO;
    check(f);
}

// --- properties -------------------------------------------------------------------------------

fn scale_of(b: &Aabb) -> Real {
    b.min.abs().max(b.max.abs()).max_element()
}

proptest! {
    #[test]
    fn sphere_bounds_are_tight(s in sphere(), u in unit_cube()) {
        assert_box_near(s.aabb(), support_box(&s), "support box");
        assert_eq!(s.bounding_sphere(), s);
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&s, &us);
    }

    #[test]
    fn aabb_bounds_are_tight(b in aabb(), u in unit_cube()) {
        prop_assert_eq!(b.aabb(), b);
        prop_assert_eq!(support_box(&b), b);
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&b, &us);
        let (p, q) = diameter(&aabb_corners(&b));
        assert_smallest(b.bounding_sphere(), p, q, "aabb");
    }

    /// The extent method against the box of the eight transformed corners.
    #[test]
    fn obb_bounds_are_tight(o in obb(), u in unit_cube()) {
        let corners = obb_corners(&o);
        let reference = Aabb::from_points(corners).unwrap();
        assert_box_near(o.aabb(), reference, "corners");
        assert_box_near(o.aabb(), support_box(&o), "support box");
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&o, &us);
        let (p, q) = diameter(&corners);
        assert_smallest(o.bounding_sphere(), p, q, "obb");
    }

    #[test]
    fn capsule_bounds_are_tight(c in capsule(), u in unit_cube()) {
        assert_box_near(c.aabb(), support_box(&c), "support box");
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&c, &us);
        // The diameter: the ends pushed out by the radius along the axis.
        let axis = (c.b - c.a).try_normalize().unwrap_or(Vec3::X);
        assert_smallest(
            c.bounding_sphere(),
            c.a - axis * c.radius,
            c.b + axis * c.radius,
            "capsule",
        );
    }

    #[test]
    fn segment_bounds_are_tight(s in segment(), u in unit_cube()) {
        prop_assert_eq!(s.aabb(), Aabb::from_points([s.a, s.b]).unwrap());
        prop_assert_eq!(s.aabb(), support_box(&s));
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&s, &us);
        assert_smallest(s.bounding_sphere(), s.a, s.b, "segment");
    }

    #[test]
    fn triangle_bounds_are_tight(t in triangle(), u in unit_cube()) {
        prop_assert_eq!(t.aabb(), Aabb::from_points(t.vertices()).unwrap());
        prop_assert_eq!(t.aabb(), support_box(&t));
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&t, &us);
        let s = t.bounding_sphere();
        let expected = smallest_circle_radius(&t);
        // No larger than the reference (which may itself be a little large for a needle,
        // whose circumcenter is ill-conditioned); no smaller than the smallest is checked by
        // the corners being inside.
        prop_assert!(wide(s.radius) - expected <= wide(tol(scale_of(&t.aabb()))),
            "{:?}: radius {} vs {}", t, s.radius, expected);
        // Corners inside without slack: the radius is the largest computed distance.
        for p in t.vertices() {
            prop_assert!(p.distance(s.center) <= s.radius, "{} outside {:?}", p, s);
        }
    }

    #[test]
    fn near_degenerate_triangle_spheres_are_smallest(t in near_degenerate_triangle()) {
        let s = t.bounding_sphere();
        let expected = smallest_circle_radius(&t);
        // No larger than the reference (which may itself be a little large for a needle,
        // whose circumcenter is ill-conditioned); no smaller than the smallest is checked by
        // the corners being inside.
        prop_assert!(wide(s.radius) - expected <= wide(tol(scale_of(&t.aabb()))),
            "{:?}: radius {} vs {}", t, s.radius, expected);
        for p in t.vertices() {
            prop_assert!(p.distance(s.center) <= s.radius, "{} outside {:?}", p, s);
        }
    }

    /// The box of the points; the sphere (Ritter's, not the smallest) holds every point and
    /// sample, and is no smaller than half the diameter.
    #[test]
    fn convex_hull_bounds_are_tight(h in convex_hull(), u in unit_cube()) {
        let points = h.points();
        let reference = points.iter().fold(Aabb::EMPTY, |b, &p| b.union(&Aabb::new(p, p)));
        prop_assert_eq!(h.aabb(), reference);
        prop_assert_eq!(h.aabb(), support_box(&h));
        let mut us = unit_grid();
        us.push(u);
        assert_holds_samples(&h, &us);
        let s = h.bounding_sphere();
        for p in points {
            prop_assert!(p.distance(s.center) <= s.radius, "{} outside {:?}", p, s);
        }
        let (p, q) = diameter(points);
        prop_assert!(s.radius >= 0.5 * p.distance(q) - tol(10.0));
        // Its center stays in the hull (each update moves it towards a point), so no point is
        // further from it than the diameter.
        prop_assert!(s.radius <= p.distance(q) + tol(10.0));
    }
}
