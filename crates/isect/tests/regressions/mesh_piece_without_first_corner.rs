//! Was: a mesh's connected pieces are found once at build (union–find over the triangles'
//! vertices, each piece's root its lowest vertex index), and a piece was kept only where its
//! root was marked used, but only each triangle's *first* corner was marked: a piece whose
//! lowest vertex is never a triangle's first corner had no point, so a mesh wholly inside a
//! closed mesh, touching none of its triangles, was not found inside it. A tetrahedron inside a
//! cube, its faces written so that no face starts at vertex 0: `intersects` was false (and
//! `distance` positive) both ways.

use isect::math::Vec3;
use isect::{Distance, Intersects, TriMesh};

/// The cube `[-4, 4]³`, twelve triangles wound counter-clockwise seen from outside.
fn cube() -> TriMesh {
    let v: Vec<Vec3> = (0..8)
        .map(|i| {
            let s = |bit: u32| if i & bit != 0 { 4.0 } else { -4.0 };
            Vec3::new(s(1), s(2), s(4))
        })
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let triangles = quads
        .iter()
        .flat_map(|&[a, b, c, d]| [[a, b, c], [a, c, d]])
        .collect();
    TriMesh::new(v, triangles).expect("a valid mesh")
}

#[test]
fn mesh_piece_without_first_corner() {
    let outer = cube();
    assert!(outer.is_solid());
    let v = vec![
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(0.0, 0.0, 1.0),
    ];
    // The faces (0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3), each turned to start off vertex 0.
    let inner =
        TriMesh::new(v, vec![[2, 1, 0], [1, 3, 0], [3, 2, 0], [1, 2, 3]]).expect("a valid mesh");
    assert!(inner.is_solid());
    assert!(outer.intersects(&inner));
    assert!(inner.intersects(&outer));
    assert_eq!(outer.distance(&inner), 0.0);
    assert_eq!(inner.distance(&outer), 0.0);
}
