//! `TriMesh::new`: the checks on the data, the error that names the culprit, and what a valid
//! mesh reports about itself.

use isect::math::Vec3;
use isect::{Bounded, MeshError, Real, TriMesh};

use crate::common::{NON_FINITE, v};

fn quad() -> (Vec<Vec3>, Vec<[u32; 3]>) {
    (
        vec![
            v(0.0, 0.0, 0.0),
            v(1.0, 0.0, 0.0),
            v(1.0, 1.0, 0.0),
            v(0.0, 1.0, 0.0),
        ],
        vec![[0, 1, 2], [0, 2, 3]],
    )
}

#[test]
fn empty_input_is_rejected() {
    assert_eq!(TriMesh::new(vec![], vec![]).unwrap_err(), MeshError::Empty);
    assert_eq!(
        TriMesh::new(quad().0, vec![]).unwrap_err(),
        MeshError::Empty
    );
    assert_eq!(
        TriMesh::new(vec![], vec![[0, 0, 0]]).unwrap_err(),
        MeshError::Empty
    );
}

#[test]
fn non_finite_vertices_are_named() {
    for x in NON_FINITE {
        for axis in 0..3 {
            let (mut vertices, triangles) = quad();
            vertices[2][axis] = x;
            let err = TriMesh::new(vertices, triangles).unwrap_err();
            assert_eq!(err, MeshError::NonFiniteVertex { vertex: 2 });
            assert!(err.to_string().contains("vertex 2"), "{err}");
        }
    }
}

#[test]
fn indices_out_of_range_are_named() {
    let (vertices, mut triangles) = quad();
    triangles[1] = [0, 2, 4];
    let err = TriMesh::new(vertices, triangles).unwrap_err();
    assert_eq!(
        err,
        MeshError::IndexOutOfRange {
            triangle: 1,
            index: 4,
            vertex_count: 4
        }
    );
    assert!(err.to_string().contains("triangle 1"), "{err}");
    let (vertices, _) = quad();
    let err = TriMesh::new(vertices, vec![[u32::MAX, 0, 1]]).unwrap_err();
    assert!(matches!(
        err,
        MeshError::IndexOutOfRange { triangle: 0, .. }
    ));
}

#[test]
fn a_valid_mesh_keeps_its_data() {
    let (vertices, triangles) = quad();
    let mesh = TriMesh::new(vertices.clone(), triangles.clone()).unwrap();
    assert_eq!(mesh.vertices(), &vertices[..]);
    assert_eq!(mesh.triangles(), &triangles[..]);
    assert_eq!(mesh.triangle_count(), 2);
    assert_eq!(mesh.triangle(1).c, v(0.0, 1.0, 0.0));
    assert!(!mesh.is_solid(), "a quad is a surface");
    let b = mesh.aabb();
    assert_eq!((b.min, b.max), (v(0.0, 0.0, 0.0), v(1.0, 1.0, 0.0)));
    // An unused vertex does not count in the bounds.
    let (mut vertices, triangles) = quad();
    vertices.push(v(100.0, 0.0, 0.0));
    assert_eq!(
        TriMesh::new(vertices, triangles).unwrap().aabb().max.x,
        1.0 as Real
    );
}

#[test]
fn solid_needs_every_edge_twice_in_opposite_directions() {
    let vertices = vec![
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
        v(0.0, 0.0, 1.0),
    ];
    let closed = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    assert!(
        TriMesh::new(vertices.clone(), closed.clone())
            .unwrap()
            .is_solid()
    );
    // One triangle turned over: closed, not consistently oriented.
    let mut flipped = closed.clone();
    flipped[3] = [1, 3, 2];
    assert!(!TriMesh::new(vertices.clone(), flipped).unwrap().is_solid());
    // One triangle missing: open.
    assert!(
        !TriMesh::new(vertices.clone(), closed[..3].to_vec())
            .unwrap()
            .is_solid()
    );
    // A triangle repeated: an edge used three times or more.
    let mut doubled = closed.clone();
    doubled.push([1, 2, 3]);
    assert!(!TriMesh::new(vertices, doubled).unwrap().is_solid());
}

#[test]
fn winding_number_of_a_tetrahedron() {
    let vertices = vec![
        v(0.0, 0.0, 0.0),
        v(4.0, 0.0, 0.0),
        v(0.0, 4.0, 0.0),
        v(0.0, 0.0, 4.0),
    ];
    let mesh = TriMesh::new(vertices, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    let inside = mesh.winding_number(v(0.5, 0.5, 0.5));
    assert!((inside - 1.0).abs() < 1e-4, "{inside}");
    let outside = mesh.winding_number(v(5.0, 5.0, 5.0));
    assert!(outside.abs() < 1e-4, "{outside}");
}
