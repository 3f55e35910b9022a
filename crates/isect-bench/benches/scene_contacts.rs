//! The contact pairs of a scene of posed convex hulls: isect's `Scene::contacts` (broad phase
//! and narrow phase, one call) against parry3d's `query::contact` with poses over the list of
//! the pairs whose boxes overlap (computed once, outside the timing: parry is given its broad
//! phase for free), in the same run.
//!
//! `cargo bench -p isect-bench --bench scene_contacts` (`ISECT_BENCH_QUICK=1` for a short run).
//! The table of ratios is printed at the end and written to
//! `<target>/isect-bench/scene_contacts.md`. `SCENE_CONTACTS_ONCE=1` builds the scene, runs
//! one `Scene::contacts` call in `one_call` and exits: the run to count under callgrind
//! (`--toggle-collect='scene_contacts::one_call'`; docs/performance.md has the command).
//!
//! Inputs: 1,000 hulls of 8 to 20 random points each (in a ball of radius 0.4 to 0.8 about
//! their origin), each placed once with a random rotation (never a quarter turn) and a random
//! position in a cube of side 5, so that about 1.5% of all pairs touch.

use std::sync::Arc;

use isect::math::{Quat, Vec3};
use isect::scene::{Geometry, Pose, Scene};
use isect::{Aabb, ConvexHull, Real};
use isect_bench::convert::{pose, to_parry_all};
use isect_bench::{Rng, Suite};
use parry3d::math::Pose as PPose;
use parry3d::query;
use parry3d::shape as ps;

/// Seed of the scene.
const SEED: u64 = 0x0005_CE2E;
/// Hulls in the scene.
const HULLS: usize = 1000;
/// Side of the cube the hulls are placed in.
const SIDE: Real = 5.0;

struct Object {
    hull: Arc<ConvexHull>,
    pose: Pose,
    parry: ps::ConvexPolyhedron,
    parry_pose: PPose,
    aabb: Aabb,
}

fn objects(rng: &mut Rng) -> Vec<Object> {
    (0..HULLS)
        .map(|_| {
            let count = 8 + (rng.next_u64() % 13) as usize;
            let radius = rng.range(0.4, 0.8);
            let points: Vec<Vec3> = (0..count).map(|_| rng.in_unit_ball() * radius).collect();
            let axis = rng.in_unit_ball().normalize_or(Vec3::Z);
            let rotation = Quat::from_axis_angle(axis, rng.range(0.1, 3.0));
            let at = rng.vec3(0.0, SIDE);
            let world: Vec<Vec3> = points.iter().map(|&p| rotation * p + at).collect();
            let aabb = Aabb::from_points(world.iter().copied()).expect("points");
            Object {
                parry: ps::ConvexPolyhedron::from_convex_hull(&to_parry_all(&points))
                    .expect("a solid hull"),
                parry_pose: pose(at, rotation),
                hull: Arc::new(ConvexHull::new(points)),
                pose: Pose::new(rotation, at),
                aabb,
            }
        })
        .collect()
}

/// One `Scene::contacts` call: the pairs in contact.
#[inline(never)]
fn one_call(scene: &Scene<()>) -> usize {
    let mut n = 0;
    scene.contacts(|_, _, c| {
        std::hint::black_box(c);
        n += 1;
    });
    n
}

fn main() {
    let mut rng = Rng::new(SEED);
    let objects = objects(&mut rng);
    let mut scene = Scene::new();
    for o in &objects {
        scene.insert(Geometry::ConvexHull(o.hull.clone()), o.pose, ());
    }
    if std::env::var_os("SCENE_CONTACTS_ONCE").is_some() {
        println!("{} contacts", one_call(&scene));
        return;
    }
    // The pairs whose boxes overlap (brute force, once): parry's list.
    let mut candidates = Vec::new();
    for (i, a) in objects.iter().enumerate() {
        for (j, b) in objects.iter().enumerate().skip(i + 1) {
            if a.aabb.min.cmple(b.aabb.max).all() && b.aabb.min.cmple(a.aabb.max).all() {
                candidates.push((i, j));
            }
        }
    }
    let parry_all = |objects: &[Object]| {
        let mut n = 0;
        for &(i, j) in &candidates {
            let (a, b) = (&objects[i], &objects[j]);
            let c = query::contact(&a.parry_pose, &a.parry, &b.parry_pose, &b.parry, 0.0);
            if matches!(c, Ok(Some(_))) {
                n += 1;
            }
        }
        n
    };
    let ours = one_call(&scene);
    let theirs = parry_all(&objects);
    let all_pairs = HULLS * (HULLS - 1) / 2;
    println!(
        "{HULLS} hulls: {} box pairs, {ours} isect contacts, {theirs} parry contacts ({:.2}% of \
         all pairs)",
        candidates.len(),
        100.0 * ours as f64 / all_pairs as f64
    );
    // Rounding may split touching pairs; more than a few in a thousand is a bug.
    assert!(
        ours.abs_diff(theirs) <= 1 + theirs / 200,
        "{ours} vs {theirs}"
    );

    let mut suite = Suite::new("scene_contacts");
    let mut group = suite.group(
        "scene_contacts_hulls_1k",
        "Scene::contacts, 1k posed hulls (per call)",
        1,
    );
    group.isect(|| {
        std::hint::black_box(one_call(std::hint::black_box(&scene)));
    });
    group.parry(
        "parry",
        "query::contact over the box pairs (no broad phase)",
        || {
            std::hint::black_box(parry_all(std::hint::black_box(&objects)));
        },
    );
    group.finish();
    suite.note(format!(
        "{HULLS} hulls of 8-20 points, random rotations, in a cube of side {SIDE}: {} box pairs, \
         {ours} in contact; isect's time includes its broad phase, parry's does not",
        candidates.len()
    ));
    suite.finish();
}
