//! Triangle overlap against parry's `query::intersection_test` (Ball, Cuboid, Capsule and
//! Triangle against Triangle), compared where GJK says the answer is clear of the boundary (see
//! `intersects::triangle::properties::gjk_clear`).

use isect::math::{Quat, Vec3};
use isect::query::SupportMap;
use isect::{Aabb, Capsule, Intersects, Sphere, Triangle};
use parry::query::intersection_test;
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::parry_conv::{pose, to_parry, translation};
use crate::common::strategy;
use crate::common::{
    gjk_clear_triangle as gjk_clear, gjk_margin as margin, shapes_scale as scale_of,
};

fn parry_triangle(t: &Triangle) -> ps::Triangle {
    ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c))
}

/// parry's answer for a shape placed by `pose1` against the triangle (at the identity).
fn parry_hit(pose1: &parry::math::Pose, shape: &dyn ps::Shape, t: &Triangle) -> bool {
    intersection_test(pose1, shape, &translation(Vec3::ZERO), &parry_triangle(t))
        .expect("supported pair")
        .intersecting
}

/// Compares isect and parry with GJK's clear answer, where there is one.
fn compare<S>(
    shape: &S,
    t: &Triangle,
    theirs: bool,
    scale: isect::Real,
) -> Result<(), TestCaseError>
where
    S: SupportMap + Intersects<Triangle> + core::fmt::Debug,
{
    compare_where(shape, t, theirs, scale, true)
}

/// [`compare`], checking parry only when `parry_trusted`.
fn compare_where<S>(
    shape: &S,
    t: &Triangle,
    theirs: bool,
    scale: isect::Real,
    parry_trusted: bool,
) -> Result<(), TestCaseError>
where
    S: SupportMap + Intersects<Triangle> + core::fmt::Debug,
{
    if let Some(expected) = gjk_clear(shape, t, margin(scale)) {
        prop_assert_eq!(
            shape.intersects(t),
            expected,
            "isect: {:?} vs {:?}",
            shape,
            t
        );
        if parry_trusted {
            prop_assert_eq!(theirs, expected, "parry: {:?} vs {:?}", shape, t);
        }
    }
    Ok(())
}

/// Whether the triangle is a sliver (smallest angle below about 1e-3 rad, or degenerate), where
/// parry's cuboid–triangle and ball–triangle tests are wrong (see
/// `parry_cuboid_triangle_sliver_fault`).
fn sliver(t: &Triangle) -> bool {
    let (ab, ac, bc) = (t.b - t.a, t.c - t.a, t.c - t.b);
    let n2 = t.scaled_normal().length_squared();
    let longest = ab
        .length_squared()
        .max(ac.length_squared())
        .max(bc.length_squared());
    n2 <= 1e-6 * longest * longest
}

proptest! {
    #[test]
    fn sphere_triangle_matches_parry(s in strategy::sphere(), t in strategy::triangle()) {
        let theirs = parry_hit(&translation(s.center), &ps::Ball::new(s.radius), &t);
        let scale = scale_of(&[&t]).max(scale_of(&[&s]));
        // parry's ball misses slivers too (a 300,000-case run found a ball 2.1 in radius
        // whose center lies 0.5 from a triangle with sin θ = 6e-10: GJK and isect overlap).
        compare_where(&s, &t, theirs, scale, !sliver(&t))?;
    }

    #[test]
    fn aabb_triangle_matches_parry(b in strategy::aabb(), t in strategy::triangle()) {
        let theirs = parry_hit(&translation(b.center()), &ps::Cuboid::new(to_parry(b.half_extents())), &t);
        let scale = scale_of(&[&t]).max(scale_of(&[&b]));
        compare_where(&b, &t, theirs, scale, !sliver(&t))?;
    }

    #[test]
    fn obb_triangle_matches_parry(b in strategy::obb(), t in strategy::triangle()) {
        let q = Quat::from_mat3(&b.rotation);
        let theirs = parry_hit(&pose(b.center, q), &ps::Cuboid::new(to_parry(b.half_extents)), &t);
        let scale = scale_of(&[&t]).max(b.center.abs().max_element() + b.half_extents.length());
        compare_where(&b, &t, theirs, scale, !sliver(&t))?;
    }

    #[test]
    fn capsule_triangle_matches_parry(c in strategy::capsule(), t in strategy::triangle()) {
        let mid = (c.a + c.b) * 0.5;
        let shape = ps::Capsule::new(to_parry(c.a - mid), to_parry(c.b - mid), c.radius);
        let theirs = parry_hit(&translation(mid), &shape, &t);
        let scale = scale_of(&[&t]).max(scale_of(&[&c]));
        compare(&c, &t, theirs, scale)?;
    }

    #[test]
    fn triangle_triangle_matches_parry(t1 in strategy::triangle(), t2 in strategy::triangle()) {
        let theirs = parry_hit(&translation(Vec3::ZERO), &parry_triangle(&t1), &t2);
        let scale = scale_of(&[&t1, &t2]);
        compare(&t1, &t2, theirs, scale)?;
    }
}

/// parry agrees on exactly touching configurations (all true) and on the same moved apart by
/// 1/1024 in several directions.
#[test]
fn touching_cases_agree_with_parry() {
    use crate::common::v;
    let t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0));
    let cases = [
        (
            "coplanar shared edge",
            Triangle::new(v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0), v(4.0, 4.0, 0.0)),
        ),
        (
            "coplanar shared vertex",
            Triangle::new(v(4.0, 0.0, 0.0), v(8.0, -4.0, 0.0), v(8.0, 4.0, 0.0)),
        ),
        (
            "coplanar overlap",
            Triangle::new(v(1.0, 1.0, 0.0), v(5.0, 1.0, 0.0), v(1.0, 5.0, 0.0)),
        ),
        (
            "coplanar apart",
            Triangle::new(v(5.0, 0.0, 0.0), v(9.0, 0.0, 0.0), v(5.0, 4.0, 0.0)),
        ),
        (
            "vertex on face",
            Triangle::new(v(1.0, 1.0, 0.0), v(1.0, 2.0, 4.0), v(2.0, 1.0, 4.0)),
        ),
        (
            "edge on edge point",
            Triangle::new(v(2.0, -1.0, 1.0), v(2.0, 1.0, -1.0), v(2.0, -1.0, -1.0)),
        ),
        (
            "edge on face",
            Triangle::new(v(1.0, 1.0, 0.0), v(2.0, 1.0, 0.0), v(1.0, 1.0, 4.0)),
        ),
        (
            "collinear piercing",
            Triangle::new(v(1.0, 1.0, -1.0), v(1.0, 1.0, 1.0), v(1.0, 1.0, 3.0)),
        ),
        (
            "point on face",
            Triangle::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 0.0), v(1.0, 1.0, 0.0)),
        ),
    ];
    for (name, other) in cases {
        let theirs = parry_hit(&translation(Vec3::ZERO), &parry_triangle(&t), &other);
        assert!(t.intersects(&other) == theirs, "{name}");
        for d in [
            v(1.0, 1.0, 0.0),
            v(0.0, 0.0, 1.0),
            v(0.0, -1.0, 0.0),
            v(1.0, 0.0, 0.0),
        ] {
            let o = Triangle::new(
                other.a + d / 1024.0,
                other.b + d / 1024.0,
                other.c + d / 1024.0,
            );
            let theirs = parry_hit(&translation(Vec3::ZERO), &parry_triangle(&t), &o);
            let ours = t.intersects(&o);
            assert_eq!(ours, theirs, "{name} moved by {d}");
        }
    }
    let b = Aabb::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0));
    let cub = ps::Cuboid::new(to_parry(b.half_extents()));
    for (name, tri) in [
        (
            "face on face",
            Triangle::new(v(0.0, 0.0, 1.0), v(1.0, 0.0, 1.0), v(0.0, 1.0, 1.0)),
        ),
        (
            "corner on face",
            Triangle::new(v(3.0, 0.0, 0.0), v(0.0, 3.0, 0.0), v(0.0, 0.0, 3.0)),
        ),
        (
            "edge x edge",
            Triangle::new(v(0.0, 2.0, 0.5), v(2.0, 0.0, 0.5), v(2.0, 2.0, 1.5)),
        ),
        (
            "collinear through edge",
            Triangle::new(v(0.0, 2.0, 0.5), v(2.0, 0.0, 0.5), v(1.0, 1.0, 0.5)),
        ),
        (
            "point on corner",
            Triangle::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0)),
        ),
    ] {
        let theirs = parry_hit(&translation(b.center()), &cub, &tri);
        assert!(b.intersects(&tri) && theirs, "box {name}");
    }
    let s = Sphere::new(v(1.0, 1.0, 2.0), 2.0);
    assert!(s.intersects(&t) && parry_hit(&translation(s.center), &ps::Ball::new(2.0), &t));
    let c = Capsule::new(v(1.0, 1.0, 2.0), v(2.0, 1.0, 2.0), 2.0);
    let mid = (c.a + c.b) * 0.5;
    assert!(
        c.intersects(&t)
            && parry_hit(
                &translation(mid),
                &ps::Capsule::new(to_parry(c.a - mid), to_parry(c.b - mid), 2.0),
                &t
            )
    );
}

/// parry's cuboid–triangle test projects one corner on the triangle's normal (a point with a
/// normal, `sat::triangle_cuboid_find_local_separating_normal_oneway`); a sliver's rounded
/// normal is not perpendicular to its edges, and that projection separates a flat box that the
/// sliver (a segment, to within 1e-3) clearly pierces: through x = 1 at about (1, -0.65, 0.51),
/// well inside the rectangle y in [-1.26, 1.26], z in [-2.55, 6.55]. isect projects all three
/// corners (the bug it had too). If parry fixes this, this test fails: then drop `sliver`.
/// (f32 only: in f64 this input's normal is accurate enough; slivers of f64 coordinates fault
/// the same way, as the property tests found.)
#[cfg(not(isect_f64))]
#[test]
fn parry_cuboid_triangle_sliver_fault() {
    use crate::common::v;
    use isect::Obb;
    let b = Obb::new(
        v(1.0, 0.0, 2.0),
        v(0.0, 1.2638175, 4.553979),
        isect::math::Mat3::from_diagonal(v(1.0, -1.0, -1.0)),
    );
    let t = Triangle::new(
        v(-1.0, -3.0, -4.0),
        v(2.026029, 0.564101, 2.8267913),
        v(1.8115988, 0.31154191, 2.3430316),
    );
    assert!(sliver(&t));
    assert!(b.intersects(&t));
    assert_eq!(gjk_clear(&b, &t, margin(10.0)), Some(true));
    let q = Quat::from_mat3(&b.rotation);
    let theirs = parry_hit(
        &pose(b.center, q),
        &ps::Cuboid::new(to_parry(b.half_extents)),
        &t,
    );
    assert!(!theirs, "parry now gets the sliver right");
}
