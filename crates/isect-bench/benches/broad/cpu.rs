//! `ISECT_BENCH_CPU=1`: the scenes timed by thread CPU time, for loaded machines.

use super::*;

/// How [`queries`] times: criterion groups in a suite (samples, warm-up, measurement), or the
/// median thread CPU time of this many repetitions.
pub(crate) enum Timing<'a> {
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
pub(crate) fn cpu_median<O>(reps: usize, mut f: impl FnMut() -> O) -> f64 {
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
pub(crate) fn cpu_tables(sizes: &[usize]) {
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
