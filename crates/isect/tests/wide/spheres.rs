//! `wide::Spheres`: the stable-quadratic cast, the any-hit test and the frustum plane test,
//! lane by lane against `Sphere`'s.

use isect::math::Vec3;
use isect::wide::{Sphere4, Sphere8, Spheres};
use isect::{Aabb, Frustum, Plane, Ray, RayCast, Real, Sphere};
use proptest::prelude::*;

use super::{assert_lanes_mask, assert_ray_lanes, frustum, invalid_rays, max_t, ray};
use crate::common::{aabb_frustum, strategy, v};

/// A lane's sphere: random, on the integer lattice with an integer radius (tangent and
/// touching cases exactly), or invalid.
fn lane() -> impl Strategy<Value = Sphere> {
    let lattice = (-4i32..=4, -4i32..=4, -4i32..=4, 0i32..=3)
        .prop_map(|(x, y, z, r)| Sphere::new(v(x as Real, y as Real, z as Real), r as Real));
    let nan = Real::NAN;
    let invalid = prop_oneof![
        Just(Sphere::new(v(nan, 0.0, 0.0), 1.0)),
        Just(Sphere::new(Vec3::ZERO, nan)),
        Just(Sphere::new(Vec3::ZERO, -1.0)),
        Just(Sphere::new(Vec3::ZERO, Real::INFINITY)),
        Just(Sphere::new(v(0.0, Real::INFINITY, 0.0), 1.0)),
    ];
    prop_oneof![4 => strategy::sphere(), 4 => lattice, 1 => invalid]
}

fn check_ray<const N: usize>(spheres: &[Sphere], ray: &Ray, max_t: Real) {
    let pack = Spheres::<N>::from_slice(spheres);
    let answers = (&pack.raycast(ray, max_t)[..], pack.raycast_any(ray, max_t));
    assert_ray_lanes(spheres, N, answers, ray, max_t);
}

fn check_frustum<const N: usize>(spheres: &[Sphere], frustum: &Frustum) {
    let pack = Spheres::<N>::from_slice(spheres);
    let scalar = spheres
        .iter()
        .map(|s| frustum.may_intersect_sphere(s))
        .collect::<Vec<_>>();
    let what = format!("may_intersect_frustum {frustum:?} {spheres:?}");
    assert_lanes_mask(pack.may_intersect_frustum(frustum), &scalar, &what);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn ray_lanes_are_the_scalar_casts(
        spheres in prop::collection::vec(lane(), 0..=8),
        ray in ray(),
        max_t in max_t(),
    ) {
        check_ray::<8>(&spheres, &ray, max_t);
        check_ray::<4>(&spheres[..spheres.len().min(4)], &ray, max_t);
    }

    #[test]
    fn frustum_lanes_are_the_scalar_culling_tests(
        spheres in prop::collection::vec(lane(), 0..=8),
        frustum in frustum(),
    ) {
        check_frustum::<8>(&spheres, &frustum);
        check_frustum::<4>(&spheres[..spheres.len().min(4)], &frustum);
    }
}

#[test]
fn touching_tangent_and_inside_rays_hit_with_exact_entries() {
    let spheres = [
        Sphere::new(v(5.0, 0.0, 0.0), 1.0),   // through: t = 4
        Sphere::new(v(5.0, 2.0, 0.0), 2.0),   // tangent at (5, 0, 0): t = 5
        Sphere::new(v(3.0, 0.0, 0.0), 0.0),   // a point on the ray: t = 3
        Sphere::new(v(0.0, 0.0, 0.0), 1.0),   // around the origin: t = 0
        Sphere::new(v(-1.0, 0.0, 0.0), 1.0),  // behind, its surface through the origin: t = 0
        Sphere::new(v(-5.0, 0.0, 0.0), 1.0),  // behind: miss
        Sphere::new(v(5.0, 2.001, 0.0), 2.0), // just beside: miss
        Sphere::new(v(12.0, 0.0, 0.0), 1.0),  // beyond max_t = 10: t = 11
    ];
    let ray = Ray::new(Vec3::ZERO, Vec3::X);
    let pack = Sphere8::from_slice(&spheres);
    let inf = Real::INFINITY;
    assert_eq!(
        pack.raycast(&ray, 10.0),
        [4.0, 5.0, 3.0, 0.0, 0.0, inf, inf, inf]
    );
    assert_eq!(pack.raycast(&ray, 11.0)[7], 11.0);
    assert_eq!(pack.raycast_any(&ray, 10.0), 0b0001_1111);
    assert_eq!(pack.raycast_any(&ray, 4.0), 0b0001_1101);
    // The same answers for a direction so short that its squared length underflows (the
    // rescaled path): `t` is counted in units of `dir`.
    let short = Ray::new(Vec3::ZERO, Vec3::X * 1e-25);
    let t = pack.raycast(&short, 1e27);
    for (lane, s) in spheres.iter().enumerate() {
        assert_eq!(t[lane], super::scalar_t(s, &short, 1e27), "lane {lane}");
    }
    // The any-hit test rescales such a direction too (it once took it, in `f32`, for the point
    // `origin`, so only the balls around the origin answered): the same lanes as along `X`.
    let any = pack.raycast_any(&short, 1e27);
    for (lane, s) in spheres.iter().enumerate() {
        assert_eq!(
            any >> lane & 1 == 1,
            s.raycast_any(&short, 1e27),
            "lane {lane}"
        );
    }
    assert_eq!(any, 0b1001_1111);
    assert_eq!(pack.raycast_any(&short, 4e25), 0b0001_1101);
}

#[test]
fn invalid_lanes_rays_and_partial_packs_never_hit() {
    let spheres = [
        Sphere::new(v(5.0, 0.0, 0.0), 1.0),            // control
        Sphere::new(v(5.0, Real::NAN, 0.0), 1.0),      // NaN center
        Sphere::new(v(5.0, 0.0, 0.0), -1.0),           // negative radius
        Sphere::new(v(5.0, 0.0, 0.0), Real::NAN),      // NaN radius
        Sphere::new(v(5.0, 0.0, 0.0), Real::INFINITY), // infinite radius
    ];
    let ray = Ray::new(Vec3::ZERO, Vec3::X);
    let pack = Sphere8::from_slice(&spheres);
    let inf = Real::INFINITY;
    assert_eq!(
        pack.raycast(&ray, 10.0),
        [4.0, inf, inf, inf, inf, inf, inf, inf]
    );
    assert_eq!(pack.raycast_any(&ray, 10.0), 0b1);
    for (ray, max_t) in invalid_rays() {
        assert_eq!(pack.raycast_any(&ray, max_t), 0, "{ray:?} {max_t}");
        assert_eq!(pack.raycast(&ray, max_t), [inf; 8], "{ray:?} {max_t}");
    }
    let everything = Frustum::new([Plane::new(Vec3::X, 1e30); 6]);
    assert_eq!(pack.may_intersect_frustum(&everything), 0b1);
    assert_eq!(Sphere4::EMPTY.may_intersect_frustum(&everything), 0);
    assert_eq!(Sphere4::default(), Sphere4::from_slice(&[]));
}

#[test]
fn frustum_culling_touching_and_corners() {
    let cube = aabb_frustum(&Aabb::new(Vec3::ZERO, Vec3::ONE));
    let spheres = [
        Sphere::new(v(0.5, 0.5, 0.5), 0.1),   // inside
        Sphere::new(v(1.5, 0.5, 0.5), 0.5),   // touching x = 1
        Sphere::new(v(1.0, 1.0, 1.0), 0.0),   // the corner point
        Sphere::new(v(1.5, 1.5, 0.5), 0.6),   // off an edge: passes the planes, not exact
        Sphere::new(v(1.5, 0.5, 0.5), 0.499), // in front of x = 1
        Sphere::new(v(0.5, 0.5, 0.5), 10.0),  // containing the cube
    ];
    let pack = Sphere8::from_slice(&spheres);
    assert_eq!(pack.may_intersect_frustum(&cube), 0b10_1111);
    assert!(!isect::intersects(&spheres[3], &cube));
}

#[test]
fn packs_round_trip_their_lanes() {
    let s = Sphere::new(v(1.0, 2.0, 3.0), 0.5);
    let mut pack = Sphere8::EMPTY;
    pack.set(7, &s);
    assert_eq!(pack.get(7), s);
    assert_eq!(pack.radius[7], 0.5);
    assert!(pack.get(0).is_valid().is_err());
}

/// Lanes whose radius is tiny beside the offsets (`2⁻⁸⁵` at `(0, 1, 0)` in `f32`, `2⁻⁶⁰⁰` in
/// `f64`): `r²` and the ray's squared offset both underflow to 0, and a ray passing `2r` from
/// the center hit (issue 24, as the scalar cast did; `regressions::tiny_radius_beside_unit_offsets`).
/// Every lane keeps the scalar answer, and that answer is the right one.
#[test]
fn tiny_radius_lanes_keep_the_scalar_answer() {
    let r = (2.0 as Real).powi(if Real::MANTISSA_DIGITS == 24 {
        -85
    } else {
        -600
    });
    let ball = Sphere::new(Vec3::Y, r);
    let spheres = [
        ball,
        Sphere::new(v(0.0, 1.0, 0.5), r),
        ball,
        Sphere::new(v(3.0, 1.0, 0.0), 1.0),
    ];
    for (x, meets) in [(2.0 * r, false), (r, true), (0.5 * r, true)] {
        let ray = Ray::new(v(x, -1.0, 0.0), Vec3::Y);
        assert_eq!(ball.raycast(&ray, 10.0).is_some(), meets, "x = {x:e}");
        assert_eq!(ball.raycast_any(&ray, 10.0), meets, "x = {x:e}");
        check_ray::<4>(&spheres, &ray, 10.0);
        check_ray::<8>(&spheres, &ray, 10.0);
    }
}
