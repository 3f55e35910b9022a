//! Segment–segment closest points and distance against parry (its Ericson-style routine
//! `closest_points_segment_segment_with_locations_nD`, and `query::distance` /
//! `query::closest_points` with identity poses, which dispatch to it).
//!
//! Where isect and parry disagree, the f64 reference decides and isect must agree with it. They
//! disagree on nearly parallel segments: parry solves for the parameters with the denominator
//! `|d1|² |d2|² − (d1 · d2)²`, which cancels at small angles, and for long segments at angles of
//! about 1e-4 .. 1e-2 rad its distance is off by thousands of ulps of the coordinates (a
//! 2e4-long pair in f32: by whole units); below that its parallel fallback is accurate again.

use isect::math::Vec3;
use isect::{Distance, Real, Segment};
use proptest::prelude::*;

use crate::common::flat_reference::{AsRefLinear, linear_distance, scale_of, ulps, wide};
use crate::common::parry_conv::{from_parry, to_parry};
use crate::common::strategy::{nearly_parallel_segments, segment};
use crate::common::{TOL, assert_near, v};

fn parry_segment(s: &Segment) -> parry::shape::Segment {
    parry::shape::Segment::new(to_parry(s.a), to_parry(s.b))
}

/// parry's closest pair by its segment–segment routine.
fn parry_closest(a: &Segment, b: &Segment) -> (Vec3, Vec3) {
    let (sa, sb) = (parry_segment(a), parry_segment(b));
    let (la, lb) = parry::query::details::closest_points_segment_segment_with_locations_nD(
        (&sa.a, &sa.b),
        (&sb.a, &sb.b),
    );
    (from_parry(sa.point_at(&la)), from_parry(sb.point_at(&lb)))
}

/// parry's distance through the generic entry point.
fn parry_distance(a: &Segment, b: &Segment) -> Real {
    let id = parry::math::Pose::IDENTITY;
    parry::query::distance(&id, &parry_segment(a), &id, &parry_segment(b))
        .unwrap()
        .distance
}

/// Compares with parry; where the distances differ by more than `slack`, isect must match the
/// reference. Returns whether parry was off.
fn compare(a: &Segment, b: &Segment, slack_ulps: Real) -> Result<bool, TestCaseError> {
    let ours = a.closest_points(b);
    let (pa, pb) = parry_closest(a, b);
    let theirs = parry_distance(a, b);
    let scale = scale_of(&[a.a, a.b, b.a, b.b]);
    let slack = ulps(slack_ulps, scale);
    // The two entry points of parry agree with each other.
    prop_assert!((pa.distance(pb) - theirs).abs() <= slack);
    if (ours.distance - theirs).abs() <= slack {
        return Ok(false);
    }
    let expected = linear_distance(&a.reference(), &b.reference());
    prop_assert!(
        (wide(ours.distance) - expected).abs() <= wide(slack),
        "{a:?} / {b:?}: isect {}, parry {theirs}, reference {expected}",
        ours.distance
    );
    Ok(true)
}

#[test]
fn hand_cases_agree() {
    let unit = Segment::new(Vec3::ZERO, Vec3::X);
    for (a, b, distance) in [
        (
            Segment::new(Vec3::ZERO, v(2.0, 2.0, 0.0)),
            Segment::new(v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0)),
            0.0,
        ),
        (
            Segment::new(v(-1.0, 0.0, 0.0), Vec3::X),
            Segment::new(v(0.0, -1.0, 2.0), v(0.0, 1.0, 2.0)),
            2.0,
        ),
        (unit, Segment::new(v(3.0, 0.0, 0.0), v(5.0, 0.0, 0.0)), 2.0),
        (unit, Segment::new(v(3.0, -1.0, 0.0), v(3.0, 1.0, 0.0)), 2.0),
        (unit, Segment::new(v(1.0, 3.0, 4.0), v(1.0, 3.0, 4.0)), 5.0),
    ] {
        assert_eq!(a.distance(&b), distance);
        assert_eq!(parry_distance(&a, &b), distance);
        let (pa, pb) = parry_closest(&a, &b);
        let ours = a.closest_points(&b);
        assert_eq!((ours.a, ours.b), (pa, pb), "{a:?} / {b:?}");
    }
}

/// Two segments in the planes z = 0 and z = 1/2 whose projections cross at an angle of 1e-3 rad:
/// the distance is exactly 1/2 (their z coordinates are exact). isect finds it to rounding; parry
/// may not, and where it does not, its answer is a pair of points of the segments farther apart.
#[test]
fn nearly_parallel_at_a_known_distance() {
    let h: Real = 0.5;
    for half_length in [1.0, 100.0, 1e4] {
        let a = Segment::new(v(-half_length, 0.0, 0.0), v(half_length, 0.0, 0.0));
        let pivot = v(-half_length / 3.0, 0.0, h);
        let angle: Real = 1e-3;
        let dir = v(angle.cos(), angle.sin(), 0.0) * half_length;
        let b = Segment::new(pivot - dir, pivot + dir);
        let slack = ulps(64.0, half_length);
        assert!(
            (a.distance(&b) - h).abs() <= slack,
            "isect {}",
            a.distance(&b)
        );
        let theirs = parry_distance(&a, &b);
        assert!(
            theirs >= h - slack,
            "parry {theirs} below the true distance"
        );
    }
}

proptest! {
    #[test]
    fn segment_segment(a in segment(), b in segment()) {
        // Generic segments: parry and isect agree to rounding.
        prop_assert!(!compare(&a, &b, 256.0)?, "parry disagrees on a generic pair");
        let ours = a.closest_points(&b);
        let (pa, pb) = parry_closest(&a, &b);
        if (pa - pb).length() > TOL * 10.0 {
            // Unique pair when apart and not parallel: the same points.
            let (da, db) = (a.direction(), b.direction());
            if da.cross(db).length() > 0.1 * da.length() * db.length() {
                assert_near(ours.a.distance(pa), 0.0, "a vs parry");
                assert_near(ours.b.distance(pb), 0.0, "b vs parry");
            }
        }
    }

    #[test]
    fn nearly_parallel((a, b) in nearly_parallel_segments()) {
        compare(&a, &b, 256.0)?;
        compare(&b, &a, 256.0)?;
    }

    #[test]
    fn closest_points_entry_point(a in segment(), b in segment()) {
        let id = parry::math::Pose::IDENTITY;
        let result = parry::query::closest_points(&id, &parry_segment(&a), &id, &parry_segment(&b), Real::MAX).unwrap();
        let ours = a.closest_points(&b);
        match result {
            parry::query::ClosestPoints::WithinMargin(pa, pb) => {
                assert_near(from_parry(pa).distance(from_parry(pb)), ours.distance, "distance");
            }
            parry::query::ClosestPoints::Intersecting => prop_assert!(ours.distance <= TOL),
            parry::query::ClosestPoints::Disjoint => prop_assert!(false, "no pair within Real::MAX"),
        }
    }
}
