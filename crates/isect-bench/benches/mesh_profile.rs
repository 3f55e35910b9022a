//! A fixed workload for `valgrind --tool=callgrind`: one 100k-triangle mesh and one ray set,
//! cast once, so that instruction counts per ray are repeatable on a loaded machine.
//!
//! `ISECT_PROFILE="<sphere|soup|terrain> <camera|incoherent|short> [<side> [batch]]" cargo
//! bench -p isect-bench --bench mesh_profile` (build with `--no-run`, then run the binary under callgrind
//! with `--toggle-collect='*cast_all*'` to leave out the mesh build). `<side>` is the camera's
//! width in pixels (128 unless given); `batch` casts closest hits through
//! `batch::raycast_mesh` (ray packets) instead of one `raycast_triangle` per ray. Prints the hit count and a
//! fingerprint of every hit (triangle, `t`, `u`, `v` bits; computed by a second pass outside
//! `cast_all`), so a change that alters any result shows. `ISECT_PROFILE_RAYS=hit`, `inbox` or
//! `outside` keeps only the rays that hit the mesh, miss it but enter its bounding box, or miss
//! the box (the instructions of a hit and of a miss differ tenfold). `ISECT_PROFILE_RINGS=50`
//! makes the sphere of the mesh bench's 10k row instead (158 rings: its 100k row);
//! `ISECT_PROFILE_TRIANGLES=10000` the 10k terrain (not the bench's: another random seed).
//! `ISECT_PROFILE_LIB=parry` casts the same rays with parry3d's `TriMesh` instead (the bench's
//! comparison; no fingerprint); with `--features embree`, `ISECT_PROFILE_LIB=embree` or
//! `embree-robust` casts them with Embree 3 (`rtcIntersect1` / `rtcOccluded1`, one thread, its
//! default or robust scene, FTZ/DAZ set for the cast as the mesh bench sets them; the hit count
//! is printed for comparison with isect's). Sets: `camera`, `incoherent` (closest hits),
//! `shadow` (any hit, towards a light as in the mesh bench) and `short` (any hit);
//! `ISECT_PROFILE_RINGS=500` makes the mesh bench's 1M sphere. `scripts/profile_embree.sh`
//! runs the table of instructions per ray of isect and Embree. `ISECT_PROFILE_OPEN=1` drops the
//! mesh's last triangle: the sphere is then a surface, not a solid, whose `raycast_any` from
//! inside would also count crossings (Embree has no solids). `ISECT_PROFILE_TIME=<passes>` also prints the best of that many
//! timed passes in ns per ray (outside callgrind: a quick timing of one ray class).

#![expect(
    clippy::disallowed_methods,
    reason = "a std benchmark; the `ops` rule is for the library"
)]

use std::hint::black_box;

use isect::math::Vec3;
use isect::{RayCast, Real, TriMesh};
use isect_bench::Rng;
use isect_bench::meshes::{Mesh, soup, sphere_rings, terrain};

#[inline(never)]
fn cast_all(mesh: &TriMesh, rays: &[(isect::Ray, Real)], any: bool) -> usize {
    rays.iter()
        .filter(|(ray, max_t)| {
            if any {
                mesh.raycast_any(black_box(ray), *max_t)
            } else {
                mesh.raycast_triangle(black_box(ray), *max_t)
                    .map_or(Real::INFINITY, |h| h.t)
                    .is_finite()
            }
        })
        .count()
}

/// `cast_all` of closest hits through `batch::raycast_mesh` (also matched by `*cast_all*`).
#[inline(never)]
fn cast_all_batch(mesh: &TriMesh, rays: &[isect::Ray], max_t: Real) -> usize {
    isect::batch::raycast_mesh(mesh, black_box(rays), max_t)
        .iter()
        .filter(|h| h.is_some())
        .count()
}

/// `cast_all` through parry3d's `TriMesh` (`cast_local_ray`, `intersects_local_ray`), the
/// bench's comparison, for its instruction counts on the same rays (`ISECT_PROFILE_LIB=parry`).
#[inline(never)]
fn cast_all_parry(
    mesh: &parry3d::shape::TriMesh,
    rays: &[(parry3d::query::Ray, Real)],
    any: bool,
) -> usize {
    use parry3d::query::RayCast as _;
    rays.iter()
        .filter(|(ray, max_t)| {
            if any {
                mesh.intersects_local_ray(black_box(ray), *max_t)
            } else {
                mesh.cast_local_ray(black_box(ray), *max_t, false).is_some()
            }
        })
        .count()
}

/// `cast_all` through Embree (`ISECT_PROFILE_LIB=embree` or `embree-robust`), with FTZ/DAZ set
/// for the whole cast as Embree asks.
#[cfg(all(feature = "embree", target_arch = "x86_64"))]
#[inline(never)]
fn cast_all_embree(
    scene: &isect_bench::embree::Embree,
    rays: &[(isect::Ray, Real)],
    any: bool,
) -> usize {
    let _ftz = isect_bench::embree::Ftz::set();
    rays.iter()
        .filter(|(ray, max_t)| {
            let ray = black_box(ray);
            if any {
                scene.occluded(ray.origin, ray.dir, *max_t)
            } else {
                scene.closest(ray.origin, ray.dir, *max_t).is_some()
            }
        })
        .count()
}

/// The number in the environment variable `name`, or `default` when it is unset or not one.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// With `ISECT_PROFILE_TIME=<passes>`, the best of that many timed passes of `cast`, in ns
/// per ray (not for callgrind runs).
fn time(lib: &str, rays: usize, mut cast: impl FnMut() -> usize) {
    let passes: u32 = env_or("ISECT_PROFILE_TIME", 0);
    let best = (0..passes)
        .map(|_| {
            let start = std::time::Instant::now();
            black_box(cast());
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min);
    println!("{lib}: {:.1} ns/ray", best * 1e9 / rays.max(1) as f64);
}

/// FNV-1a over every ray's answer: the hit's triangle and the bits of `t`, `u`, `v` (or the
/// `raycast_any` bool), so two builds agree only if every answer is bit-identical. With
/// `batch`, of the answers of `batch::raycast_mesh`.
#[inline(never)]
fn fingerprint(mesh: &TriMesh, rays: &[(isect::Ray, Real)], any: bool, batch: bool) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    if any {
        for (ray, max_t) in rays {
            eat(u64::from(mesh.raycast_any(ray, *max_t)));
        }
        return h;
    }
    let hits: Vec<Option<isect::MeshHit>> = if batch {
        let (plain, max_t) = plain(rays);
        isect::batch::raycast_mesh(mesh, &plain, max_t)
    } else {
        rays.iter()
            .map(|(ray, max_t)| mesh.raycast_triangle(ray, *max_t))
            .collect()
    };
    for hit in hits {
        if let Some(hit) = hit {
            eat(u64::from(hit.triangle));
            eat(f64::from(hit.t).to_bits());
            eat(f64::from(hit.u).to_bits());
            eat(f64::from(hit.v).to_bits());
        } else {
            eat(u64::MAX);
        }
    }
    h
}

/// The rays without their ranges, and the one range they share.
fn plain(rays: &[(isect::Ray, Real)]) -> (Vec<isect::Ray>, Real) {
    let max_t = rays.first().map_or(Real::INFINITY, |r| r.1);
    assert!(rays.iter().all(|r| r.1 == max_t), "one range per set");
    (rays.iter().map(|r| r.0).collect(), max_t)
}

fn main() {
    let spec = std::env::var("ISECT_PROFILE").unwrap_or_else(|_| "sphere camera".into());
    let mut words = spec.split_whitespace();
    let (mesh_name, set) = (
        words.next().unwrap_or("sphere"),
        words.next().unwrap_or("camera"),
    );
    let side: u32 = words.next().and_then(|w| w.parse().ok()).unwrap_or(128);
    let batch = words.next() == Some("batch");
    let mut rng = Rng::new(7);
    let Mesh {
        vertices,
        triangles,
        ..
    } = match mesh_name {
        "soup" => soup(100_000, &mut rng),
        "terrain" => terrain(env_or("ISECT_PROFILE_TRIANGLES", 100_000), &mut rng),
        _ => sphere_rings(env_or("ISECT_PROFILE_RINGS", 158)),
    };
    let mut triangles = triangles;
    if std::env::var_os("ISECT_PROFILE_OPEN").is_some() {
        // One triangle less, so that a closed mesh is a surface and not a solid: any-hit rays
        // then ask what Embree's `rtcOccluded1` answers (no crossing count for origins inside).
        triangles.pop();
    }
    let mesh = TriMesh::new(vertices.clone(), triangles).unwrap();
    let (lo, hi) = vertices
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(l, h), p| {
            (l.min(*p), h.max(*p))
        });
    let centre = (lo + hi) * 0.5;
    let radius = (hi - lo).length() * 0.5;
    let inside = |rng: &mut Rng| centre + (rng.vec3(-1.0, 1.0) * (hi - lo) * 0.6);
    let n = 16_384;
    let (rays, any): (Vec<(isect::Ray, Real)>, bool) = match set {
        "incoherent" => (
            (0..n)
                .map(|_| {
                    (
                        isect::Ray::new(inside(&mut rng), rng.unit_vec3()),
                        Real::INFINITY,
                    )
                })
                .collect(),
            false,
        ),
        "shadow" => {
            let light = centre + Vec3::new(-0.3, 0.4, 1.0).normalize() * radius * 3.0;
            (
                (0..n)
                    .map(|_| {
                        let o = inside(&mut rng);
                        (isect::Ray::new(o, light - o), 1.0)
                    })
                    .collect(),
                true,
            )
        }
        "short" => (
            (0..n)
                .map(|_| {
                    let o = inside(&mut rng);
                    (isect::Ray::new(o, rng.unit_vec3() * radius * 0.02), 1.0)
                })
                .collect(),
            true,
        ),
        _ => {
            let eye = centre + Vec3::new(1.2, -1.6, 1.1).normalize() * radius * 2.2;
            let forward = (centre - eye).normalize();
            let right = forward.cross(Vec3::Z).normalize();
            let up = right.cross(forward);
            let half = (30.0 as Real).to_radians().tan();
            let mut cam = Vec::new();
            for j in 0..side {
                for i in 0..side {
                    let x = (2.0 * (i as Real + 0.5) / side as Real - 1.0) * half;
                    let y = (1.0 - 2.0 * (j as Real + 0.5) / side as Real) * half;
                    let d = (forward + right * x + up * y).normalize();
                    cam.push((isect::Ray::new(eye, d), Real::INFINITY));
                }
            }
            (cam, false)
        }
    };
    // Optionally only the rays of one outcome, to profile each on its own.
    let bounds = isect::Aabb::new(lo, hi);
    let rays: Vec<_> = match std::env::var("ISECT_PROFILE_RAYS").as_deref() {
        Ok("hit") => rays
            .into_iter()
            .filter(|(r, m)| mesh.raycast_triangle(r, *m).is_some())
            .collect(),
        Ok("inbox") => rays
            .into_iter()
            .filter(|(r, m)| {
                mesh.raycast_triangle(r, *m).is_none() && bounds.raycast(r, *m).is_some()
            })
            .collect(),
        Ok("outside") => rays
            .into_iter()
            .filter(|(r, m)| bounds.raycast(r, *m).is_none())
            .collect(),
        _ => rays,
    };
    if std::env::var("ISECT_PROFILE_LIB").as_deref() == Ok("parry") {
        let v = |p: Vec3| parry3d::math::Vector::new(p.x, p.y, p.z);
        let pmesh = parry3d::shape::TriMesh::new(
            vertices.iter().map(|&p| v(p)).collect(),
            mesh.triangles().to_vec(),
        )
        .unwrap();
        let prays: Vec<_> = rays
            .iter()
            .map(|(r, m)| (parry3d::query::Ray::new(v(r.origin), v(r.dir)), *m))
            .collect();
        let hits = cast_all_parry(&pmesh, &prays, any);
        println!("{mesh_name} {set}: parry, {} rays, {hits} hits", rays.len());
        time("parry", rays.len(), || cast_all_parry(&pmesh, &prays, any));
        return;
    }
    #[cfg(all(feature = "embree", target_arch = "x86_64"))]
    if let Ok(lib @ ("embree" | "embree-robust")) = std::env::var("ISECT_PROFILE_LIB").as_deref() {
        use isect_bench::embree::{Embree, Mode};
        let mode = if lib == "embree" {
            Mode::Default
        } else {
            Mode::Robust
        };
        let scene = Embree::new(&vertices, mesh.triangles(), mode);
        let hits = cast_all_embree(&scene, &rays, any);
        println!("{mesh_name} {set}: {lib}, {} rays, {hits} hits", rays.len());
        time(lib, rays.len(), || cast_all_embree(&scene, &rays, any));
        return;
    }
    let (plain, max_t) = plain(&rays);
    let cast = || {
        if batch && !any {
            cast_all_batch(&mesh, &plain, max_t)
        } else {
            cast_all(&mesh, &rays, any)
        }
    };
    let hits = cast();
    time("isect", rays.len(), cast);
    let print = fingerprint(&mesh, &rays, any, batch);
    println!(
        "{mesh_name} {set}: {} triangles, {} rays, {hits} hits, fingerprint {print:016x}",
        mesh.triangles().len(),
        rays.len()
    );
}
