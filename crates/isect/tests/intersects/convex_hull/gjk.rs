//! `gjk_intersects`: the boolean GJK, against closed forms and against GJK's distance.

use isect::math::Vec3;
use isect::query::algo::gjk::{gjk_closest_points, gjk_intersects, gjk_intersects_from};
use isect::{Aabb, ConvexHull, Real, Segment, Sphere, SupportMap};
use proptest::prelude::*;

use crate::common::strategy::{aabb, capsule, convex_hull, obb, sphere, triangle};
use crate::common::{non_finite_points, tol, v};

const OFF: Real = 1.0 / 1024.0;

#[test]
fn touching_and_apart() {
    let unit = Aabb::new(Vec3::ZERO, Vec3::ONE);
    let cases: [(Aabb, Vec3); 3] = [
        (
            Aabb::new(v(1.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
            v(1.0, 0.0, 0.0),
        ),
        (
            Aabb::new(v(1.0, 1.0, 0.0), v(2.0, 2.0, 1.0)),
            v(1.0, 1.0, 0.0),
        ),
        (Aabb::new(Vec3::ONE, v(2.0, 2.0, 2.0)), Vec3::ONE),
    ];
    for (b, away) in cases {
        assert!(gjk_intersects(&unit, &b));
        let apart = Aabb::new(b.min + away * OFF, b.max + away * OFF);
        assert!(!gjk_intersects(&unit, &apart));
    }
    assert!(gjk_intersects(
        &Sphere::new(Vec3::ZERO, 1.0),
        &Sphere::new(v(2.0, 0.0, 0.0), 1.0)
    ));
    assert!(!gjk_intersects(
        &Sphere::new(Vec3::ZERO, 1.0),
        &Sphere::new(v(2.0 + OFF, 0.0, 0.0), 1.0)
    ));
    // Degenerate: a point on a segment, crossing segments, a point in a flat hull.
    let s = Segment::new(Vec3::ZERO, v(2.0, 2.0, 0.0));
    assert!(gjk_intersects(&s, &v(1.0, 1.0, 0.0)));
    assert!(!gjk_intersects(&s, &v(1.0, 1.0, OFF)));
    assert!(gjk_intersects(
        &s,
        &Segment::new(v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0))
    ));
    let square = ConvexHull::new(vec![Vec3::ZERO, Vec3::X, v(1.0, 1.0, 0.0), Vec3::Y]);
    assert!(gjk_intersects(&square, &v(0.5, 0.5, 0.0)));
    assert!(!gjk_intersects(&square, &v(0.5, 0.5, OFF)));
}

#[test]
fn invalid_input_is_false() {
    let unit = Aabb::new(Vec3::ZERO, Vec3::ONE);
    for p in non_finite_points() {
        assert!(!gjk_intersects(&unit, &p));
        assert!(!gjk_intersects(&Aabb::new(p, p), &unit));
        assert!(!gjk_intersects(&Segment::new(p, Vec3::ZERO), &unit));
        assert!(!gjk_intersects(&ConvexHull::new(vec![p]), &unit));
    }
}

fn agree<A: SupportMap, B: SupportMap>(a: &A, b: &B) -> Result<(), TestCaseError> {
    // From the same initial direction, the early exit stops only when the distance provably
    // exceeds the touching tolerance, so the boolean equals "distance is 0" for the full
    // iteration, exactly.
    let d = gjk_closest_points(a, b, Vec3::X).distance;
    prop_assert_eq!(
        gjk_intersects_from(a, b, Vec3::X),
        d == 0.0,
        "distance {}",
        d
    );
    // From its own guess, the same up to GJK's resolution (about √ε times the size).
    let exact = gjk_intersects(a, b);
    prop_assert!(
        !exact || d <= crate::common::gjk_floor(20.0),
        "distance {}",
        d
    );
    Ok(())
}

proptest! {
    #[test]
    fn agrees_with_gjk_distance(
        s in sphere(), b in aabb(), o in obb(), c in capsule(), t in triangle(), h in convex_hull(),
    ) {
        agree(&b, &o)?;
        agree(&o, &h)?;
        agree(&t, &h)?;
        agree(&b, &t)?;
        agree(&h, &b)?;
        // Curved shapes: against the closed form, clear of the boundary.
        let gap = (s.center - b.center()).abs() - b.half_extents();
        let d = gap.max(Vec3::ZERO).length() - s.radius;
        let exact = gjk_intersects(&s, &b);
        prop_assert!(if exact { d <= tol(20.0) } else { d >= -tol(20.0) }, "sphere-box gap {}", d);
        let core = Segment::new(c.a, c.b);
        let d = gjk_closest_points(&core, &h, Vec3::X).distance - c.radius;
        let exact = gjk_intersects(&c, &h);
        prop_assert!(if exact { d <= tol(20.0) } else { d >= -tol(20.0) }, "capsule-hull gap {}", d);
    }

    #[test]
    fn boxes_agree_with_the_interval_test(a in aabb(), b in aabb()) {
        let gap = (a.min - b.max).max(b.min - a.max).max_element();
        if gap > tol(20.0) {
            prop_assert!(!gjk_intersects(&a, &b));
        }
        if gap <= 0.0 {
            prop_assert!(gjk_intersects(&a, &b));
        }
    }
}
