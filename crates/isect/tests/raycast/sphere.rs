//! Sphere casts: known answers, precision of far and grazing rays, properties.

use isect::math::Vec3;
use isect::{Ray, RayCast, Real, Sphere};
use proptest::prelude::*;

use super::{aimed, check_any, check_scaling, check_solid_cast, check_surface_cast};
use crate::common::sample::unit_cube;
use crate::common::strategy::{direction, point, sphere};
use crate::common::{assert_near_vec, v};

#[test]
fn known_hits() {
    let ball = Sphere::new(v(5.0, 0.0, 0.0), 1.0);
    let hit = ball.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (4.0, v(4.0, 0.0, 0.0), -Vec3::X)
    );
    // A non-unit direction counts t in its units.
    let hit = ball
        .raycast(&Ray::new(Vec3::ZERO, v(2.0, 0.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!(hit.t, 2.0);
    // max_t is inclusive, and cuts.
    assert!(ball.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 4.0).is_some());
    assert!(ball.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 3.5).is_none());
    // Away from it, beside it.
    assert!(
        ball.raycast(&Ray::new(Vec3::ZERO, -Vec3::X), 100.0)
            .is_none()
    );
    assert!(
        ball.raycast(&Ray::new(v(0.0, 1.5, 0.0), Vec3::X), 100.0)
            .is_none()
    );
    // Surface: the exit from inside, the entry from outside.
    let s = ball
        .raycast_surface(&Ray::new(v(5.0, 0.0, 0.0), Vec3::Y), 10.0)
        .unwrap();
    assert_eq!((s.t, s.point, s.normal), (1.0, v(5.0, 1.0, 0.0), Vec3::Y));
    let s = ball
        .raycast_surface(&Ray::new(v(5.5, 0.0, 0.0), Vec3::X), 10.0)
        .unwrap();
    assert_eq!((s.t, s.normal), (0.5, Vec3::X));
    let s = ball
        .raycast_surface(&Ray::new(Vec3::ZERO, Vec3::X), 10.0)
        .unwrap();
    assert_eq!(s.t, 4.0);
}

#[test]
fn inside_and_surface_starts() {
    let ball = Sphere::new(Vec3::ZERO, 2.0);
    let ray = Ray::new(v(0.5, 0.0, 0.0), v(0.0, 3.0, 4.0));
    let hit = ball.raycast(&ray, 1.0).unwrap();
    assert_eq!((hit.t, hit.point), (0.0, ray.origin));
    assert_near_vec(hit.normal, v(0.0, -0.6, -0.8), "normal -dir");
    // On the surface: contained (closed set), t = 0 for both casts; the surface cast's normal
    // is the outward one there.
    let on = Ray::new(v(2.0, 0.0, 0.0), Vec3::X);
    assert_eq!(ball.raycast(&on, 1.0).unwrap().t, 0.0);
    let s = ball.raycast_surface(&on, 1.0).unwrap();
    assert_eq!((s.t, s.normal), (0.0, Vec3::X));
    let inward = Ray::new(v(2.0, 0.0, 0.0), -Vec3::X);
    assert_eq!(ball.raycast_surface(&inward, 10.0).unwrap().t, 0.0);
}

#[test]
fn tangent_ray_hits_with_the_tangent_point() {
    let ball = Sphere::new(Vec3::ZERO, 1.0);
    let hit = ball
        .raycast(&Ray::new(v(-5.0, 1.0, 0.0), Vec3::X), 10.0)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (5.0, v(0.0, 1.0, 0.0), Vec3::Y)
    );
    // Moved out by 1/1024: a miss.
    assert!(
        ball.raycast(&Ray::new(v(-5.0, 1.0 + 1.0 / 1024.0, 0.0), Vec3::X), 10.0)
            .is_none()
    );
}

#[test]
fn zero_radius_is_a_point() {
    let dot = Sphere::new(v(3.0, 0.0, 0.0), 0.0);
    let hit = dot.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    assert_eq!((hit.t, hit.point), (3.0, v(3.0, 0.0, 0.0)));
    assert_eq!(hit.normal, -Vec3::X);
    assert!(
        dot.raycast(&Ray::new(v(0.0, 1e-3, 0.0), Vec3::X), 10.0)
            .is_none()
    );
}

/// Far and grazing rays: compared with the same cast in f64 on the same (rounded) input,
/// which the textbook quadratic in f32 misses by far more (Ray Tracing Gems ch. 7's case).
#[test]
fn far_rays_keep_their_precision() {
    let ball = Sphere::new(v(0.0, 0.0, 0.0), 1.0);
    for (distance, offset) in [
        (1e4 as Real, 0.5 as Real),
        (1e5, 0.9),
        (1e6, 0.0),
        (3e3, 0.999),
    ] {
        let ray = Ray::new(v(-distance, offset, 0.0), Vec3::X);
        let hit = ball.raycast(&ray, Real::INFINITY).unwrap();
        let exact = wide(distance) - (1.0 - wide(offset) * wide(offset)).sqrt();
        let err = (wide(hit.t) - exact).abs();
        // One rounding of t (|t| ulp) and of the offset's square.
        assert!(
            err <= 4.0 * wide(Real::EPSILON) * wide(distance),
            "distance {distance}, offset {offset}: t {} vs {exact} (error {err})",
            hit.t
        );
        assert!((hit.point.length() - 1.0).abs() <= 1e-2, "{:?}", hit.point);
    }
    // A near-grazing ray from far away: the textbook discriminant b² − ac cancels to noise.
    let ray = Ray::new(v(-1e3, 0.9999, 0.0), Vec3::X);
    let hit = ball.raycast(&ray, Real::INFINITY).unwrap();
    let y = wide(ray.origin.y);
    let exact = 1e3 - (1.0 - y * y).sqrt();
    assert!((wide(hit.t) - exact).abs() <= 1e3 * 4.0 * wide(Real::EPSILON));
}

proptest! {
    #[test]
    fn random_rays(s in sphere(), o in point(), d in direction(), max_t in 0.0 as Real..20.0) {
        let ray = Ray::new(o, d);
        check_solid_cast(&s, &ray, max_t);
        check_surface_cast(&s, &ray, max_t);
        check_scaling(&s, &ray, max_t);
        check_any(&s, &ray, max_t);
    }

    /// Rays aimed at a point of the ball: they must hit, at or before that point.
    #[test]
    fn aimed_rays_hit(s in sphere(), o in point(), u in unit_cube(), len in crate::common::strategy::real(0.1, 10.0)) {
        use crate::common::sample::Sample;
        prop_assume!(s.radius > 0.05);
        let target = s.sample(super::interior(u));
        let ray = aimed(o, target, len);
        let hit = check_solid_cast(&s, &ray, Real::INFINITY);
        let h = hit.expect("aimed at a point of the ball");
        prop_assert!(h.t <= o.distance(target) / len * (1.0 + 1e-3) + 1e-3, "hit after the target");
        prop_assert!(s.raycast_any(&ray, Real::INFINITY));
    }
}

/// `x` in `f64` (the identity in the `f64` build).
#[cfg_attr(
    isect_f64,
    expect(clippy::useless_conversion, reason = "the identity in the f64 build")
)]
fn wide(x: Real) -> f64 {
    f64::from(x)
}
