//! A fixed workload for `valgrind --tool=callgrind` and quick timings: shape casts of the
//! `mesh_shapes` benchmark's kinds (a character-size sphere, capsule, box or 32-point hull,
//! turned at random, placed at random in the mesh's box grown by a fifth) against one of its
//! meshes, so that instruction counts per cast are repeatable on a loaded machine.
//!
//! `ISECT_PROFILE="<sphere|terrain|soup> <triangles> <sphere|capsule|box|hull> <short|long>"
//! cargo bench -p isect-bench --bench mesh_sweep_profile` (build with `--no-run`, then run the
//! binary under callgrind with `--toggle-collect='*sweep_all*'` to leave out the mesh build).
//! Short casts move by 0.01, long ones to another random place in the box. Prints the hit
//! count, the mean number of triangles whose boxes meet the swept box (the box of the shape's
//! start and end: an upper bound on what a cast must test) and a fingerprint of every answer
//! (triangle and the bits of `t`), so a change that alters any result shows.
//! `ISECT_PROFILE_LIB=parry` casts with parry3d's `query::cast_shapes` instead (no
//! fingerprint); `ISECT_PROFILE_TIME=<passes>` also prints the best of that many timed passes in
//! ns per cast; `ISECT_PROFILE_CASTS` sets the number of casts (256); `ISECT_PROFILE_COUNT=0`
//! skips the count of triangle boxes (a brute force, slow under callgrind).
//!
//! `distance` in place of `short`/`long` times distances instead (`Distance<TriMesh>` against
//! parry3d's `query::distance`) from shapes placed as above where they do not meet the mesh (as
//! `mesh_shapes` places them); under callgrind, `--toggle-collect='*distance_all*'`. The
//! fingerprint is then over the bits of every distance.

use std::hint::black_box;

use isect::math::Vec3;
use isect::{
    Bounded, Capsule, ConvexHull, Distance, Intersects, MeshSweepHit, Obb, Real, Sphere, TriMesh,
};
use isect_bench::Rng;
use isect_bench::convert::{pose, to_parry, translation};
use isect_bench::meshes::{Mesh, soup, sphere, terrain};
use parry3d::math::Pose;
use parry3d::query::{self, ShapeCastOptions};
use parry3d::shape as ps;

/// parry's pose and shape.
type ParryShape = (Pose, Box<dyn ps::Shape>);

/// A placed shape.
enum Shape {
    Sphere(Sphere),
    Capsule(Capsule),
    Box(Obb),
    Hull(ConvexHull),
}

impl Shape {
    fn aabb(&self) -> isect::Aabb {
        match self {
            Shape::Sphere(s) => s.aabb(),
            Shape::Capsule(c) => c.aabb(),
            Shape::Box(b) => b.aabb(),
            Shape::Hull(h) => h.aabb(),
        }
    }

    /// parry's shape and pose.
    fn parry(&self) -> ParryShape {
        match self {
            Shape::Sphere(s) => (translation(s.center), Box::new(ps::Ball::new(s.radius))),
            Shape::Capsule(c) => {
                let mid = (c.a + c.b) * 0.5;
                let capsule = ps::Capsule::new(to_parry(c.a - mid), to_parry(c.b - mid), c.radius);
                (translation(mid), Box::new(capsule))
            }
            Shape::Box(b) => (
                pose(b.center, isect::math::Quat::from_mat3(&b.rotation)),
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
}

/// A shape of `kind` at `at`, turned at random (as in `mesh_shapes`).
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

fn cast(mesh: &TriMesh, shape: &Shape, motion: Vec3) -> Option<MeshSweepHit> {
    match shape {
        Shape::Sphere(s) => mesh.sweep_triangle(black_box(s), motion),
        Shape::Capsule(c) => mesh.sweep_triangle(black_box(c), motion),
        Shape::Box(b) => mesh.sweep_triangle(black_box(b), motion),
        Shape::Hull(h) => mesh.sweep_triangle(black_box(h), motion),
    }
}

#[inline(never)]
fn sweep_all(mesh: &TriMesh, casts: &[(Shape, Vec3)]) -> usize {
    casts
        .iter()
        .filter(|(s, m)| cast(mesh, s, *m).is_some())
        .count()
}

/// isect's distance between `shape` and `mesh`.
fn distance(mesh: &TriMesh, shape: &Shape) -> Real {
    match shape {
        Shape::Sphere(s) => black_box(s).distance(mesh),
        Shape::Capsule(c) => black_box(c).distance(mesh),
        Shape::Box(b) => black_box(b).distance(mesh),
        Shape::Hull(h) => black_box(h).distance(mesh),
    }
}

/// Whether `shape` meets `mesh`.
fn meets(mesh: &TriMesh, shape: &Shape) -> bool {
    match shape {
        Shape::Sphere(s) => s.intersects(mesh),
        Shape::Capsule(c) => c.intersects(mesh),
        Shape::Box(b) => b.intersects(mesh),
        Shape::Hull(h) => h.intersects(mesh),
    }
}

#[inline(never)]
fn distance_all(mesh: &TriMesh, shapes: &[Shape]) -> usize {
    shapes
        .iter()
        .filter(|s| distance(mesh, s) < Real::INFINITY)
        .count()
}

#[inline(never)]
fn distance_all_parry(mesh: &ps::TriMesh, shapes: &[ParryShape]) -> usize {
    shapes
        .iter()
        .filter(|(p, s)| {
            query::distance(&Pose::IDENTITY, mesh, p, s.as_ref())
                .expect("supported pair")
                .distance
                < Real::INFINITY
        })
        .count()
}

#[inline(never)]
fn sweep_all_parry(mesh: &ps::TriMesh, casts: &[(ParryShape, parry3d::math::Vector)]) -> usize {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    casts
        .iter()
        .filter(|((p, s), m)| {
            query::cast_shapes(
                &Pose::IDENTITY,
                parry3d::math::Vector::ZERO,
                mesh,
                p,
                *m,
                s.as_ref(),
                options,
            )
            .expect("supported pair")
            .is_some()
        })
        .count()
}

/// The number in the environment variable `name`, or `default`.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The best of `ISECT_PROFILE_TIME` timed passes of `run`, in ns per cast.
fn time(lib: &str, casts: usize, mut run: impl FnMut() -> usize) {
    let passes: u32 = env_or("ISECT_PROFILE_TIME", 0);
    if passes == 0 {
        return;
    }
    let best = (0..passes)
        .map(|_| {
            let start = std::time::Instant::now();
            black_box(run());
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min);
    println!(
        "{lib}: {:.0} ns per query",
        best * 1e9 / casts.max(1) as f64
    );
}

fn main() {
    let spec =
        std::env::var("ISECT_PROFILE").unwrap_or_else(|_| "terrain 1000000 sphere short".into());
    let words: Vec<&str> = spec.split_whitespace().collect();
    let word = |i: usize, d: &'static str| words.get(i).copied().unwrap_or(d);
    let (mesh_name, size, kind, long) = (
        word(0, "terrain"),
        word(1, "1000000").parse().unwrap_or(1_000_000),
        word(2, "sphere"),
        word(3, "short") == "long",
    );
    let mut rng = Rng::new(0x5A4E_3E5B);
    let mesh: Mesh = match mesh_name {
        "soup" => soup(size, &mut rng),
        "terrain" => terrain(size, &mut rng),
        _ => sphere(size),
    };
    let ours = TriMesh::new(mesh.vertices.clone(), mesh.triangles.clone()).unwrap();
    let (lo, hi) = mesh
        .vertices
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(l, h), p| {
            (l.min(*p), h.max(*p))
        });
    let center = (lo + hi) * 0.5;
    let place = |rng: &mut Rng| center + rng.vec3(-1.0, 1.0) * (hi - lo) * 0.6;
    let n: usize = env_or("ISECT_PROFILE_CASTS", 256);
    if word(3, "short") == "distance" {
        let mut shapes = Vec::with_capacity(n);
        while shapes.len() < n {
            let s = make(kind, place(&mut rng), &mut rng);
            if !meets(&ours, &s) {
                shapes.push(s);
            }
        }
        let what = format!("{mesh_name} {} {kind} distance", mesh.triangles.len());
        if std::env::var("ISECT_PROFILE_LIB").as_deref() == Ok("parry") {
            let pv: Vec<_> = mesh.vertices.iter().map(|&p| to_parry(p)).collect();
            let theirs = ps::TriMesh::new(pv, mesh.triangles.clone()).unwrap();
            let pshapes: Vec<_> = shapes.iter().map(Shape::parry).collect();
            distance_all_parry(&theirs, &pshapes);
            println!("{what}: parry, {n} distances");
            time("parry", n, || distance_all_parry(&theirs, &pshapes));
            return;
        }
        distance_all(&ours, &shapes);
        time("isect", n, || distance_all(&ours, &shapes));
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for s in &shapes {
            h ^= f64::from(distance(&ours, s)).to_bits();
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        println!("{what}: isect, {n} distances, fingerprint {h:016x}");
        return;
    }
    let casts: Vec<(Shape, Vec3)> = (0..n)
        .map(|_| {
            let at = place(&mut rng);
            let shape = make(kind, at, &mut rng);
            let motion = if long {
                place(&mut rng) - at
            } else {
                rng.unit_vec3() * 0.01
            };
            (shape, motion)
        })
        .collect();
    let what = format!(
        "{mesh_name} {} {kind} {}",
        mesh.triangles.len(),
        if long { "long" } else { "short" }
    );
    if std::env::var("ISECT_PROFILE_LIB").as_deref() == Ok("parry") {
        let pv: Vec<_> = mesh.vertices.iter().map(|&p| to_parry(p)).collect();
        let theirs = ps::TriMesh::new(pv, mesh.triangles.clone()).unwrap();
        let pcasts: Vec<_> = casts
            .iter()
            .map(|(s, m)| (s.parry(), to_parry(*m)))
            .collect();
        let hits = sweep_all_parry(&theirs, &pcasts);
        println!("{what}: parry, {n} casts, {hits} hits");
        time("parry", n, || sweep_all_parry(&theirs, &pcasts));
        return;
    }
    let hits = sweep_all(&ours, &casts);
    time("isect", n, || sweep_all(&ours, &casts));
    // What a cast must look at: triangles whose boxes meet the box of its start and end.
    let mut candidates = 0usize;
    let count = env_or("ISECT_PROFILE_COUNT", 1) != 0;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for (s, m) in &casts {
        let b = s.aabb();
        let (slo, shi) = (b.min.min(b.min + *m), b.max.max(b.max + *m));
        // Skipped under callgrind, where the brute force over a million triangles is slow.
        if count {
            candidates += mesh
                .triangles
                .iter()
                .filter(|t| {
                    let [a, b, c] = t.map(|i| mesh.vertices[i as usize]);
                    let (tlo, thi) = (a.min(b).min(c), a.max(b).max(c));
                    tlo.cmple(shi).all() && slo.cmple(thi).all()
                })
                .count();
        }
        match cast(&ours, s, *m) {
            Some(hit) => {
                eat(u64::from(hit.triangle));
                eat(f64::from(hit.t).to_bits());
            }
            None => eat(u64::MAX),
        }
    }
    println!(
        "{what}: isect, {n} casts, {hits} hits, {:.2} triangle boxes per cast meet the swept box, fingerprint {h:016x}",
        candidates as f64 / n as f64
    );
}
