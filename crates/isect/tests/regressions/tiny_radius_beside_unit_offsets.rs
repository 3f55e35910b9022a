//! Issue 24: a ball or capsule whose radius is tiny beside the offsets around it (`2⁻⁸⁵` at
//! offsets of 1 in `f32`, `2⁻⁶⁰⁰` in `f64`). The input's largest magnitude is 1, inside the
//! rescaling window, so the queries computed as given, and compared squared lengths whose
//! squares underflowed to 0: a ray passing `2r` from the center of a sphere of radius `r` at
//! `(0, 1, 0)` hit it (`ray_sphere`, `raycast_any`, the capsule alike), a segment `2r` away
//! intersected it, and two balls `r` apart had distance 0 while `intersects` said false.

use isect::math::{Mat3, Vec3};
use isect::{
    Aabb, Capsule, Contact, Distance, Intersects, Line, Obb, Ray, RayCast, Real, Segment, Sphere,
    Sweep, Triangle,
};

use super::pow2;

/// The radius: its square and those of offsets like it underflow to 0.
fn tiny() -> Real {
    pow2(if Real::MANTISSA_DIGITS == 24 {
        -85
    } else {
        -600
    })
}

/// Every overlap, distance and contact query between the tiny `ball` (or `capsule`, core along
/// z through `(0, 1, 0)`) and shapes whose point nearest to `(0, 1, 0)` is `(x, 1, 0)`: they
/// meet exactly when `x <= r`.
fn check_offset(x: Real, failures: &mut Vec<String>) {
    let r = tiny();
    let ball = Sphere::new(Vec3::Y, r);
    let capsule = Capsule::new(Vec3::new(0.0, 1.0, -1.0), Vec3::new(0.0, 1.0, 1.0), r);
    let meet = x <= r;
    let segment = Segment::new(Vec3::new(x, 0.0, 0.0), Vec3::new(x, 2.0, 0.0));
    let line = Line::new(Vec3::new(x, 0.0, 0.0), Vec3::Y);
    let ray = Ray::new(Vec3::new(x, -1.0, 0.0), Vec3::Y);
    // Wide: its center and half extents do not hold its face at `x` (see below).
    let aabb = Aabb::new(Vec3::new(x, 0.0, -1.0), Vec3::new(x + 1.0, 2.0, 1.0));
    // Thin in x, so that its center and half extents are exact.
    let thin_aabb = Aabb::new(Vec3::new(x, 0.0, -1.0), Vec3::new(x + 2.0 * r, 2.0, 1.0));
    // Thin in x, so that its center `x + r` is exact.
    let obb = Obb::new(
        Vec3::new(x + r, 1.0, 0.0),
        Vec3::new(r, 1.0, 1.0),
        Mat3::IDENTITY,
    );
    let triangle = Triangle::new(
        Vec3::new(x, 0.0, -1.0),
        Vec3::new(x, 2.0, -1.0),
        Vec3::new(x, 1.0, 2.0),
    );
    // A second ball and capsule of radius `r` whose surfaces come to `x`.
    let other_ball = Sphere::new(Vec3::new(x + r, 1.0, 0.0), r);
    let other_capsule = Capsule::new(Vec3::new(x + r, 0.0, 0.0), Vec3::new(x + r, 2.0, 0.0), r);
    let mut check = |what: &str, got: bool| {
        if got != meet {
            failures.push(format!("x = {x:e}: {what} gave {got}, expected {meet}"));
        }
    };
    macro_rules! pair {
        ($a:expr, $an:literal, $b:expr, $bn:literal) => {
            check(concat!($an, " intersects ", $bn), $a.intersects(&$b));
            check(concat!($bn, " intersects ", $an), $b.intersects(&$a));
        };
    }
    macro_rules! solid {
        ($a:expr, $an:literal, $b:expr, $bn:literal) => {
            pair!($a, $an, $b, $bn);
            check(
                concat!($an, " distance 0 to ", $bn),
                $a.distance(&$b) == 0.0,
            );
            check(
                concat!($an, " contact with ", $bn),
                $a.contact(&$b).is_some(),
            );
        };
    }
    pair!(ball, "ball", segment, "segment");
    pair!(ball, "ball", line, "line");
    pair!(ball, "ball", ray, "ray");
    pair!(ball, "ball", aabb, "aabb");
    pair!(ball, "ball", obb, "obb");
    pair!(ball, "ball", triangle, "triangle");
    solid!(ball, "ball", other_ball, "other ball");
    solid!(ball, "ball", other_capsule, "other capsule");
    solid!(ball, "ball", aabb, "aabb");
    solid!(ball, "ball", obb, "obb");
    solid!(ball, "ball", triangle, "triangle");
    pair!(capsule, "capsule", segment, "segment");
    pair!(capsule, "capsule", line, "line");
    pair!(capsule, "capsule", ray, "ray");
    pair!(capsule, "capsule", aabb, "aabb");
    pair!(capsule, "capsule", obb, "obb");
    pair!(capsule, "capsule", triangle, "triangle");
    solid!(capsule, "capsule", other_ball, "other ball");
    solid!(capsule, "capsule", other_capsule, "other capsule");
    // The capsule's distance to a box and its contact take the box by its center and half
    // extents, which round a face at `x` beside an extent of 1 away: the thin box there.
    pair!(capsule, "capsule", aabb, "aabb");
    solid!(capsule, "capsule", thin_aabb, "thin aabb");
    solid!(capsule, "capsule", obb, "obb");
    solid!(capsule, "capsule", triangle, "triangle");
    // The ball moving past the other ball: its center's path passes `x + r` from the other's
    // center, which is within the radii `2r` exactly when `x <= r`.
    let start = Sphere::new(Vec3::new(0.0, -1.0, 0.0), r);
    let sweep = start.sweep(Vec3::new(0.0, 4.0, 0.0), &other_ball, Vec3::ZERO);
    check("ball sweep past other ball", sweep.is_some());
    for (cast, name) in [(&ball as &dyn RayCast, "ball"), (&capsule, "capsule")] {
        check(
            &format!("{name} raycast"),
            cast.raycast(&ray, 10.0).is_some(),
        );
        check(
            &format!("{name} raycast_surface"),
            cast.raycast_surface(&ray, 10.0).is_some(),
        );
        check(&format!("{name} raycast_any"), cast.raycast_any(&ray, 10.0));
    }
    for (cast, name) in [(&ball as &dyn RayCast, "ball"), (&capsule, "capsule")] {
        // A hit enters 2 along the ray, to rounding (the chord's half is far below an ulp).
        if let Some(hit) = cast.raycast(&ray, 10.0) {
            if (hit.t - 2.0).abs() > 4.0 * Real::EPSILON {
                failures.push(format!("x = {x:e}: {name} entered at t = {}", hit.t));
            }
        }
        // From the center (on the core), out through the surface at `t = r` exactly.
        let out = Ray::new(Vec3::Y, Vec3::X);
        let t = cast.raycast_surface(&out, 10.0).map(|hit| hit.t);
        if t != Some(r) {
            failures.push(format!("{name} left at {t:?}, not r = {r:e}"));
        }
    }
}

#[test]
fn tiny_radius_compared_beside_unit_offsets() {
    let r = tiny();
    let mut failures = Vec::new();
    // Apart by `r`, touching, and overlapping by half the radius.
    for x in [2.0 * r, r, 0.5 * r] {
        check_offset(x, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same proportions for a triangle: one `2⁻⁴⁰` or `2⁻⁶⁰` across at `(0, 1, 0)` in `f32`
/// (`2⁻³⁰⁰`, `2⁻⁴⁵⁰` in `f64`). Its flatness test (`|n|²` against `(8 ε)² |ab|² |ac|²`)
/// underflowed on both sides and called it a segment: a ball on its face missed it (distance
/// and contact alike), and the closest point of a point above the face was on an edge.
#[test]
fn tiny_triangle_beside_unit_offsets_is_not_flat() {
    let exponents: [i32; 2] = if Real::MANTISSA_DIGITS == 24 {
        [-40, -60]
    } else {
        [-300, -450]
    };
    for k in exponents {
        let e = pow2(k);
        let tri = Triangle::new(Vec3::Y, Vec3::new(e, 1.0, 0.0), Vec3::new(0.0, 1.0, e));
        let on_face = Sphere::new(Vec3::new(e / 4.0, 1.0, e / 4.0), e / 8.0);
        // Beside the hypotenuse `x + z = e` by `e / √2`, farther than its radius.
        let beside = Sphere::new(Vec3::new(e, 1.0, e), e / 4.0);
        assert!(
            on_face.intersects(&tri) && tri.intersects(&on_face),
            "k = {k}"
        );
        assert_eq!(tri.distance(&on_face), 0.0, "k = {k}");
        assert!(tri.contact(&on_face).is_some(), "k = {k}");
        assert!(
            !beside.intersects(&tri) && !tri.intersects(&beside),
            "k = {k}"
        );
        assert!(tri.distance(&beside) > 0.0, "k = {k}");
        let q = isect::PointQuery::closest_point(&tri, Vec3::new(e / 4.0, 2.0, e / 4.0));
        let expected = Vec3::new(e / 4.0, 1.0, e / 4.0);
        assert!(
            (q - expected).abs().max_element() <= e * 1e-6,
            "k = {k}: {q} for {expected}"
        );
    }
}

/// The thin-radius path of the capsule's cast (a square of the radius out of range) is taken
/// by invalid radii too: a negative radius of `−3e-30` (found by the fuzz driver, which hung)
/// ran the power-of-two exponent of a negative number, which never ends. Invalid radii give no
/// hit, from every cast.
#[test]
fn thin_capsule_cast_with_an_invalid_radius_ends_without_a_hit() {
    let tiny = pow2(if Real::MANTISSA_DIGITS == 24 {
        -85
    } else {
        -600
    });
    for radius in [-tiny, -3e-30, Real::NAN, -Real::MIN_POSITIVE] {
        let capsule = Capsule::new(Vec3::new(0.0, 1.0, -1.0), Vec3::new(0.0, 1.0, 1.0), radius);
        for ray in [
            Ray::new(Vec3::new(0.0, -1.0, 0.0), Vec3::Y),
            Ray::new(Vec3::new(0.0, 1.0, 0.0), Vec3::X),
            Ray::new(Vec3::new(0.0, 1.0, -3.0), Vec3::Z),
        ] {
            assert_eq!(capsule.raycast(&ray, 10.0), None, "{radius:e} {ray:?}");
            assert_eq!(
                capsule.raycast_surface(&ray, 10.0),
                None,
                "{radius:e} {ray:?}"
            );
            assert!(!capsule.raycast_any(&ray, 10.0), "{radius:e} {ray:?}");
        }
    }
}
