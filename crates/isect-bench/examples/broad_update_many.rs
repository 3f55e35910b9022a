//! The broad benchmark's frames played by `update` per move (as before issue 27's batched
//! update) and by one `update_many` per frame, alternately in one process, on one thread and
//! on all of rayon's: ratios that hold on a loaded machine, where separate runs drift.
//!
//! `cargo run --release -p isect-bench --features parallel --example broad_update_many`
//! (`-- threshold` instead times one batch of teleports against its size, on one thread and on
//! all: where rayon's fork and join start to pay).

use std::hint::black_box;
use std::time::Instant;

use isect::Aabb;
use isect::broad::{BroadPhase, Proxy};
use isect_bench::broad::{Motion, Scene, isect_broad};

/// The broad benchmark's seed, so that the scenes are its scenes.
const SEED: u64 = 0xB20A_D7A5;

struct World {
    bp: BroadPhase<u32>,
    proxies: Vec<Proxy>,
}

impl World {
    fn new(boxes: &[Aabb]) -> Self {
        let (bp, proxies) = isect_broad(boxes);
        Self { bp, proxies }
    }

    /// A frame: the moves (one batch, or one `update` each), then the pairs counted (on
    /// rayon's threads with `par`).
    fn frame(&mut self, moves: &[(u32, Aabb)], batched: bool, par: bool) -> usize {
        if batched {
            let proxies = &self.proxies;
            self.bp
                .update_many(moves.iter().map(|&(i, b)| (proxies[i as usize], b)));
        } else {
            for &(i, b) in moves {
                self.bp.update(self.proxies[i as usize], b);
            }
        }
        if par {
            use rayon::prelude::*;
            self.bp.par_pairs().count()
        } else {
            let mut count = 0;
            self.bp.pairs(|_, _| count += 1);
            count
        }
    }
}

/// Milliseconds per frame over `runs` frames of the cycle from `*k` on.
fn time_frames(
    w: &mut World,
    frames: &[Vec<(u32, Aabb)>],
    k: &mut usize,
    runs: usize,
    batched: bool,
    par: bool,
) -> f64 {
    let start = Instant::now();
    for _ in 0..runs {
        *k = (*k + 1) % frames.len();
        black_box(w.frame(&frames[*k], batched, par));
    }
    start.elapsed().as_secs_f64() * 1e3 / runs as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn frames_table(one: &rayon::ThreadPool) {
    println!(
        "| scene | threads | update per move (ms) | update_many (ms) | before/after |\n|---|--:|--:|--:|--:|"
    );
    for n in [10_000, 100_000] {
        for motion in [Motion::Coherent, Motion::Teleport] {
            let scene = Scene::new(n, motion, SEED ^ n as u64);
            let frames = &scene.frames;
            let (mut a, mut b) = (World::new(&scene.boxes), World::new(&scene.boxes));
            let (mut ka, mut kb) = (0, 0);
            // A cycle to warm up, and the two agree.
            for f in frames {
                assert_eq!(a.frame(f, false, false), b.frame(f, true, false));
            }
            let runs = if n >= 100_000 { 8 } else { 64 };
            let reps = 15;
            for (threads, par) in [(1, false), (rayon::current_num_threads(), true)] {
                let (mut before, mut after) = (Vec::new(), Vec::new());
                for _ in 0..reps {
                    // Alternately, so that the machine's load meets both alike.
                    let t = |w: &mut World, k: &mut usize, batched: bool| {
                        if par {
                            time_frames(w, frames, k, runs, batched, true)
                        } else {
                            one.install(|| time_frames(w, frames, k, runs, batched, false))
                        }
                    };
                    before.push(t(&mut a, &mut ka, false));
                    after.push(t(&mut b, &mut kb, true));
                }
                let (x, y) = (median(before), median(after));
                let name = match motion {
                    Motion::Coherent => "coherent",
                    Motion::Teleport => "teleport",
                };
                println!(
                    "| {name} {n} | {threads} | {x:.3} | {y:.3} | {:.2} |",
                    x / y
                );
            }
        }
    }
}

/// One batch of `m` teleports in a world of 10k boxes, timed (µs, median) on one thread and on
/// all, with the boxes put back after each (outside the timing).
fn threshold_table(one: &rayon::ThreadPool) {
    let scene = Scene::new(10_000, Motion::Teleport, SEED ^ 10_000);
    let mut w = World::new(&scene.boxes);
    let moves = &scene.frames[0];
    let back: Vec<(Proxy, Aabb)> = moves
        .iter()
        .map(|&(i, _)| (w.proxies[i as usize], scene.boxes[i as usize]))
        .collect();
    println!(
        "| teleports | 1 thread (µs) | {} threads (µs) | 1/all |\n|--:|--:|--:|--:|",
        rayon::current_num_threads()
    );
    for m in [16, 32, 64, 128, 256, 512, 1000] {
        let batch: Vec<(Proxy, Aabb)> = moves[..m]
            .iter()
            .map(|&(i, b)| (w.proxies[i as usize], b))
            .collect();
        let time = |w: &mut World, par: bool| {
            let mut v = Vec::new();
            for _ in 0..41 {
                let run = |w: &mut World| {
                    let start = Instant::now();
                    w.bp.update_many(batch.iter().copied());
                    let t = start.elapsed().as_secs_f64() * 1e6;
                    w.bp.update_many(back[..m].iter().copied());
                    t
                };
                v.push(if par { run(w) } else { one.install(|| run(w)) });
            }
            median(v)
        };
        let (mut s, mut p) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            s.push(time(&mut w, false));
            p.push(time(&mut w, true));
        }
        let (s, p) = (median(s), median(p));
        println!("| {m} | {s:.1} | {p:.1} | {:.2} |", s / p);
    }
}

fn main() {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    if std::env::args().any(|a| a == "threshold") {
        threshold_table(&one);
    } else {
        frames_table(&one);
    }
}
