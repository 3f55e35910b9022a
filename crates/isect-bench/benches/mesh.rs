//! Ray casts against triangle meshes: isect's `TriMesh` (its BVH) side by side with parry3d's
//! `TriMesh` and the `obvhs` CWBVH, on the same procedural meshes and rays, in the same run.
//!
//! `cargo bench -p isect-bench --bench mesh` (`ISECT_BENCH_QUICK=1` for a run of under a minute:
//! fewer rays, no million-triangle meshes; `ISECT_BENCH_ONLY="sphere 998000"` keeps only the
//! meshes whose "name triangles" contains the text, for comparing two versions on one mesh). A
//! custom harness, because the figure that matters is
//! rays per second over a whole ray set rather than one call's time: each ray set is cast once
//! per library as a warm-up, then in rounds of one pass per library (interleaved, so that the
//! load of a shared machine hits all three alike) for the measuring time and at least two
//! rounds, single-threaded; the best pass of each library counts. The markdown table is printed and written to `<target>/isect-bench/mesh.md`.
//!
//! Meshes (made here): a UV sphere, a noisy height-field terrain and a random triangle soup, at
//! about 10k, 100k and 1M triangles. Ray sets: 512×512 camera rays and random incoherent rays
//! (closest hit), shadow rays towards a light and short random rays (any hit). Hits are
//! cross-checked between the libraries before timing: same hit or miss, and the same `t` to a
//! relative 1e-3 (rays grazing an edge may disagree, since only isect's test is watertight; the
//! table shows how many agree). The closest-hit sets also time parry's query that returns the
//! triangle and its normal, as isect's `raycast_triangle` does (`cast_local_ray` returns `t`
//! only): the isect/parry column compares against parry's fastest query, the last ratio against
//! the one that gives the same answer.
//!
//! With `--features embree` (needs the system's `libembree3`, Debian `libembree-dev`), Embree 3
//! joins the table: its default and robust (watertight) modes, one ray at a time on one thread,
//! in the same interleaved rounds.

#![expect(
    clippy::disallowed_methods,
    reason = "a std benchmark; the `ops` rule is for the library"
)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use isect::math::Vec3;
use isect::{RayCast, Real, TriMesh, batch};
use isect_bench::Rng;
use isect_bench::meshes::{Mesh, soup, sphere, terrain};
use obvhs::cwbvh::CwBvh;
use parry3d::query::{Ray as ParryRay, RayCast as ParryRayCast};

/// Seed of every input: the same data on every run.
const SEED: u64 = 0x3E5B_1A7E;

#[derive(Clone, Copy)]
struct R {
    origin: Vec3,
    dir: Vec3,
    max_t: Real,
}

struct RaySet {
    name: &'static str,
    any: bool,
    rays: Vec<R>,
}

fn ray_sets(mesh: &Mesh, camera: u32, random: usize, rng: &mut Rng) -> Vec<RaySet> {
    let (lo, hi) = mesh
        .vertices
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(l, h), p| {
            (l.min(*p), h.max(*p))
        });
    let centre = (lo + hi) * 0.5;
    let radius = (hi - lo).length() * 0.5;
    // Camera: from a corner above, looking at the centre, 60° field of view.
    let eye = centre + Vec3::new(1.2, -1.6, 1.1).normalize() * radius * 2.2;
    let forward = (centre - eye).normalize();
    let right = forward.cross(Vec3::Z).normalize();
    let up = right.cross(forward);
    let half = (30.0 as Real).to_radians().tan();
    let mut cam = Vec::with_capacity((camera * camera) as usize);
    for j in 0..camera {
        for i in 0..camera {
            let x = (2.0 * (i as Real + 0.5) / camera as Real - 1.0) * half;
            let y = (1.0 - 2.0 * (j as Real + 0.5) / camera as Real) * half;
            cam.push(R {
                origin: eye,
                dir: (forward + right * x + up * y).normalize(),
                max_t: Real::INFINITY,
            });
        }
    }
    let inside = |rng: &mut Rng| centre + (rng.vec3(-1.0, 1.0) * (hi - lo) * 0.6);
    let incoherent = (0..random)
        .map(|_| R {
            origin: inside(rng),
            dir: rng.unit_vec3(),
            max_t: Real::INFINITY,
        })
        .collect();
    let light = centre + Vec3::new(-0.3, 0.4, 1.0).normalize() * radius * 3.0;
    let shadow = (0..random)
        .map(|_| {
            let origin = inside(rng);
            R {
                origin,
                dir: light - origin,
                max_t: 1.0,
            }
        })
        .collect();
    let short = (0..random)
        .map(|_| R {
            origin: inside(rng),
            dir: rng.unit_vec3() * radius * 0.02,
            max_t: 1.0,
        })
        .collect();
    vec![
        RaySet {
            name: "camera (closest)",
            any: false,
            rays: cam,
        },
        RaySet {
            name: "incoherent (closest)",
            any: false,
            rays: incoherent,
        },
        RaySet {
            name: "shadow (any)",
            any: true,
            rays: shadow,
        },
        RaySet {
            name: "short (any)",
            any: true,
            rays: short,
        },
    ]
}

/// Rays per second of each of the three passes: one warm-up pass each, then rounds of one pass
/// each, interleaved (so that a change in the machine's load hits all three alike), until
/// `budget` has passed and at least two rounds ran; the best pass of each counts.
fn rays_per_second(
    n: usize,
    budget: Duration,
    passes: &mut [&mut dyn FnMut() -> usize],
) -> Vec<f64> {
    for pass in passes.iter_mut() {
        black_box(pass());
    }
    let start = Instant::now();
    let mut best = vec![f64::INFINITY; passes.len()];
    let mut rounds = 0;
    while rounds < 2 || start.elapsed() < budget {
        for (pass, best) in passes.iter_mut().zip(&mut best) {
            let t = Instant::now();
            black_box(pass());
            *best = best.min(t.elapsed().as_secs_f64());
        }
        rounds += 1;
    }
    best.into_iter().map(|b| n as f64 / b).collect()
}

/// The result of `f`, lowering `best_ms` to its time in milliseconds if that is less.
fn timed<T>(f: impl FnOnce() -> T, best_ms: &mut f64) -> T {
    let t = Instant::now();
    let x = f();
    *best_ms = best_ms.min(t.elapsed().as_secs_f64() * 1e3);
    x
}

fn o3(v: Vec3) -> isect::glam::Vec3A {
    isect::glam::Vec3A::new(v.x, v.y, v.z)
}

fn main() {
    let quick = std::env::var_os("ISECT_BENCH_QUICK").is_some_and(|v| !v.is_empty() && v != "0");
    let (sizes, camera, random, budget): (&[usize], u32, usize, Duration) = if quick {
        (&[10_000, 100_000], 128, 16_384, Duration::from_millis(150))
    } else {
        (
            &[10_000, 100_000, 1_000_000],
            512,
            131_072,
            Duration::from_millis(1000),
        )
    };
    let only = std::env::var("ISECT_BENCH_ONLY").unwrap_or_default();
    let mut rng = Rng::new(SEED);
    let mut build_rows = Vec::new();
    let mut ray_rows = Vec::new();
    for &size in sizes {
        for mesh in [sphere(size), terrain(size, &mut rng), soup(size, &mut rng)] {
            let n = mesh.triangles.len();
            if !format!("{} {n}", mesh.name).contains(&only) {
                // Its rays are drawn all the same: meshes and rays come from one generator, so
                // the ones kept are those of a whole run.
                ray_sets(&mesh, camera, random, &mut rng);
                continue;
            }
            let pv: Vec<parry3d::math::Vector> = mesh
                .vertices
                .iter()
                .map(|p| parry3d::math::Vector::new(p.x, p.y, p.z))
                .collect();
            let otris: Vec<obvhs::triangle::Triangle> = mesh
                .triangles
                .iter()
                .map(|t| obvhs::triangle::Triangle {
                    v0: o3(mesh.vertices[t[0] as usize]),
                    v1: o3(mesh.vertices[t[1] as usize]),
                    v2: o3(mesh.vertices[t[2] as usize]),
                })
                .collect();
            let build_isect =
                || TriMesh::new(mesh.vertices.clone(), mesh.triangles.clone()).unwrap();
            let build_parry =
                || parry3d::shape::TriMesh::new(pv.clone(), mesh.triangles.clone()).unwrap();
            let build_obvhs = || {
                let bvh: CwBvh = obvhs::cwbvh::builder::build_cwbvh_from_tris(
                    &otris,
                    obvhs::BvhBuildParams::medium_build(),
                    &mut Duration::default(),
                );
                // Triangles in leaf order, as obvhs's own examples do.
                let ordered: Vec<obvhs::triangle::Triangle> = bvh
                    .primitive_indices
                    .iter()
                    .map(|&i| otris[i as usize])
                    .collect();
                (bvh, ordered)
            };
            // Best of five builds each (three for a million triangles), in interleaved rounds
            // like the ray passes, so that a change in the machine's load hits all three alike
            // (the three were timed one after the other until 2026-11-24).
            let runs = if n > 500_000 { 3 } else { 5 };
            let (mut isect_ms, mut parry_ms, mut obvhs_ms) =
                (f64::INFINITY, f64::INFINITY, f64::INFINITY);
            let mut built = None;
            for _ in 0..runs {
                built = Some((
                    timed(build_isect, &mut isect_ms),
                    timed(build_parry, &mut parry_ms),
                    timed(build_obvhs, &mut obvhs_ms),
                ));
            }
            let (ours, parry, (obvh, otris)) = built.expect("at least one round");
            // Embree, default and robust (watertight) scenes, built after the others: its device
            // keeps a thread pool of one thread, so the three above are not disturbed by it.
            #[cfg(feature = "embree")]
            let (embree_fast, embree_robust, embree_ms) = {
                use isect_bench::embree::{Embree, Mode};
                let mut ms = f64::INFINITY;
                let mut last = None;
                for _ in 0..runs {
                    last = Some(timed(
                        || Embree::new(&mesh.vertices, &mesh.triangles, Mode::Default),
                        &mut ms,
                    ));
                }
                let robust = Embree::new(&mesh.vertices, &mesh.triangles, Mode::Robust);
                (last.expect("at least one round"), robust, ms)
            };
            #[cfg(not(feature = "embree"))]
            let embree_build = String::new();
            #[cfg(feature = "embree")]
            let embree_build = format!(" {embree_ms:.1} |");
            let obvhs_bytes = std::mem::size_of_val(&obvh.nodes[..])
                + std::mem::size_of_val(&obvh.primitive_indices[..])
                + std::mem::size_of_val(&otris[..]);
            build_rows.push(format!(
                "| {} | {n} | {isect_ms:.1} | {parry_ms:.1} | {obvhs_ms:.1} |{embree_build} {:.1} | {:.1} |",
                mesh.name,
                ours.heap_bytes() as f64 / n as f64,
                obvhs_bytes as f64 / n as f64,
            ));
            for set in ray_sets(&mesh, camera, random, &mut rng) {
                let rays = &set.rays;
                let prays: Vec<ParryRay> = rays
                    .iter()
                    .map(|r| {
                        ParryRay::new(
                            parry3d::math::Vector::new(r.origin.x, r.origin.y, r.origin.z),
                            parry3d::math::Vector::new(r.dir.x, r.dir.y, r.dir.z),
                        )
                    })
                    .collect();
                let orays: Vec<obvhs::ray::Ray> = rays
                    .iter()
                    .map(|r| obvhs::ray::Ray::new(o3(r.origin), o3(r.dir), 0.0, r.max_t))
                    .collect();
                // The rays made once per library, so that every pass below does the same work
                // around its library's call: index an array of its own rays (isect's pass made
                // an `isect::Ray` from `R` per call before, measured 15-20% slower on the 10k
                // sphere's camera rays than indexing made ones).
                let irays: Vec<isect::Ray> = rays
                    .iter()
                    .map(|r| isect::Ray::new(r.origin, r.dir))
                    .collect();
                // What each library answers: t of the hit (closest), or 0/inf (any).
                let isect_t = |k: usize| -> Real {
                    let (ray, max_t) = (&irays[k], rays[k].max_t);
                    if set.any {
                        if ours.raycast_any(ray, max_t) {
                            0.0
                        } else {
                            Real::INFINITY
                        }
                    } else {
                        ours.raycast_triangle(ray, max_t)
                            .map_or(Real::INFINITY, |h| h.t)
                    }
                };
                let parry_t = |k: usize| -> Real {
                    let (ray, max_t) = (&prays[k], rays[k].max_t);
                    if set.any {
                        if parry.intersects_local_ray(ray, max_t) {
                            0.0
                        } else {
                            Real::INFINITY
                        }
                    } else {
                        parry
                            .cast_local_ray(ray, max_t, false)
                            .unwrap_or(Real::INFINITY)
                    }
                };
                let obvhs_t = |k: usize| -> Real {
                    let ray = orays[k];
                    if set.any {
                        let miss = obvh.ray_traverse_miss(ray, |ray, id| otris[id].intersect(ray));
                        if miss { Real::INFINITY } else { 0.0 }
                    } else {
                        let mut hit = obvhs::ray::RayHit::none();
                        if obvh.ray_traverse(ray, &mut hit, |ray, id| otris[id].intersect(ray)) {
                            hit.t
                        } else {
                            Real::INFINITY
                        }
                    }
                };
                // Embree's answers in the same form, default and robust scenes.
                #[cfg(feature = "embree")]
                let embree_t = |scene: &isect_bench::embree::Embree, k: usize| -> Real {
                    let r = &rays[k];
                    if set.any {
                        if scene.occluded(r.origin, r.dir, r.max_t) {
                            0.0
                        } else {
                            Real::INFINITY
                        }
                    } else {
                        scene
                            .closest(r.origin, r.dir, r.max_t)
                            .unwrap_or(Real::INFINITY)
                    }
                };
                // Both misses (infinite), or both hits at nearly the same `t`: a hit against a
                // miss must not pass as `|t - ∞| <= 1e-3 · ∞`, which it did before 2026-11-27.
                let same = |a: Real, b: Real| {
                    a == b
                        || a.is_finite()
                            && b.is_finite()
                            && (a - b).abs() <= 1e-3 * a.abs().max(b.abs()).max(1e-3)
                };
                let (mut agree_parry, mut agree_obvhs) = (0usize, 0usize);
                for k in 0..rays.len() {
                    let t = isect_t(k);
                    agree_parry += usize::from(same(t, parry_t(k)));
                    agree_obvhs += usize::from(same(t, obvhs_t(k)));
                }
                let m = rays.len();
                let hits = (0..m).filter(|&k| isect_t(k).is_finite()).count();
                let mut pi = || {
                    (0..m)
                        .filter(|&k| isect_t(black_box(k)).is_finite())
                        .count()
                };
                let mut pp = || {
                    (0..m)
                        .filter(|&k| parry_t(black_box(k)).is_finite())
                        .count()
                };
                let mut po = || {
                    (0..m)
                        .filter(|&k| obvhs_t(black_box(k)).is_finite())
                        .count()
                };
                // Closest-hit sets also through `batch::raycast_mesh` (packets of coherent
                // rays; isect built without `rayon`, so on this thread).
                let max_t = rays.first().map_or(Real::INFINITY, |r| r.max_t);
                assert!(rays.iter().all(|r| r.max_t == max_t), "one range per set");
                // parry's query that also gives the triangle and its normal, as isect's
                // `raycast_triangle` does (closest-hit sets).
                let mut pn = || {
                    (0..m)
                        .filter(|&k| {
                            parry
                                .cast_local_ray_and_get_normal(
                                    black_box(&prays[k]),
                                    rays[k].max_t,
                                    false,
                                )
                                .is_some()
                        })
                        .count()
                };
                let mut pb = || {
                    batch::raycast_mesh(&ours, black_box(&irays), max_t)
                        .iter()
                        .filter(|h| h.is_some())
                        .count()
                };
                // Embree's passes, each with FTZ/DAZ set for its length as Embree asks; they
                // come last in the list, after the ones the table has always had.
                #[cfg(feature = "embree")]
                let (mut ef, mut er, embree_agree) = {
                    let agree = |scene| {
                        (0..m)
                            .filter(|&k| same(isect_t(k), embree_t(scene, k)))
                            .count()
                    };
                    let agree = (agree(&embree_fast), agree(&embree_robust));
                    let pass = |scene| {
                        move || {
                            let _ftz = isect_bench::embree::Ftz::set();
                            (0..m)
                                .filter(|&k| embree_t(scene, black_box(k)).is_finite())
                                .count()
                        }
                    };
                    (pass(&embree_fast), pass(&embree_robust), agree)
                };
                let mut passes: Vec<&mut dyn FnMut() -> usize> = vec![&mut pi, &mut pp, &mut po];
                let agree_batch = if set.any {
                    None
                } else {
                    passes.push(&mut pb);
                    passes.push(&mut pn);
                    Some(
                        batch::raycast_mesh(&ours, &irays, max_t)
                            .iter()
                            .enumerate()
                            .filter(|(k, h)| same(isect_t(*k), h.map_or(Real::INFINITY, |h| h.t)))
                            .count(),
                    )
                };
                #[cfg(feature = "embree")]
                {
                    passes.push(&mut ef);
                    passes.push(&mut er);
                }
                let speeds = rays_per_second(m, budget, &mut passes);
                let (ri, rp, ro) = (speeds[0], speeds[1], speeds[2]);
                let (batch_cells, batch_agree) =
                    match (speeds.get(3).filter(|_| !set.any), agree_batch) {
                        (Some(rb), Some(a)) => (
                            format!("{:.2} | {:.2}× | {:.2}×", rb / 1e6, rb / rp, rb / ro),
                            format!(" / {:.2}%", 100.0 * a as f64 / m as f64),
                        ),
                        _ => ("— | — | —".to_owned(), String::new()),
                    };
                let normal_cells = if set.any {
                    "— | —".to_owned()
                } else {
                    format!("{:.2} | {:.2}×", speeds[4] / 1e6, ri / speeds[4])
                };
                #[cfg(not(feature = "embree"))]
                let embree_cells = String::new();
                #[cfg(feature = "embree")]
                let embree_cells = {
                    let (rf, rr) = (speeds[speeds.len() - 2], speeds[speeds.len() - 1]);
                    format!(
                        " {:.2} | {:.2} | {:.2}× | {:.2}× | {:.2}% / {:.2}% |",
                        rf / 1e6,
                        rr / 1e6,
                        ri / rf,
                        ri / rr,
                        100.0 * embree_agree.0 as f64 / m as f64,
                        100.0 * embree_agree.1 as f64 / m as f64,
                    )
                };
                let row = format!(
                    "| {} | {n} | {} | {m} | {:.1}% | {:.2} | {:.2} | {:.2} | {:.2}× | {:.2}× | {batch_cells} | {normal_cells} | {:.2}% / {:.2}%{batch_agree} |{embree_cells}",
                    mesh.name,
                    set.name,
                    100.0 * hits as f64 / m as f64,
                    ri / 1e6,
                    rp / 1e6,
                    ro / 1e6,
                    ri / rp,
                    ri / ro,
                    100.0 * agree_parry as f64 / m as f64,
                    100.0 * agree_obvhs as f64 / m as f64,
                );
                println!("{row}");
                ray_rows.push(row);
            }
        }
    }
    let mut md = String::new();
    md.push_str("# Mesh ray casts: isect TriMesh vs parry3d TriMesh vs obvhs CWBVH\n\n");
    md.push_str(if quick {
        "Settings: `ISECT_BENCH_QUICK=1` (128×128 camera rays, 16384 random rays, interleaved rounds for at least 0.15 s and two rounds, no 1M meshes).\n\n"
    } else {
        "Settings: 512×512 camera rays, 131072 random rays per set; per cell, interleaved rounds of one pass per library for at least 1 s and two rounds, best pass of each.\n\n"
    });
    let embree = cfg!(feature = "embree");
    md.push_str(if embree {
        "## Build\n\n| mesh | triangles | isect ms | parry ms | obvhs ms | embree ms | isect bytes/tri | obvhs bytes/tri |\n|---|---|---|---|---|---|---|---|\n"
    } else {
        "## Build\n\n| mesh | triangles | isect ms | parry ms | obvhs ms | isect bytes/tri | obvhs bytes/tri |\n|---|---|---|---|---|---|---|\n"
    });
    for r in &build_rows {
        md.push_str(r);
        md.push('\n');
    }
    md.push_str("\n## Rays (single thread, Mrays/s)\n\n| mesh | triangles | rays | count | hit | isect | parry | obvhs | isect/parry | isect/obvhs | isect batch | batch/parry | batch/obvhs | parry with normal | isect/parry with normal | agree parry / obvhs / batch |");
    md.push_str(if embree {
        " embree | embree robust | isect/embree | isect/embree robust | agree embree / robust |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    } else {
        "\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    });
    for r in &ray_rows {
        md.push_str(r);
        md.push('\n');
    }
    md.push_str(
        "\nisect: `TriMesh::raycast_triangle` (closest, watertight) and `raycast_any`; parry: \
         `cast_local_ray(.., solid = false)` and `intersects_local_ray`; obvhs: `ray_traverse` \
         and `ray_traverse_miss` with its Möller–Trumbore `Triangle::intersect` on triangles in \
         leaf order (CWBVH, `medium_build`). isect batch: `batch::raycast_mesh` over the \
         whole set (closest-hit sets; packets of 16 consecutive rays, camera rays row by row; \
         agree: the same t as `raycast_triangle`). parry with normal: parry's \
         `cast_local_ray_and_get_normal(.., solid = false)`, which gives the triangle and its \
         normal as `raycast_triangle` does (parry's `cast_local_ray` gives `t` only). isect \
         bytes/tri: `TriMesh::heap_bytes` (vertices, \
         indices and BVH); obvhs: nodes, primitive indices and the leaf-ordered triangles.\n",
    );
    if embree {
        md.push_str(
            "\nembree: Embree 3 (the system's libembree3) through `rtcIntersect1` and \
             `rtcOccluded1`, one ray at a time, device `threads=1`, scene at the default (medium) \
             build quality; default mode, and robust mode (`RTC_SCENE_FLAG_ROBUST`, watertight); \
             FTZ/DAZ set in MXCSR during Embree's passes only. Its build time is the default \
             scene's.\n",
        );
    }
    println!("\n{md}");
    let dir = std::env::current_exe()
        .ok()
        .and_then(|exe| {
            let deps = exe.parent()?;
            (deps.file_name()? == "deps").then(|| deps.parent()?.parent().map(PathBuf::from))?
        })
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("isect-bench");
    let path = dir.join("mesh.md");
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, md)) {
        Ok(()) => println!("written to {}", path.display()),
        Err(e) => eprintln!("could not write {}: {e}", path.display()),
    }
}
