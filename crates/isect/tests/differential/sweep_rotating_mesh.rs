//! Rotating sweeps against a mesh (`TriMesh::sweep_rotating_triangle`) against parry's
//! `query::cast_shapes_nonlinear` with its `TriMesh` at rest, judged as the pair sweeps are
//! (`super::sweep_rotating::compare`: no later than parry's clear hits, and a real contact where
//! the two differ).

use isect::math::{Quat, Vec3};
use isect::{Distance, Intersects, Obb, Real, RigidMotion, SweepHit, TriMesh};
use parry::shape as ps;
use proptest::prelude::*;

use super::mesh_shapes::parry_mesh;
use super::sweep_rotating::{compare, parry_motion, parry_toi};
use crate::common::mesh::{soup, terrain};
use crate::common::parry_conv::to_parry;
use crate::common::strategy;
use crate::sweep::rotating::Carried;

/// Random soups and terrains, without degenerate triangles (which parry keeps its own way).
fn any_mesh() -> impl Strategy<Value = TriMesh> {
    let m = |(v, t)| TriMesh::new(v, t).expect("valid mesh");
    prop_oneof![soup(24).prop_map(m), terrain().prop_map(m)]
        .prop_filter("no degenerate triangles", |m: &TriMesh| {
            (0..m.triangle_count() as u32).all(|i| m.triangle(i).normal().is_some())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn obb_against_a_mesh_rotating_matches_parry(
        mesh in any_mesh(),
        c in strategy::vec3(),
        half in (strategy::real(0.2, 2.0), strategy::real(0.2, 2.0), strategy::real(0.2, 2.0)),
        q in strategy::rotation(),
        aim in strategy::vec3(), w in strategy::vec3(), pivot in strategy::vec3(),
    ) {
        let Some(theirs_mesh) = parry_mesh(&mesh) else {
            return Err(TestCaseError::reject("parry refuses the mesh"));
        };
        // From beside the mesh's box, aimed through its middle, turning up to about 3 radians
        // about a point up to about 5 from the box's center.
        let bounds = isect::Bounded::aabb(&mesh);
        let middle = (bounds.min + bounds.max) * 0.5;
        let start = middle + Vec3::new(bounds.max.x - bounds.min.x + 4.0, 0.0, 0.0) + c * 0.2;
        let b = Obb::from_quat(start, Vec3::new(half.0, half.1, half.2), q);
        let motion = RigidMotion::new((middle - start) * 1.5 + aim * 0.2, w * 0.3, start + pivot * 0.5);
        let ours: Option<SweepHit> = mesh.sweep_rotating_triangle(&b, &motion).map(|h| SweepHit {
            t_first: h.t,
            t_last: h.t,
            point: h.point,
            normal: h.normal,
        });
        let theirs = parry_toi(
            &parry_motion(b.center, Quat::from_mat3(&b.rotation), &motion),
            &ps::Cuboid::new(to_parry(b.half_extents)),
            &parry_motion(Vec3::ZERO, Quat::IDENTITY, &RigidMotion::STILL),
            &theirs_mesh,
        );
        compare(
            ours,
            theirs,
            |t: Real| b.carried(&motion, t).intersects(&mesh),
            |t: Real| b.carried(&motion, t).distance(&mesh),
        )?;
    }
}
