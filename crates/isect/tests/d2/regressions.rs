//! 2D queries that once gave wrong answers, each named after the bug (found by the fixed-seed
//! CI run of the property tests).

use isect::d2::{Contact, Distance, Intersects, Line, Segment, Sweep};
use isect::math::Vec2;

use super::common::{tol, v};

/// A segment's corner slides onto another segment's side. Conservative advancement stepped to
/// the contact up to rounding (a gap of 1.2e-5 at coordinates near 8), then took the direction
/// between the two almost coincident closest points as the normal: noise, pointing away from
/// the motion, so the sweep "moved apart" and missed in one argument order while the other
/// hit at t = 0.4976. The tolerance now counts the moved coordinates' own rounding (`v t`
/// as well as the result), and a direction between points within rounding is not taken.
/// Found by the fixed-seed CI run of `d2::sweep::sweep_segment_segment`.
#[test]
fn segment_sweep_missed_a_corner_sliding_onto_a_side() {
    let a = Segment::new(v(0.0, 0.0), v(4.0, -2.0));
    let b = Segment::new(v(2.7858737, -8.60548), v(7.239884, 7.6946945));
    let (m, n) = (v(-7.6383495, 8.379033), v(-13.227029, -7.728161));
    let forward = a.sweep(m, &b, n).expect("a's corner reaches b's side");
    let backward = b.sweep(n, &a, m).expect("the same contact, other order");
    // The side's unit normal, towards a.
    let side = (b.b - b.a).normalize();
    let normal = Vec2::new(-side.y, side.x);
    for (t, got) in [
        (forward.t_first, forward.normal),
        (backward.t_first, -backward.normal),
    ] {
        assert!((t - 0.497_561).abs() <= 1e-4, "t_first {t}");
        assert!((got - normal).length() <= tol(1.0), "normal {got:?}");
        let at = |s: &Segment, w: Vec2| Segment::new(s.a + w * t, s.b + w * t);
        let gap = at(&a, m).distance(&at(&b, n));
        assert!(gap <= tol(16.0), "apart by {gap} at t_first");
    }
    assert!(!a.intersects(&b));
}

/// Two coincident lines touch everywhere (depth 0); the contact point was the other line's
/// origin, so the two argument orders named different points. Now the lesser origin (by x,
/// then y), the same point in either order and exactly on both lines.
#[test]
fn coincident_lines_contact_at_different_points_by_order() {
    let a = Line::new(v(0.0, 3.0), v(-1.0, 0.0));
    let b = Line::new(v(-1.0, 3.0), v(-1.0, 0.0));
    let (c, d) = (a.contact(&b).unwrap(), b.contact(&a).unwrap());
    assert_eq!((c.depth, d.depth), (0.0, 0.0));
    assert_eq!(c.point, v(-1.0, 3.0));
    assert_eq!(d.point, c.point);
}
