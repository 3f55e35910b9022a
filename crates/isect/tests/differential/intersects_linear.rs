//! Segment overlap against parry's `intersection_test` with `Ball`, `Cuboid`, `Capsule` and
//! `Triangle`, compared where the answer is clear of the boundary: GJK's distance clearly
//! positive (apart), or a sampled point of the segment inside the solid (overlapping).

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Capsule, Intersects, Obb, PointQuery, Real, Segment, Sphere, SupportMap, Triangle};
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::gjk_distance_tolerance;
use crate::common::parry_conv::{pose, to_parry, translation};
use crate::common::strategy::{capsule, length, point, rotation, segment, sphere, triangle};

fn parry_segment(s: &Segment) -> ps::Segment {
    ps::Segment::new(to_parry(s.a), to_parry(s.b))
}

fn parry_test(s: &Segment, m: &parry::math::Pose, shape: &dyn ps::Shape) -> bool {
    parry::query::intersection_test(&translation(Vec3::ZERO), &parry_segment(s), m, shape)
        .expect("parry supports the pair")
        .intersecting
}

/// The clear answer, or `None` near the boundary.
fn clear<S: SupportMap + PointQuery>(s: &Segment, shape: &S, solid: bool) -> Option<bool> {
    if solid && (0..=64).any(|k| shape.contains_point(s.point_at(k as Real / 64.0))) {
        return Some(true);
    }
    let d = gjk_closest_points(s, shape, Vec3::X).distance;
    (d > gjk_distance_tolerance(d, 20.0) * 4.0).then_some(false)
}

fn check<S: SupportMap + PointQuery + Intersects<Segment> + core::fmt::Debug>(
    s: &Segment,
    shape: &S,
    m: &parry::math::Pose,
    p: &dyn ps::Shape,
    solid: bool,
) -> Result<(), TestCaseError> {
    let ours = shape.intersects(s);
    let theirs = parry_test(s, m, p);
    if let Some(expected) = clear(s, shape, solid) {
        prop_assert_eq!(ours, expected, "isect {:?} {:?}", s, shape);
        prop_assert_eq!(theirs, expected, "parry {:?} {:?}", s, shape);
    }
    Ok(())
}

proptest! {
    #[test]
    fn segment_ball(s in segment(), b in sphere()) {
        check(&s, &b, &translation(b.center), &ps::Ball::new(b.radius), true)?;
    }

    #[test]
    fn segment_cuboid(s in segment(), c in point(), h in (length(), length(), length()), q in rotation()) {
        let h = Vec3::new(h.0, h.1, h.2);
        check(&s, &Obb::from_quat(c, h, q), &pose(c, q), &ps::Cuboid::new(to_parry(h)), true)?;
    }

    #[test]
    fn segment_capsule(s in segment(), c in capsule()) {
        let p = ps::Capsule::new(to_parry(c.a), to_parry(c.b), c.radius);
        check(&s, &c, &translation(Vec3::ZERO), &p, true)?;
    }

    /// Triangles: apart by GJK; crossing where the segment crosses the plane clearly inside.
    #[test]
    fn segment_triangle(s in segment(), t in triangle()) {
        let p = ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c));
        check(&s, &t, &translation(Vec3::ZERO), &p, false)?;
        if let Some(n) = t.normal() {
            let (sa, sb) = (n.dot(s.a - t.a), n.dot(s.b - t.a));
            if sa * sb < 0.0 && sa.abs().min(sb.abs()) > 1e-2 && t.area() > 1e-2 {
                let x = s.a + (s.b - s.a) * (sa / (sa - sb));
                if t.barycentric(x).is_some_and(|w| w.min_element() > 1e-2) {
                    prop_assert!(t.intersects(&s));
                    prop_assert!(parry_test(&s, &translation(Vec3::ZERO), &p));
                }
            }
        }
    }
}

#[test]
fn touching_cases_agree() {
    let v = Vec3::new;
    let seg = Segment::new(v(1.0, 0.0, 0.0), v(3.0, 0.0, 0.0));
    assert!(Sphere::new(Vec3::ZERO, 1.0).intersects(&seg));
    assert!(parry_test(
        &seg,
        &translation(Vec3::ZERO),
        &ps::Ball::new(1.0)
    ));
    let c = Capsule::new(-Vec3::Y, Vec3::Y, 1.0);
    assert!(c.intersects(&seg));
    assert!(parry_test(
        &seg,
        &translation(Vec3::ZERO),
        &ps::Capsule::new(to_parry(-Vec3::Y), to_parry(Vec3::Y), 1.0)
    ));
    let t = Triangle::new(v(1.0, -1.0, -1.0), v(1.0, 1.0, -1.0), v(1.0, 0.0, 1.0));
    assert!(t.intersects(&seg));
    assert!(parry_test(
        &seg,
        &translation(Vec3::ZERO),
        &ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c))
    ));
}
