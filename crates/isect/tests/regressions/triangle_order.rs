//! Issue 24: a triangle collinear within rounding was a face in one corner order and a segment
//! in another. `Triangle::normal` decided degeneracy from the cross product at corner `a`,
//! rounded: for `(0, 0, 0)`, `(1 + ε, 1, 0)`, `(1, 1 − ε, 0)` the products at `a` round to 1
//! and cancel to 0, while at `b` the cross product is `−ε²` exactly. Every query that branched
//! on it inherited the order dependence.

use isect::math::Vec3;
use isect::{Contact, Distance, Intersects, PointQuery, Real, Segment, Sphere, Triangle};

use crate::common::v;

const E: Real = Real::EPSILON;

/// The six corner orders of `t`.
fn orders(t: &Triangle) -> [Triangle; 6] {
    let [a, b, c] = t.vertices();
    [
        Triangle::new(a, b, c),
        Triangle::new(b, c, a),
        Triangle::new(c, a, b),
        Triangle::new(a, c, b),
        Triangle::new(c, b, a),
        Triangle::new(b, a, c),
    ]
}

/// The sliver at scale `s` (a power of two).
fn sliver(s: Real) -> Triangle {
    Triangle::new(
        Vec3::ZERO,
        v(1.0 + E, 1.0, 0.0) * s,
        v(1.0, 1.0 - E, 0.0) * s,
    )
}

fn check_orders(s: Real) {
    let t = sliver(s);
    let all = orders(&t);
    for (i, u) in all.iter().enumerate() {
        assert!(
            u.normal().is_some(),
            "scale {s}, order {i}: normal {:?}",
            u.normal()
        );
        assert!(u.area() > 0.0, "scale {s}, order {i}: area {}", u.area());
        let n = u.normal().unwrap();
        assert!(
            (n.z.abs() - 1.0).abs() <= 4.0 * E,
            "scale {s}, order {i}: {n}"
        );
    }
    let mid = v(0.5, 0.5 - 0.5 * E, 0.0) * s;
    let points = [
        mid + v(0.0, 0.0, 1.0) * s,
        mid + v(0.0, 0.5, 0.0) * s,
        v(2.0, 2.0, 0.5) * s,
    ];
    let segments = [
        Segment::new(mid - Vec3::Z * s, mid + Vec3::Z * s),
        Segment::new(mid + v(-0.5, 0.5, 0.0) * s, mid + v(0.5, -0.5, 0.0) * s),
        Segment::new(mid + v(0.0, 0.0, 0.25) * s, mid + v(0.0, 0.0, 2.0) * s),
        Segment::new(mid + v(-0.5, 0.5, 0.5) * s, mid + v(0.5, -0.5, 0.5) * s),
    ];
    let spheres = [
        Sphere::new(mid + v(0.0, 0.0, 0.3) * s, 0.25 * s),
        Sphere::new(mid + v(0.0, 0.0, 0.3) * s, 0.35 * s),
        Sphere::new(mid, 0.0),
    ];
    let first = &all[0];
    let close = |x: Real, y: Real| (x - y).abs() <= 1e-4 * s.max(x.abs());
    for (i, u) in all.iter().enumerate() {
        for p in points {
            assert_eq!(
                u.contains_point(p),
                first.contains_point(p),
                "scale {s}, order {i}, {p}"
            );
            let (d, d0) = (u.distance_to_point(p), first.distance_to_point(p));
            assert!(close(d, d0), "scale {s}, order {i}, {p}: {d} vs {d0}");
        }
        for seg in &segments {
            assert_eq!(
                u.intersects(seg),
                first.intersects(seg),
                "scale {s}, order {i}, {seg:?}"
            );
            let (d, d0) = (u.distance(seg), first.distance(seg));
            assert!(close(d, d0), "scale {s}, order {i}, {seg:?}: {d} vs {d0}");
        }
        for sphere in &spheres {
            assert_eq!(
                u.intersects(sphere),
                first.intersects(sphere),
                "scale {s}, order {i}, {sphere:?}"
            );
            let (d, d0) = (u.distance(sphere), first.distance(sphere));
            assert!(
                close(d, d0),
                "scale {s}, order {i}, {sphere:?}: {d} vs {d0}"
            );
            let (c, c0) = (sphere.contact(u), sphere.contact(first));
            assert_eq!(
                c.is_some(),
                c0.is_some(),
                "scale {s}, order {i}, {sphere:?}"
            );
            if let (Some(c), Some(c0)) = (c, c0) {
                assert!(
                    close(c.depth, c0.depth),
                    "scale {s}, order {i}: {c:?} vs {c0:?}"
                );
            }
        }
    }
}

#[test]
fn near_collinear_triangle_was_a_face_in_one_corner_order_and_a_segment_in_another() {
    let huge = (1u128 << 100) as Real;
    for s in [1.0, huge, 1.0 / huge] {
        check_orders(s);
    }
}

/// Exactly collinear corners whose differences round (the line `y = 3x` from `2⁻³⁰` out): a
/// segment in every corner order, with area 0.
#[test]
fn collinear_triangle_is_a_segment_in_every_corner_order() {
    let huge = (1u128 << 100) as Real;
    let tiny = (2.0 as Real).powi(-30);
    for s in [1.0, huge, 1.0 / huge] {
        let t = Triangle::new(
            v(tiny, 3.0 * tiny, 0.0) * s,
            v(1.0, 3.0, 0.0) * s,
            v(5.0, 15.0, 0.0) * s,
        );
        for (i, u) in orders(&t).iter().enumerate() {
            assert_eq!(u.normal(), None, "scale {s}, order {i}");
            assert_eq!(u.area(), 0.0, "scale {s}, order {i}");
        }
    }
}
