//! Many moving boxes: isect's `broad::BroadPhase` next to parry3d's `partitioning::Bvh` driven
//! as rapier's broad phase drives it (`isect_bench::broad::ParryBroad`), on the same boxes and
//! the same moves, in the same run.
//!
//! `cargo bench -p isect-bench --bench broad` (single-threaded cells);
//! `cargo bench -p isect-bench --features parallel --bench broad` adds the all-cores cells
//! (isect's `rayon` feature and parry's `parallel`). `ISECT_BENCH_QUICK=1` leaves out the
//! million-box scenes and shortens the measurements.
//!
//! Scenes (`isect_bench::broad::Scene`): 10k, 100k and 1M boxes of about unit size, about two
//! neighbours each; per frame 10% of them move, either coherently (a fixed tenth along small
//! circles, 0.03 units a frame) or by teleports (a different tenth each frame, anywhere). Both
//! libraries grow boxes by the same 0.1 margin. A frame is the moves and then every pair of
//! boxes that overlap (counted), which both give exactly (parry's side tests the pairs of
//! rapier's pair map with the given boxes); the pairs are checked equal over a whole cycle of
//! frames before timing. Queries on the trees the frames left: closest hit of random rays,
//! random boxes of side 3, and random view frusta reaching 12 units, every answer checked
//! equal first. Memory: what each holds, per box.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use isect::broad::{BroadPhase, Proxy};
use isect::glam::camera::rh::{proj::directx::perspective, view::look_at_mat4};
use isect::math::Vec3;
use isect::{Aabb, Frustum, Intersects, Ray, Real};
use isect_bench::broad::{Motion, ParryBroad, Scene, isect_broad, overlaps, to_parry_aabb};
use isect_bench::convert::to_parry;
use isect_bench::report::markdown_table;
use isect_bench::{Rng, Suite};
use parry3d::partitioning::TraversalAction;
use parry3d::query::{Ray as ParryRay, RayCast as _};

/// Seed of every input.
mod cpu;
mod queries;
mod summary;

use cpu::{Timing, cpu_tables};
use queries::queries;
use summary::summary;

const SEED: u64 = 0xB20A_D7A5;
/// Rays and boxes per benchmark iteration, and frusta checked.
const QUERIES: usize = 1024;
/// Frusta per benchmark iteration (each meets hundreds of boxes: the first `FRUSTA` of the
/// checked ones keep a sample short).
const FRUSTA: usize = 128;

/// isect's broad phase of a scene, with the proxies of its boxes in order.
struct Isect {
    bp: BroadPhase<u32>,
    proxies: Vec<Proxy>,
}

impl Isect {
    fn new(boxes: &[Aabb]) -> Self {
        let (bp, proxies) = isect_broad(boxes);
        Self { bp, proxies }
    }

    /// The moves through one batched update (its pair searches on rayon's threads when the
    /// pool has more than one).
    fn update(&mut self, moves: &[(u32, Aabb)]) {
        let proxies = &self.proxies;
        self.bp
            .update_many(moves.iter().map(|&(i, b)| (proxies[i as usize], b)));
    }

    /// A frame: the moves, then the pairs counted (on one thread when called in a pool of
    /// one, as the single-thread cells do with the `parallel` feature).
    fn frame(&mut self, moves: &[(u32, Aabb)]) -> usize {
        self.update(moves);
        let mut count = 0;
        self.bp.pairs(|_, _| count += 1);
        count
    }

    /// A frame with the pairs tested on rayon's threads.
    #[cfg(feature = "parallel")]
    fn frame_par(&mut self, moves: &[(u32, Aabb)]) -> usize {
        use rayon::prelude::*;
        self.update(moves);
        self.bp.par_pairs().count()
    }

    fn pairs_sorted(&self) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        self.bp.pairs(|a, b| out.push((a.index(), b.index())));
        out.sort_unstable();
        out
    }
}

/// A rayon pool of one thread, for the single-thread cells of the `parallel` build.
#[cfg(feature = "parallel")]
fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread")
}

/// What the summary needs of one scene.
struct Row {
    n: usize,
    motion: Motion,
    moved: usize,
    isect_bytes: usize,
    parry_bytes: usize,
}

fn main() {
    let mut suite = Suite::new("broad");
    let quick = std::env::var_os("ISECT_BENCH_QUICK").is_some_and(|v| !v.is_empty() && v != "0");
    let sizes: &[usize] = if quick {
        &[10_000, 100_000]
    } else {
        &[10_000, 100_000, 1_000_000]
    };
    if std::env::var_os("ISECT_BENCH_CPU").is_some_and(|v| !v.is_empty() && v != "0") {
        // Thread CPU time of the calling thread: isect's frames must not spread over rayon's
        // threads, so the tables are made in a pool of one.
        #[cfg(feature = "parallel")]
        one_thread().install(|| cpu_tables(sizes));
        #[cfg(not(feature = "parallel"))]
        cpu_tables(sizes);
        return;
    }
    let mut rows = Vec::new();
    for &n in sizes {
        for motion in [Motion::Coherent, Motion::Teleport] {
            rows.push(scene(&mut suite, n, motion, quick));
        }
    }
    suite.note(
        "Scenes: boxes of about unit size (half extents 0.25 to 0.75) at random in a cube of \
         side 1.6 ∛n (about two neighbours each); 10% of them move per frame, coherently (a \
         fixed tenth along circles, 0.03 units a frame) or by teleports (a different tenth each \
         frame, anywhere in the cube). Both libraries grow the boxes by 0.1 on every side. A \
         frame is the moves and then every pair of overlapping boxes, counted; parry's side is \
         rapier's broad-phase update (leaf updates with change detection, incremental \
         optimisation and refits, the changed leaves' self-traversal, rapier's pair map) and \
         then the map's pairs tested with the given boxes, so that both give the same pairs \
         (checked over a whole cycle of frames before timing).",
    );
    suite.note(
        "Queries, on the trees the frames left: the closest box hit by a random ray (isect: \
         `raycast` clipping at each hit; parry: `Bvh::cast_ray` with `Aabb::cast_local_ray` on \
         the given box), the boxes meeting a random box of side 3 (isect: `query_aabb`; parry: \
         `intersect_aabb` then the given box), the boxes meeting a random view frustum 12 \
         units deep (isect: `query_frustum`; parry: `traverse` with a plane test of each node \
         and isect's exact frustum–box test at the leaves). Answers checked equal first.",
    );
    let extra = if suite.measures() {
        summary(&suite, &rows)
    } else {
        String::new()
    };
    suite.finish_with(extra);
}

fn motion_name(m: Motion) -> &'static str {
    match m {
        Motion::Coherent => "coherent",
        Motion::Teleport => "teleport",
    }
}

/// Both libraries' broad phases of `scene`, after checking that they give the same pairs over
/// a whole cycle of its frames.
fn agreeing(scene: &Scene, name: &str, n: usize) -> (Isect, ParryBroad) {
    agreeing_over(scene, name, n, scene.frames.len())
}

/// [`agreeing`] over the first `frames` frames of the cycle only.
fn agreeing_over(scene: &Scene, name: &str, n: usize, frames: usize) -> (Isect, ParryBroad) {
    let mut isect = Isect::new(&scene.boxes);
    let mut parry = ParryBroad::new(&scene.boxes, false);
    assert_eq!(
        isect.pairs_sorted(),
        parry.pairs_sorted(),
        "{name} {n}: first pairs"
    );
    for (k, moves) in scene.frames.iter().enumerate().take(frames) {
        let a = isect.frame(moves);
        let b = parry.frame(moves, false);
        assert_eq!(a, b, "{name} {n}: frame {k}");
        if k < 2 || k + 1 == frames {
            assert_eq!(
                isect.pairs_sorted(),
                parry.pairs_sorted(),
                "{name} {n}: frame {k}"
            );
        }
    }
    (isect, parry)
}

/// Sets up one scene, checks the two libraries agree, and times its frames and queries.
fn scene(suite: &mut Suite, n: usize, motion: Motion, quick: bool) -> Row {
    let name = motion_name(motion);
    let scene = Scene::new(n, motion, SEED ^ n as u64);
    let big = n >= 1_000_000;
    let (warm, measure) = if quick {
        (Duration::from_millis(200), Duration::from_millis(600))
    } else if big {
        (Duration::from_millis(500), Duration::from_secs(3))
    } else {
        (Duration::from_millis(500), Duration::from_secs(2))
    };
    let samples = if big { 10 } else { 20 };

    if motion == Motion::Coherent {
        let id = format!("insert_{n}");
        let mut g = suite.group(&id, &format!("insert {n} boxes, then their pairs"), 1);
        g.sample_size(10).flat().times(warm, measure);
        g.isect(|| {
            let s = Isect::new(black_box(&scene.boxes));
            let mut count = 0;
            s.bp.pairs(|_, _| count += 1);
            (s, count)
        });
        g.parry("parry", "Bvh as rapier: insert, refit, traverse", || {
            let p = ParryBroad::new(black_box(&scene.boxes), false);
            let count = p.pairs_sorted().len();
            (p, count)
        });
        g.finish();
    }

    let (mut isect, mut parry) = agreeing(&scene, name, n);
    let row = Row {
        n,
        motion,
        moved: scene.frames[0].len(),
        isect_bytes: isect.bp.stats().bytes,
        parry_bytes: parry.bytes(),
    };

    queries(
        Timing::Criterion(suite, samples, warm, measure),
        &isect,
        &parry,
        &scene,
        n,
        name,
    );

    let id = format!("frame_{name}_{n}");
    let mut g = suite.group(&id, &format!("frame, {name} {n}, 1 thread"), 1);
    g.sample_size(samples).times(warm, measure);
    if big {
        g.flat();
    }
    let frames = &scene.frames;
    let mut k = 0;
    let frame = || {
        k = (k + 1) % frames.len();
        isect.frame(&frames[k])
    };
    // With rayon in the build, isect's frame runs in a pool of one thread (parry's frame calls
    // its single-threaded functions).
    #[cfg(feature = "parallel")]
    g.isect_in(&one_thread(), frame);
    #[cfg(not(feature = "parallel"))]
    g.isect(frame);
    let mut k = 0;
    g.parry("parry", "Bvh as rapier", || {
        k = (k + 1) % frames.len();
        parry.frame(&frames[k], false)
    });
    g.finish();

    #[cfg(feature = "parallel")]
    {
        let id = format!("frame_par_{name}_{n}");
        let mut g = suite.group(&id, &format!("frame, {name} {n}, all cores"), 1);
        g.sample_size(samples).times(warm, measure);
        if big {
            g.flat();
        }
        let mut k = 0;
        g.isect(|| {
            k = (k + 1) % frames.len();
            isect.frame_par(&frames[k])
        });
        let mut k = 0;
        g.parry("parry", "Bvh as rapier, parallel", || {
            k = (k + 1) % frames.len();
            parry.frame(&frames[k], true)
        });
        g.finish();
    }
    row
}
