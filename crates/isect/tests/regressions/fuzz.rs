//! Issue 24's fuzz pass (`fuzz/`, `query_driver`): wrong answers that its power-of-two scale
//! comparison found at ordinary magnitudes, each named after the bug.

use isect::math::Vec3;
use isect::{
    Capsule, Contact, Distance, Intersects, Line, Plane, Ray, RayCast, Real, Sphere, Triangle,
};

use super::pow2;
use crate::common::v;

/// A side length whose square underflows to 0 while the length itself is a normal number:
/// `2⁻⁸⁰` in `f32` (square `2⁻¹⁶⁰`), `2⁻⁶⁰⁰` in `f64` (square `2⁻¹²⁰⁰`).
#[cfg(not(isect_f64))]
const THIN: Real = 1.0 / (1u128 << 80) as Real;
#[cfg(isect_f64)]
const THIN: Real = {
    let p100 = 1.0 / (1u128 << 100) as Real;
    p100 * p100 * p100 * p100 * p100 * p100
};

/// `Triangle::normal` of a sliver whose cross product is clearly nonzero but whose square
/// underflows was `n / √0`: NaN and ∞ coordinates, which a sphere's contact on the triangle then
/// returned as its normal (fuzz: `Triangle((1.1875, 2.4e-15, -3.5e13), (7.6e-14, 0, 0), 0)`
/// against a point sphere at its corner, rescaled to offsets of 1 and 2e-27).
#[test]
fn sliver_triangle_normal_was_nan() {
    let sliver = Triangle::new(Vec3::ZERO, v(1.0, 0.0, 0.0), v(0.0, THIN, 0.0));
    assert_eq!(sliver.normal(), Some(Vec3::Z));
    let reversed = Triangle::new(Vec3::ZERO, v(0.0, THIN, 0.0), v(1.0, 0.0, 0.0));
    assert_eq!(reversed.normal(), Some(-Vec3::Z));
    let point = Sphere::new(Vec3::ZERO, 0.0);
    let c = point.contact(&sliver).expect("the point is the corner");
    assert_eq!(c.depth, 0.0);
    assert_eq!(c.normal.abs(), Vec3::Z, "a unit normal: {c:?}");
    let c = sliver.contact(&point).expect("the point is the corner");
    assert_eq!(c.normal.abs(), Vec3::Z, "a unit normal: {c:?}");
    // The fuzz case itself (f32 magnitudes, exact in both precisions): the normal is ±y.
    let found = Triangle::new(
        v(1.1875, 2.4076657e-15, -35274483000000.0),
        v(7.627252e-14, 0.0, 0.0),
        Vec3::ZERO,
    );
    let n = found.normal().expect("a proper triangle");
    assert!((n - v(0.0, -1.0, 0.0)).length() < 1e-6, "{n}");
    let c = point.contact(&found).expect("the point is the corner");
    assert!(
        c.normal.is_finite() && (c.normal.length() - 1.0).abs() < 1e-6,
        "{c:?}"
    );
}

/// Whether a line or ray was parallel to a plane depended on its scale: `normal · dir` of a
/// normal with a tiny x against a short direction along x underflowed to 0 at one power of two
/// and not at another, so the same line met the plane at scale 1 and missed it, at a distance of
/// ~1e6, at 4⁻⁵ (fuzz: `Plane(n = (−1.7e−37, −0.95, −0.31), d = 8.7e8)` against
/// `Line(dir = (1.19e−7, 0, 0))`). Here the plane `tiny·x + y = 0` and the line `y = 2ᵏ` along
/// x, scaled by `2ᵏ` from 2⁻⁶⁰ to 2⁶⁰: they cross at every scale (`x = −2ᵏ / tiny`, beyond the
/// float range for the larger k: infinite there, never NaN), at `y = 2ᵏ`.
#[test]
fn short_line_against_a_plane_was_parallel_at_some_scales() {
    let tiny = Real::MIN_POSITIVE * 16.0;
    let plane = Plane::new(v(tiny, 1.0, 0.0), 0.0);
    for k in (-60..=60).step_by(5) {
        let s = pow2(k);
        let origin = v(0.0, s, 0.0);
        let dir = v(-pow2(-20) * s, 0.0, 0.0);
        let line = Line::new(origin, dir);
        let ray = Ray::new(origin, dir);
        assert!(
            line.intersects(&plane) && plane.intersects(&line),
            "k = {k}"
        );
        assert!(ray.intersects(&plane) && plane.intersects(&ray), "k = {k}");
        assert!(!Ray::new(origin, -dir).intersects(&plane), "away, k = {k}");
        for c in [line.closest_points(&plane), ray.closest_points(&plane)] {
            assert_eq!(c.distance, 0.0, "k = {k}: {c:?}");
            assert_eq!(c.a, c.b, "k = {k}");
            assert!(c.a.x < 0.0 && c.a.y == s && c.a.z == 0.0, "k = {k}: {c:?}");
        }
    }
}

/// A ray whose crossing lies beyond the largest finite `t` hit the plane at `t = ∞` with a NaN
/// point when cast with `max_t = ∞`. Ray `(0, 1, 0)` along `(1, −MIN_POSITIVE / 4, 0)`: it
/// crosses `y = 0` at `t = 2¹²⁸` in `f32` (`2¹⁰²⁴` in `f64`), beyond the range: no hit; from
/// `y = 1/8` at `t = 2¹²⁵` (`2¹⁰²¹`): a hit there. Its closest points with the plane are the
/// crossing, `(∞, 0, 0)` (x beyond the range, y and z right), at distance 0.
#[test]
fn plane_crossing_beyond_the_float_range() {
    let plane = Plane::new(Vec3::Y, 0.0);
    let dir = v(1.0, -Real::MIN_POSITIVE / 4.0, 0.0);
    let far = Ray::new(v(0.0, 1.0, 0.0), dir);
    assert_eq!(plane.raycast(&far, Real::INFINITY), None);
    assert!(far.intersects(&plane));
    let c = far.closest_points(&plane);
    assert_eq!(
        (c.a, c.b, c.distance),
        (v(Real::INFINITY, 0.0, 0.0), c.a, 0.0)
    );
    let c = Line::new(far.origin, far.dir).closest_points(&plane);
    assert_eq!((c.a, c.distance), (v(Real::INFINITY, 0.0, 0.0), 0.0));
    let near = Ray::new(v(0.0, 0.125, 0.0), dir);
    let hit = plane.raycast(&near, Real::INFINITY).expect("a finite t");
    assert_eq!(hit.t, pow2(Real::MAX_EXP - 3));
    assert_eq!(hit.point, v(hit.t, 0.0, 0.0));
    assert_eq!(hit.normal, Vec3::Y);
}

/// A line whose direction is tiny beside its origin was computed as given while its origin was
/// in the rescaling window, and the direction's square underflowed: the same line against the
/// same triangle, scaled by 4⁻¹⁰, was 78 times too far, and by 4⁻¹² at distance `+∞` with
/// infinite points (fuzz: direction `(−1.7e−16, 0, 0)`). The direction is now normalized on its
/// own whenever it is outside the window (`Rescale::steady`).
#[test]
fn line_with_a_tiny_direction_against_a_triangle() {
    let t = Triangle::new(
        v(3.5625, 8.929948e-15, 5.125),
        v(7.125, -4.125, 3.875),
        v(2.3125, 6.9375, -0.026008606),
    );
    let line = Line::new(v(-41018.24, 7.0625, -4.875), v(-1.7212071e-16, 0.0, 0.0));
    let at_one = t.closest_points(&line);
    assert!((at_one.distance - 4.850602).abs() < 1e-5, "{at_one:?}");
    for k in [-6, -10, -12, -20] {
        let s = pow2(2 * k);
        let scaled = Triangle::new(t.a * s, t.b * s, t.c * s);
        for dir_scale in [s, pow2(-60), 1.0] {
            let l = Line::new(line.origin * s, line.dir * dir_scale);
            let c = scaled.closest_points(&l);
            assert!(
                (c.distance / s - at_one.distance).abs() <= 1e-5 * at_one.distance,
                "4^{k}, direction times {dir_scale}: {c:?}"
            );
            assert!(line.intersects(&t) == l.intersects(&scaled));
        }
    }
}

/// Two capsules whose cores meet take the crossing normal `d1 × d2`; that cross product of a
/// long core and a very short one (a capsule of radius 0 and length 4.8e-12 across one of length
/// 1.3e7 and radius 2.5e10) underflowed after the rescaling of large input, so the normal fell
/// back to an arbitrary perpendicular of the long core at some scales and not at others (fuzz, in
/// `f32`: normal x `-1.57e-13` at scale 1, `0` at `4⁻¹¹`, the cores 10 apart and so within the
/// on-set tolerance of coordinates of 1.3e7). Here the short core ends on the long one: the
/// directions are now made unit first, and the normal is `±y`, across both cores, at every power
/// of two.
#[test]
fn crossing_normal_underflow() {
    let long = |s: Real| {
        Capsule::new(
            v(0.0, 0.0, 5.0) * s,
            v(0.0, 0.0, -13358680.0) * s,
            24649447000.0 * s,
        )
    };
    let short = |s: Real| Capsule::new(v(-4.7711804e-12, 0.0, 0.0) * s, Vec3::ZERO, 0.0);
    let at = |k: i32| {
        let s = pow2(k);
        let c = long(s)
            .contact(&short(s))
            .expect("the point is deep inside");
        assert_eq!(c.depth, long(s).radius, "depth r1 + r2 at 2^{k}");
        c.normal
    };
    let n = at(0);
    assert_eq!(n.abs(), Vec3::Y, "across both cores: {n}");
    for k in (-40..=40).step_by(2) {
        assert_eq!(at(k), n, "the normal at 2^{k}");
    }
}
