//! Shapes turning against a terrain, and meshes against meshes: isect's
//! `TriMesh::sweep_rotating_triangle` against parry3d's `query::cast_shapes_nonlinear` (its
//! `TriMesh` at rest), and `Intersects`, `Distance` and `Contact` between a small closed mesh
//! and the terrain against parry3d's `intersection_test`, `distance` and `contact` on the same
//! meshes, in the same run.
//!
//! `cargo bench -p isect-bench --bench mesh_motion` (`ISECT_BENCH_ONLY=10k` keeps the meshes
//! whose name contains the text). The table of ratios is printed at the end and written to
//! `<target>/isect-bench/mesh_motion.md`.
//!
//! Inputs: the noisy height-field terrain of the mesh benchmark (about 10k and 100k triangles
//! over `[-1, 1]²`, heights along z). Swinging boxes: 256 boxes about four grid cells wide,
//! hanging two box heights above the ground below them, each swung a radian about a
//! horizontal axis through a pivot six box heights above it (a pendulum's stroke), and dropped
//! by one box height on the way: about half reach the terrain. Mesh pairs: a UV sphere of 320
//! triangles, as wide as the boxes, placed at 256 points, a third resting 1% deep in the
//! terrain, a third just clear (a tenth of its radius) and a third far above.

use std::time::Duration;

use isect::math::{Quat, Vec3};
use isect::{Contact, Distance, Intersects, Obb, Ray, RayCast, Real, RigidMotion, TriMesh};
use isect_bench::convert::{pose, to_parry};
use isect_bench::meshes::{sphere, terrain};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::{self, NonlinearRigidMotion};
use parry3d::shape as ps;

/// Shapes per benchmark iteration.
const BATCH: usize = 256;
/// Seed of every input set.
const SEED: u64 = 0x5_1A_6E;

/// A box swung by a rigid motion, for both libraries.
struct Swing {
    obb: Obb,
    motion: RigidMotion,
    cuboid: ps::Cuboid,
    parry_motion: NonlinearRigidMotion,
}

/// The ground height below `(x, y)`, by a ray cast straight down.
fn ground(mesh: &TriMesh, x: Real, y: Real) -> Option<Real> {
    let down = Ray::new(Vec3::new(x, y, 10.0), -Vec3::Z);
    mesh.raycast(&down, Real::INFINITY).map(|hit| 10.0 - hit.t)
}

fn swings(mesh: &TriMesh, spacing: Real, rng: &mut Rng) -> Vec<Swing> {
    let half = Vec3::new(2.0 * spacing, 1.5 * spacing, spacing);
    let mut out = Vec::with_capacity(BATCH);
    while out.len() < BATCH {
        let (x, y) = (rng.range(-0.8, 0.8), rng.range(-0.8, 0.8));
        let Some(z) = ground(mesh, x, y) else {
            continue;
        };
        let rotation = Quat::from_rotation_z(rng.range(0.0, 3.0));
        let center = Vec3::new(x, y, z + 5.0 * half.z);
        let obb = Obb::from_quat(center, half, rotation);
        let axis = Quat::from_rotation_z(rng.range(0.0, 6.0)) * Vec3::X;
        let motion = RigidMotion::new(
            Vec3::new(0.0, 0.0, -2.0 * half.z),
            axis,
            center + Vec3::new(0.0, 0.0, 12.0 * half.z),
        );
        let local_center = rotation.inverse() * (motion.center - center);
        out.push(Swing {
            cuboid: ps::Cuboid::new(to_parry(half)),
            parry_motion: NonlinearRigidMotion::new(
                pose(center, rotation),
                to_parry(local_center),
                to_parry(motion.linear),
                to_parry(motion.angular),
            ),
            obb,
            motion,
        });
    }
    out
}

/// A small closed mesh placed at a point, for both libraries (isect's copy moved, parry's by
/// its pose).
struct Placed {
    mesh: TriMesh,
    pose: Pose,
}

fn placed(terrain: &TriMesh, radius: Real, rng: &mut Rng) -> (Vec<Placed>, ps::TriMesh) {
    let ball = sphere(320);
    let vertices: Vec<Vec3> = ball.vertices.iter().map(|&p| p * radius).collect();
    let parry_ball = ps::TriMesh::new(
        vertices.iter().map(|&p| to_parry(p)).collect(),
        ball.triangles.clone(),
    )
    .expect("a closed UV sphere");
    let mut out = Vec::with_capacity(BATCH);
    while out.len() < BATCH {
        let (x, y) = (rng.range(-0.8, 0.8), rng.range(-0.8, 0.8));
        let Some(z) = ground(terrain, x, y) else {
            continue;
        };
        let lift = match out.len() % 3 {
            0 => 0.98 * radius,
            1 => 1.1 * radius,
            _ => 4.0 * radius,
        };
        let at = Vec3::new(x, y, z + lift);
        out.push(Placed {
            mesh: TriMesh::new(
                vertices.iter().map(|&p| p + at).collect(),
                ball.triangles.clone(),
            )
            .expect("a closed UV sphere"),
            pose: pose(at, Quat::IDENTITY),
        });
    }
    (out, parry_ball)
}

fn main() {
    let mut suite = Suite::timed(
        "mesh_motion",
        Duration::from_millis(300),
        Duration::from_millis(1000),
        10,
    );
    let mut rng = Rng::new(SEED);
    let only = std::env::var("ISECT_BENCH_ONLY").unwrap_or_default();
    let mut agreement = Vec::new();
    for (label, target) in [("10k", 10_000), ("100k", 100_000)] {
        if !label.contains(only.as_str()) {
            continue;
        }
        let m = terrain(target, &mut rng);
        let cells = m.triangles.len();
        let spacing = 2.0 / isect::ops::sqrt(cells as Real / 2.0);
        let mesh = TriMesh::new(m.vertices.clone(), m.triangles.clone()).unwrap();
        let plain = ps::TriMesh::new(
            m.vertices.iter().map(|&p| to_parry(p)).collect(),
            m.triangles.clone(),
        )
        .unwrap();
        let still = NonlinearRigidMotion::identity();

        let boxes = swings(&mesh, spacing, &mut rng);
        let refs: Vec<&Swing> = boxes.iter().collect();
        let ours: Vec<Option<Real>> = refs
            .iter()
            .map(|s| mesh.sweep_rotating_triangle(&s.obb, &s.motion).map(|h| h.t))
            .collect();
        let theirs: Vec<Option<Real>> = refs
            .iter()
            .map(|s| {
                query::cast_shapes_nonlinear(
                    &s.parry_motion,
                    &s.cuboid,
                    &still,
                    &plain,
                    0.0,
                    1.0,
                    true,
                )
                .expect("supported pair")
                .map(|h| h.time_of_impact)
            })
            .collect();
        let hits = ours.iter().filter(|t| t.is_some()).count();
        let same = ours
            .iter()
            .zip(&theirs)
            .filter(|(a, b)| match (a, b) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-3,
                (None, None) => true,
                _ => false,
            })
            .count();
        agreement.push(format!(
            "swinging boxes, terrain {label}: {hits} of {BATCH} hit; the same hit or miss and time \
             (to 1e-3) as parry in {same}"
        ));
        let id = format!("rotating_box_terrain_{label}");
        let mut group = suite.group(&id, &format!("swinging box against terrain {label}"), BATCH);
        group.isect(per_query(&mesh, &refs, |mesh, s: &Swing| {
            mesh.sweep_rotating_triangle(&s.obb, &s.motion)
        }));
        group.parry(
            "parry",
            "cast_shapes_nonlinear",
            per_query(&plain, &refs, |mesh, s: &Swing| {
                query::cast_shapes_nonlinear(
                    &s.parry_motion,
                    &s.cuboid,
                    &still,
                    mesh,
                    0.0,
                    1.0,
                    true,
                )
                .ok()
                .flatten()
                .map(|h| h.time_of_impact)
            }),
        );
        group.finish();

        let (balls, parry_ball) = placed(&mesh, 2.0 * spacing, &mut rng);
        let refs: Vec<&Placed> = balls.iter().collect();
        let at = Pose::IDENTITY;
        let meets = refs.iter().filter(|b| b.mesh.intersects(&mesh)).count();
        let same = refs
            .iter()
            .filter(|b| {
                let d = b.mesh.distance(&mesh);
                let p = query::distance(&b.pose, &parry_ball, &at, &plain)
                    .expect("supported pair")
                    .distance;
                (d - p).abs() <= 1e-4
            })
            .count();
        agreement.push(format!(
            "sphere meshes on terrain {label}: {meets} of {BATCH} meet it; the same distance \
             (to 1e-4) as parry in {same}"
        ));
        let id = format!("mesh_intersects_terrain_{label}");
        let mut group = suite.group(&id, &format!("sphere mesh overlaps terrain {label}"), BATCH);
        group.isect(per_query(&mesh, &refs, |mesh, b: &Placed| {
            b.mesh.intersects(mesh)
        }));
        group.parry(
            "parry",
            "query::intersection_test",
            per_query(&plain, &refs, |mesh, b: &Placed| {
                query::intersection_test(&b.pose, &parry_ball, &at, mesh).ok()
            }),
        );
        group.finish();

        let id = format!("mesh_distance_terrain_{label}");
        let mut group = suite.group(
            &id,
            &format!("sphere mesh distance to terrain {label}"),
            BATCH,
        );
        group.isect(per_query(&mesh, &refs, |mesh, b: &Placed| {
            b.mesh.distance(mesh)
        }));
        group.parry(
            "parry",
            "query::distance",
            per_query(&plain, &refs, |mesh, b: &Placed| {
                query::distance(&b.pose, &parry_ball, &at, mesh).ok()
            }),
        );
        group.finish();

        let id = format!("mesh_contact_terrain_{label}");
        let mut group = suite.group(
            &id,
            &format!("sphere mesh deepest contact with terrain {label}"),
            BATCH,
        );
        group.isect(per_query(&mesh, &refs, |mesh, b: &Placed| {
            b.mesh.contact(mesh)
        }));
        group.parry(
            "parry",
            "query::contact",
            per_query(&plain, &refs, |mesh, b: &Placed| {
                query::contact(&b.pose, &parry_ball, &at, mesh, 0.0).ok()
            }),
        );
        group.finish();
    }
    suite.note(
        "Inputs: see the module docs of `benches/mesh_motion.rs`. Per group 0.3 s warm-up, 1 s \
         measurement, 10 samples. Agreement before timing:",
    );
    for line in agreement {
        suite.note(line);
    }
    suite.finish();
}
