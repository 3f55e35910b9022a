//! Issue 24, items 10–12: valid input far from 1 got wrong answers that looked valid, because
//! squares, cross products and lengths of its coordinates overflowed or underflowed. Each case is
//! the reproduction at the magnitude where it failed in `f32`, moved to where the same
//! arithmetic fails in `f64` (`BIG`, `TINY`: squares overflow and underflow there).

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, Contact, Distance, Intersects, Line, Plane, PointQuery, Ray, RayCast, Real,
    Segment, Sphere, Sweep, Triangle,
};

use crate::common::v;

/// A magnitude whose square overflows: `2¹⁰⁰` (1.3e30) in `f32`, `2⁷⁰⁰` (5e210) in `f64`. A
/// power of two, so that the cases below have exact answers.
#[cfg(not(isect_f64))]
const BIG: Real = (1u128 << 100) as Real;
#[cfg(isect_f64)]
const BIG: Real = {
    let p100 = (1u128 << 100) as Real;
    p100 * p100 * p100 * p100 * p100 * p100 * p100
};
/// A magnitude whose square underflows: `2⁻¹⁰⁰` in `f32`, `2⁻⁷⁰⁰` in `f64`.
const TINY: Real = 1.0 / BIG;

/// Item 10: `Sphere::new(0, 1e30).contains_point((3e38, 0, 0))` was true: both `|p|²` and `r²`
/// overflowed to `+∞`, and `∞ <= ∞`.
#[test]
fn huge_sphere_contained_a_point_far_beyond_it() {
    let ball = Sphere::new(Vec3::ZERO, BIG);
    let far = v(Real::MAX / 2.0, 0.0, 0.0);
    assert!(!ball.contains_point(far));
    assert!(
        ball.contains_point(v(BIG, 0.0, 0.0)),
        "control: on the boundary"
    );
    assert!(ball.distance_to_point(far) > 0.0);
    assert_eq!(ball.distance_to_point(v(BIG * 3.0, 0.0, 0.0)), BIG * 2.0);
    assert_eq!(ball.closest_point(far), v(BIG, 0.0, 0.0));
    let pill = Capsule::new(Vec3::ZERO, Vec3::X, BIG);
    assert!(!pill.contains_point(far));
    assert!(
        pill.contains_point(v(BIG, 0.0, 0.0)),
        "control: within the radius"
    );
}

/// Item 10: `Sphere(0, 0)` intersected `Sphere((0, 1, 1.3e33), 1e31)`: the squared distance and
/// the squared radius overflowed alike.
#[test]
fn point_intersected_a_far_huge_sphere() {
    let point = Sphere::new(Vec3::ZERO, 0.0);
    let far = Sphere::new(v(0.0, 1.0, BIG * 1.3e3), BIG * 10.0);
    assert!(!point.intersects(&far));
    assert!(!far.intersects(&point));
    let near = Sphere::new(v(0.0, 1.0, BIG * 9.0), BIG * 10.0);
    assert!(point.intersects(&near), "control: within the radius");
    assert!(far.distance(&point) > 0.0);
}

/// Item 10: a sphere of radius `3.4e38` contained `(∞, 0, 0)`, and valid spheres whose radii sum
/// past `Real::MAX` never met.
#[test]
fn sphere_contained_an_infinite_point() {
    let ball = Sphere::new(Vec3::ZERO, Real::MAX);
    assert!(!ball.contains_point(v(Real::INFINITY, 0.0, 0.0)));
    assert!(ball.contains_point(v(Real::MAX, 0.0, 0.0)), "control");
    let unit = Sphere::new(Vec3::ZERO, 1.0);
    let infinite = Sphere::new(v(Real::INFINITY, 0.0, 0.0), 1.0);
    assert!(!unit.intersects(&infinite) && !infinite.intersects(&unit));
    // Radii summing past MAX: the spheres overlap all the same.
    let left = Sphere::new(v(-Real::MAX / 2.0, 0.0, 0.0), Real::MAX * 0.75);
    let right = Sphere::new(v(Real::MAX / 2.0, 0.0, 0.0), Real::MAX * 0.75);
    assert!(left.intersects(&right));
}

/// Item 11: `Aabb(0, 0).distance_to_point((0, 0, 1e-30))` was 0 (the squared length underflowed)
/// while `contains_point` said no; above `1.8e19` the distance overflowed to `+∞`.
#[test]
fn distance_to_a_point_underflowed_to_zero_and_overflowed() {
    let point_box = Aabb::new(Vec3::ZERO, Vec3::ZERO);
    let near = v(0.0, 0.0, TINY);
    assert!(!point_box.contains_point(near));
    assert_eq!(point_box.distance_to_point(near), TINY);
    let far = v(BIG * 32.0, 0.0, 0.0);
    assert_eq!(point_box.distance_to_point(far), BIG * 32.0);
    assert_eq!(
        point_box.distance_to_point(v(Real::MAX, Real::MAX, 0.0)),
        Real::INFINITY
    );
    assert_eq!(
        Segment::new(Vec3::ZERO, Vec3::X).distance_to_point(near),
        TINY
    );
    assert_eq!(Sphere::new(Vec3::ZERO, 0.0).distance_to_point(near), TINY);
    assert_eq!(
        Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y).distance_to_point(near),
        TINY
    );
}

/// Item 11: `Line{(1.66e35, 0, 0), (2.8e-17, 0, 0)}.closest_point(0)` was `(−∞, NaN, NaN)`: the
/// projection divided by `|dir|²`, which underflowed to 0.
#[test]
fn projection_onto_a_line_with_a_tiny_direction_was_nan() {
    let line = Line::new(v(BIG * 1.66e5, 0.0, 0.0), v(TINY * 2.8e13, 0.0, 0.0));
    let q = line.closest_point(Vec3::ZERO);
    assert!(q.is_finite(), "{q}");
    // Within rounding of |origin| (the projection runs that far along the line).
    assert!(
        q.abs().max_element() <= 4.0 * Real::EPSILON * BIG * 1.66e5,
        "{q}"
    );
    assert_eq!(q.y, 0.0);
    // Powers of two: the projection is exact.
    let line = Line::new(v(BIG, 0.0, 0.0), v(TINY, 0.0, 0.0));
    assert_eq!(line.closest_point(v(0.0, 3.0, 0.0)), Vec3::ZERO);
    assert_eq!(line.distance_to_point(v(0.0, 3.0, 0.0)), 3.0);
    // A ray with the same tiny direction, and a cast along it.
    let ray = Ray::new(v(-2.0, 0.0, 0.0), v(TINY, 0.0, 0.0));
    let hit = Sphere::new(Vec3::ZERO, 1.0)
        .raycast(&ray, Real::INFINITY)
        .unwrap();
    assert_eq!((hit.point, hit.t), (v(-1.0, 0.0, 0.0), 1.0 / TINY));
}

/// Item 12: `Plane::new((0, 0, 2.13e-22), 0)` kept a normal of length 0.9924: `|n|²` was a
/// subnormal with a few bits left, so the length was off by a percent.
#[test]
fn plane_normal_of_subnormal_squared_length_was_not_unit() {
    for z in [TINY * 2.13e8, TINY, Real::MIN_POSITIVE, Real::from_bits(1)] {
        let plane = Plane::new(v(0.0, 0.0, z), 0.0);
        assert_eq!(plane.normal, Vec3::Z, "{z}");
        let tilted = Plane::new(v(z, 0.0, z), z);
        assert!(
            (tilted.normal.length() - 1.0).abs() <= 2.0 * Real::EPSILON,
            "{z}"
        );
        assert!(
            tilted.contains_point(v(0.5, 7.0, 0.5)),
            "{z}: the point set is kept"
        );
    }
    let huge = Plane::new(v(0.0, Real::MAX, Real::MAX), 0.0);
    assert!((huge.normal.length() - 1.0).abs() <= 2.0 * Real::EPSILON);
}

/// Item 12: `Triangle::barycentric`, `Plane::from_points` and `Triangle::normal` returned `None`
/// for proper triangles of size `1e20` or `1e-12` (`|n|²`, a fourth power, overflowed or
/// underflowed).
#[test]
fn barycentric_and_plane_of_proper_triangles_far_from_unit_size() {
    for s in [
        BIG,
        TINY,
        (2.0 as Real).powi(Real::MAX_EXP - 4),
        Real::MIN_POSITIVE * 4.0,
    ] {
        let t = Triangle::new(v(s, s, s), v(2.0 * s, s, s), v(s, 2.0 * s, s));
        let w = t
            .barycentric(v(1.25 * s, 1.5 * s, s))
            .unwrap_or_else(|| panic!("{s}"));
        assert_eq!(w, v(0.25, 0.25, 0.5), "{s}");
        assert_eq!(t.normal(), Some(Vec3::Z), "{s}");
        let plane = Plane::from_points(t.a, t.b, t.c).unwrap_or_else(|| panic!("{s}"));
        assert_eq!(plane.normal, Vec3::Z, "{s}");
        assert!(plane.contains_point(v(3.0 * s, -s, s)), "{s}");
    }
    let big = Triangle::new(Vec3::ZERO, v(BIG, 0.0, 0.0), v(0.0, BIG, 0.0));
    assert_eq!(big.area(), BIG * BIG / 2.0);
    let huge = Triangle::new(Vec3::ZERO, v(Real::MAX, 0.0, 0.0), v(0.0, Real::MAX, 0.0));
    assert_eq!(huge.area(), Real::INFINITY, "not representable");
}

/// Item 12: `Line::closest_parameters` returned `None` for proper lines of size `1e20` or
/// `1e-12`.
#[test]
fn closest_parameters_of_lines_far_from_unit_size() {
    let cases = [
        (BIG, BIG),
        (TINY, TINY),
        (TINY, BIG),
        (1.0, BIG),
        (1.0, TINY),
        (3.0, 2.0),
    ];
    for (o, d) in cases {
        let x = Line::new(v(o, 0.0, 0.0), v(d, 0.0, 0.0));
        let y = Line::new(v(0.0, o, o), v(0.0, d, 0.0));
        let st = x.closest_parameters(&y);
        assert_eq!(st, Some((-o / d, -o / d)), "{o} {d}");
    }
    // Parameters beyond `Real::MAX` are not representable: `None`, not a wrong pair.
    let x = Line::new(v(BIG, 0.0, 0.0), v(TINY, 0.0, 0.0));
    let y = Line::new(v(0.0, BIG, BIG), v(0.0, TINY, 0.0));
    assert_eq!(x.closest_parameters(&y), None);
}

/// Item 12: sweeps gave NaN times for two points `5.9e20` apart, and hits for shapes `1e36`
/// apart that never meet.
#[test]
fn sweeps_of_far_apart_shapes() {
    let gap = BIG * 5.9e-10;
    let start = Sphere::new(Vec3::ZERO, 0.0);
    let end = Sphere::new(v(gap, 0.0, 0.0), 0.0);
    let hit = start
        .sweep(v(2.0 * gap, 0.0, 0.0), &end, Vec3::ZERO)
        .unwrap();
    assert_eq!((hit.t_first, hit.point), (0.5, v(gap, 0.0, 0.0)));
    let hit = start.sweep(v(gap, 0.0, 0.0), &end, Vec3::ZERO).unwrap();
    assert_eq!(hit.t_first, 1.0);
    let far = Sphere::new(v(BIG * 1e6, 0.0, 0.0), 1.0);
    let unit = Sphere::new(Vec3::ZERO, 1.0);
    assert!(unit.sweep(Vec3::X, &far, Vec3::ZERO).is_none());
    let far_box = Aabb::new(v(BIG * 1e6, 0.0, 0.0), v(BIG * 1e6 + 1.0, 1.0, 1.0));
    assert!(
        Aabb::new(Vec3::ZERO, Vec3::ONE)
            .sweep(Vec3::X, &far_box, Vec3::ZERO)
            .is_none()
    );
    assert!(
        unit.sweep(v(BIG * 2e6, 0.0, 0.0), &far, Vec3::ZERO)
            .is_some(),
        "control: reaches it"
    );
}

/// Item 12: ray casts gave `t = ∞` with NaN points, and contacts NaN, for shapes whose
/// squared sizes overflowed.
#[test]
fn casts_and_contacts_of_huge_shapes() {
    let ball = Sphere::new(v(BIG * 10.0, 0.0, 0.0), BIG);
    let hit = ball
        .raycast(&Ray::new(Vec3::ZERO, Vec3::X), Real::INFINITY)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (BIG * 9.0, -Vec3::X));
    assert!(hit.point.is_finite());
    let pill = Capsule::new(v(BIG * 10.0, 0.0, 0.0), v(BIG * 10.0, BIG, 0.0), BIG);
    let hit = pill
        .raycast(&Ray::new(Vec3::ZERO, Vec3::X), Real::INFINITY)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (BIG * 9.0, -Vec3::X));
    let c = Sphere::new(Vec3::ZERO, BIG)
        .contact(&Sphere::new(v(BIG, 0.0, 0.0), BIG))
        .unwrap();
    assert_eq!((c.depth, c.normal), (BIG, -Vec3::X));
    assert!(c.point.is_finite());
    let c = Aabb::new(Vec3::ZERO, Vec3::splat(BIG))
        .contact(&Sphere::new(v(BIG * 1.5, BIG * 0.5, BIG * 0.5), BIG))
        .unwrap();
    assert_eq!((c.depth, c.normal), (BIG * 0.5, -Vec3::X));
}

/// Issue 24's rescaling defect: a box reaching `Real::MAX` made `Aabb::raycast` rescale its
/// input by 2⁻¹²⁷, which flushed a ray origin 1e-30 off the box's face to 0, onto the face: a ray
/// leaving the box was reported hitting it at `t = 0`. The slab casts now compute as given.
#[test]
fn box_cast_beside_a_huge_box_kept_a_tiny_origin() {
    let max = Real::MAX;
    let huge = Aabb::new(Vec3::splat(-max), Vec3::new(0.0, max, max));
    let tiny = 1e-30 as Real;
    let o = Vec3::new(tiny, 0.0, 0.0);
    // Moving away from the face x = 0: no hit.
    let away = Ray::new(o, Vec3::X);
    assert_eq!(huge.raycast(&away, Real::INFINITY), None);
    assert_eq!(huge.raycast_surface(&away, Real::INFINITY), None);
    assert!(!huge.raycast_any(&away, Real::INFINITY));
    // Towards it: the face at t = 1e-30 exactly, at the origin, normal +x.
    let towards = Ray::new(o, -Vec3::X);
    let hit = huge.raycast(&towards, 1.0).unwrap();
    assert_eq!((hit.t, hit.point, hit.normal), (tiny, Vec3::ZERO, Vec3::X));
    assert!(huge.raycast_any(&towards, 1.0));
    // Just short of it: none.
    assert_eq!(huge.raycast(&towards, tiny * 0.5), None);
    assert!(!huge.raycast_any(&towards, tiny * 0.5));
    // A tiny box beside the huge one: hit on its near face, at its size.
    let small = Aabb::new(Vec3::splat(tiny), Vec3::splat(2.0 * tiny));
    let ray = Ray::new(Vec3::new(-max, 1.5 * tiny, 1.5 * tiny), Vec3::X);
    let hit = small.raycast(&ray, Real::INFINITY).unwrap();
    assert_eq!(
        (hit.point, hit.normal),
        (Vec3::new(tiny, 1.5 * tiny, 1.5 * tiny), -Vec3::X)
    );
    let beside = Ray::new(Vec3::new(-max, 2.5 * tiny, 1.5 * tiny), Vec3::X);
    assert_eq!(small.raycast(&beside, Real::INFINITY), None);
}

/// Issue 24 (the fuzz driver): an `Obb` with a half extent of −1.2e-38 and a capsule of radius
/// −3.2e-13 answered points: beside huge coordinates the rescaling by a power of two flushed the
/// negative length to −0, a valid one. Negative lengths and inverted boxes now stay invalid.
#[test]
fn tiny_negative_lengths_stay_invalid_when_rescaled() {
    let far = Vec3::splat(Real::MAX / 2.0);
    let neg = -Real::MIN_POSITIVE;
    let p = far + v(0.0, 1.0, 0.0) * (Real::MAX / 4.0);
    let invalid = |closest: Vec3, distance: Real, contains: bool, what: &str| {
        assert_eq!(closest, isect::math::NO_POINT, "{what}");
        assert_eq!(distance, Real::INFINITY, "{what}");
        assert!(!contains, "{what}");
    };
    let ball = Sphere::new(far, neg);
    invalid(
        ball.closest_point(p),
        ball.distance_to_point(p),
        ball.contains_point(far),
        "sphere",
    );
    let capsule = Capsule::new(far, p, neg);
    invalid(
        capsule.closest_point(p),
        capsule.distance_to_point(p),
        capsule.contains_point(far),
        "capsule",
    );
    let obb = isect::Obb::new(far, v(1.0, neg, 1.0), isect::math::Mat3::IDENTITY);
    invalid(
        obb.closest_point(p),
        obb.distance_to_point(p),
        obb.contains_point(far),
        "obb",
    );
    let inverted = Aabb::new(
        v(Real::MIN_POSITIVE, 0.0, 0.0),
        v(0.0, Real::MAX, Real::MAX),
    );
    invalid(
        inverted.closest_point(p),
        inverted.distance_to_point(p),
        inverted.contains_point(v(0.0, 1.0, 1.0)),
        "inverted box",
    );
    assert!(!ball.intersects(&Sphere::new(far, 1.0)));
    assert!(!capsule.intersects(&Sphere::new(far, 1.0)));
}

/// Issue 24: in `f32`, `Sphere::raycast_any` missed where `raycast` hit for a direction of
/// length 1e-25: its squared length underflowed to 0 and the test took the ray for the point
/// `origin` instead of rescaling it. `TINY` underflows the same way in both precisions.
#[test]
fn sphere_any_hit_took_a_tiny_direction_for_a_point() {
    let ball = Sphere::new(v(5.0, 0.0, 0.0), 1.0);
    let ray = Ray::new(Vec3::ZERO, v(TINY, 0.0, 0.0));
    let entry = 4.0 / TINY;
    assert_eq!(ball.raycast(&ray, Real::INFINITY).map(|h| h.t), Some(entry));
    assert!(ball.raycast_any(&ray, Real::INFINITY));
    assert!(ball.raycast_any(&ray, entry), "touching at max_t");
    assert!(!ball.raycast_any(&ray, entry / 2.0), "control: short of it");
    let beside = Sphere::new(v(5.0, 2.0, 0.0), 1.0);
    assert!(
        !beside.raycast_any(&ray, Real::INFINITY),
        "control: beside it"
    );
    assert!(!beside.raycast_any(&Ray::new(Vec3::ZERO, v(TINY, TINY, 0.0)), Real::INFINITY));
    assert!(
        Sphere::new(v(5.0, 5.0, 0.0), 1.0)
            .raycast_any(&Ray::new(Vec3::ZERO, v(TINY, TINY, 0.0)), Real::INFINITY),
        "the diagonal, both coordinates tiny"
    );
    // The segment and line tests share the any-hit test.
    let seg = Segment::new(Vec3::ZERO, v(8.0, 0.0, 0.0));
    assert!(ball.intersects(&seg), "control: unit-size segment");
    assert!(ball.intersects(&Line::new(Vec3::ZERO, v(TINY, 0.0, 0.0))));
}

/// A sphere centred at `y = −MAX` (radius `0.6·MAX`) and a point at `y = 0.01·MAX`: the point
/// lies `1.01·MAX` from the centre, `0.41·MAX` from the sphere. The offset `p − c` overflowed
/// on the cold path and the distance came back `+∞`, where the case at a quarter gave
/// `0.1025·MAX`. The offset is now taken at half scale where it overflows. Found by the fuzz
/// driver (`query_driver --family point --seed 25`, beyond exponent 60).
#[test]
fn sphere_distance_across_the_float_range() {
    let sphere = Sphere::new(v(7.8125, -Real::MAX, 3.125), Real::MAX * 0.6);
    let p = v(-8.0, Real::MAX * 0.01, 832.0);
    let d = sphere.distance_to_point(p);
    let expected = Real::MAX * 0.41;
    assert!((d / expected - 1.0).abs() < 1e-5, "{d}");
    let quarter = Sphere::new(sphere.center * 0.25, sphere.radius * 0.25);
    assert!((quarter.distance_to_point(p * 0.25) * 4.0 / d - 1.0).abs() < 1e-6);
}
