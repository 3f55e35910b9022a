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

use isect::broad::{BroadPhase, Margin, Proxy};
use isect::glam::camera::rh::{proj::directx::perspective, view::look_at_mat4};
use isect::math::Vec3;
use isect::{Aabb, Frustum, Intersects, Ray, Real};
use isect_bench::broad::{Motion, ParryBroad, SKIN, Scene, overlaps, to_parry_aabb};
use isect_bench::convert::to_parry;
use isect_bench::report::markdown_table;
use isect_bench::{Rng, Suite};
use parry3d::partitioning::TraversalAction;
use parry3d::query::{Ray as ParryRay, RayCast as _};

/// Seed of every input.
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
        let mut bp = BroadPhase::with_margin(Margin {
            absolute: SKIN,
            relative: 0.0,
        });
        let proxies = boxes
            .iter()
            .enumerate()
            .map(|(i, b)| bp.insert(*b, i as u32))
            .collect();
        Self { bp, proxies }
    }

    fn update(&mut self, moves: &[(u32, Aabb)]) {
        for &(i, b) in moves {
            self.bp.update(self.proxies[i as usize], b);
        }
    }

    /// A frame on one thread: the moves, then the pairs counted.
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
    g.isect(|| {
        k = (k + 1) % frames.len();
        isect.frame(&frames[k])
    });
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

/// The queries' inputs and both libraries' answers, checked equal, then timed.
fn queries(
    timing: Timing<'_>,
    isect: &Isect,
    parry: &ParryBroad,
    scene: &Scene,
    n: usize,
    name: &str,
) -> [f64; 6] {
    let mut rng = Rng::new(SEED ^ 0x51 ^ n as u64);
    let side = scene.side;
    let rays: Vec<Ray> = (0..QUERIES)
        .map(|_| Ray::new(rng.vec3(0.0, side), rng.unit_vec3()))
        .collect();
    let boxes: Vec<Aabb> = (0..QUERIES)
        .map(|_| Aabb::from_center_half_extents(rng.vec3(0.0, side), Vec3::splat(1.5)))
        .collect();
    let frusta: Vec<Frustum> = (0..QUERIES)
        .map(|_| {
            let eye = rng.vec3(0.0, side);
            let view = look_at_mat4(eye, eye + rng.unit_vec3(), Vec3::Z);
            Frustum::from_matrix(&(perspective(1.0, 16.0 / 9.0, 0.1, 12.0) * view))
        })
        .collect();
    let bp = &isect.bp;
    let given = &parry.given;
    let pgiven: Vec<_> = given.iter().map(to_parry_aabb).collect();

    let isect_ray = |ray: &Ray| {
        let mut best = None;
        bp.raycast(ray, Real::MAX, |p, t| {
            best = Some((p.index(), t));
            Some(t)
        });
        best
    };
    let parry_ray = |ray: &Ray| {
        let r = ParryRay::new(to_parry(ray.origin), to_parry(ray.dir));
        parry.tree.cast_ray(&r, Real::MAX, |leaf, best| {
            pgiven[leaf as usize].cast_local_ray(&r, best, true)
        })
    };
    let isect_box = |q: &Aabb| {
        let mut count = 0;
        bp.query_aabb(q, |_| {
            count += 1;
            true
        });
        count
    };
    let parry_box = |q: &Aabb| {
        let pq = to_parry_aabb(q);
        parry
            .tree
            .intersect_aabb(&pq)
            .filter(|&l| overlaps(&given[l as usize], q))
            .count()
    };
    let isect_frustum = |f: &Frustum| {
        let mut count = 0;
        bp.query_frustum(f, |_| {
            count += 1;
            true
        });
        count
    };
    let parry_frustum = |f: &Frustum| {
        let mut count = 0;
        parry.tree.traverse(|node| {
            let (lo, hi) = (
                Vec3::from_array(node.mins().to_array()),
                Vec3::from_array(node.maxs().to_array()),
            );
            for plane in &f.planes {
                let nv = Vec3::select(plane.normal.cmpge(Vec3::ZERO), lo, hi);
                if plane.normal.dot(nv) > plane.d {
                    return TraversalAction::Prune;
                }
            }
            if node
                .leaf_data()
                .is_some_and(|leaf| given[leaf as usize].intersects(f))
            {
                count += 1;
            }
            TraversalAction::Continue
        });
        count
    };

    for ray in &rays {
        let (a, b) = (isect_ray(ray), parry_ray(ray));
        match (a, b) {
            (None, None) => {}
            (Some((_, ta)), Some((_, tb))) => {
                assert!(
                    (ta - tb).abs() <= 1e-4 * ta.abs().max(1.0),
                    "{ray:?}: {ta} vs {tb}"
                );
            }
            _ => panic!("{ray:?}: isect {a:?}, parry {b:?}"),
        }
    }
    for q in &boxes {
        assert_eq!(isect_box(q), parry_box(q), "{q:?}");
    }
    for f in &frusta {
        assert_eq!(isect_frustum(f), parry_frustum(f), "{f:?}");
    }

    if let Timing::Cpu(reps) = timing {
        // Thread CPU time per query, isect and parry for rays, boxes, frusta.
        let per = |ns: f64, batch: usize| ns / batch as f64;
        let f = &frusta[..FRUSTA];
        return [
            per(
                cpu_median(reps, || {
                    rays.iter()
                        .filter(|r| black_box(isect_ray(black_box(r))).is_some())
                        .count()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    rays.iter()
                        .filter(|r| black_box(parry_ray(black_box(r))).is_some())
                        .count()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    boxes.iter().map(|q| isect_box(black_box(q))).sum::<usize>()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    boxes.iter().map(|q| parry_box(black_box(q))).sum::<usize>()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    f.iter().map(|q| isect_frustum(black_box(q))).sum::<usize>()
                }),
                FRUSTA,
            ),
            per(
                cpu_median(reps, || {
                    f.iter().map(|q| parry_frustum(black_box(q))).sum::<usize>()
                }),
                FRUSTA,
            ),
        ];
    }
    let Timing::Criterion(suite, samples, warm, measure) = timing else {
        unreachable!("CPU timing returned above")
    };
    let tag = format!("{name} {n}");
    for (kind, label) in [
        ("ray", "closest ray hit"),
        ("box", "box query"),
        ("frustum", "frustum query"),
    ] {
        let id = format!("{kind}_{name}_{n}");
        let batch = if kind == "frustum" { FRUSTA } else { QUERIES };
        let mut g = suite.group(&id, &format!("{label}, {tag}"), batch);
        g.sample_size(samples).times(warm, measure);
        match kind {
            "ray" => {
                g.isect(|| {
                    rays.iter()
                        .filter(|r| black_box(isect_ray(black_box(r))).is_some())
                        .count()
                });
                g.parry("parry", "Bvh::cast_ray", || {
                    rays.iter()
                        .filter(|r| black_box(parry_ray(black_box(r))).is_some())
                        .count()
                });
            }
            "box" => {
                g.isect(|| boxes.iter().map(|q| isect_box(black_box(q))).sum::<usize>());
                g.parry("parry", "Bvh::intersect_aabb", || {
                    boxes.iter().map(|q| parry_box(black_box(q))).sum::<usize>()
                });
            }
            _ => {
                g.isect(|| {
                    frusta[..FRUSTA]
                        .iter()
                        .map(|f| isect_frustum(black_box(f)))
                        .sum::<usize>()
                });
                g.parry("parry", "Bvh::traverse, plane test", || {
                    frusta[..FRUSTA]
                        .iter()
                        .map(|f| parry_frustum(black_box(f)))
                        .sum::<usize>()
                });
            }
        }
        g.finish();
    }
    [f64::NAN; 6]
}

/// The summary tables: frames in milliseconds, queries per second, memory and growth.
fn summary(suite: &Suite, rows: &[Row]) -> String {
    let ms = |id: &str, f: &str| suite.estimate_ns(id, f).map(|ns| ns / 1e6);
    let fmt =
        |x: Option<f64>, digits: usize| x.map_or("–".to_owned(), |x| format!("{x:.digits$}"));
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}", b / a),
        _ => "–".to_owned(),
    };
    let mut out = String::new();
    let mut lines = Vec::new();
    for r in rows {
        let name = motion_name(r.motion);
        let single = (
            ms(&format!("frame_{name}_{}", r.n), "isect"),
            ms(&format!("frame_{name}_{}", r.n), "parry"),
        );
        let par = (
            ms(&format!("frame_par_{name}_{}", r.n), "isect"),
            ms(&format!("frame_par_{name}_{}", r.n), "parry"),
        );
        lines.push([
            format!("{name} {}", r.n),
            format!("{}", r.moved),
            fmt(single.0, 3),
            fmt(single.1, 3),
            ratio(single.0, single.1),
            fmt(par.0, 3),
            fmt(par.1, 3),
            ratio(par.0, par.1),
        ]);
    }
    let _ = writeln!(
        out,
        "Frames (ms: the moves and every overlapping pair; parry/isect above 1: isect faster):\n\n{}",
        markdown_table(
            [
                "scene",
                "moved",
                "isect 1 thread",
                "parry 1 thread",
                "parry/isect",
                "isect all cores",
                "parry all cores",
                "parry/isect",
            ],
            &lines,
        )
    );

    let mut lines = Vec::new();
    for r in rows {
        let name = motion_name(r.motion);
        let mut line = [
            format!("{name} {}", r.n),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ];
        for (k, kind) in ["ray", "box", "frustum"].into_iter().enumerate() {
            let id = format!("{kind}_{name}_{}", r.n);
            let batch = if kind == "frustum" { FRUSTA } else { QUERIES };
            let per_s = |f: &str| suite.estimate_ns(&id, f).map(|ns| batch as f64 / ns * 1e3);
            let (a, b) = (per_s("isect"), per_s("parry"));
            line[1 + 2 * k] = format!("{} / {}", fmt(a, 2), fmt(b, 2));
            line[2 + 2 * k] = match (a, b) {
                (Some(a), Some(b)) => format!("{:.2}", a / b),
                _ => "–".to_owned(),
            };
        }
        lines.push(line);
    }
    let _ = writeln!(
        out,
        "Queries (millions per second, isect / parry, one thread):\n\n{}",
        markdown_table(
            [
                "scene", "rays", "ratio", "boxes", "ratio", "frusta", "ratio"
            ],
            &lines,
        )
    );

    let mut lines = Vec::new();
    for r in rows.iter().filter(|r| r.motion == Motion::Coherent) {
        let id = format!("insert_{}", r.n);
        let (a, b) = (ms(&id, "isect"), ms(&id, "parry"));
        lines.push([
            format!("{}", r.n),
            fmt(a, 1),
            fmt(b, 1),
            ratio(a, b),
            format!("{:.0}", r.isect_bytes as f64 / r.n as f64),
            format!("{:.0}", r.parry_bytes as f64 / r.n as f64),
        ]);
    }
    let _ = writeln!(
        out,
        "Insertion of every box then the pairs (ms), and memory after the frames (bytes per \
         box: isect's `BroadPhase<u32>` whole; parry's tree, rapier's pair map and adjacency \
         lists, and the given boxes):\n\n{}",
        markdown_table(
            [
                "boxes",
                "isect insert",
                "parry insert",
                "parry/isect",
                "isect B/box",
                "parry B/box"
            ],
            &lines,
        )
    );

    let mut lines = Vec::new();
    for motion in [Motion::Coherent, Motion::Teleport] {
        let name = motion_name(motion);
        let first = rows.iter().find(|r| r.motion == motion).map(|r| r.n);
        let last = rows.iter().rev().find(|r| r.motion == motion).map(|r| r.n);
        if let (Some(a), Some(b)) = (first, last) {
            for lib in ["isect", "parry"] {
                let (x, y) = (
                    ms(&format!("frame_{name}_{a}"), lib),
                    ms(&format!("frame_{name}_{b}"), lib),
                );
                lines.push([
                    format!("{name}, {lib}"),
                    format!("{a} → {b}"),
                    match (x, y) {
                        (Some(x), Some(y)) => format!("{:.0}×", y / x),
                        _ => "–".to_owned(),
                    },
                    format!("{:.0}×", b as f64 / a as f64),
                ]);
            }
        }
    }
    let _ = writeln!(
        out,
        "Growth of the one-thread frame time with the number of boxes (moved boxes grow alike):\n\n{}",
        markdown_table(["frames", "boxes", "frame time", "moved boxes"], &lines)
    );
    out
}

/// How [`queries`] times: criterion groups in a suite (samples, warm-up, measurement), or the
/// median thread CPU time of this many repetitions.
enum Timing<'a> {
    Criterion(&'a mut Suite, usize, Duration, Duration),
    Cpu(usize),
}

/// The CPU time this thread has run, in nanoseconds (Linux's `/proc/thread-self/schedstat`):
/// unlike wall time, not stretched by other processes on a loaded machine.
fn thread_cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("ISECT_BENCH_CPU needs Linux's /proc/thread-self/schedstat");
    stat.split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .expect("schedstat starts with the time on the CPU")
}

/// The shortest thread CPU time of one sample of [`cpu_median`]: `schedstat` advances in
/// scheduler ticks on some kernels (a few ms), so shorter runs are repeated up to it.
const CPU_SAMPLE_NS: u64 = 50_000_000;

/// The median over `reps` samples of the thread CPU time of one run of `f`, in nanoseconds;
/// a sample runs `f` until [`CPU_SAMPLE_NS`] have passed and divides by the runs. For `f`
/// that change no state (the runs may differ between the two libraries).
fn cpu_median<O>(reps: usize, mut f: impl FnMut() -> O) -> f64 {
    let mut times: Vec<f64> = (0..reps)
        .map(|_| {
            let start = thread_cpu_ns();
            let mut runs = 0u32;
            loop {
                black_box(f());
                runs += 1;
                let spent = thread_cpu_ns() - start;
                if spent >= CPU_SAMPLE_NS {
                    break spent as f64 / f64::from(runs);
                }
            }
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// [`cpu_median`] with exactly `runs` runs of `f` per sample, for frames: both libraries then
/// play the same frames and hold the same boxes for the queries after.
fn cpu_median_runs<O>(reps: usize, runs: u32, mut f: impl FnMut() -> O) -> f64 {
    let mut times: Vec<f64> = (0..reps)
        .map(|_| {
            let start = thread_cpu_ns();
            for _ in 0..runs {
                black_box(f());
            }
            (thread_cpu_ns() - start) as f64 / f64::from(runs)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// `ISECT_BENCH_CPU=1`: the scenes of the criterion run, timed by thread CPU time on one
/// thread (medians: insertion over 3 samples, frames over 20, 10 for a million boxes,
/// queries over 5 batches; each sample repeated up to 50 ms, see [`cpu_median`]), printed as
/// markdown tables. For loaded machines, where wall time
/// counts the time other processes hold the cores.
fn cpu_tables(sizes: &[usize]) {
    let ms = |ns: f64| format!("{:.3}", ns / 1e6);
    let ratio = |a: f64, b: f64| format!("{:.2}", b / a);
    let mut frames = Vec::new();
    let mut queries_rows = Vec::new();
    let mut inserts = Vec::new();
    let mut growth: Vec<(Motion, usize, f64, f64)> = Vec::new();
    for &n in sizes {
        for motion in [Motion::Coherent, Motion::Teleport] {
            let name = motion_name(motion);
            let scene = Scene::new(n, motion, SEED ^ n as u64);
            if motion == Motion::Coherent {
                let a = cpu_median(3, || {
                    let s = Isect::new(black_box(&scene.boxes));
                    let mut count = 0;
                    s.bp.pairs(|_, _| count += 1);
                    (s, count)
                });
                let b = cpu_median(3, || {
                    let p = ParryBroad::new(black_box(&scene.boxes), false);
                    let count = p.pairs_sorted().len();
                    (p, count)
                });
                inserts.push((n, a, b, 0, 0));
            }
            let played = if n >= 1_000_000 { 10 } else { 20 };
            let cycle = &scene.frames;
            if motion == Motion::Teleport && n >= 1_000_000 {
                // Parry's teleport frames grow with the moved leaves times the boxes their
                // stretched ancestors reach (rapier refits a teleported leaf in place): hours
                // at a million boxes. isect's frames alone.
                let mut isect = Isect::new(&scene.boxes);
                let mut k = 0;
                let a = cpu_median_runs(played, 1, || {
                    k += 1;
                    isect.frame(&cycle[k % cycle.len()])
                });
                frames.push([
                    format!("{name} {n}"),
                    format!("{}", cycle[0].len()),
                    ms(a),
                    "not run".to_owned(),
                    "–".to_owned(),
                ]);
                growth.push((motion, n, a, f64::NAN));
                eprintln!("{name} {n}: done (isect only)");
                continue;
            }
            // Parry's teleport frames at 100k boxes take seconds: fewer of them (the same
            // frames for both, so that the queries meet the same boxes).
            let slow = motion == Motion::Teleport && n >= 100_000;
            let played = if slow { 3 } else { played };
            let (mut isect, mut parry) =
                agreeing_over(&scene, name, n, if slow { 2 } else { cycle.len() });
            // Frames per sample: enough for a few ms of isect's, the same for both.
            let runs = match (n, motion) {
                (..100_000, Motion::Coherent) => 20,
                (..100_000, Motion::Teleport) => 5,
                (..1_000_000, Motion::Coherent) => 4,
                _ => 1,
            };
            let mut k = 0;
            let a = cpu_median_runs(played, runs, || {
                k += 1;
                isect.frame(&cycle[k % cycle.len()])
            });
            let mut k = 0;
            let b = cpu_median_runs(played, runs, || {
                k += 1;
                parry.frame(&cycle[k % cycle.len()], false)
            });
            frames.push([
                format!("{name} {n}"),
                format!("{}", cycle[0].len()),
                ms(a),
                ms(b),
                ratio(a, b),
            ]);
            growth.push((motion, n, a, b));
            let q = queries(
                Timing::Cpu(if slow { 1 } else { 5 }),
                &isect,
                &parry,
                &scene,
                n,
                name,
            );
            let per_s = |ns: f64| format!("{:.2}", 1e3 / ns);
            queries_rows.push([
                format!("{name} {n}"),
                format!("{} / {}", per_s(q[0]), per_s(q[1])),
                ratio(q[0], q[1]),
                format!("{} / {}", per_s(q[2]), per_s(q[3])),
                ratio(q[2], q[3]),
                format!("{} / {}", per_s(q[4]), per_s(q[5])),
                ratio(q[4], q[5]),
            ]);
            if motion == Motion::Coherent {
                let last = inserts.last_mut().expect("pushed above");
                (last.3, last.4) = (isect.bp.stats().bytes, parry.bytes());
            }
            eprintln!("{name} {n}: done");
        }
    }
    println!(
        "Frames, thread CPU time (ms; the moves and every overlapping pair; parry/isect above 1: isect faster):\n\n{}",
        markdown_table(["scene", "moved", "isect", "parry", "parry/isect"], &frames)
    );
    println!(
        "Queries, thread CPU time (millions per second, isect / parry):\n\n{}",
        markdown_table(
            [
                "scene", "rays", "ratio", "boxes", "ratio", "frusta", "ratio"
            ],
            &queries_rows
        )
    );
    let lines: Vec<[String; 6]> = inserts
        .iter()
        .map(|&(n, a, b, ib, pb)| {
            [
                format!("{n}"),
                ms(a),
                ms(b),
                ratio(a, b),
                format!("{:.0}", ib as f64 / n as f64),
                format!("{:.0}", pb as f64 / n as f64),
            ]
        })
        .collect();
    println!(
        "Insertion of every box then the pairs, thread CPU time (ms), and memory after the frames (bytes per box):\n\n{}",
        markdown_table(
            [
                "boxes",
                "isect insert",
                "parry insert",
                "parry/isect",
                "isect B/box",
                "parry B/box"
            ],
            &lines
        )
    );
    let mut lines = Vec::new();
    for motion in [Motion::Coherent, Motion::Teleport] {
        let rows: Vec<_> = growth.iter().filter(|g| g.0 == motion).collect();
        if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
            lines.push([
                format!("{} {} → {}", motion_name(motion), first.1, last.1),
                format!("{:.0}×", last.2 / first.2),
                format!("{:.0}×", last.3 / first.3),
                format!("{:.0}×", last.1 as f64 / first.1 as f64),
            ]);
        }
    }
    println!(
        "Growth of the frame's CPU time with the number of boxes (moved boxes grow alike):\n\n{}",
        markdown_table(["frames", "isect", "parry", "moved boxes"], &lines)
    );
}
