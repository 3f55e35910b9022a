//! `Classify`: which side of a plane a shape lies on.
//!
//! Hand cases on axis planes with integer coordinates (exactly representable, so touching is
//! exact): Front, Back, Straddle, touching from either side (Straddle), degenerate shapes, and
//! invalid shapes or planes (Straddle). Properties: the answer agrees with a brute force over the
//! shape's support points along `±normal` wherever that is clear of the plane by a rounding
//! slack, and no sampled point of a shape said to be in front lies behind (and vice versa).
//! (Frusta from camera matrices are also checked in `frustum.rs`.)

use isect::math::{Mat3, Quat, Vec3};
use isect::{
    Aabb, Capsule, Classify, ConvexHull, Frustum, Obb, Plane, Real, Segment, Side, Sphere,
    SupportMap, Triangle,
};
use proptest::prelude::*;

use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{
    aabb, camera_frustum, capsule, convex_hull, obb, plane, segment, sphere, triangle, unit,
};
use crate::common::{aabb_frustum, signed_permutations, v};

fn flip(side: Side) -> Side {
    match side {
        Side::Front => Side::Back,
        Side::Back => Side::Front,
        Side::Straddle => Side::Straddle,
    }
}

/// Asserts the side of `shape` against `plane`, and the mirrored answer against the flipped
/// plane.
#[track_caller]
fn check<S: Classify + core::fmt::Debug>(shape: &S, plane: Plane, expected: Side) {
    assert_eq!(shape.classify(&plane), expected, "{shape:?} vs {plane:?}");
    assert_eq!(
        shape.classify(&plane.flipped()),
        flip(expected),
        "{shape:?} vs flipped {plane:?}"
    );
    assert_eq!(isect::classify(shape, &plane), expected);
}

/// The plane `x = 2`, front towards +x.
fn x2() -> Plane {
    Plane::new(Vec3::X, 2.0)
}

/// Planes that are no planes: every shape straddles them.
fn invalid_planes() -> Vec<Plane> {
    let mut out = vec![
        Plane {
            normal: Vec3::ZERO,
            d: 0.0,
        },
        Plane {
            normal: Vec3::ZERO,
            d: 5.0,
        },
    ];
    for x in crate::common::NON_FINITE {
        out.push(Plane {
            normal: Vec3::X,
            d: x,
        });
        out.push(Plane {
            normal: v(x, 0.0, 1.0),
            d: -100.0,
        });
    }
    out
}

/// Asserts that the (valid) `shape` straddles every invalid plane: a plane at `d = -100` with a
/// NaN in its normal, which a finite normal would put the shape in front of, included.
#[track_caller]
fn straddles_invalid_planes<S: Classify + core::fmt::Debug>(shape: &S) {
    for plane in invalid_planes() {
        assert_eq!(
            shape.classify(&plane),
            Side::Straddle,
            "{shape:?}, {plane:?}"
        );
    }
}

#[test]
fn sphere_sides() {
    check(&Sphere::new(v(5.0, 0.0, 0.0), 1.0), x2(), Side::Front);
    check(&Sphere::new(v(3.0, 7.0, -1.0), 1.0), x2(), Side::Straddle);
    check(&Sphere::new(v(1.0, 0.0, 0.0), 1.0), x2(), Side::Straddle);
    check(&Sphere::new(v(-1.0, 0.0, 0.0), 1.0), x2(), Side::Back);
    check(&Sphere::new(v(2.0, 0.0, 0.0), 4.0), x2(), Side::Straddle);
    // Radius 0: a point, on the plane or not.
    check(&Sphere::new(v(2.0, 7.0, 7.0), 0.0), x2(), Side::Straddle);
    check(&Sphere::new(v(2.5, 0.0, 0.0), 0.0), x2(), Side::Front);
    // Other axes and a diagonal plane with a 3-4-5 normal.
    check(
        &Sphere::new(v(0.0, 0.0, -3.0), 1.0),
        Plane::new(Vec3::Z, -2.0),
        Side::Straddle,
    );
    check(
        &Sphere::new(v(0.0, 0.0, -3.5), 1.0),
        Plane::new(Vec3::Z, -2.0),
        Side::Back,
    );
    let diagonal = Plane::new(v(3.0, 4.0, 0.0), 0.0);
    check(&Sphere::new(v(6.0, 8.0, 0.0), 9.0), diagonal, Side::Front);
    check(
        &Sphere::new(v(6.0, 8.0, 0.0), 11.0),
        diagonal,
        Side::Straddle,
    );
}

#[test]
fn aabb_sides() {
    check(
        &Aabb::new(v(3.0, 0.0, 0.0), v(4.0, 1.0, 1.0)),
        x2(),
        Side::Front,
    );
    check(
        &Aabb::new(v(2.0, 0.0, 0.0), v(4.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Aabb::new(v(0.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Aabb::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)),
        x2(),
        Side::Back,
    );
    check(
        &Aabb::new(v(1.0, -1.0, -1.0), v(3.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    // Flat boxes: in the plane, parallel to it, or a point.
    check(
        &Aabb::new(v(2.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Aabb::new(v(2.5, 0.0, 0.0), v(2.5, 1.0, 1.0)),
        x2(),
        Side::Front,
    );
    check(&Aabb::new(Vec3::ONE, Vec3::ONE), x2(), Side::Back);
    // A diagonal plane near a corner: x + y + z = 3 ± 0.01 against the unit box's (1, 1, 1).
    let unit_box = Aabb::new(Vec3::ZERO, Vec3::ONE);
    check(&unit_box, Plane::new(Vec3::ONE, 2.99), Side::Straddle);
    check(&unit_box, Plane::new(Vec3::ONE, 3.01), Side::Back);
    check(&unit_box, Plane::new(Vec3::ONE, -0.01), Side::Front);
}

/// A box as an `Obb` under each of the 48 exact signed permutations: the same set as the `Aabb`,
/// so the same answers.
#[test]
fn obb_sides() {
    let cases = [
        (Aabb::new(v(3.0, 0.0, 0.0), v(4.0, 1.0, 3.0)), Side::Front),
        (
            Aabb::new(v(2.0, -2.0, 0.0), v(4.0, 1.0, 1.0)),
            Side::Straddle,
        ),
        (
            Aabb::new(v(0.0, 0.0, -5.0), v(2.0, 1.0, 1.0)),
            Side::Straddle,
        ),
        (Aabb::new(v(0.0, 0.0, 0.0), v(1.0, 3.0, 1.0)), Side::Back),
        (
            Aabb::new(v(2.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
            Side::Straddle,
        ),
    ];
    for (b, side) in cases {
        for m in signed_permutations() {
            // Local half extents that the rotation sends to the box's.
            let h = m.transpose().abs() * b.half_extents();
            let o = Obb::new(b.center(), h, m);
            check(&o, x2(), side);
            check(
                &o,
                Plane::new(Vec3::Y, 1.0),
                b.classify(&Plane::new(Vec3::Y, 1.0)),
            );
        }
    }
    // A unit cube turned 45° about z reaches √2 along x.
    let o = Obb::from_quat(
        Vec3::ZERO,
        Vec3::ONE,
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_4 as Real),
    );
    check(&o, Plane::new(Vec3::X, 1.40), Side::Straddle);
    check(&o, Plane::new(Vec3::X, 1.43), Side::Back);
    check(
        &Obb::new(v(2.0, 5.0, 5.0), Vec3::ZERO, Mat3::IDENTITY),
        x2(),
        Side::Straddle,
    );
}

#[test]
fn capsule_sides() {
    let (a, b) = (v(4.0, 0.0, 0.0), v(6.0, 3.0, 0.0));
    check(&Capsule::new(a, b, 1.0), x2(), Side::Front);
    check(&Capsule::new(a, b, 2.0), x2(), Side::Straddle);
    check(&Capsule::new(b, a, 2.0), x2(), Side::Straddle);
    let (a, b) = (v(0.0, 0.0, 0.0), v(0.0, 5.0, 0.0));
    check(&Capsule::new(a, b, 1.0), x2(), Side::Back);
    check(&Capsule::new(a, b, 2.0), x2(), Side::Straddle);
    check(
        &Capsule::new(v(-1.0, 0.0, 0.0), v(5.0, 0.0, 0.0), 0.5),
        x2(),
        Side::Straddle,
    );
    // Degenerate: a sphere (a == b), a segment (radius 0), a point.
    check(
        &Capsule::new(v(4.0, 1.0, 1.0), v(4.0, 1.0, 1.0), 2.0),
        x2(),
        Side::Straddle,
    );
    check(
        &Capsule::new(v(4.0, 1.0, 1.0), v(4.0, 1.0, 1.0), 1.0),
        x2(),
        Side::Front,
    );
    check(
        &Capsule::new(v(2.0, 0.0, 0.0), v(5.0, 0.0, 0.0), 0.0),
        x2(),
        Side::Straddle,
    );
    check(
        &Capsule::new(v(3.0, 0.0, 0.0), v(5.0, 0.0, 0.0), 0.0),
        x2(),
        Side::Front,
    );
    check(&Capsule::new(Vec3::ONE, Vec3::ONE, 0.0), x2(), Side::Back);
}

#[test]
fn segment_sides() {
    check(
        &Segment::new(v(3.0, 0.0, 0.0), v(5.0, 1.0, 1.0)),
        x2(),
        Side::Front,
    );
    check(
        &Segment::new(v(2.0, 0.0, 0.0), v(5.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Segment::new(v(5.0, 1.0, 1.0), v(2.0, 0.0, 0.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Segment::new(v(0.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Segment::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)),
        x2(),
        Side::Back,
    );
    check(
        &Segment::new(v(0.0, 0.0, 0.0), v(4.0, 1.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    // Lying in the plane, parallel to it, a point.
    check(
        &Segment::new(v(2.0, 0.0, 0.0), v(2.0, 5.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Segment::new(v(3.0, 0.0, 0.0), v(3.0, 5.0, 1.0)),
        x2(),
        Side::Front,
    );
    check(
        &Segment::new(v(2.0, 3.0, 4.0), v(2.0, 3.0, 4.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &Segment::new(v(1.0, 3.0, 4.0), v(1.0, 3.0, 4.0)),
        x2(),
        Side::Back,
    );
}

#[test]
fn triangle_sides() {
    let t = |a, b, c| Triangle::new(a, b, c);
    check(
        &t(v(3.0, 0.0, 0.0), v(4.0, 1.0, 0.0), v(5.0, 0.0, 1.0)),
        x2(),
        Side::Front,
    );
    check(
        &t(v(2.0, 0.0, 0.0), v(4.0, 1.0, 0.0), v(5.0, 0.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &t(v(3.0, 0.0, 0.0), v(4.0, 1.0, 0.0), v(2.0, 0.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &t(v(0.0, 0.0, 0.0), v(1.0, 1.0, 0.0), v(2.0, 0.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &t(v(0.0, 0.0, 0.0), v(1.0, 1.0, 0.0), v(1.0, 0.0, 1.0)),
        x2(),
        Side::Back,
    );
    check(
        &t(v(0.0, 0.0, 0.0), v(4.0, 1.0, 0.0), v(1.0, 0.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    // In the plane; collinear; a point.
    check(
        &t(v(2.0, 0.0, 0.0), v(2.0, 1.0, 0.0), v(2.0, 0.0, 1.0)),
        x2(),
        Side::Straddle,
    );
    check(
        &t(v(3.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(6.0, 0.0, 0.0)),
        x2(),
        Side::Front,
    );
    check(
        &t(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(1.0, 0.0, 0.0)),
        x2(),
        Side::Straddle,
    );
    check(&t(Vec3::ONE, Vec3::ONE, Vec3::ONE), x2(), Side::Back);
}

#[test]
fn convex_hull_sides() {
    let h = |points: &[Vec3]| ConvexHull::new(points.to_vec());
    check(
        &h(&[v(3.0, 0.0, 0.0), v(4.0, 5.0, 1.0), v(3.5, 1.0, -1.0)]),
        x2(),
        Side::Front,
    );
    check(
        &h(&[v(2.0, 0.0, 0.0), v(4.0, 5.0, 1.0), v(3.5, 1.0, -1.0)]),
        x2(),
        Side::Straddle,
    );
    check(
        &h(&[v(0.0, 0.0, 0.0), v(2.0, 5.0, 1.0), v(1.5, 1.0, -1.0)]),
        x2(),
        Side::Straddle,
    );
    check(
        &h(&[v(0.0, 0.0, 0.0), v(1.0, 5.0, 1.0), v(1.5, 1.0, -1.0)]),
        x2(),
        Side::Back,
    );
    check(
        &h(&[v(0.0, 0.0, 0.0), v(3.0, 5.0, 1.0)]),
        x2(),
        Side::Straddle,
    );
    // One point; many copies of one point.
    check(&h(&[v(2.0, 1.0, 1.0)]), x2(), Side::Straddle);
    check(&h(&[v(2.5, 1.0, 1.0); 5]), x2(), Side::Front);
}

#[test]
fn frustum_sides() {
    // Boxes as six planes answer like the boxes, touching included.
    for (b, side) in [
        (Aabb::new(v(3.0, 0.0, 0.0), v(4.0, 1.0, 1.0)), Side::Front),
        (
            Aabb::new(v(2.0, 0.0, 0.0), v(4.0, 1.0, 1.0)),
            Side::Straddle,
        ),
        (
            Aabb::new(v(0.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
            Side::Straddle,
        ),
        (Aabb::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)), Side::Back),
        (
            Aabb::new(v(2.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
            Side::Straddle,
        ),
    ] {
        check(&aabb_frustum(&b), x2(), side);
    }
    // A 90° camera looking down -z, near 1, far 10: |x|, |y| <= -z for -10 <= z <= -1.
    let camera = Frustum::from_matrix(&crate::common::camera::rh::proj::directx::perspective(
        core::f64::consts::FRAC_PI_2 as Real,
        1.0,
        1.0,
        10.0,
    ));
    check(&camera, Plane::new(Vec3::Z, -0.99), Side::Back);
    check(&camera, Plane::new(Vec3::Z, -1.01), Side::Straddle);
    check(&camera, Plane::new(Vec3::Z, -9.99), Side::Straddle);
    check(&camera, Plane::new(Vec3::Z, -10.01), Side::Front);
    check(&camera, Plane::new(Vec3::X, 9.99), Side::Straddle);
    check(&camera, Plane::new(Vec3::X, 10.01), Side::Back);
    check(&camera, Plane::new(Vec3::Y, -10.01), Side::Front);
    // An unbounded frustum (|x|, |y| <= -z / tan(0.5) for z <= -1) is classified exactly
    // (issue 24, item 8; it used to straddle every plane).
    let infinite = Frustum::from_matrix(
        &crate::common::camera::rh::proj::directx::perspective_infinite(1.0, 1.0, 1.0),
    );
    assert_eq!(infinite.classify(&Plane::new(Vec3::Z, 5.0)), Side::Back);
    assert_eq!(infinite.classify(&Plane::new(Vec3::Z, -0.99)), Side::Back);
    assert_eq!(
        infinite.classify(&Plane::new(Vec3::Z, -1.01)),
        Side::Straddle
    );
    assert_eq!(
        infinite.classify(&Plane::new(Vec3::Z, -1e6)),
        Side::Straddle
    );
    assert_eq!(infinite.classify(&Plane::new(Vec3::X, 1e6)), Side::Straddle);
    assert_eq!(infinite.classify(&Plane::new(-Vec3::Z, -0.99)), Side::Front);
}

#[test]
fn invalid_shapes_and_planes_straddle() {
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    // A plane the valid shapes below are all well in front of.
    let far = Plane::new(Vec3::X, -100.0);
    fn all_straddle<S: Classify + core::fmt::Debug>(shape: &S, far: Plane) {
        assert_eq!(shape.classify(&far), Side::Straddle, "{shape:?}");
        assert_eq!(shape.classify(&far.flipped()), Side::Straddle, "{shape:?}");
    }
    for x in [nan, inf, -inf] {
        let p = v(x, 0.0, 1.0);
        all_straddle(&Sphere::new(p, 1.0), far);
        all_straddle(&Sphere::new(Vec3::ZERO, x), far);
        all_straddle(&Aabb::new(p, Vec3::ONE), far);
        all_straddle(&Aabb::new(Vec3::ZERO, p), far);
        all_straddle(&Obb::new(p, Vec3::ONE, Mat3::IDENTITY), far);
        all_straddle(&Obb::new(Vec3::ZERO, p, Mat3::IDENTITY), far);
        all_straddle(
            &Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::from_diagonal(p)),
            far,
        );
        all_straddle(&Capsule::new(p, Vec3::ONE, 1.0), far);
        all_straddle(&Capsule::new(Vec3::ONE, Vec3::ZERO, x), far);
        all_straddle(&Segment::new(Vec3::ONE, p), far);
        all_straddle(&Triangle::new(Vec3::X, Vec3::Y, p), far);
        all_straddle(&ConvexHull::new(vec![Vec3::ZERO, p]), far);
        let mut f = aabb_frustum(&Aabb::new(-Vec3::ONE, Vec3::ONE));
        f.planes[2].d = x;
        all_straddle(&f, far);
    }
    all_straddle(&Sphere::new(Vec3::ZERO, -1.0), far);
    all_straddle(&Aabb::new(Vec3::ONE, Vec3::ZERO), far);
    all_straddle(&Aabb::EMPTY, far);
    all_straddle(&Obb::new(Vec3::ZERO, -Vec3::ONE, Mat3::IDENTITY), far);
    all_straddle(&Capsule::new(Vec3::ZERO, Vec3::ONE, -1.0), far);
    all_straddle(&ConvexHull::new(Vec::new()), far);
    let mut f = aabb_frustum(&Aabb::new(-Vec3::ONE, Vec3::ONE));
    f.planes[5].normal = Vec3::ZERO;
    all_straddle(&f, far);

    // Valid shapes against invalid planes.
    straddles_invalid_planes(&Sphere::new(Vec3::ZERO, 1.0));
    straddles_invalid_planes(&Aabb::new(Vec3::ZERO, Vec3::ONE));
    straddles_invalid_planes(&Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::IDENTITY));
    straddles_invalid_planes(&Capsule::new(Vec3::ZERO, Vec3::ONE, 1.0));
    straddles_invalid_planes(&Segment::new(Vec3::ZERO, Vec3::ONE));
    straddles_invalid_planes(&Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y));
    straddles_invalid_planes(&ConvexHull::new(vec![Vec3::ZERO, Vec3::ONE]));
    straddles_invalid_planes(&aabb_frustum(&Aabb::new(Vec3::ZERO, Vec3::ONE)));
}

// --- properties -------------------------------------------------------------------------------

/// Rounding slack at coordinates of magnitude `scale`: 256 units in the last place.
fn slack(scale: Real) -> Real {
    256.0 * Real::EPSILON * scale.max(1.0)
}

/// The side by brute force: `lo` and `hi` of `normal · x` over the support points along
/// `∓normal` and `±normal`; `None` where either end is within `eps` of `d`.
fn reference_side<S: SupportMap>(shape: &S, plane: &Plane, eps: Real) -> Option<Side> {
    let hi = plane.signed_distance(shape.support(plane.normal));
    let lo = plane.signed_distance(shape.support(-plane.normal));
    if lo.abs() <= eps || hi.abs() <= eps {
        None
    } else if lo > 0.0 {
        Some(Side::Front)
    } else if hi < 0.0 {
        Some(Side::Back)
    } else {
        Some(Side::Straddle)
    }
}

/// A plane with unit normal `n` at `offset` from the shape's extreme along `n` (or along `-n`):
/// near-touching planes, on both sides, where classification is easiest to get wrong.
fn near_plane<S: SupportMap>(shape: &S, n: Vec3, offset: Real, low_end: bool) -> Plane {
    let end = if low_end {
        shape.support(-n)
    } else {
        shape.support(n)
    };
    Plane::new(n, n.dot(end) + offset)
}

fn offset() -> impl Strategy<Value = Real> {
    prop_oneof![
        Just(0.0 as Real),
        crate::common::strategy::real(-1e-3, 1e-3),
        -1.0 as Real..1.0,
    ]
}

/// All the checks for one shape and plane: against the brute force, the flipped plane, and the
/// samples.
fn check_property<S>(shape: &S, plane: &Plane, us: &[Vec3]) -> Result<(), TestCaseError>
where
    S: Classify + SupportMap + Sample + core::fmt::Debug,
{
    let side = shape.classify(plane);
    let scale = shape
        .support(Vec3::ONE)
        .abs()
        .max(shape.support(-Vec3::ONE).abs())
        .max_element()
        .max(plane.d.abs());
    let eps = slack(scale * 2.0);
    if let Some(expected) = reference_side(shape, plane, eps) {
        prop_assert_eq!(side, expected, "{:?} vs {:?}", shape, plane);
    }
    prop_assert_eq!(shape.classify(&plane.flipped()), flip(side));
    for &u in us {
        let s = plane.signed_distance(shape.sample(u));
        match side {
            Side::Front => prop_assert!(s >= -eps, "{:?}: sample {} behind {:?}", shape, s, plane),
            Side::Back => prop_assert!(
                s <= eps,
                "{:?}: sample {} in front of {:?}",
                shape,
                s,
                plane
            ),
            Side::Straddle => {}
        }
    }
    Ok(())
}

fn samples(u: Vec3) -> Vec<Vec3> {
    let mut out = vec![u];
    for i in 0..8 {
        out.push(v(
            (i & 1) as Real,
            ((i >> 1) & 1) as Real,
            ((i >> 2) & 1) as Real,
        ));
    }
    out.push(Vec3::splat(0.5));
    out
}

proptest! {
    #[test]
    fn sphere_classifies(s in sphere(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&s, &p, &samples(u))?;
        check_property(&s, &near_plane(&s, n, o, low), &samples(u))?;
    }

    #[test]
    fn aabb_classifies(b in aabb(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&b, &p, &samples(u))?;
        check_property(&b, &near_plane(&b, n, o, low), &samples(u))?;
    }

    #[test]
    fn obb_classifies(b in obb(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&b, &p, &samples(u))?;
        check_property(&b, &near_plane(&b, n, o, low), &samples(u))?;
    }

    #[test]
    fn capsule_classifies(c in capsule(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&c, &p, &samples(u))?;
        check_property(&c, &near_plane(&c, n, o, low), &samples(u))?;
    }

    #[test]
    fn segment_classifies(s in segment(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&s, &p, &samples(u))?;
        check_property(&s, &near_plane(&s, n, o, low), &samples(u))?;
    }

    #[test]
    fn triangle_classifies(t in triangle(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&t, &p, &samples(u))?;
        check_property(&t, &near_plane(&t, n, o, low), &samples(u))?;
    }

    #[test]
    fn convex_hull_classifies(h in convex_hull(), p in plane(), n in unit(), o in offset(), low in any::<bool>(), u in unit_cube()) {
        check_property(&h, &p, &samples(u))?;
        check_property(&h, &near_plane(&h, n, o, low), &samples(u))?;
    }

    /// Camera frusta: the corners' signed distances (the frustum is their hull) decide, and
    /// sampled points agree.
    #[test]
    fn camera_frustum_classifies(f in camera_frustum(), p in plane(), u in unit_cube()) {
        let corners = f.corners().unwrap();
        let hull = ConvexHull::new(corners.to_vec());
        let side = f.classify(&p);
        let eps = slack(2.0 * corners.iter().fold(p.d.abs(), |s, c| s.max(c.abs().max_element())));
        if let Some(expected) = reference_side(&hull, &p, eps) {
            prop_assert_eq!(side, expected);
        }
        for u in samples(u) {
            let s = p.signed_distance(f.sample(u));
            match side {
                Side::Front => prop_assert!(s >= -eps),
                Side::Back => prop_assert!(s <= eps),
                Side::Straddle => {}
            }
        }
    }

    /// Exact touching on a lattice: an axis plane through a vertex of a lattice shape meets it,
    /// and one a unit beyond the shape's extreme does not.
    #[test]
    fn lattice_shapes_touching_an_axis_plane_straddle(
        points in proptest::collection::vec((-6i32..6, -6i32..6, -6i32..6), 1..6),
        axis in 0usize..3,
        pick in any::<proptest::sample::Index>(),
        r in 0i32..3,
    ) {
        let points: Vec<Vec3> = points.iter().map(|&(x, y, z)| v(x as Real, y as Real, z as Real)).collect();
        let mut n = Vec3::ZERO;
        n[axis] = 1.0;
        let vertex = points[pick.index(points.len())];
        let through = Plane::new(n, vertex[axis]);
        let hi = points.iter().map(|p| p[axis]).fold(Real::NEG_INFINITY, Real::max);
        let lo = points.iter().map(|p| p[axis]).fold(Real::INFINITY, Real::min);
        let r = r as Real;
        let hull = ConvexHull::new(points.clone());
        prop_assert_eq!(hull.classify(&through), Side::Straddle);
        prop_assert_eq!(hull.classify(&Plane::new(n, hi + 1.0)), Side::Back);
        prop_assert_eq!(hull.classify(&Plane::new(n, lo - 1.0)), Side::Front);
        let b = Aabb::from_points(points.iter().copied()).unwrap();
        prop_assert_eq!(b.classify(&through), Side::Straddle);
        prop_assert_eq!(b.classify(&Plane::new(n, hi)), Side::Straddle);
        prop_assert_eq!(b.classify(&Plane::new(-n, -lo)), Side::Straddle);
        prop_assert_eq!(aabb_frustum(&b).classify(&Plane::new(n, hi)), Side::Straddle);
        prop_assert_eq!(aabb_frustum(&b).classify(&Plane::new(n, hi + 1.0)), Side::Back);
        let (a, c) = (points[0], *points.last().unwrap());
        let seg = Segment::new(a, c);
        prop_assert_eq!(seg.classify(&Plane::new(n, a[axis])), Side::Straddle);
        prop_assert_eq!(seg.classify(&Plane::new(-n, -c[axis])), Side::Straddle);
        let tri = Triangle::new(a, c, points[points.len() / 2]);
        prop_assert_eq!(tri.classify(&Plane::new(n, c[axis])), Side::Straddle);
        // Round shapes touching at the radius.
        let cap = Capsule::new(a, c, r);
        let cap_hi = a[axis].max(c[axis]) + r;
        prop_assert_eq!(cap.classify(&Plane::new(n, cap_hi)), Side::Straddle);
        prop_assert_eq!(cap.classify(&Plane::new(n, cap_hi + 0.5)), Side::Back);
        let ball = Sphere::new(a, r);
        prop_assert_eq!(ball.classify(&Plane::new(-n, -(a[axis] - r))), Side::Straddle);
        prop_assert_eq!(ball.classify(&Plane::new(-n, -(a[axis] - r - 0.5))), Side::Back);
        let o = Obb::from_aabb(&b);
        prop_assert_eq!(o.classify(&Plane::new(n, hi)), Side::Straddle);
        prop_assert_eq!(o.classify(&Plane::new(n, lo)), Side::Straddle);
    }
}
