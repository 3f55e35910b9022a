//! Point queries and box queries against brute force.

use super::mesh;
use crate::common::mesh::{soup, sphere_mesh, subdivided_cube};
use crate::common::{non_finite_points, tol, v};
use isect::math::Vec3;
use isect::{Aabb, Bounded, PointQuery, Real, TriMesh};
use proptest::prelude::*;

fn grid_point() -> impl Strategy<Value = Vec3> {
    (-48i32..=48, -48i32..=48, -48i32..=48)
        .prop_map(|(x, y, z)| Vec3::new(x as Real, y as Real, z as Real) * 0.25)
}

/// The distance to the nearest triangle, by a loop.
fn brute_distance(m: &TriMesh, p: Vec3) -> Real {
    (0..m.triangle_count() as u32)
        .map(|i| m.triangle(i).distance_to_point(p))
        .fold(Real::INFINITY, Real::min)
}

proptest! {
    #[test]
    fn soup_point_queries_match_brute_force(data in soup(60), points in proptest::collection::vec(grid_point(), 8)) {
        let m = mesh(data);
        for &p in &points {
            let want = brute_distance(&m, p);
            let q = m.closest_point(p);
            if m.is_solid() {
                continue;
            }
            prop_assert!((q.distance(p) - want).abs() <= tol(16.0), "{} vs {want}", q.distance(p));
            prop_assert!((m.distance_to_point(p) - want).abs() <= tol(16.0));
            let on = (0..m.triangle_count() as u32).any(|i| m.triangle(i).contains_point(p));
            prop_assert_eq!(m.contains_point(p), on);
        }
    }

    #[test]
    fn query_aabb_matches_brute_force(data in soup(60), lo in grid_point(), size in grid_point()) {
        let m = mesh(data);
        let aabb = Aabb::new(lo, lo + size.abs());
        let mut got = Vec::new();
        m.query_aabb(&aabb, |i| got.push(i));
        got.sort_unstable();
        let want: Vec<u32> = (0..m.triangle_count() as u32)
            .filter(|&i| {
                let b = m.triangle(i).aabb();
                b.min.cmple(aabb.max).all() && aabb.min.cmple(b.max).all()
            })
            .collect();
        prop_assert_eq!(got, want);
    }

    /// Inside a closed sphere mesh: the crossing count against the winding number, far enough
    /// from the surface that rounding of either does not matter.
    #[test]
    fn solid_containment_matches_the_winding_number(p in grid_point(), levels in 0u32..3) {
        let m = mesh(sphere_mesh(v(0.25, 0.0, -0.5), 7.0, levels));
        let surface = brute_distance(&m, p);
        prop_assume!(surface > tol(64.0));
        let inside = m.winding_number(p).abs() >= 0.5;
        prop_assert_eq!(m.contains_point(p), inside);
        if inside {
            prop_assert_eq!(m.closest_point(p), p);
            prop_assert_eq!(m.distance_to_point(p), 0.0);
        } else {
            prop_assert!((m.distance_to_point(p) - surface).abs() <= tol(16.0));
        }
    }
}

#[test]
fn cube_containment_on_faces_edges_vertices() {
    let m = mesh(subdivided_cube(4));
    for p in [
        v(0.0, 0.0, 0.0),
        v(0.5, 0.5, 0.5),
        v(1.0, 0.0, 0.0),
        v(1.0, 1.0, 0.0),
        v(1.0, 1.0, 1.0),
        v(0.5, 0.5, 1.0),
        v(-1.0, -0.5, 0.0),
        // Points where the probe rays run through grid vertices or edges still work.
        v(0.0, 0.5, 0.0),
        v(-0.5, -0.5, -0.5),
    ] {
        assert!(m.contains_point(p), "{p}");
        assert_eq!(m.distance_to_point(p), 0.0);
    }
    for p in [v(1.0, 1.0, 1.5), v(2.0, 0.0, 0.0), v(-1.25, 0.0, 0.0)] {
        assert!(!m.contains_point(p), "{p}");
    }
    assert_eq!(m.distance_to_point(v(3.0, 0.0, 0.0)), 2.0);
    assert_eq!(m.closest_point(v(3.0, 0.25, 0.5)), v(1.0, 0.25, 0.5));
    for p in non_finite_points() {
        assert!(!m.contains_point(p));
        assert_eq!(m.distance_to_point(p), Real::INFINITY);
    }
    let b = m.aabb();
    assert_eq!((b.min, b.max), (Vec3::splat(-1.0), Vec3::ONE));
}

#[test]
fn surface_meshes_contain_only_their_triangles() {
    // The cube without its top face: open, a surface.
    let (vertices, mut triangles) = subdivided_cube(2);
    triangles.retain(|t| !t.iter().all(|&i| vertices[i as usize].z == 1.0));
    let m = TriMesh::new(vertices, triangles).unwrap();
    assert!(!m.is_solid());
    assert!(!m.contains_point(Vec3::ZERO));
    assert_eq!(m.distance_to_point(Vec3::ZERO), 1.0);
    assert!(m.contains_point(v(0.25, 0.5, -1.0)));
    let mut none = true;
    m.query_aabb(&Aabb::new(Vec3::splat(-0.5), Vec3::splat(0.5)), |_| {
        none = false;
    });
    assert!(none);
    m.query_aabb(&Aabb::new(Vec3::ONE, Vec3::ZERO), |_| panic!("invalid box"));
}
