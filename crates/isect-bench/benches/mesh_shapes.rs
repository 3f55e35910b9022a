//! Shapes against triangle meshes: shape casts (sweeps) and distances, isect's `TriMesh`
//! next to parry3d's `TriMesh` on the same meshes, shapes and motions, in the same run.
//!
//! `cargo bench -p isect-bench --bench mesh_shapes` (`ISECT_BENCH_QUICK=1`: no
//! million-triangle meshes and shorter timing; `ISECT_BENCH_ONLY="terrain 100"` keeps the
//! meshes whose "name triangles" contains the text; a criterion filter after `--` keeps
//! groups by name). Meshes: the UV sphere, terrain and soup of `isect_bench::meshes` (the mesh
//! benchmark's) at about 10k, 100k and 1M triangles, all within `[-1, 1]³`. Shapes the size
//! of a character against such a level: a sphere of radius 0.03, a capsule of radius 0.02
//! and half length 0.04, a box of half extents (0.03, 0.02, 0.025), a hull of 32 points
//! within 0.03, each placed at random in the mesh's box (grown by a fifth) and turned at
//! random. Casts: short (a step of 0.01 in a random direction) and long (to another random
//! place in the box: across the mesh). isect: `TriMesh::sweep_triangle` (the first triangle
//! touched, its time, point and normal); parry: `query::cast_shapes` against the `TriMesh`
//! (time of impact, witnesses and normals). Distances: the same shapes at places apart from
//! the mesh; isect `Distance::distance` (through the closest points), parry
//! `query::distance`. Before timing, every answer is compared: hit or miss and the time (or
//! the distance) to 1e-3; the notes give how many agree, and `DBG=1` prints each disagreement
//! with the shape's distance to the mesh at both libraries' times (which of them is right).
//! Last, the character controller of `crates/isect/examples/character_controller` (included by
//! path): its steps per second, in a note.

#![expect(
    clippy::disallowed_methods,
    reason = "a std benchmark; the `ops` rule is for the library"
)]

use std::time::Duration;

#[path = "../../isect/examples/character_controller/controller.rs"]
mod controller;
#[path = "../../isect/examples/character_controller/level.rs"]
mod level;

use isect::math::{Quat, Vec3};
use isect::{Capsule, ConvexHull, Distance, Intersects, Obb, Real, Sphere, TriMesh};
use isect_bench::convert::{pose, to_parry, translation};
use isect_bench::meshes::{Mesh, soup, sphere, terrain};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::{self, ShapeCastOptions};
use parry3d::shape as ps;

/// Queries per benchmark iteration.
const BATCH: usize = 256;
/// Seed of every input.
const SEED: u64 = 0x5A4E_3E5B;

/// A shape of both libraries, placed.
enum Shape {
    Sphere(Sphere),
    Capsule(Capsule),
    Box(Obb),
    Hull(ConvexHull),
}

/// parry's shape and pose for `shape`.
fn parry_shape(shape: &Shape) -> (Pose, Box<dyn ps::Shape>) {
    match shape {
        Shape::Sphere(s) => (translation(s.center), Box::new(ps::Ball::new(s.radius))),
        Shape::Capsule(c) => {
            let mid = (c.a + c.b) * 0.5;
            let capsule = ps::Capsule::new(to_parry(c.a - mid), to_parry(c.b - mid), c.radius);
            (translation(mid), Box::new(capsule))
        }
        Shape::Box(b) => (
            pose(b.center, Quat::from_mat3(&b.rotation)),
            Box::new(ps::Cuboid::new(to_parry(b.half_extents))),
        ),
        Shape::Hull(h) => {
            let c = h.points().iter().sum::<Vec3>() / h.points().len() as Real;
            let local: Vec<_> = h.points().iter().map(|&p| to_parry(p - c)).collect();
            let hull = ps::ConvexPolyhedron::from_convex_hull(&local).expect("a 3D hull");
            (translation(c), Box::new(hull))
        }
    }
}

/// A shape of `kind` at `at`, turned at random.
fn make(kind: &str, at: Vec3, rng: &mut Rng) -> Shape {
    let q = rng.rotation();
    match kind {
        "sphere" => Shape::Sphere(Sphere::new(at, 0.03)),
        "capsule" => {
            let half = q * Vec3::new(0.0, 0.0, 0.04);
            Shape::Capsule(Capsule::new(at - half, at + half, 0.02))
        }
        "box" => Shape::Box(Obb::from_quat(at, Vec3::new(0.03, 0.02, 0.025), q)),
        _ => Shape::Hull(ConvexHull::new(rng.points_around(32, at, 0.03))),
    }
}

/// isect's first contact time of `shape` moving by `motion` against `mesh` (`inf` for a miss).
fn isect_cast(mesh: &TriMesh, shape: &Shape, motion: Vec3) -> Real {
    let hit = match shape {
        Shape::Sphere(s) => mesh.sweep_triangle(s, motion),
        Shape::Capsule(c) => mesh.sweep_triangle(c, motion),
        Shape::Box(b) => mesh.sweep_triangle(b, motion),
        Shape::Hull(h) => mesh.sweep_triangle(h, motion),
    };
    hit.map_or(Real::INFINITY, |h| h.t)
}

/// isect's distance between `shape` and `mesh`.
fn isect_distance(mesh: &TriMesh, shape: &Shape) -> Real {
    match shape {
        Shape::Sphere(s) => s.distance(mesh),
        Shape::Capsule(c) => c.distance(mesh),
        Shape::Box(b) => b.distance(mesh),
        Shape::Hull(h) => h.distance(mesh),
    }
}

/// Whether `shape` meets `mesh` (isect).
fn isect_meets(mesh: &TriMesh, shape: &Shape) -> bool {
    match shape {
        Shape::Sphere(s) => s.intersects(mesh),
        Shape::Capsule(c) => c.intersects(mesh),
        Shape::Box(b) => b.intersects(mesh),
        Shape::Hull(h) => h.intersects(mesh),
    }
}

fn options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    }
}

/// One placed shape of parry with its motion.
struct ParryCast {
    pose: Pose,
    shape: Box<dyn ps::Shape>,
    motion: parry3d::math::Vector,
}

/// parry's first contact time (`inf` for a miss).
fn parry_cast(mesh: &ps::TriMesh, c: &ParryCast) -> Real {
    query::cast_shapes(
        &Pose::IDENTITY,
        parry3d::math::Vector::ZERO,
        mesh,
        &c.pose,
        c.motion,
        c.shape.as_ref(),
        options(),
    )
    .expect("supported pair")
    .map_or(Real::INFINITY, |h| h.time_of_impact)
}

/// Whether two answers agree: both misses, or within `1e-3` (relative above 1).
fn same(a: Real, b: Real) -> bool {
    a == b || (a - b).abs() <= 1e-3 * a.abs().max(b.abs()).max(1.0)
}

const KINDS: [&str; 4] = ["sphere", "capsule", "box", "hull"];

fn main() {
    let quick = std::env::var_os("ISECT_BENCH_QUICK").is_some_and(|v| !v.is_empty() && v != "0");
    let sizes: &[usize] = if quick {
        &[10_000, 100_000]
    } else {
        &[10_000, 100_000, 1_000_000]
    };
    let only = std::env::var("ISECT_BENCH_ONLY").unwrap_or_default();
    let mut suite = Suite::timed(
        "mesh_shapes",
        Duration::from_millis(300),
        Duration::from_millis(1000),
        10,
    );
    let mut rng = Rng::new(SEED);
    let mut agreement = Vec::new();
    for &size in sizes {
        for mesh in [sphere(size), terrain(size, &mut rng), soup(size, &mut rng)] {
            let n = mesh.triangles.len();
            let name = format!("{} {n}", mesh.name);
            if !name.contains(&only) {
                continue;
            }
            run_mesh(&mut suite, &mesh, &name, &mut rng, &mut agreement);
        }
    }
    suite.note(format!(
        "Inputs: {BATCH} placements per row from a fixed-seed generator (see the module docs \
         of `benches/mesh_shapes.rs`). Per group 0.3 s warm-up, 1 s measurement, 10 samples. \
         Agreement with parry before timing (same hit or miss, same time or distance to \
         1e-3):"
    ));
    for line in agreement {
        suite.note(line);
    }
    if let Some(line) = run_controller(&mut suite, &mut rng) {
        suite.note(line);
    }
    suite.finish();
}

/// Characters walking at a time in the controller's benchmark.
const CHARACTERS: usize = 64;

/// The character controller of `crates/isect/examples/character_controller` on its level
/// (2,146 triangles): each iteration steps `CHARACTERS` characters, spawned at random
/// and walking at 4 units a second (1/60 s steps), each turning now and then. isect only
/// (parry has no such controller in the same terms): the note gives steps per second.
fn run_controller(suite: &mut Suite, rng: &mut Rng) -> Option<String> {
    use controller::{Character, Settings};
    let level = level::level();
    let settings = Settings::PERSON;
    let edge = level::HALF - 1.0;
    let mut walkers: Vec<(Character, Real)> = (0..CHARACTERS)
        .map(|_| {
            let at = Vec3::new(
                rng.range(-edge, edge),
                level::WALL - 2.0,
                rng.range(-edge, edge),
            );
            let spawned = Character::spawn(&level, &settings, at, 2.0 * level::WALL);
            (spawned, rng.range(0.0, std::f64::consts::TAU as Real))
        })
        .collect();
    let dt: Real = 1.0 / 60.0;
    let mut tick = 0u32;
    let id = "controller_step";
    let mut g = suite.group(id, "character controller: one step", CHARACTERS);
    g.isect(|| {
        tick = tick.wrapping_add(1);
        for (k, (c, heading)) in walkers.iter_mut().enumerate() {
            // Each turns every 97 steps, at its own time.
            let phase = (tick as usize + k) % 97;
            if phase == 0 {
                *heading += 1.9;
            }
            let walk = Vec3::new(heading.cos(), 0.0, heading.sin()) * (4.0 * dt);
            c.step(&level, &settings, walk, dt);
        }
    });
    g.finish();
    let ns = suite.isect_ns(id, CHARACTERS)?;
    Some(format!(
        "Character controller (`examples/character_controller`, its level of 2,146 \
         triangles, {CHARACTERS} characters walking at 4 units/s in 1/60 s steps): {ns:.0} ns \
         per step, {:.0} steps per second on one core.",
        1e9 / ns
    ))
}

fn run_mesh(
    suite: &mut Suite,
    mesh: &Mesh,
    name: &str,
    rng: &mut Rng,
    agreement: &mut Vec<String>,
) {
    let ours = TriMesh::new(mesh.vertices.clone(), mesh.triangles.clone()).unwrap();
    let pv: Vec<_> = mesh.vertices.iter().map(|&p| to_parry(p)).collect();
    let theirs = ps::TriMesh::new(pv, mesh.triangles.clone()).unwrap();
    let (lo, hi) = mesh
        .vertices
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(l, h), p| {
            (l.min(*p), h.max(*p))
        });
    let center = (lo + hi) * 0.5;
    let place = |rng: &mut Rng| center + rng.vec3(-1.0, 1.0) * (hi - lo) * 0.6;
    let id = name.replace(' ', "_");
    for kind in KINDS {
        for long in [false, true] {
            let mut shapes = Vec::with_capacity(BATCH);
            let mut motions = Vec::with_capacity(BATCH);
            for _ in 0..BATCH {
                let at = place(rng);
                shapes.push(make(kind, at, rng));
                motions.push(if long {
                    place(rng) - at
                } else {
                    rng.unit_vec3() * 0.01
                });
            }
            let casts: Vec<ParryCast> = shapes
                .iter()
                .zip(&motions)
                .map(|(s, &m)| {
                    let (pose, shape) = parry_shape(s);
                    ParryCast {
                        pose,
                        shape,
                        motion: to_parry(m),
                    }
                })
                .collect();
            let ts: Vec<Real> = (0..BATCH)
                .map(|k| isect_cast(&ours, &shapes[k], motions[k]))
                .collect();
            let agree = (0..BATCH)
                .filter(|&k| same(ts[k], parry_cast(&theirs, &casts[k])))
                .count();
            if std::env::var_os("DBG").is_some() {
                for k in 0..BATCH {
                    let p = parry_cast(&theirs, &casts[k]);
                    if !same(ts[k], p) {
                        let d = |t: Real| {
                            if !t.is_finite() {
                                return Real::NAN;
                            }
                            let m = motions[k] * t;
                            match &shapes[k] {
                                Shape::Sphere(s) => {
                                    Sphere::new(s.center + m, s.radius).distance(&ours)
                                }
                                Shape::Capsule(c) => {
                                    Capsule::new(c.a + m, c.b + m, c.radius).distance(&ours)
                                }
                                Shape::Box(b) => Obb::new(b.center + m, b.half_extents, b.rotation)
                                    .distance(&ours),
                                Shape::Hull(h) => ConvexHull::new(
                                    h.points().iter().map(|&p| p + m).collect::<Vec<_>>(),
                                )
                                .distance(&ours),
                            }
                        };
                        println!(
                            "DBG {name} {kind} long={long} k={k}: isect {} (d {}) parry {p} (d {}) |v| {}",
                            ts[k],
                            d(ts[k]),
                            d(p),
                            motions[k].length()
                        );
                    }
                }
            }
            let hits = ts.iter().filter(|t| t.is_finite()).count();
            let what = format!("{kind} {} cast", if long { "long" } else { "short" });
            agreement.push(format!(
                "- {name}, {what}: {hits} of {BATCH} hit; agree {agree}/{BATCH}"
            ));
            let pairs: Vec<(&Shape, Vec3)> = shapes.iter().zip(motions.iter().copied()).collect();
            let cast_refs: Vec<&ParryCast> = casts.iter().collect();
            let group = format!("{id}_{kind}_{}", if long { "long" } else { "short" });
            let mut g = suite.group(&group, &format!("{name}: {what}"), BATCH);
            g.isect(per_query(&ours, &pairs, |m, (s, motion)| {
                isect_cast(m, s, motion)
            }));
            g.parry(
                "parry",
                "cast_shapes",
                per_query(&theirs, &cast_refs, parry_cast),
            );
            g.finish();
        }
        // Distances: places apart from the mesh.
        let mut shapes = Vec::with_capacity(BATCH);
        while shapes.len() < BATCH {
            let s = make(kind, place(rng), rng);
            if !isect_meets(&ours, &s) {
                shapes.push(s);
            }
        }
        let parry_shapes: Vec<(Pose, Box<dyn ps::Shape>)> =
            shapes.iter().map(parry_shape).collect();
        let parry_distance = |m: &ps::TriMesh, (p, s): &(Pose, Box<dyn ps::Shape>)| {
            query::distance(&Pose::IDENTITY, m, p, s.as_ref())
                .expect("supported pair")
                .distance
        };
        let agree = (0..BATCH)
            .filter(|&k| {
                same(
                    isect_distance(&ours, &shapes[k]),
                    parry_distance(&theirs, &parry_shapes[k]),
                )
            })
            .count();
        agreement.push(format!("- {name}, {kind} distance: agree {agree}/{BATCH}"));
        let refs: Vec<&Shape> = shapes.iter().collect();
        let prefs: Vec<&(Pose, Box<dyn ps::Shape>)> = parry_shapes.iter().collect();
        let mut g = suite.group(
            &format!("{id}_{kind}_distance"),
            &format!("{name}: {kind} distance"),
            BATCH,
        );
        g.isect(per_query(&ours, &refs, isect_distance));
        g.parry(
            "parry",
            "distance",
            per_query(&theirs, &prefs, |m, p| parry_distance(m, p)),
        );
        g.finish();
    }
}
