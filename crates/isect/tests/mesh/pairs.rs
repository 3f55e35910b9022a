//! Mesh against mesh: the BVH-against-BVH traversal against a loop over all triangle pairs.

use super::mesh;
use crate::common::mesh::{soup, sphere_mesh, subdivided_cube};
use isect::math::Vec3;
use isect::{Intersects, PointQuery, Real, TriMesh};
use proptest::prelude::*;

fn brute(a: &TriMesh, b: &TriMesh) -> bool {
    let tris = |m: &TriMesh| -> Vec<isect::Triangle> {
        (0..m.triangle_count() as u32)
            .map(|i| m.triangle(i))
            .filter(|t| t.normal().is_some())
            .collect()
    };
    let (ta, tb) = (tris(a), tris(b));
    ta.iter().any(|x| tb.iter().any(|y| x.intersects(y)))
}

fn translated(m: &TriMesh, d: Vec3) -> TriMesh {
    TriMesh::new(
        m.vertices().iter().map(|p| *p + d).collect(),
        m.triangles().to_vec(),
    )
    .unwrap()
}

proptest! {
    #[test]
    fn soups_match_the_pair_loop(a in soup(40), b in soup(40)) {
        let (a, b) = (mesh(a), mesh(b));
        // Soups are surfaces (solid only by chance, which the shared-vertex-free soup never is).
        prop_assume!(!a.is_solid() && !b.is_solid());
        let want = brute(&a, &b);
        prop_assert_eq!(a.intersects(&b), want);
        prop_assert_eq!(b.intersects(&a), want);
    }

    #[test]
    fn solid_spheres(dx in -40i32..=40, dy in -40i32..=40) {
        let a = mesh(sphere_mesh(Vec3::ZERO, 2.0, 2));
        let small = mesh(sphere_mesh(Vec3::ZERO, 0.5, 1));
        let d = Vec3::new(dx as Real, dy as Real, 0.0) * 0.125;
        let b = translated(&small, d);
        let crossing = brute(&a, &b);
        let inside = a.contains_point(d);
        prop_assert_eq!(a.intersects(&b), crossing || inside);
        prop_assert_eq!(b.intersects(&a), crossing || inside);
    }
}

#[test]
fn nested_touching_and_apart() {
    let big = mesh(subdivided_cube(4));
    let small = translated(&mesh(sphere_mesh(Vec3::ZERO, 0.25, 1)), Vec3::splat(0.125));
    // Nested: no triangles meet, but the solid cube holds the sphere.
    assert!(!brute(&big, &small));
    assert!(big.intersects(&small) && small.intersects(&big));
    // The open version of the cube (a surface) does not hold it.
    let (vertices, mut triangles) = subdivided_cube(4);
    triangles.truncate(triangles.len() - 2);
    let open = TriMesh::new(vertices, triangles).unwrap();
    assert!(!open.is_solid());
    assert!(!open.intersects(&small) && !small.intersects(&open));
    // Touching: two cubes sharing the face x = 1.
    let other = translated(&big, Vec3::new(2.0, 0.0, 0.0));
    assert!(big.intersects(&other));
    // Apart by a quarter.
    let apart = translated(&big, Vec3::new(2.25, 0.0, 0.0));
    assert!(!big.intersects(&apart) && !apart.intersects(&big));
}
