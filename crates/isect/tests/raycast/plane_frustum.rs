//! Plane casts (two-sided and one-sided) and frustum casts (bounded, unbounded, from inside).

use isect::math::{Mat4, Vec3};
use isect::{Aabb, Frustum, Plane, PointQuery, Ray, RayCast, Real};
use proptest::prelude::*;

use super::{check_scaling, scale_of};
use crate::common::strategy::{aabb, camera_frustum, direction, plane, point};
use crate::common::{aabb_frustum, tol, v};

#[test]
fn plane_two_sided_and_one_sided() {
    let ground = Plane::new(Vec3::Y, 1.0);
    let down = Ray::new(v(2.0, 5.0, 0.0), v(0.0, -2.0, 0.0));
    let hit = ground.raycast(&down, 10.0).unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (2.0, v(2.0, 1.0, 0.0), Vec3::Y)
    );
    assert_eq!(ground.raycast_front(&down, 10.0), Some(hit));
    let up = Ray::new(v(2.0, -3.0, 0.0), Vec3::Y);
    let hit = ground.raycast(&up, 10.0).unwrap();
    assert_eq!((hit.t, hit.normal), (4.0, -Vec3::Y));
    assert_eq!(ground.raycast_surface(&up, 10.0), Some(hit));
    assert!(ground.raycast_front(&up, 10.0).is_none());
    // Parallel: in the plane hits at 0, beside it never.
    assert_eq!(
        ground
            .raycast(&Ray::new(v(0.0, 1.0, 0.0), Vec3::X), 10.0)
            .unwrap()
            .t,
        0.0
    );
    assert!(
        ground
            .raycast(&Ray::new(v(0.0, 1.5, 0.0), Vec3::X), 10.0)
            .is_none()
    );
    // Leaving it, and beyond max_t.
    assert!(
        ground
            .raycast(&Ray::new(v(0.0, 2.0, 0.0), Vec3::Y), 10.0)
            .is_none()
    );
    assert!(ground.raycast(&down, 1.5).is_none());
    // Starting on it: t = 0, normal against the ray.
    let hit = ground
        .raycast(&Ray::new(v(0.0, 1.0, 0.0), -Vec3::Y), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, Vec3::Y));
}

#[test]
fn frustum_of_a_box_is_the_box() {
    let b = Aabb::new(v(-1.0, -2.0, 0.5), v(3.0, 1.0, 2.0));
    let f = aabb_frustum(&b);
    let rays = [
        Ray::new(v(-5.0, 0.0, 1.0), v(1.0, 0.25, 0.0)),
        Ray::new(v(0.0, 0.0, 1.0), v(0.0, 0.0, 1.0)),
        Ray::new(v(4.0, 4.0, 4.0), v(-1.0, -1.5, -0.5)),
        Ray::new(v(-5.0, 1.0, 1.0), v(1.0, 0.0, 0.0)),
        Ray::new(v(-5.0, 5.0, 1.0), v(1.0, 0.0, 0.0)),
    ];
    for ray in rays {
        let (a, c) = (b.raycast(&ray, 20.0), f.raycast(&ray, 20.0));
        assert_eq!(
            a.map(|h| (h.t, h.normal)),
            c.map(|h| (h.t, h.normal)),
            "{ray:?}"
        );
        let (a, c) = (b.raycast_surface(&ray, 20.0), f.raycast_surface(&ray, 20.0));
        assert_eq!(a.map(|h| h.t), c.map(|h| h.t), "{ray:?} surface");
    }
}

#[test]
fn infinite_far_plane() {
    use crate::common::camera::rh::proj::directx;
    let proj = directx::perspective_infinite(1.2 as Real, 1.0, 0.5);
    let f = Frustum::from_matrix(&proj);
    // The camera looks down -z: a ray from behind the eye along -z enters the near plane.
    let hit = f
        .raycast(&Ray::new(v(0.0, 0.0, 5.0), -Vec3::Z), Real::INFINITY)
        .unwrap();
    assert!((hit.t - 5.5).abs() <= tol(5.5), "{hit:?}");
    assert!((hit.normal - Vec3::Z).length() <= tol(1.0), "{hit:?}");
    // From inside, the surface cast never leaves along the axis.
    assert!(
        f.raycast_surface(&Ray::new(v(0.0, 0.0, -2.0), -Vec3::Z), 1e9)
            .is_none()
    );
    // A ray far down the view direction, going sideways, leaves through a side.
    let s = f
        .raycast_surface(&Ray::new(v(0.0, 0.0, -1e4), Vec3::X), Real::INFINITY)
        .unwrap();
    assert!(s.t > 0.0 && f.distance_to_point(s.point) <= tol(1e4));
    let _ = Mat4::IDENTITY;
}

/// The plane's any-hit test (a quick path without the magnitude check, the cast for the
/// rest) on the cases at its edges: a crossing exactly at `max_t` and just beyond it, behind the
/// origin, at the origin, a parallel ray in the plane and beside it, distances and directions
/// whose products leave the normal range, and invalid input.
#[test]
fn plane_any_hit_decides_as_the_cast() {
    let ground = Plane::new(Vec3::Y, 1.0);
    let flat = Plane::new(Vec3::Y, 0.0);
    let tiny = (2.0 as Real).powi(-100);
    let cases = [
        (ground, Ray::new(v(0.0, 5.0, 0.0), -Vec3::Y), 4.0, true),
        (
            ground,
            Ray::new(v(0.0, 5.0, 0.0), -Vec3::Y),
            3.9999998,
            false,
        ),
        (ground, Ray::new(v(0.0, 5.0, 0.0), Vec3::Y), 100.0, false),
        (ground, Ray::new(v(0.0, 1.0, 0.0), -Vec3::Y), 0.0, true),
        (ground, Ray::new(v(0.0, 1.0, 0.0), Vec3::X), 1.0, true),
        (ground, Ray::new(v(0.0, 1.5, 0.0), Vec3::X), 1.0, false),
        // A distance of `2⁻¹⁰⁰` (below the quick path's range), a tiny `dir`, a huge `t`.
        (flat, Ray::new(v(0.0, tiny, 0.0), -Vec3::Y), 1.0, true),
        (
            flat,
            Ray::new(v(0.0, tiny, 0.0), -Vec3::Y),
            tiny * 0.5,
            false,
        ),
        (
            flat,
            Ray::new(v(0.0, tiny, 0.0), -Vec3::Y * tiny),
            1.0,
            true,
        ),
        (
            flat,
            Ray::new(v(0.0, tiny, 0.0), -Vec3::Y * tiny),
            0.5,
            false,
        ),
        (
            flat,
            Ray::new(v(0.0, 3e18, 0.0), -Vec3::Y * 1e-18),
            3.1e36,
            true,
        ),
        (
            flat,
            Ray::new(v(0.0, 3e18, 0.0), -Vec3::Y * 1e-18),
            2.9e36,
            false,
        ),
        (
            ground,
            Ray::new(v(0.0, Real::NAN, 0.0), -Vec3::Y),
            10.0,
            false,
        ),
        (
            ground,
            Ray::new(v(0.0, 5.0, 0.0), -Vec3::Y),
            Real::NAN,
            false,
        ),
        (
            Plane::new(Vec3::ZERO, 1.0),
            Ray::new(v(0.0, 5.0, 0.0), -Vec3::Y),
            10.0,
            false,
        ),
    ];
    for (plane, ray, max_t, expected) in cases {
        let cast = plane.raycast(&ray, max_t).is_some();
        assert_eq!(cast, expected, "cast: {plane:?} {ray:?} {max_t}");
        assert_eq!(
            plane.raycast_any(&ray, max_t),
            expected,
            "{plane:?} {ray:?} {max_t}"
        );
    }
}

proptest! {
    #[test]
    fn plane_random_rays(p in plane(), o in point(), d in direction(), max_t in 0.0 as Real..50.0) {
        let ray = Ray::new(o, d);
        let hit = p.raycast(&ray, max_t);
        let s = p.signed_distance(o);
        let den = p.normal.dot(d);
        let expected = -s / den;
        match hit {
            Some(h) => {
                let scale = scale_of(&ray, h.t);
                prop_assert!(h.t >= 0.0 && h.t <= max_t);
                prop_assert!(p.distance_to_point(h.point) <= tol(scale));
                prop_assert!(h.normal.dot(d) <= 0.0 && (h.normal.length() - 1.0).abs() <= tol(1.0));
                prop_assert!((h.t - expected).abs() <= tol(scale) / d.length().min(1.0) + tol(h.t));
                prop_assert_eq!(p.raycast_front(&ray, max_t).is_some(), den < 0.0);
            }
            None => prop_assert!(!(expected >= 0.0 && expected <= max_t) || (expected - max_t).abs() <= tol(max_t)),
        }
        check_scaling(&p, &ray, max_t);
        prop_assert_eq!(p.raycast_surface(&ray, max_t), hit);
        // The any-hit test decides exactly as the cast, at every power-of-two scale of the
        // scene and of `dir` (its quick path skips the magnitude check).
        for (k, j) in [(0, 0), (-70, 0), (70, 0), (0, -70), (0, 70), (-120, 100), (100, -120)] {
            let (sk, sj) = ((2.0 as Real).powi(k), (2.0 as Real).powi(j));
            let scaled = Plane::new(p.normal, p.d * sk);
            let ray = Ray::new(o * sk, d * sj);
            let max_t = max_t * sk / sj;
            prop_assert_eq!(
                scaled.raycast_any(&ray, max_t),
                scaled.raycast(&ray, max_t).is_some(),
                "k = {}, j = {}", k, j
            );
        }
    }

    #[test]
    fn frustum_random_rays(f in camera_frustum(), o in point(), d in direction(), max_t in 0.0 as Real..30.0) {
        let ray = Ray::new(o, d);
        super::check_solid_cast(&f, &ray, max_t);
        super::check_surface_cast(&f, &ray, max_t);
        check_scaling(&f, &ray, max_t);
    }

    #[test]
    fn box_frustum_agrees_with_the_box(b in aabb(), o in point(), d in direction()) {
        let f = aabb_frustum(&b);
        let ray = Ray::new(o, d);
        let (a, c) = (b.raycast(&ray, 30.0), f.raycast(&ray, 30.0));
        match (a, c) {
            (Some(a), Some(c)) => prop_assert!((a.t - c.t).abs() <= tol(scale_of(&ray, a.t))),
            (None, None) => {}
            _ => prop_assert!(super::grazes(&b, &ray), "{a:?} {c:?}"),
        }
    }
}
