//! Refitting after moving vertices agrees with a fresh build.

use super::{brute_first, mesh};
use crate::common::mesh::{aimed_ray, soup, sphere_mesh};
use crate::common::tol;
use isect::math::Vec3;
use isect::{MeshError, PointQuery, RayCast, Real, TriMesh};
use proptest::prelude::*;

proptest! {
    #[test]
    fn refit_answers_as_a_fresh_build(
        data in soup(40),
        moves in proptest::collection::vec((-8i32..=8, -8i32..=8, -8i32..=8), 120),
        rays in proptest::collection::vec(aimed_ray(), 8),
    ) {
        let mut m = mesh(data.clone());
        let moved: Vec<Vec3> = data.0.iter().zip(moves.iter().cycle()).map(|(p, d)| {
            *p + Vec3::new(d.0 as Real, d.1 as Real, d.2 as Real) * 0.5
        }).collect();
        m.refit(&moved).unwrap();
        let fresh = TriMesh::new(moved.clone(), data.1.clone()).unwrap();
        prop_assert_eq!(m.vertices(), fresh.vertices());
        for ray in &rays {
            let a = m.raycast_triangle(ray, Real::INFINITY).map(|h| h.t);
            let b = fresh.raycast_triangle(ray, Real::INFINITY).map(|h| h.t);
            prop_assert_eq!(a, b);
            prop_assert_eq!(a, brute_first(&fresh, ray, Real::INFINITY));
            prop_assert_eq!(m.raycast_any(ray, Real::INFINITY), a.is_some());
            let p = ray.origin;
            prop_assert!((m.distance_to_point(p) - fresh.distance_to_point(p)).abs() <= tol(1.0));
        }
    }
}

#[test]
fn refit_a_deforming_sphere() {
    let (vertices, triangles) = sphere_mesh(Vec3::ZERO, 1.0, 3);
    let mut m = TriMesh::new(vertices.clone(), triangles.clone()).unwrap();
    // Stretch along x by 3 and move by (5, 0, 0).
    let moved: Vec<Vec3> = vertices
        .iter()
        .map(|p| Vec3::new(p.x * 3.0 + 5.0, p.y, p.z))
        .collect();
    m.refit(&moved).unwrap();
    assert!(m.is_solid());
    let ray = isect::Ray::new(Vec3::new(-10.0, 0.0, 0.0), Vec3::X);
    assert!((m.raycast(&ray, 100.0).unwrap().t - 12.0).abs() <= tol(16.0));
    // An oblique ray (the one-box test before the root node applies) to a part outside the
    // old bounds: about (7.5, -0.39, -0.39), at t = 4.61 on the exact ellipsoid.
    let ray = isect::Ray::new(Vec3::new(7.5, -5.0, -5.0), Vec3::new(1e-3, 1.0, 1.0));
    let t = m.raycast(&ray, 100.0).unwrap().t;
    assert!((t - 4.61).abs() < 0.05, "{t}");
    assert!(m.contains_point(Vec3::new(7.5, 0.0, 0.0)));
    assert!(!m.contains_point(Vec3::ZERO));
    // A bad position leaves the mesh as it was.
    let mut bad = moved.clone();
    bad[3] = Vec3::NAN;
    assert_eq!(m.refit(&bad), Err(MeshError::NonFiniteVertex { vertex: 3 }));
    assert_eq!(m.vertices(), &moved[..]);
}

/// A mesh's connected pieces are found again on a refit: a triangle flattened to a sliver
/// leaves its piece, and the piece that moved inside a solid mesh is found there.
#[test]
fn refit_finds_the_pieces_again() {
    use isect::{Distance, Intersects};
    let big = mesh(sphere_mesh(Vec3::ZERO, 4.0, 2));
    assert!(big.is_solid());
    // Two separate triangles: one inside the big ball, one far outside it.
    let inside = [Vec3::new(0.0, 0.0, 0.0), Vec3::X, Vec3::Y];
    let far = [
        Vec3::new(10.0, 0.0, 0.0),
        Vec3::new(11.0, 0.0, 0.0),
        Vec3::new(10.0, 1.0, 0.0),
    ];
    let triangles = vec![[0, 1, 2], [3, 4, 5]];
    let mut small = TriMesh::new(
        inside.iter().chain(&far).copied().collect(),
        triangles.clone(),
    )
    .unwrap();
    assert!(small.intersects(&big) && big.intersects(&small));
    assert_eq!(small.distance(&big), 0.0);
    // The inside triangle flattened to a segment: not part of the mesh any more; the far one
    // alone is apart.
    let flat = [Vec3::ZERO, Vec3::X, Vec3::X * 2.0];
    small
        .refit(&flat.iter().chain(&far).copied().collect::<Vec<_>>())
        .unwrap();
    assert!(!small.intersects(&big) && !big.intersects(&small));
    assert!(small.distance(&big) > 0.0);
    // Moved back, and the far one moved inside too: inside again, as a fresh build says.
    let near = far.map(|p| p - Vec3::new(10.0, 0.0, 0.0) * 1.0 + Vec3::Z);
    let moved: Vec<Vec3> = inside.iter().chain(&near).copied().collect();
    small.refit(&moved).unwrap();
    let fresh = TriMesh::new(moved, triangles).unwrap();
    assert!(small.intersects(&big) && fresh.intersects(&big));
    assert_eq!(small.distance(&big), fresh.distance(&big));
}
