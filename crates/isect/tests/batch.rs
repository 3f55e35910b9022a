//! `isect::batch`: the same answers as one call per ray or pair, in the input's order.

use isect::math::Vec3;
use isect::{Aabb, Intersects, Obb, RayCast, Real, Sphere, TriMesh, batch};
use proptest::prelude::*;

use crate::common::{strategy, v};

/// A tetrahedron, closed and oriented outward.
fn tetrahedron() -> TriMesh {
    TriMesh::new(
        vec![
            v(0.0, 0.0, 0.0),
            v(4.0, 0.0, 0.0),
            v(0.0, 4.0, 0.0),
            v(0.0, 0.0, 4.0),
        ],
        vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]],
    )
    .unwrap()
}

#[test]
fn empty_input_gives_empty_output() {
    let s = Sphere::new(Vec3::ZERO, 1.0);
    assert!(batch::raycast(&s, &[], 1.0).is_empty());
    assert!(batch::raycast_any(&s, &[], 1.0).is_empty());
    assert!(batch::intersects::<Sphere, Aabb>(&[]).is_empty());
}

proptest! {
    #[test]
    fn rays_match_one_call_each(
        rays in proptest::collection::vec(strategy::ray(), 0..64),
        obb in strategy::obb(),
        max_t in prop_oneof![Just(Real::INFINITY), strategy::real(0.0, 5.0)],
    ) {
        let mesh = tetrahedron();
        let closest = batch::raycast(&obb, &rays, max_t);
        let surface = batch::raycast_surface(&obb, &rays, max_t);
        let any = batch::raycast_any(&obb, &rays, max_t);
        let on_mesh = batch::raycast_mesh(&mesh, &rays, max_t);
        let mesh_any = batch::raycast_any(&mesh, &rays, max_t);
        prop_assert_eq!(closest.len(), rays.len());
        for (i, ray) in rays.iter().enumerate() {
            prop_assert_eq!(closest[i], obb.raycast(ray, max_t));
            prop_assert_eq!(surface[i], obb.raycast_surface(ray, max_t));
            prop_assert_eq!(any[i], obb.raycast_any(ray, max_t));
            prop_assert_eq!(on_mesh[i], mesh.raycast_triangle(ray, max_t));
            prop_assert_eq!(mesh_any[i], mesh.raycast_any(ray, max_t));
        }
    }

    #[test]
    fn pairs_match_one_call_each(
        pairs in proptest::collection::vec((strategy::sphere(), strategy::obb()), 0..64),
    ) {
        let answers = batch::intersects::<Sphere, Obb>(&pairs);
        prop_assert_eq!(answers.len(), pairs.len());
        for ((a, b), answer) in pairs.iter().zip(answers) {
            prop_assert_eq!(answer, a.intersects(b));
        }
    }
}
