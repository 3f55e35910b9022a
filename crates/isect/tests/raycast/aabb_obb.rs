//! Box casts: faces, edges and corners, zero direction components, rays in a face's plane, flat
//! boxes; the oriented box against the same box rotated exactly and against random rotations.

use isect::math::Vec3;
use isect::{Aabb, Obb, Ray, RayCast, Real};
use proptest::prelude::*;

use super::{aimed, check_any, check_scaling, check_solid_cast, check_surface_cast};
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{aabb, direction, obb, point, rotation};
use crate::common::{signed_permutations, v};

fn unit_box() -> Aabb {
    Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0))
}

#[test]
fn faces_entered() {
    let b = unit_box();
    for axis in 0..3 {
        for sign in [-1.0 as Real, 1.0] {
            let mut o = Vec3::ZERO;
            o[axis] = 4.0 * sign;
            let mut d = Vec3::ZERO;
            d[axis] = -sign;
            let hit = b.raycast(&Ray::new(o, d), 10.0).unwrap();
            let mut n = Vec3::ZERO;
            n[axis] = sign;
            assert_eq!((hit.t, hit.point, hit.normal), (3.0, n, n));
            // And the exit from the center through the same face.
            let exit = b.raycast_surface(&Ray::new(Vec3::ZERO, -d), 10.0).unwrap();
            assert_eq!((exit.t, exit.point, exit.normal), (1.0, n, n));
        }
    }
}

#[test]
fn edges_corners_and_face_planes() {
    let b = unit_box();
    // Through an edge (diagonal in xy): the normal is one of the two faces'.
    let hit = b
        .raycast(&Ray::new(v(-3.0, -3.0, 0.0), v(1.0, 1.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.point), (2.0, v(-1.0, -1.0, 0.0)));
    assert!(
        hit.normal == -Vec3::X || hit.normal == -Vec3::Y,
        "{:?}",
        hit.normal
    );
    // Through a corner.
    let hit = b
        .raycast(&Ray::new(v(-3.0, -3.0, -3.0), Vec3::ONE), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.point), (2.0, -Vec3::ONE));
    // Grazing an edge: touches at one point only.
    let hit = b.raycast(
        &Ray::new(v(-2.0, 0.0, 1.0), v(1.0, 0.0, 0.0) + v(0.0, 1.0, 0.0)),
        10.0,
    );
    assert!(hit.is_some());
    // Lying in a face's plane (zero direction components, origin on the plane): hits.
    let hit = b
        .raycast(&Ray::new(v(-3.0, 1.0, 0.5), Vec3::X), 10.0)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (2.0, v(-1.0, 1.0, 0.5), -Vec3::X)
    );
    // Along an edge line.
    let hit = b
        .raycast(&Ray::new(v(-3.0, 1.0, 1.0), Vec3::X), 10.0)
        .unwrap();
    assert_eq!(hit.t, 2.0);
    // In the plane of a face but beside the box; and 1/1024 outside the face plane.
    assert!(
        b.raycast(&Ray::new(v(-3.0, 1.0, 1.5), Vec3::X), 10.0)
            .is_none()
    );
    assert!(
        b.raycast(&Ray::new(v(-3.0, 1.0 + 1.0 / 1024.0, 0.0), Vec3::X), 10.0)
            .is_none()
    );
    // Negative zero components behave as positive ones.
    let hit = b
        .raycast(&Ray::new(v(-3.0, 1.0, 0.5), v(1.0, -0.0, -0.0)), 10.0)
        .unwrap();
    assert_eq!(hit.t, 2.0);
}

#[test]
fn inside_and_flat_boxes() {
    let b = unit_box();
    let ray = Ray::new(v(0.5, 0.0, 0.0), v(0.0, 0.0, -2.0));
    let hit = b.raycast(&ray, 5.0).unwrap();
    assert_eq!((hit.t, hit.point, hit.normal), (0.0, ray.origin, Vec3::Z));
    assert_eq!(b.raycast_surface(&ray, 5.0).unwrap().t, 0.5);
    // Starting on a face: t = 0 for the surface too, the face's outward normal.
    let on = Ray::new(v(1.0, 0.0, 0.0), -Vec3::X);
    let s = b.raycast_surface(&on, 5.0).unwrap();
    assert_eq!((s.t, s.normal), (0.0, Vec3::X));
    // A flat box (a square in z = 0): hit from above, and by a ray in its plane.
    let flat = Aabb::new(v(-1.0, -1.0, 0.0), v(1.0, 1.0, 0.0));
    let hit = flat
        .raycast(&Ray::new(v(0.0, 0.0, 2.0), -Vec3::Z), 5.0)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (2.0, Vec3::Z));
    let hit = flat
        .raycast(&Ray::new(v(-3.0, 0.5, 0.0), Vec3::X), 5.0)
        .unwrap();
    assert_eq!(hit.t, 2.0);
    // A point box.
    let dot = Aabb::new(v(2.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    assert_eq!(
        dot.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 5.0).unwrap().t,
        2.0
    );
    assert!(
        dot.raycast(&Ray::new(Vec3::ZERO, v(1.0, 1e-3, 0.0)), 5.0)
            .is_none()
    );
}

/// The oriented box rotated by exact signed permutations is an axis-aligned box: same hits.
#[test]
fn obb_matches_aabb_under_exact_rotations() {
    let aabb = Aabb::new(v(-1.0, -2.0, 0.5), v(3.0, 1.0, 2.0));
    let rays = [
        Ray::new(v(-5.0, 0.0, 1.0), v(1.0, 0.25, 0.0)),
        Ray::new(v(0.0, 0.0, 1.0), v(0.0, 0.0, 1.0)),
        Ray::new(v(4.0, 4.0, 4.0), v(-1.0, -1.5, -0.5)),
        Ray::new(v(-5.0, 1.0, 1.0), v(1.0, 0.0, 0.0)),
        Ray::new(v(-5.0, 5.0, 1.0), v(1.0, 0.0, 0.0)),
    ];
    for m in signed_permutations() {
        let rotated = Obb::new(aabb.center(), aabb.half_extents(), m);
        let world = Aabb::from_points(crate::common::obb_corners(&rotated)).unwrap();
        for ray in rays {
            let a = world.raycast(&ray, 20.0);
            let b = rotated.raycast(&ray, 20.0);
            assert_eq!(a.map(|h| h.t), b.map(|h| h.t), "{m:?} {ray:?}");
            if let (Some(a), Some(b)) = (a, b)
                && a.t > 0.0
            {
                // Both normals are faces of the box through the point (at an edge or corner
                // either face is right).
                for n in [a.normal, b.normal] {
                    let face = if n.max_element() > 0.0 {
                        world.max
                    } else {
                        world.min
                    };
                    assert_eq!(a.point.dot(n), face.dot(n), "{m:?} {ray:?} {n}");
                }
            }
            let a = world.raycast_surface(&ray, 20.0);
            let b = rotated.raycast_surface(&ray, 20.0);
            assert_eq!(a.map(|h| h.t), b.map(|h| h.t), "{m:?} {ray:?} surface");
        }
    }
}

proptest! {
    // Rejections are about a third of the cases: allow them at any PROPTEST_CASES.
    #![proptest_config(ProptestConfig { max_global_rejects: 1 << 20, ..ProptestConfig::default() })]
    #[test]
    fn aabb_random_rays(b in aabb(), o in point(), d in direction(), max_t in 0.0 as Real..20.0) {
        let ray = Ray::new(o, d);
        check_solid_cast(&b, &ray, max_t);
        check_surface_cast(&b, &ray, max_t);
        check_scaling(&b, &ray, max_t);
        check_any(&b, &ray, max_t);
    }

    #[test]
    fn aabb_axis_rays(b in aabb(), o in point(), axis in 0usize..3, sign in any::<bool>()) {
        // Zero direction components on two axes, origins often on face planes (lattice).
        let mut d = Vec3::ZERO;
        d[axis] = if sign { 1.0 } else { -1.0 };
        let ray = Ray::new(o, d);
        check_solid_cast(&b, &ray, 30.0);
        check_surface_cast(&b, &ray, 30.0);
        check_any(&b, &ray, 30.0);
    }

    #[test]
    fn aabb_aimed_rays_hit(b in aabb(), o in point(), u in unit_cube(), len in crate::common::strategy::real(0.1, 10.0)) {
        prop_assume!(b.half_extents().min_element() > 0.05);
        let ray = aimed(o, b.sample(super::interior(u)), len);
        prop_assert!(check_solid_cast(&b, &ray, Real::INFINITY).is_some());
    }

    #[test]
    fn obb_random_rays(b in obb(), o in point(), d in direction(), max_t in 0.0 as Real..20.0) {
        let ray = Ray::new(o, d);
        check_solid_cast(&b, &ray, max_t);
        check_surface_cast(&b, &ray, max_t);
        check_scaling(&b, &ray, max_t);
        check_any(&b, &ray, max_t);
    }

    #[test]
    fn obb_aimed_rays_hit(b in obb(), o in point(), u in unit_cube(), len in crate::common::strategy::real(0.1, 10.0)) {
        prop_assume!(b.half_extents.min_element() > 0.05);
        let ray = aimed(o, b.sample(super::interior(u)), len);
        prop_assert!(check_solid_cast(&b, &ray, Real::INFINITY).is_some());
    }

    /// Moving the box and the ray together changes neither t nor (rotated) normal.
    #[test]
    fn obb_moves_with_the_ray(b in aabb(), q in rotation(), o in point(), d in direction()) {
        let ray = Ray::new(o, d);
        let obb = Obb::from_quat(q * b.center(), b.half_extents(), q);
        let moved = Ray::new(q * o, q * d);
        let (a, m) = (b.raycast(&ray, 30.0), obb.raycast(&moved, 30.0));
        if let (Some(a), Some(m)) = (a, m) {
            let s = super::scale_of(&ray, a.t);
            prop_assert!((a.t - m.t).abs() <= crate::common::tol(s) * 4.0);
        } else if a.is_some() != m.is_some() {
            prop_assert!(super::grazes(&b, &ray), "{a:?} {m:?}");
        }
    }
}
