//! Capsule casts: the side, the end caps, rays along the axis, zero-length and zero-radius
//! capsules, properties.

use isect::math::Vec3;
use isect::{Capsule, Ray, RayCast, Real, Sphere};
use proptest::prelude::*;

use super::{aimed, check_any, check_scaling, check_solid_cast, check_surface_cast};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{capsule, direction, point};
use crate::common::{assert_near, v};

fn pill() -> Capsule {
    Capsule::new(v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0), 1.0)
}

#[test]
fn side_and_caps() {
    let c = pill();
    let hit = c
        .raycast(&Ray::new(v(-4.0, 0.5, 0.0), Vec3::X), 10.0)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (3.0, v(-1.0, 0.5, 0.0), -Vec3::X)
    );
    // Along the axis: the cap's pole.
    let hit = c
        .raycast(&Ray::new(v(0.0, 5.0, 0.0), -Vec3::Y), 10.0)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (3.0, v(0.0, 2.0, 0.0), Vec3::Y)
    );
    let hit = c
        .raycast(&Ray::new(v(0.0, -5.0, 0.0), v(0.0, 2.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (1.5, -Vec3::Y));
    // Parallel to the axis beside it, and tangent to the side.
    assert!(
        c.raycast(&Ray::new(v(1.5, -5.0, 0.0), Vec3::Y), 10.0)
            .is_none()
    );
    let hit = c
        .raycast(&Ray::new(v(1.0, -5.0, 0.0), Vec3::Y), 10.0)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (4.0, v(1.0, -1.0, 0.0), Vec3::X)
    );
    // Into a cap at an angle: the same as the ball there.
    let ray = Ray::new(v(-3.0, 4.0, 0.5), v(1.0, -1.0, 0.0));
    let ball = Sphere::new(v(0.0, 1.0, 0.0), 1.0)
        .raycast(&ray, 10.0)
        .unwrap();
    let hit = c.raycast(&ray, 10.0).unwrap();
    assert_near(hit.t, ball.t, "cap entry");
    // From inside: t = 0; the surface cast exits through the side and through a cap.
    let s = c
        .raycast_surface(&Ray::new(v(0.0, 0.5, 0.0), Vec3::Z), 10.0)
        .unwrap();
    assert_eq!((s.t, s.point, s.normal), (1.0, v(0.0, 0.5, 1.0), Vec3::Z));
    let s = c
        .raycast_surface(&Ray::new(v(0.0, 0.5, 0.0), Vec3::Y), 10.0)
        .unwrap();
    assert_eq!((s.t, s.point, s.normal), (1.5, v(0.0, 2.0, 0.0), Vec3::Y));
    assert_eq!(
        c.raycast(&Ray::new(Vec3::ZERO, Vec3::Y), 10.0).unwrap().t,
        0.0
    );
}

#[test]
fn degenerate_capsules() {
    // Zero length: a ball.
    let ball = Capsule::new(v(3.0, 0.0, 0.0), v(3.0, 0.0, 0.0), 1.0);
    let hit = ball.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    assert_eq!((hit.t, hit.normal), (2.0, -Vec3::X));
    // Zero radius: a segment, hit only through it.
    let stick = Capsule::new(v(2.0, -1.0, 0.0), v(2.0, 1.0, 0.0), 0.0);
    let hit = stick.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    assert_eq!(hit.t, 2.0);
    assert!((hit.normal.length() - 1.0).abs() < 1e-6);
    assert!(
        stick
            .raycast(&Ray::new(v(0.0, 0.0, 1.0 / 1024.0), Vec3::X), 10.0)
            .is_none()
    );
}

#[test]
fn nearly_parallel_to_the_axis() {
    // Cross products keep the side entry right where |ab|²|d|² − (ab·d)² cancels.
    let c = Capsule::new(v(0.0, 0.0, -100.0), v(0.0, 0.0, 2000.0), 1.0);
    let eps = 1e-3 as Real;
    let ray = Ray::new(v(-2.0, 0.0, -50.0), v(eps, 0.0, 1.0));
    let hit = c.raycast(&ray, Real::INFINITY).unwrap();
    // Enters the side at x = -1: t = 1 / eps.
    assert_near(hit.t * eps, 1.0, "t of the side entry");
    assert_near(hit.point.x, -1.0, "x of the side entry");
}

proptest! {
    #[test]
    fn random_rays(c in capsule(), o in point(), d in direction(), max_t in 0.0 as Real..20.0) {
        let ray = Ray::new(o, d);
        check_solid_cast(&c, &ray, max_t);
        check_surface_cast(&c, &ray, max_t);
        check_scaling(&c, &ray, max_t);
        check_any(&c, &ray, max_t);
    }

    #[test]
    fn aimed_rays_hit(c in capsule(), o in point(), u in unit_cube(), len in crate::common::strategy::real(0.1, 10.0)) {
        prop_assume!(c.radius > 0.05);
        let ray = aimed(o, c.sample(super::interior(u)), len);
        prop_assert!(check_solid_cast(&c, &ray, Real::INFINITY).is_some());
    }
}
