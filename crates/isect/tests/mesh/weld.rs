//! `TriMesh::new_welded`: exact and tolerance welding against a brute-force reference (each
//! vertex merges into the first earlier kept vertex within the tolerance, by a loop over all
//! pairs in f64), hand cases at the boundary, and invalid input.

use isect::math::Vec3;
use isect::{MeshError, Real, TriMesh, Weld};
use proptest::prelude::*;

use crate::common::flat_reference::{dv, wide};

/// For each vertex, the index of the first earlier kept vertex within `tolerance` (itself
/// when none), by a loop over every pair in f64.
fn brute_first(vertices: &[Vec3], tolerance: f64) -> Vec<usize> {
    let mut first: Vec<usize> = (0..vertices.len()).collect();
    for i in 0..vertices.len() {
        let p = dv(vertices[i]);
        if let Some(j) = (0..i).find(|&j| first[j] == j && p.distance(dv(vertices[j])) <= tolerance)
        {
            first[i] = j;
        }
    }
    first
}

/// The mesh `brute_first` describes: kept vertices in order, triangles remapped.
fn brute_weld(
    vertices: &[Vec3],
    triangles: &[[u32; 3]],
    tolerance: f64,
) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let first = brute_first(vertices, tolerance);
    let mut new_index = vec![0u32; vertices.len()];
    let mut kept = Vec::new();
    for i in 0..vertices.len() {
        if first[i] == i {
            new_index[i] = kept.len() as u32;
            kept.push(vertices[i]);
        } else {
            new_index[i] = new_index[first[i]];
        }
    }
    let triangles = triangles
        .iter()
        .map(|t| t.map(|i| new_index[i as usize]))
        .collect();
    (kept, triangles)
}

/// A triangle per three vertices, in order.
fn triangles_of(n: usize) -> Vec<[u32; 3]> {
    (0..n as u32 / 3)
        .map(|i| [3 * i, 3 * i + 1, 3 * i + 2])
        .collect()
}

#[test]
fn exact_welding_merges_identical_positions_only() {
    let vertices = vec![
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
        // -0 is 0.
        Vec3::new(-0.0, 0.0, -0.0),
        Vec3::new(0.0, 1.0, 0.0),
        // One unit in the last place away: kept.
        Vec3::new((1.0 as Real).next_up(), 0.0, 0.0),
    ];
    let mesh =
        TriMesh::new_welded(vertices.clone(), vec![[0, 1, 2], [3, 5, 4]], Weld::Exact).unwrap();
    assert_eq!(
        mesh.vertices(),
        [vertices[0], vertices[1], vertices[2], vertices[5]]
    );
    assert_eq!(mesh.triangles(), [[0, 1, 2], [0, 3, 2]]);
    // Within(0) is Exact; Off keeps everything.
    let zero = TriMesh::new_welded(
        vertices.clone(),
        vec![[0, 1, 2], [3, 5, 4]],
        Weld::Within(0.0),
    )
    .unwrap();
    assert_eq!(zero.vertices(), mesh.vertices());
    let off = TriMesh::new_welded(vertices.clone(), vec![[0, 1, 2], [3, 5, 4]], Weld::Off).unwrap();
    assert_eq!(off.vertices(), vertices);
}

#[test]
fn welding_closes_a_cube_of_separate_faces() {
    // Each face of the unit cube with its own four corners, as exporters of flat normals write.
    let corners = |axis: usize, side: Real| -> [Vec3; 4] {
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
        let at = |a: Real, b: Real| {
            let mut p = [0.0; 3];
            p[axis] = side;
            p[u] = a;
            p[v] = b;
            Vec3::from_array(p)
        };
        [at(0.0, 0.0), at(1.0, 0.0), at(1.0, 1.0), at(0.0, 1.0)]
    };
    let mut vertices = Vec::new();
    let mut triangles = Vec::new();
    for axis in 0..3 {
        for side in [0.0, 1.0] {
            let base = vertices.len() as u32;
            vertices.extend(corners(axis, side));
            // Counter-clockwise seen from outside.
            let quad = if side == 1.0 {
                [0, 1, 2, 3]
            } else {
                [0, 3, 2, 1]
            };
            triangles.push([base + quad[0], base + quad[1], base + quad[2]]);
            triangles.push([base + quad[0], base + quad[2], base + quad[3]]);
        }
    }
    let apart = TriMesh::new(vertices.clone(), triangles.clone()).unwrap();
    assert!(!apart.is_solid(), "control: six separate squares");
    let welded = TriMesh::new_welded(vertices, triangles, Weld::Exact).unwrap();
    assert_eq!(welded.vertices().len(), 8);
    assert!(welded.is_solid());
}

#[test]
fn tolerance_is_closed_and_groups_form_in_file_order() {
    // 0.5 apart merges with tolerance 0.5 (exactly representable); the next float does not.
    let tri = |x: Real| vec![Vec3::ZERO, Vec3::new(x, 0.0, 0.0), Vec3::Y];
    let merged = |vertices: Vec<Vec3>, tolerance: Real| {
        let n = vertices.len();
        n - TriMesh::new_welded(vertices, vec![[0, 1, 2]], Weld::Within(tolerance))
            .unwrap()
            .vertices()
            .len()
    };
    assert_eq!(merged(tri(0.5), 0.5), 1);
    assert_eq!(merged(tri((0.5 as Real).next_up()), 0.5), 0);
    // Along a diagonal: (0.3, 0.4, 0) is 0.5 from the origin up to rounding; clear of the
    // boundary on both sides.
    let diagonal = vec![Vec3::ZERO, Vec3::new(0.3, 0.4, 0.0), Vec3::Z * 7.0];
    assert_eq!(merged(diagonal.clone(), 0.5001), 1);
    assert_eq!(merged(diagonal, 0.4999), 0);
    // A chain 0, 0.4, 0.8 with tolerance 0.5: 0.4 merges into 0; 0.8 is 0.8 from the kept 0
    // and 0.4 is no longer a vertex of its own, so 0.8 stays.
    let chain = vec![Vec3::ZERO, Vec3::X * 0.4, Vec3::X * 0.8];
    let mesh = TriMesh::new_welded(chain, vec![[0, 1, 2]], Weld::Within(0.5)).unwrap();
    assert_eq!(mesh.vertices(), [Vec3::ZERO, Vec3::X * 0.8]);
    assert_eq!(
        mesh.triangles(),
        [[0, 0, 1]],
        "a degenerate triangle is kept"
    );
}

#[test]
fn invalid_input_names_the_input_and_tolerance() {
    let vertices = vec![Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Y];
    for bad in [Real::NAN, -1e-9, Real::INFINITY, Real::NEG_INFINITY] {
        let e =
            TriMesh::new_welded(vertices.clone(), vec![[0, 1, 2]], Weld::Within(bad)).unwrap_err();
        assert_eq!(e, MeshError::InvalidTolerance, "{bad}");
    }
    // Control: a valid tolerance builds.
    assert!(TriMesh::new_welded(vertices.clone(), vec![[0, 1, 2]], Weld::Within(1e-9)).is_ok());
    // The errors count vertices and triangles as given, before welding.
    let mut nan = vertices.clone();
    nan[3] = Vec3::new(0.0, Real::NAN, 0.0);
    for weld in [Weld::Exact, Weld::Within(0.1), Weld::Off] {
        let e = TriMesh::new_welded(nan.clone(), vec![[0, 1, 2]], weld).unwrap_err();
        assert_eq!(e, MeshError::NonFiniteVertex { vertex: 3 }, "{weld:?}");
        let e =
            TriMesh::new_welded(vertices.clone(), vec![[0, 1, 2], [3, 2, 4]], weld).unwrap_err();
        assert_eq!(
            e,
            MeshError::IndexOutOfRange {
                triangle: 1,
                index: 4,
                vertex_count: 4
            },
            "{weld:?}"
        );
        assert_eq!(
            TriMesh::new_welded(vec![], vec![], weld).unwrap_err(),
            MeshError::Empty
        );
    }
}

#[test]
fn extreme_coordinates_and_tolerances() {
    // Coordinates at the ends of the range: no overflow in the grid or the distance.
    let big = Real::MAX;
    let vertices = vec![
        Vec3::new(-big, 0.0, 0.0),
        Vec3::new(big, 0.0, 0.0),
        Vec3::new(big * 0.5, big, -big),
        Vec3::new(big, 0.0, 0.0),
        Vec3::new(-big, 0.0, 0.0),
        Vec3::new(big * 0.5, big, -big),
    ];
    for tolerance in [0.0, 1e-30, 1.0, big * 0.25, big] {
        let mesh = TriMesh::new_welded(vertices.clone(), triangles_of(6), Weld::Within(tolerance))
            .unwrap();
        let (kept, _) = brute_weld(&vertices, &triangles_of(6), wide(tolerance));
        assert_eq!(mesh.vertices(), kept, "tolerance {tolerance}");
    }
    // One stray vertex far away (the case the fuzzer found: a mangled STL coordinate of 6.8e37)
    // must not widen the cells around the others.
    let mut stray: Vec<Vec3> = (0..600)
        .map(|i| {
            Vec3::new(
                (i % 7) as Real * 0.125,
                (i % 11) as Real * 0.125,
                (i % 13) as Real,
            )
        })
        .collect();
    stray[300] = Vec3::new(0.0, 0.0, big * 0.2);
    let mesh = TriMesh::new_welded(stray.clone(), triangles_of(600), Weld::Within(0.25)).unwrap();
    assert_eq!(
        mesh.vertices(),
        brute_weld(&stray, &triangles_of(600), 0.25).0
    );
    // A tolerance far below the spacing of the coordinates, in a wide mesh.
    let mut wide: Vec<Vec3> = (0..300)
        .map(|i| Vec3::new(i as Real * 1e-6, 0.0, 0.0))
        .collect();
    wide.push(Vec3::splat(1e6));
    wide.extend((0..299).map(|i| Vec3::new(i as Real * 1e-6, 0.0, 0.0)));
    let n = wide.len() / 3 * 3;
    wide.truncate(n);
    let mesh = TriMesh::new_welded(wide.clone(), triangles_of(n), Weld::Within(1e-12)).unwrap();
    assert_eq!(
        mesh.vertices(),
        brute_weld(&wide, &triangles_of(n), 1e-12).0
    );
}

/// A coordinate on a coarse grid (so that many vertices coincide or come close), scaled.
fn coordinate() -> impl Strategy<Value = Real> {
    (-6i32..=6, 0i32..4).prop_map(|(k, fine)| k as Real * 0.25 + fine as Real * 0.0625)
}

proptest! {
    #[test]
    fn welding_matches_the_brute_force_reference(
        points in proptest::collection::vec((coordinate(), coordinate(), coordinate()), 3..90),
        tolerance_index in 0usize..6,
        scale_exponent in -20i32..20,
    ) {
        let scale = (2.0 as Real).powi(scale_exponent);
        let vertices: Vec<Vec3> = points
            .iter()
            .map(|&(x, y, z)| Vec3::new(x, y, z) * scale)
            .collect();
        let n = vertices.len() / 3 * 3;
        let vertices = vertices[..n].to_vec();
        let triangles = triangles_of(n);
        // Tolerances between the grid's distances (all of the form sqrt(k) / 16 times the
        // scale), so no pair is at the boundary up to rounding.
        let tolerance = [0.0, 0.03, 0.07, 0.1, 0.26, 0.6][tolerance_index] * scale;
        let mesh = TriMesh::new_welded(vertices.clone(), triangles.clone(), Weld::Within(tolerance)).unwrap();
        let (kept, remapped) = brute_weld(&vertices, &triangles, wide(tolerance));
        prop_assert_eq!(mesh.vertices(), &kept[..]);
        prop_assert_eq!(mesh.triangles(), &remapped[..]);
        if tolerance == 0.0 {
            let exact = TriMesh::new_welded(vertices, triangles, Weld::Exact).unwrap();
            prop_assert_eq!(exact.vertices(), mesh.vertices());
        }
    }
}
