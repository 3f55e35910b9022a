//! `d2::Line::intersection`: exact classification (parallel, coincident, crossing), exact
//! crossing points where they are representable, and the crossing on both lines otherwise.

use isect::Real;
use isect::d2::{Line, LineIntersection2, PointQuery};
use isect::math::Vec2;
use proptest::prelude::*;

use super::common::{tol, v};
use super::strategy::{direction, point};

#[test]
fn hand_cases() {
    let a = Line::through(v(0.0, 0.0), v(4.0, 2.0));
    let b = Line::through(v(0.0, 3.0), v(3.0, 0.0));
    assert_eq!(a.intersection(&b), LineIntersection2::Point(v(2.0, 1.0)));
    assert_eq!(b.intersection(&a), LineIntersection2::Point(v(2.0, 1.0)));
    // The x and y axes, from far-off origins.
    let x = Line::new(v(-7.0, 0.0), v(3.0, 0.0));
    let y = Line::new(v(0.0, 5.0), v(0.0, -0.5));
    assert_eq!(x.intersection(&y), LineIntersection2::Point(v(0.0, 0.0)));
    // Parallel: the same direction scaled, the opposite direction.
    assert_eq!(
        a.intersection(&Line::new(v(0.0, 1.0), v(-8.0, -4.0))),
        LineIntersection2::Parallel
    );
    // Coincident: another origin on the line, another direction along it.
    assert_eq!(
        a.intersection(&Line::new(v(-2.0, -1.0), v(0.5, 0.25))),
        LineIntersection2::Coincident
    );
    assert_eq!(a.intersection(&a), LineIntersection2::Coincident);
    // A crossing point that is not on the lattice: 1/3.
    let c = Line::new(v(0.0, 0.0), v(1.0, 0.0));
    let d = Line::through(v(0.0, -1.0), v(1.0, 2.0));
    match c.intersection(&d) {
        LineIntersection2::Point(p) => {
            assert_eq!(p.y, 0.0);
            assert!((p.x - 1.0 / 3.0).abs() <= Real::EPSILON);
        }
        other => panic!("{other:?}"),
    }
}

/// No angle tolerance: directions that differ in the last place are not parallel.
#[test]
fn nearly_parallel_lines_cross() {
    let next = crate::common::next_up(1.0);
    let a = Line::new(v(0.0, 0.0), v(1.0, 1.0));
    let b = Line::new(v(0.0, 1.0), v(1.0, next));
    assert!(matches!(a.intersection(&b), LineIntersection2::Point(_)));
    let c = Line::new(v(0.0, 1.0), v(1.0, 1.0));
    assert_eq!(a.intersection(&c), LineIntersection2::Parallel);
    // An origin an ulp off the line: parallel, not coincident.
    let d = Line::new(v(0.0, Real::MIN_POSITIVE), v(1.0, 1.0));
    assert_eq!(a.intersection(&d), LineIntersection2::Parallel);
}

#[test]
fn invalid_lines_have_no_common_point() {
    let a = Line::new(v(0.0, 0.0), v(1.0, 1.0));
    for bad in [
        Line::new(v(0.0, 0.0), Vec2::ZERO),
        Line::new(v(Real::NAN, 0.0), v(1.0, 0.0)),
        Line::new(v(0.0, 0.0), v(Real::INFINITY, 0.0)),
    ] {
        assert_eq!(a.intersection(&bad), LineIntersection2::Parallel);
        assert_eq!(bad.intersection(&a), LineIntersection2::Parallel);
        assert_eq!(bad.intersection(&bad), LineIntersection2::Parallel);
    }
}

fn lattice() -> impl Strategy<Value = Vec2> {
    (-50i32..=50, -50i32..=50).prop_map(|(x, y)| v(x as Real, y as Real))
}

proptest! {
    /// Lines through lattice points crossing at a lattice point: the point comes out exactly.
    #[test]
    fn lattice_crossings_are_exact(p in lattice(), d in lattice(), e in lattice(), s in -9i32..=9, t in -9i32..=9) {
        prop_assume!(d.perp_dot(e) != 0.0);
        let a = Line::new(p - d * s as Real, d);
        let b = Line::new(p - e * t as Real, e);
        prop_assert_eq!(a.intersection(&b), LineIntersection2::Point(p));
        prop_assert_eq!(b.intersection(&a), LineIntersection2::Point(p));
    }

    /// The crossing lies on both lines; swapping them gives the same point up to rounding;
    /// scaling the directions by powers of two changes nothing but rounding.
    #[test]
    fn crossing_is_on_both(o1 in point(), d1 in direction(), o2 in point(), d2 in direction(), k in -3i32..=3) {
        let (a, b) = (Line::new(o1, d1), Line::new(o2, d2));
        let scaled = Line::new(o2, d2 * (2.0 as Real).powi(k));
        match a.intersection(&b) {
            LineIntersection2::Point(p) => {
                // The distance error of a crossing grows as the lines' angle shrinks.
                let sine = d1.normalize().perp_dot(d2.normalize()).abs();
                let t = tol(p.abs().max_element().max(10.0)) / sine.max(1e-3);
                prop_assert!(a.distance_to_point(p) <= t, "{} off a by {}", p, a.distance_to_point(p));
                prop_assert!(b.distance_to_point(p) <= t, "{} off b by {}", p, b.distance_to_point(p));
                prop_assert!(matches!(a.intersection(&scaled), LineIntersection2::Point(_)));
            }
            other => {
                prop_assert_eq!(d1.perp_dot(d2), 0.0, "{:?} for crossing directions", other);
                prop_assert_eq!(a.intersection(&scaled), other);
            }
        }
    }

    /// Parallel and coincident exactly when the lattice says so.
    #[test]
    fn classification_is_exact(p in lattice(), d in lattice(), q in lattice(), k in -3i32..=3, m in -3i32..=3) {
        prop_assume!(d != Vec2::ZERO && k != 0);
        let a = Line::new(p, d);
        let b = Line::new(q, d * k as Real);
        let on = (q - p).perp_dot(d) == 0.0; // exact on this lattice
        let expected = if on { LineIntersection2::Coincident } else { LineIntersection2::Parallel };
        prop_assert_eq!(a.intersection(&b), expected);
        let c = Line::new(p + d * m as Real, -d);
        prop_assert_eq!(a.intersection(&c), LineIntersection2::Coincident);
    }
}
