//! Contacts against triangle meshes: boxes and balls resting on a terrain, isect's
//! `ContactManifold<TriMesh>` and `Contact<TriMesh>` against parry3d's `contact_manifolds` (a
//! fresh workspace per query, with and without its `FIX_INTERNAL_EDGES` flag) and
//! `query::contact` on the same meshes and shapes, in the same run.
//!
//! `cargo bench -p isect-bench --bench mesh_contacts` (`ISECT_BENCH_QUICK=1` for a short run;
//! `ISECT_BENCH_ONLY=10k` keeps the meshes whose name contains the text). The table of ratios is
//! printed at the end and written to `<target>/isect-bench/mesh_contacts.md`.
//!
//! Inputs: the noisy height-field terrain of the mesh benchmark (about 10k and 100k triangles,
//! over `[-1, 1]²`, heights along z) and 256 boxes, each about four grid cells wide, turned
//! about z, sunk 1% of their height into the terrain below their center (found by a ray cast);
//! balls of the same size likewise.

use isect::math::{Quat, Vec3};
use isect::{Contact, ContactManifold, Obb, Ray, RayCast, Real, Sphere, TriMesh};
use isect_bench::convert::{pose, to_parry, translation};
use isect_bench::meshes::terrain;
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::{
    self, ContactManifold as ParryManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
};
use parry3d::shape::{self as ps, TriMeshFlags};

/// Shapes per benchmark iteration.
const BATCH: usize = 256;
/// Seed of every input set.
const SEED: u64 = 0xC0_17AC;

struct Resting {
    obb: Obb,
    ball: Sphere,
    box_pose: Pose,
    cuboid: ps::Cuboid,
    ball_pose: Pose,
    parry_ball: ps::Ball,
}

fn resting(mesh: &TriMesh, cells: usize, rng: &mut Rng) -> Vec<Resting> {
    let spacing = 2.0 / isect::ops::sqrt(cells as Real / 2.0);
    let half = Vec3::new(2.0 * spacing, 1.5 * spacing, spacing);
    let mut out = Vec::with_capacity(BATCH);
    while out.len() < BATCH {
        let (x, y) = (rng.range(-0.9, 0.9), rng.range(-0.9, 0.9));
        let down = Ray::new(Vec3::new(x, y, 10.0), -Vec3::Z);
        let Some(hit) = mesh.raycast(&down, Real::INFINITY) else {
            continue;
        };
        let ground = 10.0 - hit.t;
        let rotation = Quat::from_rotation_z(rng.range(0.0, 3.0));
        let obb = Obb::from_quat(Vec3::new(x, y, ground + half.z * 0.98), half, rotation);
        let ball = Sphere::new(Vec3::new(x, y, ground + half.z * 0.98), half.z);
        out.push(Resting {
            box_pose: pose(obb.center, rotation),
            cuboid: ps::Cuboid::new(to_parry(half)),
            ball_pose: translation(ball.center),
            parry_ball: ps::Ball::new(ball.radius),
            obb,
            ball,
        });
    }
    out
}

fn parry_manifolds(mesh: &ps::TriMesh, p: &Pose, shape: &dyn ps::Shape) -> usize {
    let mut manifolds: Vec<ParryManifold<(), ()>> = Vec::new();
    let mut workspace = None;
    DefaultQueryDispatcher
        .contact_manifolds(p, mesh, shape, 0.0, &mut manifolds, &mut workspace)
        .expect("supported pair");
    manifolds.iter().map(|m| m.points.len()).sum()
}

fn main() {
    let mut suite = Suite::new("mesh_contacts");
    let mut rng = Rng::new(SEED);
    let only = std::env::var("ISECT_BENCH_ONLY").unwrap_or_default();
    for (label, target) in [("10k", 10_000), ("100k", 100_000)] {
        if !label.contains(only.as_str()) {
            continue;
        }
        let m = terrain(target, &mut rng);
        let cells = m.triangles.len();
        let mesh = TriMesh::new(m.vertices.clone(), m.triangles.clone()).unwrap();
        let points: Vec<_> = m.vertices.iter().map(|&p| to_parry(p)).collect();
        let plain = ps::TriMesh::new(points.clone(), m.triangles.clone()).unwrap();
        let fixed = ps::TriMesh::with_flags(
            points,
            m.triangles.clone(),
            TriMeshFlags::FIX_INTERNAL_EDGES,
        )
        .unwrap();
        let shapes = resting(&mesh, cells, &mut rng);
        let refs: Vec<&Resting> = shapes.iter().collect();
        let at = Pose::IDENTITY;

        let id = format!("manifold_box_terrain_{label}");
        let mut group = suite.group(&id, &format!("box manifold on terrain {label}"), BATCH);
        group.isect(per_query(&mesh, &refs, |mesh, s: &Resting| {
            s.obb.contact_manifold(mesh).len()
        }));
        group.parry(
            "parry_fixed",
            "contact_manifolds (FIX_INTERNAL_EDGES)",
            per_query(&fixed, &refs, |mesh, s: &Resting| {
                parry_manifolds(mesh, &s.box_pose, &s.cuboid)
            }),
        );
        group.parry(
            "parry_plain",
            "contact_manifolds",
            per_query(&plain, &refs, |mesh, s: &Resting| {
                parry_manifolds(mesh, &s.box_pose, &s.cuboid)
            }),
        );
        group.finish();

        let id = format!("contact_box_terrain_{label}");
        let mut group = suite.group(
            &id,
            &format!("box deepest contact on terrain {label}"),
            BATCH,
        );
        group.isect(per_query(&mesh, &refs, |mesh, s: &Resting| {
            s.obb.contact(mesh)
        }));
        group.parry(
            "parry",
            "query::contact",
            per_query(&plain, &refs, |mesh, s: &Resting| {
                query::contact(&s.box_pose, &s.cuboid, &at, mesh, 0.0).ok()
            }),
        );
        group.finish();

        let id = format!("contact_ball_terrain_{label}");
        let mut group = suite.group(
            &id,
            &format!("ball deepest contact on terrain {label}"),
            BATCH,
        );
        group.isect(per_query(&mesh, &refs, |mesh, s: &Resting| {
            s.ball.contact(mesh)
        }));
        group.parry(
            "parry",
            "query::contact",
            per_query(&plain, &refs, |mesh, s: &Resting| {
                query::contact(&s.ball_pose, &s.parry_ball, &at, mesh, 0.0).ok()
            }),
        );
        group.finish();
    }
    suite.note(format!(
        "{BATCH} boxes (4 x 3 x 2 grid cells, turned about z) and balls resting 1% deep on the \
         terrain; parry's manifolds with a fresh workspace per query"
    ));
    suite.finish();
}
