//! Wide queries: one ray or frustum against 1024 boxes, spheres or triangles, as isect's scalar
//! query in a loop, as the `wide` packs of eight (`Aabb8`, `Sphere8`, `Triangle8`) and as
//! `batch`'s slice functions,
//! against parry3d's nearest call in a loop, on the same inputs in the same run.
//!
//! `cargo bench -p isect-bench --bench wide` (`ISECT_BENCH_QUICK=1` for a short run). The table
//! is printed at the end and written to `<target>/isect-bench/wide.md`. Each group's reference
//! is the wide call (criterion's `isect`); the other rows are the scalar loop, `batch`, and
//! parry, so a ratio above 1 is the wide call's speed-up over that row.

use std::hint::black_box;

use isect::math::Vec3;
use isect::wide::{Aabb8, Sphere8, Triangle8};
use isect::{Aabb, Frustum, Ray, RayCast, Real, Sphere, Triangle, batch};
use isect_bench::convert::{to_parry, translation};
use isect_bench::{Rng, Suite};
use parry3d::math::Pose;
use parry3d::query::{Ray as ParryRay, RayCast as ParryRayCast};
use parry3d::shape as ps;

/// Shapes per benchmark iteration (one ray or frustum against all of them).
const SHAPES: usize = 1024;
/// Seed of every input set.
const SEED: u64 = 0x51DE_1A7E;
const MAX_T: Real = 1.0e4;

fn main() {
    let mut suite = Suite::new("wide");
    let mut rng = Rng::new(SEED);
    let boxes: Vec<Aabb> = (0..SHAPES)
        .map(|_| {
            let c = rng.vec3(-20.0, 20.0);
            let h = Vec3::new(
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
            );
            Aabb::from_center_half_extents(c, h)
        })
        .collect();
    let balls: Vec<Sphere> = (0..SHAPES)
        .map(|_| Sphere::new(rng.vec3(-20.0, 20.0), rng.range(0.2, 2.0)))
        .collect();
    // A ray through the middle of the scene, so that it passes many boxes' slabs.
    let ray = Ray::new(
        Vec3::new(-30.0, rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)),
        Vec3::new(1.0, 0.07, -0.05).normalize(),
    );
    // Triangles of a scene's size around random centres (the ray meets a few of them), drawn
    // after the ray so that the boxes, spheres and ray are those of earlier runs.
    let triangles: Vec<Triangle> = (0..SHAPES)
        .map(|_| {
            let c = rng.vec3(-20.0, 20.0);
            let corner = |rng: &mut Rng| c + rng.vec3(-2.0, 2.0);
            Triangle::new(corner(&mut rng), corner(&mut rng), corner(&mut rng))
        })
        .collect();
    let frustum = Frustum::from_matrix(
        &(isect::glam::camera::rh::proj::directx::perspective(1.0, 1.5, 0.5, 40.0)
            * isect::glam::camera::rh::view::look_at_mat4(
                Vec3::new(0.0, 0.0, 30.0),
                Vec3::ZERO,
                Vec3::Y,
            )),
    );
    let box_packs: Vec<Aabb8> = boxes.chunks(8).map(Aabb8::from_slice).collect();
    let ball_packs: Vec<Sphere8> = balls.chunks(8).map(Sphere8::from_slice).collect();
    let parry_ray = ParryRay::new(to_parry(ray.origin), to_parry(ray.dir));
    let parry_boxes: Vec<parry3d::bounding_volume::Aabb> = boxes
        .iter()
        .map(|b| parry3d::bounding_volume::Aabb::new(to_parry(b.min), to_parry(b.max)))
        .collect();
    let triangle_packs: Vec<Triangle8> = triangles.chunks(8).map(Triangle8::from_slice).collect();
    let parry_triangles: Vec<ps::Triangle> = triangles
        .iter()
        .map(|t| ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c)))
        .collect();
    let parry_balls: Vec<(Pose, ps::Ball)> = balls
        .iter()
        .map(|s| (translation(s.center), ps::Ball::new(s.radius)))
        .collect();

    // The answers agree before anything is timed.
    let wide_t: Vec<Real> = box_packs
        .iter()
        .flat_map(|p| p.raycast(&ray, MAX_T))
        .collect();
    let scalar_t: Vec<Real> = boxes
        .iter()
        .map(|b| b.raycast(&ray, MAX_T).map_or(Real::INFINITY, |h| h.t))
        .collect();
    assert_eq!(wide_t, scalar_t);
    assert_eq!(batch::raycast_aabbs(&ray, &boxes, MAX_T), scalar_t);
    let triangle_t: Vec<Real> = triangles
        .iter()
        .map(|t| t.raycast(&ray, MAX_T).map_or(Real::INFINITY, |h| h.t))
        .collect();
    let wide_triangle_t: Vec<Real> = triangle_packs
        .iter()
        .flat_map(|p| p.raycast(&ray, MAX_T))
        .collect();
    assert_eq!(wide_triangle_t, triangle_t);
    assert_eq!(
        batch::raycast_triangles(&ray, &triangles, MAX_T),
        triangle_t
    );
    let triangle_hits = triangle_t.iter().filter(|t| t.is_finite()).count();
    let parry_triangle_hits = parry_triangles
        .iter()
        .filter(|t| t.intersects_local_ray(&parry_ray, MAX_T))
        .count();
    let hits = scalar_t.iter().filter(|t| t.is_finite()).count();
    let parry_hits = parry_boxes
        .iter()
        .filter(|b| b.intersects_local_ray(&parry_ray, MAX_T))
        .count();
    let ball_hits = balls.iter().filter(|s| s.raycast_any(&ray, MAX_T)).count();
    let in_view = boxes
        .iter()
        .filter(|b| frustum.may_intersect_aabb(b))
        .count();
    let balls_in_view = balls
        .iter()
        .filter(|s| frustum.may_intersect_sphere(s))
        .count();
    eprintln!(
        "boxes hit: {hits} (parry {parry_hits}); spheres hit: {ball_hits}; triangles hit: \
         {triangle_hits} (parry {parry_triangle_hits}); in view: {in_view} boxes, \
         {balls_in_view} spheres, of {SHAPES}"
    );

    let mut g = suite.group("aabbs_raycast_any", "ray vs boxes, any hit", SHAPES);
    g.isect(|| {
        for p in &box_packs {
            black_box(black_box(p).raycast_any(black_box(&ray), MAX_T));
        }
    });
    g.parry("scalar", "isect `Aabb::raycast_any`, a loop", || {
        for b in &boxes {
            black_box(black_box(b).raycast_any(black_box(&ray), MAX_T));
        }
    });
    g.parry(
        "parry",
        "parry `Aabb::intersects_local_ray`, a loop",
        || {
            for b in &parry_boxes {
                black_box(black_box(b).intersects_local_ray(black_box(&parry_ray), MAX_T));
            }
        },
    );
    g.finish();

    let mut g = suite.group("aabbs_raycast", "ray vs boxes, entry t", SHAPES);
    g.isect(|| {
        for p in &box_packs {
            black_box(black_box(p).raycast(black_box(&ray), MAX_T));
        }
    });
    g.parry("scalar", "isect `Aabb::raycast` (t), a loop", || {
        for b in &boxes {
            black_box(black_box(b).raycast(black_box(&ray), MAX_T).map(|h| h.t));
        }
    });
    g.parry("batch", "isect `batch::raycast_aabbs` (a Vec)", || {
        black_box(batch::raycast_aabbs(black_box(&ray), &boxes, MAX_T))
    });
    g.parry("parry", "parry `Aabb::cast_local_ray`, a loop", || {
        for b in &parry_boxes {
            black_box(black_box(b).cast_local_ray(black_box(&parry_ray), MAX_T, true));
        }
    });
    g.finish();

    let mut g = suite.group("aabbs_frustum", "frustum vs boxes (culling)", SHAPES);
    g.isect(|| {
        for p in &box_packs {
            black_box(black_box(p).may_intersect_frustum(black_box(&frustum)));
        }
    });
    g.parry(
        "scalar",
        "isect `Frustum::may_intersect_aabb`, a loop",
        || {
            for b in &boxes {
                black_box(black_box(&frustum).may_intersect_aabb(black_box(b)));
            }
        },
    );
    g.parry(
        "batch",
        "isect `batch::may_intersect_aabbs` (a Vec)",
        || black_box(batch::may_intersect_aabbs(black_box(&frustum), &boxes)),
    );
    g.finish();

    let mut g = suite.group("spheres_raycast_any", "ray vs spheres, any hit", SHAPES);
    g.isect(|| {
        for p in &ball_packs {
            black_box(black_box(p).raycast_any(black_box(&ray), MAX_T));
        }
    });
    g.parry("scalar", "isect `Sphere::raycast_any`, a loop", || {
        for s in &balls {
            black_box(black_box(s).raycast_any(black_box(&ray), MAX_T));
        }
    });
    g.parry(
        "parry",
        "parry `Ball::intersects_ray` (pose), a loop",
        || {
            for (pose, ball) in &parry_balls {
                black_box(black_box(ball).intersects_ray(black_box(pose), &parry_ray, MAX_T));
            }
        },
    );
    g.finish();

    let mut g = suite.group("spheres_raycast", "ray vs spheres, entry t", SHAPES);
    g.isect(|| {
        for p in &ball_packs {
            black_box(black_box(p).raycast(black_box(&ray), MAX_T));
        }
    });
    g.parry("scalar", "isect `Sphere::raycast` (t), a loop", || {
        for s in &balls {
            black_box(black_box(s).raycast(black_box(&ray), MAX_T).map(|h| h.t));
        }
    });
    g.parry("parry", "parry `Ball::cast_ray` (pose), a loop", || {
        for (pose, ball) in &parry_balls {
            black_box(black_box(ball).cast_ray(black_box(pose), &parry_ray, MAX_T, true));
        }
    });
    g.finish();

    let mut g = suite.group("spheres_frustum", "frustum vs spheres (culling)", SHAPES);
    g.isect(|| {
        for p in &ball_packs {
            black_box(black_box(p).may_intersect_frustum(black_box(&frustum)));
        }
    });
    g.parry(
        "scalar",
        "isect `Frustum::may_intersect_sphere`, a loop",
        || {
            for s in &balls {
                black_box(black_box(&frustum).may_intersect_sphere(black_box(s)));
            }
        },
    );
    g.finish();

    let mut g = suite.group("triangles_raycast_any", "ray vs triangles, any hit", SHAPES);
    g.isect(|| {
        for p in &triangle_packs {
            black_box(black_box(p).raycast_any(black_box(&ray), MAX_T));
        }
    });
    g.parry("scalar", "isect `Triangle::raycast_any`, a loop", || {
        for t in &triangles {
            black_box(black_box(t).raycast_any(black_box(&ray), MAX_T));
        }
    });
    g.parry(
        "parry",
        "parry `Triangle::intersects_local_ray`, a loop",
        || {
            for t in &parry_triangles {
                black_box(black_box(t).intersects_local_ray(black_box(&parry_ray), MAX_T));
            }
        },
    );
    g.finish();

    let mut g = suite.group("triangles_raycast", "ray vs triangles, hit t", SHAPES);
    g.isect(|| {
        for p in &triangle_packs {
            black_box(black_box(p).raycast(black_box(&ray), MAX_T));
        }
    });
    g.parry("scalar", "isect `Triangle::raycast` (t), a loop", || {
        for t in &triangles {
            black_box(black_box(t).raycast(black_box(&ray), MAX_T).map(|h| h.t));
        }
    });
    g.parry("batch", "isect `batch::raycast_triangles` (a Vec)", || {
        black_box(batch::raycast_triangles(black_box(&ray), &triangles, MAX_T))
    });
    g.parry("parry", "parry `Triangle::cast_local_ray`, a loop", || {
        for t in &parry_triangles {
            black_box(black_box(t).cast_local_ray(black_box(&parry_ray), MAX_T, true));
        }
    });
    g.finish();

    suite.note(format!(
        "Inputs: {SHAPES} boxes and {SHAPES} spheres scattered in [-20, 20]^3 (half extents and \
         radii 0.2 to 2) and {SHAPES} triangles (corners within 2 of a centre there) from a fixed \
         seed; one ray across the scene, one perspective camera \
         frustum. The reference (`isect`) is the wide call over 128 packs of eight built \
         beforehand; figures are ns per shape. The answers of the wide, scalar and batch \
         calls are asserted equal before timing."
    ));
    suite.note(
        "Rows: `scalar` is isect's scalar query in a loop, `batch` the slice function (packs \
         the boxes, allocates the answer; with `rayon` off), `parry` its nearest call in a \
         loop (no frustum in parry). Each call sees its shape or pack and the ray through \
         `black_box`. The pack methods compile for the caller's target (baseline x86-64 \
         here); `batch` runs its loop in the x86-64-v3 copy.",
    );
    suite.finish();
}
