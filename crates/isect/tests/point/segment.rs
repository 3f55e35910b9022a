use isect::math::{NO_POINT, ON_SET_TOLERANCE, Vec3};
use isect::{PointQuery, Real, Segment, ShapeError};
use proptest::prelude::*;

use crate::common::flat_reference::{check_point_query, ulps};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{motion, point, segment};
use crate::common::transform::Moved;
use crate::common::{assert_near, assert_near_vec, non_finite_points, tol, v};

fn seg() -> Segment {
    Segment::new(v(-2.0, 1.0, 1.0), v(6.0, 1.0, 1.0))
}

#[test]
fn points_on_the_segment_are_contained() {
    let s = Segment::new(v(1.0, 2.0, 3.0), v(3.0, 1.0, 3.5));
    for t in [0.0, 0.125, 0.25, 0.5, 0.75, 1.0] {
        let p = s.point_at(t);
        assert!(s.contains_point(p), "t = {t}");
        assert_eq!(s.closest_point(p), p, "t = {t}");
        assert_eq!(s.distance_to_point(p), 0.0, "t = {t}");
    }
    // The ends exactly, in both orientations.
    for s in [s, Segment::new(s.b, s.a)] {
        for p in [s.a, s.b] {
            assert!(s.contains_point(p));
            assert_eq!(s.closest_point(p), p);
        }
    }
}

#[test]
fn beside_the_segment_projects_onto_it() {
    let p = v(3.0, 4.0, 5.0);
    assert_eq!(seg().closest_point(p), v(3.0, 1.0, 1.0));
    assert_eq!(seg().distance_to_point(p), 5.0);
    assert!(!seg().contains_point(p));
    // The orientation does not matter.
    let reversed = Segment::new(seg().b, seg().a);
    assert_eq!(reversed.closest_point(p), v(3.0, 1.0, 1.0));
}

#[test]
fn beyond_the_ends_the_ends_are_closest() {
    let s = seg();
    // Beyond b, on the line and off it; exactly beside b.
    for p in [v(9.0, 1.0, 1.0), v(10.0, 4.0, 5.0), v(6.0, 4.0, 5.0)] {
        assert_eq!(s.closest_point(p), s.b, "{p}");
        assert!(!s.contains_point(p), "{p}");
    }
    assert_eq!(s.distance_to_point(v(9.0, 1.0, 1.0)), 3.0);
    assert_eq!(s.distance_to_point(v(6.0, 4.0, 5.0)), 5.0);
    // Beyond a.
    for p in [v(-3.0, 1.0, 1.0), v(-5.0, -3.0, 1.0), v(-2.0, 1.0, -4.0)] {
        assert_eq!(s.closest_point(p), s.a, "{p}");
    }
    assert_eq!(s.distance_to_point(v(-5.0, -3.0, 1.0)), 5.0);
}

#[test]
fn zero_length_segment_is_a_point() {
    let c = v(1.0, 2.0, 3.0);
    let s = Segment::new(c, c);
    assert_eq!(s.is_valid(), Ok(()));
    assert!(s.contains_point(c));
    assert_eq!(s.closest_point(c), c);
    for p in [v(4.0, 6.0, 3.0), v(1.0, -1.0, -1.0), v(-2.0, 2.0, -1.0)] {
        assert_eq!(s.closest_point(p), c, "{p}");
        assert_eq!(s.distance_to_point(p), 5.0, "{p}");
        assert!(!s.contains_point(p), "{p}");
    }
}

#[test]
fn long_and_tiny_segments() {
    // A long segment far from the origin: still exact for exact input.
    let long = Segment::new(v(-1e4, 0.0, 0.0), v(3e4, 0.0, 0.0));
    assert_eq!(long.closest_point(v(1234.0, 3.0, 4.0)), v(1234.0, 0.0, 0.0));
    assert_eq!(long.distance_to_point(v(1234.0, 3.0, 4.0)), 5.0);
    assert_eq!(long.closest_point(v(4e4, 3.0, 4.0)), long.b);
    // A segment far shorter than its coordinates' ulp-relative tolerance.
    let a = v(1.0, 1.0, 1.0);
    let tiny = Segment::new(a, a + v(ON_SET_TOLERANCE * 0.125, 0.0, 0.0));
    assert_near_vec(tiny.closest_point(v(1.0, 4.0, 5.0)), a, "tiny");
    assert_near(tiny.distance_to_point(v(1.0, 4.0, 5.0)), 5.0, "tiny");
    assert!(tiny.contains_point(a));
}

#[test]
fn containment_tolerance() {
    let s = Segment::new(v(0.0, 0.0, 0.0), v(8.0, 0.0, 0.0));
    let tolerance = ON_SET_TOLERANCE * 8.0;
    assert!(s.contains_point(v(4.0, 0.25 * tolerance, 0.0)));
    assert!(!s.contains_point(v(4.0, 4.0 * tolerance, 0.0)));
    // Past an end by less than the tolerance touches the end.
    assert!(s.contains_point(v(8.0 + 0.25 * tolerance, 0.0, 0.0)));
    assert!(!s.contains_point(v(8.0 + 4.0 * tolerance, 0.0, 0.0)));
}

#[test]
fn invalid_segments_are_empty() {
    let cases = [
        (
            Segment::new(v(Real::NAN, 0.0, 0.0), Vec3::X),
            ShapeError::NonFinite { field: "a" },
        ),
        (
            Segment::new(Vec3::ZERO, v(0.0, Real::INFINITY, 0.0)),
            ShapeError::NonFinite { field: "b" },
        ),
        (
            Segment::new(Vec3::splat(Real::NEG_INFINITY), Vec3::splat(Real::NAN)),
            ShapeError::NonFinite { field: "a" },
        ),
    ];
    for (s, why) in cases {
        assert_eq!(s.is_valid(), Err(why), "{s:?}");
        assert_eq!(Segment::try_new(s.a, s.b), Err(why));
        for p in [Vec3::ZERO, Vec3::X, v(0.5, 0.0, 0.0)] {
            assert!(!s.contains_point(p), "{s:?}");
            assert_eq!(s.distance_to_point(p), Real::INFINITY, "{s:?}");
            assert_eq!(s.closest_point(p), NO_POINT, "{s:?}");
        }
    }
}

#[test]
fn non_finite_points_are_not_contained() {
    for s in [seg(), Segment::new(Vec3::ONE, Vec3::ONE)] {
        for p in non_finite_points() {
            assert!(!s.contains_point(p), "{p}");
            assert_eq!(s.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(s.closest_point(p), NO_POINT, "{p}");
        }
    }
}

proptest! {
    #[test]
    fn matches_the_f64_reference(s in segment(), p in point()) {
        check_point_query(&s, p, &[s.a, s.b]);
    }

    /// The closest point is an end (and `p` is beyond it) or a perpendicular foot.
    #[test]
    fn closest_point_is_an_end_or_a_perpendicular_foot(s in segment(), p in point()) {
        prop_assume!(s.a != s.b);
        let q = s.closest_point(p);
        let dir = s.direction().normalize();
        let scale = p.abs().max_element().max(s.a.abs().max_element()).max(s.b.abs().max_element());
        let slack = ulps(64.0, scale);
        if q == s.a {
            prop_assert!((p - s.a).dot(dir) <= slack);
        } else if q == s.b {
            prop_assert!((p - s.b).dot(dir) >= -slack);
        } else {
            prop_assert!((p - q).dot(dir).abs() <= slack);
        }
    }

    #[test]
    fn computed_points_of_the_segment_are_contained(s in segment(), t in 0.0 as Real..=1.0) {
        let p = s.a.lerp(s.b, t);
        prop_assert!(s.contains_point(p), "{p}");
    }

    #[test]
    fn no_sampled_point_is_closer(s in segment(), p in point(), u in unit_cube()) {
        let sample = s.sample(u);
        prop_assert!(sample.distance(p) >= s.distance_to_point(p) - tol(10.0) * 1e-2);
    }

    #[test]
    fn motion_changes_nothing(s in segment(), p in point(), m in motion()) {
        let moved = s.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), s.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(m.apply(p)), m.apply(s.closest_point(p)), "closest");
    }
}

/// The closest point by the formula of each region (an end exactly in its region, else the
/// projection `a + ab · (t / |ab|²)`), written out here so that a rewrite of the library's
/// (branches or selects, docs/performance.md) is held to the same bits in every region, at the
/// ends' boundaries and for a degenerate segment, in the rescaling window.
fn region_closest(p: Vec3, a: Vec3, b: Vec3) -> Vec3 {
    let ab = b - a;
    let t = (p - a).dot(ab);
    if !(t > 0.0) {
        return a;
    }
    let dd = ab.length_squared();
    if t >= dd {
        return b;
    }
    a + ab * (t / dd)
}

fn same_bits(x: Vec3, y: Vec3) -> bool {
    x.to_array().map(Real::to_bits) == y.to_array().map(Real::to_bits)
}

#[test]
fn regions_and_their_boundaries_give_the_region_formulas_bits() {
    let s = seg();
    for p in [
        v(-2.0, 1.0, 1.0),
        v(6.0, 1.0, 1.0),
        v(-2.0, 5.0, -3.0),
        v(6.0, -4.0, 2.0),
        v(-9.0, 1.0, 1.0),
        v(9.0, 1.0, 1.0),
        v(0.3, 7.0, 1.0),
        v(1.0, 1.0, 1.0),
        v(-2.0 - 1e-6, 1.0, 1.0),
        v(6.0 + 1e-6, 1.0, 1.0),
    ] {
        for (a, b) in [(s.a, s.b), (s.b, s.a), (s.a, s.a)] {
            let expected = region_closest(p, a, b);
            let got = Segment::new(a, b).closest_point(p);
            assert!(same_bits(got, expected), "{a} {b} {p}: {got} vs {expected}");
        }
    }
}

proptest! {
    #[test]
    fn closest_point_gives_the_region_formulas_bits(s in segment(), p in point()) {
        let m = p.abs().max_element().max(s.a.abs().max_element()).max(s.b.abs().max_element());
        // In the rescaling window (no scaling, no cold path), where the formula is computed
        // as given.
        prop_assume!((1e-5..=1e6).contains(&m));
        let expected = region_closest(p, s.a, s.b);
        prop_assert!(same_bits(s.closest_point(p), expected));
        prop_assert!(same_bits(Segment::new(s.b, s.a).closest_point(p), region_closest(p, s.b, s.a)));
    }
}
