//! `TriMesh` ray casts and point queries against parry's `TriMesh` (`solid = false` casts,
//! projections) on closed sphere meshes and random soups.
//!
//! parry's triangle test is not watertight, so hits are compared only where isect's hit is
//! clear of the triangle's edges (every barycentric weight above 1e-3) and misses only where
//! parry's hit, if any, is clear of edges the same way; hits at the ray's origin (within the
//! tolerance; parry does not report a start on the surface of a non-solid cast) and at `max_t`
//! are boundary cases and not compared.

use isect::math::Vec3;
use isect::{PointQuery, Ray, Real, TriMesh};
use parry::query::{PointQuery as ParryPointQuery, RayCast as ParryRayCast};
use proptest::prelude::*;

use crate::common::mesh::{aimed_ray, soup, sphere_mesh};
use crate::common::parry_conv::{from_parry, to_parry};
use crate::common::tol;

const CLEAR: Real = 1.0e-3;

fn parry_mesh(m: &TriMesh) -> parry::shape::TriMesh {
    parry::shape::TriMesh::new(
        m.vertices().iter().map(|&p| to_parry(p)).collect(),
        m.triangles().to_vec(),
    )
    .expect("parry accepts the mesh")
}

/// Whether the hit at `t` (point `origin + t dir`) is clear of the boundary cases: inside the
/// triangle nearest to it by more than [`CLEAR`] in every barycentric weight, not at the ray's
/// origin and not at `max_t`.
fn clear(m: &TriMesh, ray: &Ray, t: Real, max_t: Real) -> bool {
    let q = ray.origin + ray.dir * t;
    let nearest = (0..m.triangle_count() as u32)
        .min_by(|&a, &b| {
            let da = m.triangle(a).distance_to_point(q);
            let db = m.triangle(b).distance_to_point(q);
            da.total_cmp(&db)
        })
        .expect("a mesh has triangles");
    t > tol(64.0)
        && t < max_t * (1.0 - tol(64.0))
        && m.triangle(nearest)
            .barycentric(q)
            .is_some_and(|b| b.min_element() > CLEAR)
}

fn compare(m: &TriMesh, pm: &parry::shape::TriMesh, ray: &Ray, max_t: Real) {
    let ours = m.raycast_triangle(ray, max_t);
    let pray = parry::query::Ray::new(to_parry(ray.origin), to_parry(ray.dir));
    let theirs = pm.cast_local_ray_and_get_normal(&pray, max_t, false);
    let slack = tol(64.0) * 16.0;
    // A clear hit of one side must be found by the other, at the same t (the other may have
    // found an earlier hit, which must then be a boundary case, its own not being clear).
    if let Some(h) = ours.filter(|h| clear(m, ray, h.t, max_t)) {
        let p = theirs.expect("parry misses a clear hit");
        assert!(
            p.time_of_impact <= h.t + slack * (1.0 + h.t),
            "parry's first hit {} after isect's clear hit {}",
            p.time_of_impact,
            h.t
        );
        if clear(m, ray, p.time_of_impact, max_t) {
            assert!(
                (h.t - p.time_of_impact).abs() <= slack * (1.0 + h.t),
                "t {} vs parry {}",
                h.t,
                p.time_of_impact
            );
            assert!(
                h.normal.dot(from_parry(p.normal)).abs() >= 1.0 - tol(64.0),
                "normals"
            );
        }
    }
    if let Some(p) = theirs.filter(|p| clear(m, ray, p.time_of_impact, max_t)) {
        let h = ours.expect("isect misses parry's clear hit");
        assert!(
            h.t <= p.time_of_impact + slack * (1.0 + h.t),
            "isect's first hit {} after parry's clear hit {}",
            h.t,
            p.time_of_impact
        );
    }
}

proptest! {
    #[test]
    fn sphere_casts_match_parry(rays in proptest::collection::vec(aimed_ray(), 16), levels in 1u32..4) {
        let (vertices, triangles) = sphere_mesh(Vec3::new(0.5, 0.25, -0.5), 6.0, levels);
        let m = TriMesh::new(vertices, triangles).unwrap();
        let pm = parry_mesh(&m);
        for ray in &rays {
            compare(&m, &pm, ray, Real::INFINITY);
            compare(&m, &pm, ray, 1.0);
        }
    }

    #[test]
    fn soup_casts_and_distances_match_parry(
        data in soup(40),
        rays in proptest::collection::vec(aimed_ray(), 8),
    ) {
        let m = TriMesh::new(data.0, data.1).unwrap();
        // parry rejects meshes with degenerate triangles' edges in some versions; keep to
        // soups without them.
        prop_assume!((0..m.triangle_count() as u32).all(|i| m.triangle(i).normal().is_some()));
        prop_assume!(!m.is_solid());
        let pm = parry_mesh(&m);
        for ray in &rays {
            compare(&m, &pm, ray, Real::INFINITY);
            // Distances (a surface: parry's projection with solid = false).
            let p = ray.origin;
            let d = m.distance_to_point(p);
            let pd = pm.distance_to_local_point(to_parry(p), false);
            prop_assert!((d - pd).abs() <= tol(64.0), "distance {d} vs parry {pd}");
        }
    }
}
