//! Point queries on every 2D shape: hand cases with exact answers (boundary points, corners,
//! degenerate shapes, huge and tiny magnitudes), and properties: the closest point is in the
//! shape, no sample of the shape is closer, containment agrees with the distance, and for convex
//! shapes the closest point is the projection (the obtuse-angle criterion).

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, PointQuery, Polygon, Ray, Segment, Triangle,
};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol, v};
use super::strategy::{self, point};

#[test]
fn solids_contain_their_boundary_exactly() {
    let b = Aabb::new(v(-1.0, -2.0), v(3.0, 1.0));
    for p in [v(-1.0, -2.0), v(3.0, 0.0), v(0.5, 1.0)] {
        assert!(b.contains_point(p), "{p}");
        assert_eq!(b.distance_to_point(p), 0.0);
        assert_eq!(b.closest_point(p), p);
    }
    let just_out = v(crate::common::next_up(3.0), 0.0);
    assert!(!b.contains_point(just_out));
    assert!(b.distance_to_point(just_out) > 0.0);
    let c = Circle::new(v(1.0, 1.0), 5.0);
    assert!(c.contains_point(v(4.0, 5.0)), "3-4-5 on the rim");
    assert!(!c.contains_point(v(4.0, crate::common::next_up(5.0))));
    assert_eq!(c.closest_point(v(7.0, 9.0)), v(4.0, 5.0));
    assert_eq!(c.distance_to_point(v(7.0, 9.0)), 5.0);
    let t = Triangle::new(v(0.0, 0.0), v(0.0, 6.0), v(3.0, 0.0)); // clockwise
    assert!(
        t.contains_point(v(1.0, 4.0)),
        "on the slanted edge, exactly"
    );
    assert!(!t.contains_point(v(1.0, crate::common::next_up(4.0))));
    assert!(t.contains_point(v(3.0, 0.0)));
    assert_eq!(t.closest_point(v(-2.0, 3.0)), v(0.0, 3.0));
    let k = Capsule::new(v(0.0, 0.0), v(4.0, 0.0), 3.0);
    assert!(k.contains_point(v(2.0, 3.0)), "on the side");
    assert!(!k.contains_point(v(2.0, crate::common::next_up(3.0))));
    assert!(k.contains_point(v(-3.0, 0.0)), "the cap's tip");
    assert!(k.closest_point(v(8.0, 3.0)).distance(v(6.4, 1.8)) < 1e-5);
    assert_eq!(k.distance_to_point(v(2.0, 10.0)), 7.0);
    let o = Obb::new(
        v(1.0, 1.0),
        v(2.0, 1.0),
        Mat2::from_cols(Vec2::Y, Vec2::NEG_X),
    );
    assert!(o.contains_point(v(2.0, 3.0)), "a corner");
    assert!(o.contains_point(v(0.0, 0.0)));
    assert!(!o.contains_point(v(2.5, 1.0)));
    assert_eq!(o.closest_point(v(5.0, 1.0)), v(2.0, 1.0));
    let h = ConvexPolygon::new(vec![v(0.0, 0.0), v(4.0, 0.0), v(4.0, 2.0), v(0.0, 4.0)]);
    assert!(h.contains_point(v(2.0, 3.0)), "on the slanted edge");
    assert!(!h.contains_point(v(2.0, crate::common::next_up(3.0))));
    assert_eq!(h.distance_to_point(v(6.0, 1.0)), 2.0);
}

#[test]
fn degenerate_shapes_are_what_they_are() {
    // A zero-radius circle is its center.
    let c = Circle::new(v(1.0, 2.0), 0.0);
    assert!(c.contains_point(v(1.0, 2.0)));
    assert!(!c.contains_point(v(1.0, crate::common::next_up(2.0))));
    assert_eq!(c.closest_point(v(4.0, 6.0)), v(1.0, 2.0));
    assert_eq!(c.distance_to_point(v(4.0, 6.0)), 5.0);
    // A flat box is a segment; a point box a point.
    let flat = Aabb::new(v(0.0, 1.0), v(4.0, 1.0));
    assert!(flat.contains_point(v(2.5, 1.0)));
    assert_eq!(flat.closest_point(v(2.5, 5.0)), v(2.5, 1.0));
    let dot = Aabb::new(v(3.0, 3.0), v(3.0, 3.0));
    assert_eq!(dot.distance_to_point(v(0.0, -1.0)), 5.0);
    // A collinear triangle is the segment between its extremes; coincident corners a point.
    let t = Triangle::new(v(0.0, 0.0), v(4.0, 4.0), v(1.0, 1.0));
    assert!(t.contains_point(v(3.0, 3.0)));
    assert!(!t.contains_point(v(5.0, 5.0)));
    assert_eq!(t.closest_point(v(4.0, 0.0)), v(2.0, 2.0));
    assert_eq!(t.closest_point(v(9.0, 9.0)), v(4.0, 4.0));
    let p = Triangle::new(v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0));
    assert!(p.contains_point(v(1.0, 1.0)));
    assert_eq!(p.distance_to_point(v(4.0, 5.0)), 5.0);
    // A flat oriented box is its segment.
    let o = Obb::new(
        v(0.0, 0.0),
        v(2.0, 0.0),
        Mat2::from_cols(Vec2::Y, Vec2::NEG_X),
    );
    assert!(o.contains_point(v(0.0, 2.0)));
    assert!(!o.contains_point(v(0.5, 0.0)));
    assert_eq!(o.closest_point(v(3.0, 1.0)), v(0.0, 1.0));
    // A zero-radius capsule is its segment, a zero-length one a circle.
    let k = Capsule::new(v(0.0, 0.0), v(2.0, 0.0), 0.0);
    assert!(k.contains_point(v(1.0, 0.0)));
    assert_eq!(
        Capsule::new(v(1.0, 1.0), v(1.0, 1.0), 1.0).closest_point(v(1.0, 5.0)),
        v(1.0, 2.0)
    );
    // A zero-length segment is a point.
    let s = Segment::new(v(2.0, 2.0), v(2.0, 2.0));
    assert_eq!(s.closest_point(v(5.0, 6.0)), v(2.0, 2.0));
    assert!(s.contains_point(v(2.0, 2.0)));
    // A convex polygon of one point or of collinear points.
    assert_eq!(
        ConvexPolygon::new(vec![v(1.0, 1.0)]).closest_point(v(1.0, 3.0)),
        v(1.0, 1.0)
    );
    let line_hull = ConvexPolygon::new(vec![v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.0)]);
    assert_eq!(line_hull.closest_point(v(1.5, 3.0)), v(1.5, 0.0));
}

#[test]
fn linear_sets() {
    let s = Segment::new(v(0.0, 0.0), v(3.0, 3.0));
    assert_eq!(s.closest_point(v(3.0, 0.0)), v(1.5, 1.5));
    assert_eq!(s.closest_point(v(-1.0, -5.0)), v(0.0, 0.0));
    assert!(s.contains_point(v(1.0, 1.0)));
    // Within the tolerance (a point computed on the segment), not far beyond it.
    assert!(s.contains_point(v(1.0, 1.0 + 4.0 * Real::EPSILON)));
    assert!(!s.contains_point(v(1.0, 1.001)));
    let r = Ray::new(v(1.0, 1.0), v(0.0, -2.0));
    assert_eq!(r.closest_point(v(5.0, -7.0)), v(1.0, -7.0));
    assert_eq!(r.closest_point(v(5.0, 7.0)), v(1.0, 1.0));
    assert_eq!(r.distance_to_point(v(1.0, 4.0)), 3.0);
    let l = Line::new(v(1.0, 1.0), v(0.0, -2.0));
    assert_eq!(l.closest_point(v(5.0, 7.0)), v(1.0, 7.0));
    assert!(l.contains_point(v(1.0, 1e6)));
    let diagonal = Line::new(v(0.0, 0.0), v(1.0, 1.0));
    assert_eq!(diagonal.closest_point(v(4.0, 0.0)), v(2.0, 2.0));
}

#[test]
fn polygons() {
    // A notched square: (0,0)-(4,0)-(4,4)-(2,1)-(0,4).
    let p = Polygon::new(vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(2.0, 1.0),
        v(0.0, 4.0),
    ])
    .unwrap();
    assert!(p.contains_point(v(2.0, 1.0)), "the notch's vertex");
    assert!(p.contains_point(v(3.0, 2.5)), "on the notch's edge");
    assert!(!p.contains_point(v(2.0, 2.0)), "in the notch");
    assert!(p.contains_point(v(2.0, 0.5)));
    assert!(p.contains_point(v(4.0, 4.0)));
    assert!(!p.contains_point(v(4.0, crate::common::next_up(4.0))));
    // In the notch, equally far from its two edges: the foot on (4, 4)–(2, 1) is
    // (38, 31) / 13, at sqrt(208) / 13.
    let q = p.closest_point(v(2.0, 3.0));
    assert!(
        q.distance(v(38.0, 31.0) / 13.0) < 1e-5 || q.distance(v(14.0, 31.0) / 13.0) < 1e-5,
        "{q}"
    );
    assert!((p.distance_to_point(v(2.0, 3.0)) - (208.0 as Real).sqrt() / 13.0).abs() < 1e-5);
    assert_eq!(p.distance_to_point(v(2.0, -3.0)), 3.0);
    assert_eq!(p.closest_point(v(-1.0, 5.0)), v(0.0, 4.0));
}

#[test]
fn huge_and_tiny_magnitudes() {
    for k in [-60, 60] {
        let m = Map::scale(k);
        let f = m.factor;
        let b = Aabb::new(v(-1.0, -2.0), v(3.0, 1.0)).mapped(&m).unwrap();
        assert!(b.contains_point(v(3.0, 0.0) * f));
        assert_eq!(b.distance_to_point(v(7.0, 4.0) * f), 5.0 * f);
        let c = Circle::new(v(1.0, 1.0), 5.0).mapped(&m).unwrap();
        assert!(c.contains_point(v(4.0, 5.0) * f));
        assert_eq!(c.distance_to_point(v(7.0, 9.0) * f), 5.0 * f);
        let t = Triangle::new(v(0.0, 0.0), v(0.0, 6.0), v(3.0, 0.0))
            .mapped(&m)
            .unwrap();
        assert!(t.contains_point(v(1.0, 4.0) * f));
        assert!(t.contains_point(v(f, 4.0 * f)));
        assert!(!t.contains_point(v(f, crate::common::next_up(4.0 * f))));
        let p = Polygon::new(vec![
            v(0.0, 0.0),
            v(4.0, 0.0),
            v(4.0, 4.0),
            v(2.0, 1.0),
            v(0.0, 4.0),
        ])
        .unwrap()
        .mapped(&m)
        .unwrap();
        assert!(p.contains_point(v(3.0, 2.5) * f));
        assert!(!p.contains_point(v(2.0, 2.0) * f));
        assert_eq!(p.distance_to_point(v(2.0, -3.0) * f), 3.0 * f);
        let k_ = Capsule::new(v(0.0, 0.0), v(4.0, 0.0), 3.0)
            .mapped(&m)
            .unwrap();
        assert_eq!(k_.distance_to_point(v(2.0, 10.0) * f), 7.0 * f);
    }
}

/// The boundaries the closed forms decide: a box's corner, an oriented box's rounded corners
/// (the quad of [`Obb::corners`]), a triangle's slanted edge and a collinear triangle, at 1 and
/// at powers of two near 1e30 and 1e-30 (exact scalings); a capsule's cap and a zero-radius
/// capsule's core where the squares stay in range (2^±60).
#[test]
fn closed_form_boundaries_at_huge_and_tiny_scales() {
    use crate::common::next_up;
    for k in [0, 100, -100] {
        let f = (2.0 as Real).powi(k);
        let b = Aabb::new(v(-1.0, -2.0) * f, v(3.0, 1.0) * f);
        for p in [v(3.0, 1.0) * f, v(-1.0, -2.0) * f, v(3.0, -2.0) * f] {
            assert!(b.contains_point(p), "box corner {p} at 2^{k}");
            assert_eq!(b.distance_to_point(p), 0.0);
            assert_eq!(b.closest_point(p), p);
        }
        let out = v(next_up(3.0 * f), f);
        assert!(!b.contains_point(out));
        assert!(b.distance_to_point(out) > 0.0);
        assert_eq!(b.closest_point(out), v(3.0, 1.0) * f);

        let t = Triangle::new(v(0.0, 0.0), v(0.0, 6.0) * f, v(3.0, 0.0) * f);
        let on = v(1.0, 4.0) * f;
        assert!(t.contains_point(on), "triangle edge at 2^{k}");
        assert_eq!(t.distance_to_point(on), 0.0);
        assert_eq!(t.closest_point(on), on);
        let off = v(f, next_up(4.0 * f));
        assert!(!t.contains_point(off));
        assert!(t.distance_to_point(off) > 0.0);
        let flat = Triangle::new(v(0.0, 0.0), v(2.0, 2.0) * f, v(1.0, 1.0) * f);
        assert!(flat.contains_point(v(0.5, 0.5) * f));
        assert!(!flat.contains_point(v(3.0, 3.0) * f));
        assert!(!flat.contains_point(v(0.5 * f, next_up(0.5 * f))));
        assert!(flat.distance_to_point(v(0.5 * f, next_up(0.5 * f))) > 0.0);

        let quarter = Mat2::from_cols(Vec2::Y, Vec2::NEG_X);
        let o = Obb::new(v(1.0, 1.0) * f, v(2.0, 1.0) * f, quarter);
        assert!(o.contains_point(v(2.0, 3.0) * f), "box corner at 2^{k}");
        assert_eq!(o.distance_to_point(v(2.0, 3.0) * f), 0.0);
        assert!(!o.contains_point(v(next_up(2.0 * f), 3.0 * f)));
        assert!(o.distance_to_point(v(next_up(2.0 * f), 3.0 * f)) > 0.0);
        let turned = Obb::from_angle(v(1.0, 1.0) * f, v(2.0, 1.0) * f, 0.5);
        for c in turned.corners() {
            assert!(turned.contains_point(c), "rounded corner {c} at 2^{k}");
            assert_eq!(turned.distance_to_point(c), 0.0);
            assert_eq!(turned.closest_point(c), c);
        }
        let middle = turned.center;
        assert!(turned.contains_point(middle));
        let far = turned.center + v(8.0, 0.0) * f;
        assert!(!turned.contains_point(far));
        assert!(turned.distance_to_point(far) > 4.0 * f);
    }
    for k in [0, 60, -60] {
        let f = (2.0 as Real).powi(k);
        let c = Capsule::new(v(0.0, 0.0), v(4.0, 0.0) * f, 5.0 * f);
        for p in [v(7.0, 4.0) * f, v(-5.0, 0.0) * f, v(2.0, -5.0) * f] {
            assert!(c.contains_point(p), "capsule boundary {p} at 2^{k}");
            assert_eq!(c.distance_to_point(p), 0.0);
            assert_eq!(c.closest_point(p), p);
        }
        let off_cap = v(7.0 * f, next_up(4.0 * f));
        assert!(!c.contains_point(off_cap));
        assert!(c.distance_to_point(off_cap) > 0.0);
        assert_eq!(c.distance_to_point(v(10.0, 8.0) * f), 5.0 * f);
        let core = Capsule::new(v(0.0, 0.0), v(4.0, 4.0) * f, 0.0);
        assert!(core.contains_point(v(1.0, 1.0) * f), "on the core at 2^{k}");
        assert_eq!(core.distance_to_point(v(1.0, 1.0) * f), 0.0);
        let beside = v(f, next_up(f));
        assert!(!core.contains_point(beside));
        assert!(core.distance_to_point(beside) > 0.0);
        assert_ne!(core.closest_point(beside), beside);
        let circle = Circle::new(v(1.0, 1.0) * f, 5.0 * f);
        assert!(circle.contains_point(v(4.0, 5.0) * f));
        assert_eq!(circle.distance_to_point(v(4.0, 5.0) * f), 0.0);
        assert!(!circle.contains_point(v(4.0 * f, next_up(5.0 * f))));
        assert!(circle.distance_to_point(v(4.0 * f, next_up(5.0 * f))) > 0.0);
    }
}

/// The properties every shape's point queries have at `p`.
fn check<S: TestShape>(shape: &S, p: Vec2, convex: bool) -> Result<(), TestCaseError> {
    let q = shape.closest_point(p);
    let d = shape.distance_to_point(p);
    let t = tol(shape.magnitude().max(p.abs().max_element()));
    prop_assert!(q.is_finite());
    prop_assert!(
        shape.distance_to_point(q) <= t,
        "closest point {} not in {:?}",
        q,
        shape
    );
    prop_assert!(
        (d - q.distance(p)).abs() <= t,
        "distance {} vs |q - p| {}",
        d,
        q.distance(p)
    );
    if shape.contains_point(p) {
        prop_assert!(d <= t, "contained at distance {}", d);
    }
    for x in shape.samples() {
        prop_assert!(
            d <= x.distance(p) + tol(x.abs().max_element().max(p.abs().max_element())),
            "sample {} closer than {}",
            x,
            d
        );
        if convex {
            // The obtuse-angle criterion: (p − q) · (x − q) <= 0 for every x of the set.
            let s = p.abs().max_element().max(x.abs().max_element()).max(1.0);
            prop_assert!(
                (p - q).dot(x - q) <= tol(s * s),
                "{} is not the projection of {} (sample {})",
                q,
                p,
                x
            );
        }
    }
    Ok(())
}

/// Solids: distance 0 exactly when contained (the same exact test).
fn check_solid<S: TestShape>(shape: &S, p: Vec2) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        shape.contains_point(p),
        shape.distance_to_point(p) == 0.0,
        "contains vs distance 0 at {}",
        p
    );
    if shape.contains_point(p) {
        prop_assert_eq!(shape.closest_point(p), p);
    }
    Ok(())
}

proptest! {
    #[test]
    fn circle(s in strategy::circle(), p in point()) { check(&s, p, true)?; check_solid(&s, p)?; }
    #[test]
    fn aabb(s in strategy::aabb(), p in point()) { check(&s, p, true)?; check_solid(&s, p)?; }
    #[test]
    fn obb(s in strategy::obb(), p in point()) { check(&s, p, true)?; check_solid(&s, p)?; }
    #[test]
    fn capsule(s in strategy::capsule(), p in point()) { check(&s, p, true)?; check_solid(&s, p)?; }
    #[test]
    fn triangle(s in strategy::triangle(), p in point()) { check(&s, p, true)?; check_solid(&s, p)?; }
    #[test]
    fn convex_polygon(s in strategy::convex_polygon(), p in point()) { check(&s, p, true)?; check_solid(&s, p)?; }
    #[test]
    fn polygon(s in strategy::polygon(), p in point()) { check(&s, p, false)?; check_solid(&s, p)?; }
    #[test]
    fn segment(s in strategy::segment(), p in point()) { check(&s, p, true)?; }
    #[test]
    fn ray(s in strategy::ray(), p in point()) { check(&s, p, true)?; }
    #[test]
    fn line(s in strategy::line(), p in point()) { check(&s, p, true)?; }

    /// A point on a linear set (computed, rounded) is contained; one clearly off it is not.
    #[test]
    fn linear_containment(s in strategy::segment(), t in 0.0 as Real..1.0, off in 0.01 as Real..1.0) {
        let p = s.a.lerp(s.b, t);
        prop_assert!(s.contains_point(p));
        let n = (s.b - s.a).perp().normalize_or_zero();
        if n != Vec2::ZERO {
            prop_assert!(!s.contains_point(p + n * off));
        }
    }

    /// Triangle containment agrees with the signs of the three exact orientations, whatever
    /// the winding: checked on lattice points, where the signs are exact in floats too.
    #[test]
    fn triangle_lattice(a in (-6i32..=6, -6i32..=6), b in (-6i32..=6, -6i32..=6), c in (-6i32..=6, -6i32..=6), p in (-7i32..=7, -7i32..=7)) {
        let f = |(x, y): (i32, i32)| (x as i64, y as i64);
        let (a, b, c, p) = (f(a), f(b), f(c), f(p));
        let cross = |o: (i64, i64), u: (i64, i64), w: (i64, i64)| (u.0 - o.0) * (w.1 - o.1) - (u.1 - o.1) * (w.0 - o.0);
        let area = cross(a, b, c);
        let (s1, s2, s3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
        let inside = if area != 0 {
            [s1, s2, s3].iter().all(|s| s * area.signum() >= 0)
        } else {
            // Collinear: on the segment between the extremes.
            s1 == 0 && s2 == 0 && s3 == 0 && {
                let (lo_x, hi_x) = (a.0.min(b.0).min(c.0), a.0.max(b.0).max(c.0));
                let (lo_y, hi_y) = (a.1.min(b.1).min(c.1), a.1.max(b.1).max(c.1));
                (lo_x..=hi_x).contains(&p.0) && (lo_y..=hi_y).contains(&p.1)
            }
        };
        let g = |(x, y): (i64, i64)| v(x as Real, y as Real);
        let t = Triangle::new(g(a), g(b), g(c));
        prop_assert_eq!(t.contains_point(g(p)), inside);
        prop_assert_eq!(ConvexPolygon::new(vec![g(a), g(b), g(c)]).contains_point(g(p)), inside);
    }
}
