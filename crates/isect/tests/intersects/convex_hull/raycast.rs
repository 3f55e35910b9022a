//! `RayCast for ConvexHull`: hits on the surface, `t` minimal, outward unit normals of the face
//! entered, inside starts, flat hulls, invalid input.

use isect::math::Vec3;
use isect::{ConvexHull, PointQuery, Ray, RayCast, Real};
use proptest::prelude::*;

use super::cube_hull;
use crate::common::strategy::{convex_hull, ray};
use crate::common::{non_finite_points, tol, v};

#[test]
fn unit_cube_by_hand() {
    let hull = cube_hull(Vec3::ZERO, Vec3::ONE);
    let ray = Ray::new(v(-1.0, 0.5, 0.5), v(2.0, 0.0, 0.0));
    let hit = hull.raycast(&ray, 10.0).unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.5, v(0.0, 0.5, 0.5), -Vec3::X)
    );
    assert_eq!(hull.raycast_surface(&ray, 10.0).unwrap().t, 0.5);
    assert!(hull.raycast(&ray, 0.25).is_none());
    assert_eq!(hull.raycast(&ray, 0.5).unwrap().t, 0.5);
    // From inside: t = 0 with -dir; the surface cast exits through +x.
    let inside = Ray::new(v(0.5, 0.5, 0.5), v(2.0, 0.0, 0.0));
    let hit = hull.raycast(&inside, 10.0).unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.0, inside.origin, -Vec3::X)
    );
    let exit = hull.raycast_surface(&inside, 10.0).unwrap();
    assert_eq!(
        (exit.t, exit.point, exit.normal),
        (0.25, v(1.0, 0.5, 0.5), Vec3::X)
    );
    assert!(hull.raycast_surface(&inside, 0.125).is_none());
    // Grazing a face and an edge: hits.
    assert!(
        hull.raycast(&Ray::new(v(-1.0, 1.0, 0.5), Vec3::X), 10.0)
            .is_some()
    );
    assert!(
        hull.raycast(&Ray::new(v(-1.0, 1.0, 1.0), Vec3::X), 10.0)
            .is_some()
    );
    assert!(
        hull.raycast(&Ray::new(v(-1.0, 1.0 + 1.0 / 1024.0, 1.0), Vec3::X), 10.0)
            .is_none()
    );
    // Pointing away.
    assert!(
        hull.raycast(&Ray::new(v(-1.0, 0.5, 0.5), -Vec3::X), 10.0)
            .is_none()
    );
}

#[test]
fn flat_hull_is_a_two_sided_polygon() {
    let square = ConvexHull::new(vec![
        v(0.0, 0.0, 1.0),
        v(1.0, 0.0, 1.0),
        v(1.0, 1.0, 1.0),
        v(0.0, 1.0, 1.0),
    ]);
    for (origin, dir, normal) in [
        (v(0.5, 0.5, 3.0), -Vec3::Z, Vec3::Z),
        (v(0.5, 0.5, -1.0), Vec3::Z, -Vec3::Z),
    ] {
        let hit = square.raycast(&Ray::new(origin, dir), 10.0).unwrap();
        assert_eq!((hit.point, hit.normal), (v(0.5, 0.5, 1.0), normal));
    }
    assert!(
        square
            .raycast(&Ray::new(v(1.5, 0.5, 3.0), -Vec3::Z), 10.0)
            .is_none()
    );
    // In its plane: enters through an edge.
    let hit = square
        .raycast(&Ray::new(v(-1.0, 0.5, 1.0), Vec3::X), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (1.0, -Vec3::X));
}

#[test]
fn invalid_input_is_none() {
    let hull = cube_hull(Vec3::ZERO, Vec3::ONE);
    for p in non_finite_points() {
        assert!(hull.raycast(&Ray::new(p, Vec3::X), 10.0).is_none());
        assert!(hull.raycast(&Ray::new(Vec3::ZERO, p), 10.0).is_none());
        assert!(hull.raycast_surface(&Ray::new(p, Vec3::X), 10.0).is_none());
        let bad = ConvexHull::new(vec![Vec3::ZERO, p]);
        assert!(
            bad.raycast(&Ray::new(v(-1.0, 0.0, 0.0), Vec3::X), 10.0)
                .is_none()
        );
    }
    let ray = Ray::new(v(-1.0, 0.5, 0.5), Vec3::X);
    assert!(
        hull.raycast(&Ray::new(ray.origin, Vec3::ZERO), 10.0)
            .is_none()
    );
    assert!(hull.raycast(&ray, -1.0).is_none());
    assert!(hull.raycast(&ray, Real::NAN).is_none());
    assert!(ConvexHull::new(Vec::new()).raycast(&ray, 10.0).is_none());
}

proptest! {
    #[test]
    fn hits_are_on_the_surface_and_first(hull in convex_hull(), r in ray()) {
        let scale = 20.0 * r.dir.length().max(1.0);
        match hull.raycast(&r, Real::INFINITY) {
            Some(hit) => {
                prop_assert!((hit.normal.length() - 1.0).abs() < tol(1.0));
                prop_assert!(hull.distance_to_point(hit.point) <= tol(scale));
                if hit.t > 0.0 {
                    // Entering: the normal faces the ray, and points just before are outside.
                    prop_assert!(hit.normal.dot(r.dir) < 0.0);
                    let before = r.origin + r.dir * (hit.t - tol(scale) / r.dir.length()).max(0.0);
                    let gap = hull.distance_to_point(before);
                    prop_assert!(hit.t * r.dir.length() < tol(scale) || gap > 0.0, "{before} is inside");
                    // Sampled points before the hit are outside (unless within the tolerance
                    // of the hit).
                    for k in 0..16 {
                        let t = hit.t * k as Real / 16.0;
                        let p = r.origin + r.dir * t;
                        prop_assert!(
                            !hull.contains_point(p) || (hit.t - t) * r.dir.length() < tol(scale),
                            "{p} at t = {t} is inside"
                        );
                    }
                } else {
                    prop_assert!(hull.contains_point(r.origin) || hull.distance_to_point(r.origin) <= tol(scale));
                }
                let surface = hull.raycast_surface(&r, Real::INFINITY).unwrap();
                prop_assert!(hull.distance_to_point(surface.point) <= tol(scale));
                prop_assert!(surface.t >= hit.t);
            }
            None => {
                // Missed: no sampled point of the ray is in the hull (clear of the boundary).
                for k in 0..64 {
                    let p = r.origin + r.dir * (k as Real * 0.5);
                    prop_assert!(!hull.contains_point(p), "{p} inside");
                }
            }
        }
    }
}
