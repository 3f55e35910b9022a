//! Ray casts against every shape parry also casts against, and the boolean `raycast_any`:
//! isect against parry3d on identical rays, in the same run.
//!
//! `cargo bench -p isect-bench --bench raycast` (set `ISECT_BENCH_QUICK=1` for a short run; a
//! criterion filter such as `-- sphere` runs a subset). The table of ratios is printed at the
//! end and written to `<target>/isect-bench/raycast.md`.
//!
//! What parry is asked is what a parry user would call for the same world-space data: shapes
//! that parry defines around the origin (`Ball`, `Cuboid`, `HalfSpace`) are cast through their
//! pose (`cast_ray_and_get_normal(&pose, ..)`), with the `*_local_*` call on rays already moved
//! into the shape's frame as a second line; shapes parry stores in world coordinates (`Aabb`,
//! `Capsule`, `Triangle`) take the `*_local_*` calls directly. Solid casts on both sides
//! (`solid = true`).

use isect::math::Vec3;
use isect::{Aabb, Capsule, Obb, Plane, Ray, RayCast, RayHit, Real, Sphere, Triangle};
use isect_bench::check;
use isect_bench::convert::{pose, to_parry, translation};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::{Ray as ParryRay, RayCast as ParryRayCast, RayIntersection};
use parry3d::shape as ps;

/// Rays per benchmark iteration.
const BATCH: usize = 1024;
/// Seed of every input set: the same data on every run and machine.
const SEED: u64 = 0x5EC7_CA57;
/// Every cast's `max_t`: far beyond the inputs, so the hits are the shapes' own.
const MAX_T: Real = 1.0e4;

fn main() {
    let mut suite = Suite::new("raycast");
    let mut rng = Rng::new(SEED);
    sphere(&mut suite, &mut rng);
    aabb(&mut suite, &mut rng);
    obb(&mut suite, &mut rng);
    capsule(&mut suite, &mut rng);
    triangle(&mut suite, &mut rng);
    plane(&mut suite, &mut rng);
    suite.note(format!(
        "Inputs: batches of {BATCH} rays from a fixed-seed generator, origins 3 to 6 units from \
         the shape, aimed at points scattered around it so that about half hit; unit and \
         non-unit directions (length 0.5 to 2); max_t = {MAX_T}. Every call sees its shape \
         through `black_box` and reads its ray from the batch. Before timing, the benchmark asserts that isect and parry \
         agree on hit or miss (away from grazing rays) and on t."
    ));
    suite.note(
        "parry calls: `(pose)` casts against a shape parry defines around the origin through \
         its pose, as a parry user with world-space data would; `(local)` is the `*_local_*` \
         call on rays already in the shape's frame. `raycast_any` is compared with \
         `intersects_ray` (parry's boolean cast). The triangle row is isect's watertight test \
         (Woop et al.) and, as a second query, its Möller–Trumbore variant, against parry's \
         (non-watertight) test. Plane: parry's `HalfSpace` with `solid = false` (a plane is a \
         surface).",
    );
    suite.note(
        "Work that parry does not do: isect checks its input (finite coordinates, non-zero \
         direction, non-negative sizes, max_t) before reporting any hit, about 35 instructions \
         per hit (callgrind), and the sphere and capsule solve their quadratics in the \
         cancellation-free form (one division more); the triangle's default cast is the \
         watertight one.",
    );
    suite.finish();
}

/// How parry holds the shape.
enum Frame {
    /// In world coordinates: the local calls are the world ones.
    World,
    /// Around the origin, placed by this pose.
    Posed(Pose),
}

/// One shape as both libraries hold it, with its rays.
struct Case<'a, I, P> {
    id: &'a str,
    label: &'a str,
    parry_type: &'a str,
    isect: &'a I,
    parry: &'a P,
    frame: Frame,
    rays: &'a [Ray],
    /// parry's `solid` flag for the cast that matches isect's `raycast`.
    solid: bool,
}

/// Rays from 3 to 6 units away from `center`, aimed at points within `2 reach` of it.
fn rays_at(rng: &mut Rng, center: Vec3, reach: Real) -> Vec<Ray> {
    (0..BATCH)
        .map(|_| {
            let origin = center + rng.unit_vec3() * rng.range(3.0, 6.0);
            let target = rng.around(center, reach);
            let len = rng.range(0.5, 2.0);
            Ray::new(origin, (target - origin).normalize() * len)
        })
        .collect()
}

fn to_parry_ray(r: &Ray) -> ParryRay {
    ParryRay::new(to_parry(r.origin), to_parry(r.dir))
}

/// Agreement on every ray, then the timings of the cast and of the boolean.
fn cast_queries<I: RayCast, P: ParryRayCast>(suite: &mut Suite, case: &Case<'_, I, P>) {
    let world: Vec<ParryRay> = case.rays.iter().map(to_parry_ray).collect();
    let (pose, local) = match &case.frame {
        Frame::World => (Pose::IDENTITY, None),
        Frame::Posed(p) => (
            *p,
            Some(
                world
                    .iter()
                    .map(|r| r.inverse_transform_by(p))
                    .collect::<Vec<_>>(),
            ),
        ),
    };
    let shape = case.isect;
    let parry = case.parry;
    let solid = case.solid;

    let ours: Vec<Option<RayHit>> = case.rays.iter().map(|r| shape.raycast(r, MAX_T)).collect();
    let theirs: Vec<Option<RayIntersection>> = world
        .iter()
        .map(|r| parry.cast_ray_and_get_normal(&pose, r, MAX_T, solid))
        .collect();
    // Clear of the boundary: a ray moved sideways by 1e-3 gets the same answer from isect.
    let clear: Vec<bool> = case
        .rays
        .iter()
        .map(|r| {
            let hit = shape.raycast(r, MAX_T).is_some();
            let (e1, e2) = r.dir.any_orthonormal_pair();
            [e1, -e1, e2, -e2].iter().all(|&e| {
                shape
                    .raycast(&Ray::new(r.origin + e * 1e-3, r.dir), MAX_T)
                    .is_some()
                    == hit
            })
        })
        .collect();
    let hits = check::bools(
        &format!("{} hit", case.label),
        &ours.iter().map(Option::is_some).collect::<Vec<_>>(),
        &theirs.iter().map(Option::is_some).collect::<Vec<_>>(),
        &clear,
    );
    let (mut t_ours, mut t_theirs) = (Vec::new(), Vec::new());
    for (a, b) in ours.iter().zip(&theirs) {
        if let (Some(a), Some(b)) = (a, b) {
            t_ours.push(a.t);
            t_theirs.push(b.time_of_impact);
        }
    }
    let t_diff = check::reals(&format!("{} t", case.label), &t_ours, &t_theirs, 1e-4);
    let any: Vec<bool> = case
        .rays
        .iter()
        .map(|r| shape.raycast_any(r, MAX_T))
        .collect();
    // parry's `intersects_ray` is the solid cast; for a surface (the plane) the matching boolean
    // is the hollow cast's.
    let parry_any: Vec<bool> = world
        .iter()
        .map(|r| {
            if solid {
                parry.intersects_ray(&pose, r, MAX_T)
            } else {
                parry.cast_ray(&pose, r, MAX_T, false).is_some()
            }
        })
        .collect();
    let _ = check::bools(&format!("{} any", case.label), &any, &parry_any, &clear);
    eprintln!(
        "{}: {} rays; hit or miss: {hits}; t agrees (max diff {t_diff:.1e})",
        case.label,
        case.rays.len()
    );

    let t = case.parry_type;
    let rays = case.rays;
    let mut group = suite.group(
        &format!("{}_raycast", case.id),
        &format!("{} raycast", case.label),
        rays.len(),
    );
    group.isect(per_query(shape, rays, |s, r| s.raycast(&r, MAX_T)));
    match &local {
        None => group.parry(
            "parry",
            &format!("{t}::cast_local_ray_and_get_normal"),
            per_query(parry, &world, |s, r| {
                s.cast_local_ray_and_get_normal(&r, MAX_T, solid)
            }),
        ),
        Some(local) => group
            .parry(
                "parry",
                &format!("{t}::cast_ray_and_get_normal (pose)"),
                per_query(&(parry, pose), &world, |(s, m), r| {
                    s.cast_ray_and_get_normal(m, &r, MAX_T, solid)
                }),
            )
            .parry(
                "parry_local",
                &format!("{t}::cast_local_ray_and_get_normal (local)"),
                per_query(parry, local, |s, r| {
                    s.cast_local_ray_and_get_normal(&r, MAX_T, solid)
                }),
            ),
    };
    group.finish();

    let mut group = suite.group(
        &format!("{}_raycast_any", case.id),
        &format!("{} raycast_any", case.label),
        rays.len(),
    );
    group.isect(per_query(shape, rays, |s, r| s.raycast_any(&r, MAX_T)));
    if !solid {
        group.parry(
            "parry",
            &format!("{t}::cast_ray (pose, solid = false)"),
            per_query(&(parry, pose), &world, |(s, m), r| {
                s.cast_ray(m, &r, MAX_T, false).is_some()
            }),
        );
    } else {
        match &local {
            None => group.parry(
                "parry",
                &format!("{t}::intersects_local_ray"),
                per_query(parry, &world, |s, r| s.intersects_local_ray(&r, MAX_T)),
            ),
            Some(local) => group
                .parry(
                    "parry",
                    &format!("{t}::intersects_ray (pose)"),
                    per_query(&(parry, pose), &world, |(s, m), r| {
                        s.intersects_ray(m, &r, MAX_T)
                    }),
                )
                .parry(
                    "parry_local",
                    &format!("{t}::intersects_local_ray (local)"),
                    per_query(parry, local, |s, r| s.intersects_local_ray(&r, MAX_T)),
                ),
        };
    }
    group.finish();
}

fn sphere(suite: &mut Suite, rng: &mut Rng) {
    let (center, radius) = (Vec3::new(1.0, -2.0, 0.5), 1.5);
    let rays = rays_at(rng, center, radius);
    cast_queries(
        suite,
        &Case {
            id: "sphere",
            label: "Sphere",
            parry_type: "Ball",
            isect: &Sphere::new(center, radius),
            parry: &ps::Ball::new(radius),
            frame: Frame::Posed(translation(center)),
            rays: &rays,
            solid: true,
        },
    );
}

fn aabb(suite: &mut Suite, rng: &mut Rng) {
    let (min, max) = (Vec3::new(-1.0, -2.0, -0.5), Vec3::new(2.0, 1.0, 1.5));
    let b = Aabb::new(min, max);
    let rays = rays_at(rng, b.center(), 1.5);
    cast_queries(
        suite,
        &Case {
            id: "aabb",
            label: "Aabb",
            parry_type: "Aabb",
            isect: &b,
            parry: &parry3d::bounding_volume::Aabb::new(to_parry(min), to_parry(max)),
            frame: Frame::World,
            rays: &rays,
            solid: true,
        },
    );
}

fn obb(suite: &mut Suite, rng: &mut Rng) {
    let center = Vec3::new(0.5, 1.0, -1.0);
    let half_extents = Vec3::new(1.5, 0.75, 0.5);
    let rotation = rng.rotation();
    let rays = rays_at(rng, center, 1.0);
    cast_queries(
        suite,
        &Case {
            id: "obb",
            label: "Obb",
            parry_type: "Cuboid",
            isect: &Obb::from_quat(center, half_extents, rotation),
            parry: &ps::Cuboid::new(to_parry(half_extents)),
            frame: Frame::Posed(pose(center, rotation)),
            rays: &rays,
            solid: true,
        },
    );
}

fn capsule(suite: &mut Suite, rng: &mut Rng) {
    let (a, b, radius) = (Vec3::new(-1.0, 0.0, 0.5), Vec3::new(1.5, 1.0, -0.5), 0.6);
    let rays = rays_at(rng, (a + b) * 0.5, 1.2);
    cast_queries(
        suite,
        &Case {
            id: "capsule",
            label: "Capsule",
            parry_type: "Capsule",
            isect: &Capsule::new(a, b, radius),
            parry: &ps::Capsule::new(to_parry(a), to_parry(b), radius),
            frame: Frame::World,
            rays: &rays,
            solid: true,
        },
    );
}

fn triangle(suite: &mut Suite, rng: &mut Rng) {
    let (a, b, c) = (
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(2.0, 0.5, -0.5),
        Vec3::new(0.5, 1.8, 0.7),
    );
    let tri = Triangle::new(a, b, c);
    let rays = rays_at(rng, tri.centroid(), 0.8);
    let parry_tri = ps::Triangle::new(to_parry(a), to_parry(b), to_parry(c));
    cast_queries(
        suite,
        &Case {
            id: "triangle",
            label: "Triangle",
            parry_type: "Triangle",
            isect: &tri,
            parry: &parry_tri,
            frame: Frame::World,
            rays: &rays,
            solid: true,
        },
    );
    // The fast variant on the same rays.
    let world: Vec<ParryRay> = rays.iter().map(to_parry_ray).collect();
    let mut group = suite.group(
        "triangle_moller_trumbore",
        "Triangle Möller–Trumbore (barycentric)",
        rays.len(),
    );
    group
        .isect(per_query(&tri, &rays, |s, r| {
            s.raycast_moller_trumbore(&r, MAX_T)
        }))
        .parry(
            "parry",
            "Triangle::cast_local_ray_and_get_normal",
            per_query(&parry_tri, &world, |s, r| {
                s.cast_local_ray_and_get_normal(&r, MAX_T, true)
            }),
        );
    group.finish();
    let mut group = suite.group(
        "triangle_barycentric",
        "Triangle raycast_barycentric (watertight)",
        rays.len(),
    );
    group
        .isect(per_query(&tri, &rays, |s, r| {
            s.raycast_barycentric(&r, MAX_T)
        }))
        .parry(
            "parry",
            "query::details::local_ray_intersection_with_triangle",
            per_query(&parry_tri, &world, |s, r| {
                parry3d::query::details::local_ray_intersection_with_triangle(s.a, s.b, s.c, &r)
            }),
        );
    group.finish();
}

fn plane(suite: &mut Suite, rng: &mut Rng) {
    let normal = Vec3::new(0.3, 1.0, -0.2).normalize();
    let point = Vec3::new(0.5, -0.5, 1.0);
    let p = Plane::from_point_normal(point, normal);
    let rays = rays_at(rng, point, 1.0);
    cast_queries(
        suite,
        &Case {
            id: "plane",
            label: "Plane",
            parry_type: "HalfSpace",
            isect: &p,
            parry: &ps::HalfSpace::new(to_parry(normal)),
            frame: Frame::Posed(translation(point)),
            rays: &rays,
            solid: false,
        },
    );
}
