//! Convex-hull overlap and ray casts against parry3d's `ConvexPolyhedron`, and the frustum
//! tests (exact and conservative; parry has no frustum, so those are isect-only figures).
//!
//! `cargo bench -p isect-bench --bench overlap_frustum_hull` (set `ISECT_BENCH_QUICK=1` for a
//! short run). The table of ratios is printed at the end and written to
//! `<target>/isect-bench/overlap_frustum_hull.md`; the frustum timings are in its notes.

use isect::math::{Mat4, Quat, Vec3};
use isect::query::algo::gjk::gjk_closest_points;
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Intersects, Obb, Ray, RayCast, Real, Segment, Sphere,
    Triangle,
};
use isect_bench::check;
use isect_bench::convert::{pose, to_parry, to_parry_all, translation};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::RayCast as ParryRayCast;
use parry3d::shape as ps;

/// Queries per benchmark iteration.
const BATCH: usize = 1024;
/// Seed of every input set.
const SEED: u64 = 0x15_EC7F;
/// Points of the hull (all vertices).
const HULL_POINTS: usize = 32;

fn main() {
    let mut suite = Suite::new("overlap_frustum_hull");
    let mut rng = Rng::new(SEED);
    hull_pairs(&mut suite, &mut rng);
    hull_raycast(&mut suite, &mut rng);
    frustum(&mut suite, &mut rng);
    suite.note(format!(
        "Inputs: a hull of {HULL_POINTS} points on a rotated ellipsoid (every point a vertex, \
         so both libraries' support maps scan the same points) and batches of {BATCH} shapes \
         around it, about half overlapping; parry: `query::intersection_test` with \
         `ConvexPolyhedron::from_convex_hull` against `Ball`, `Cuboid` (posed for the boxes), \
         `Capsule`, `Triangle`, `Segment` and another `ConvexPolyhedron`; ray casts: \
         `cast_local_ray_and_get_normal(.., solid = true)`. Before timing, the benchmark \
         asserts that both give the same answers wherever the input is clear of the boundary."
    ));
    suite.finish();
}

/// The ellipsoid hull, in both libraries.
fn ellipsoid(rng: &mut Rng, center: Vec3) -> (ConvexHull, ps::ConvexPolyhedron) {
    let axes = Vec3::new(1.5, 1.0, 0.7);
    let rotation = rng.rotation();
    let vertices: Vec<Vec3> = (0..HULL_POINTS)
        .map(|_| center + rotation * (rng.unit_vec3() * axes))
        .collect();
    let parry = ps::ConvexPolyhedron::from_convex_hull(&to_parry_all(&vertices))
        .expect("the points span a solid");
    (ConvexHull::new(vertices), parry)
}

/// How far inside the hull `p` is (positive inside), by its face planes.
fn depth(hull: &ConvexHull, p: Vec3) -> Real {
    -hull
        .planes()
        .iter()
        .map(|plane| plane.signed_distance(p))
        .fold(Real::NEG_INFINITY, Real::max)
}

fn parry_test(hull: &ps::ConvexPolyhedron, pose2: &Pose, shape: &dyn ps::Shape) -> bool {
    parry3d::query::intersection_test(&Pose::IDENTITY, hull, pose2, shape)
        .expect("supported")
        .intersecting
}

/// One pair: checks agreement where clear, then times isect and parry.
#[expect(
    clippy::too_many_arguments,
    reason = "one row of the table: its inputs and both libraries' calls"
)]
fn pair<S: Copy + Intersects<ConvexHull>, P: Copy>(
    suite: &mut Suite,
    id: &str,
    label: &str,
    hull: &ConvexHull,
    parry_hull: &ps::ConvexPolyhedron,
    shapes: &[S],
    parry_shapes: &[P],
    clear: &[bool],
    parry_one: impl Fn(&ps::ConvexPolyhedron, P) -> bool + Copy,
    parry_type: &str,
) {
    let ours: Vec<bool> = shapes.iter().map(|s| s.intersects(hull)).collect();
    let theirs: Vec<bool> = parry_shapes
        .iter()
        .map(|&p| parry_one(parry_hull, p))
        .collect();
    let agreement = check::bools(label, &ours, &theirs, clear);
    suite.note(format!("{label}: {agreement}."));
    let mut group = suite.group(id, label, shapes.len());
    group.isect(per_query(hull, shapes, |h, s| s.intersects(h)));
    group.parry(
        "parry",
        &format!("intersection_test(ConvexPolyhedron, {parry_type})"),
        per_query(parry_hull, parry_shapes, parry_one),
    );
    group.finish();
}

fn hull_pairs(suite: &mut Suite, rng: &mut Rng) {
    let center = Vec3::new(0.3, -0.2, 0.1);
    let (hull, parry_hull) = ellipsoid(rng, center);
    let reach = 3.0;
    let margin = 1e-3;

    let spheres: Vec<Sphere> = (0..BATCH)
        .map(|_| Sphere::new(rng.around(center, reach), rng.range(0.1, 1.0)))
        .collect();
    let clear: Vec<bool> = spheres
        .iter()
        .map(|s| {
            let d = gjk_closest_points(&hull, &s.center, Vec3::X).distance;
            (d - s.radius).abs() > margin
        })
        .collect();
    let parry_spheres: Vec<(Pose, ps::Ball)> = spheres
        .iter()
        .map(|s| (translation(s.center), ps::Ball::new(s.radius)))
        .collect();
    pair(
        suite,
        "hull_sphere",
        "ConvexHull–Sphere",
        &hull,
        &parry_hull,
        &spheres,
        &parry_spheres,
        &clear,
        |h, (m, b)| parry_test(h, &m, &b),
        "Ball",
    );

    let clear_polytope =
        |shape_distance: Real, inner: Vec3| shape_distance > margin || depth(&hull, inner) > margin;
    let boxes: Vec<Aabb> = (0..BATCH)
        .map(|_| {
            let c = rng.around(center, reach);
            let h = Vec3::new(
                rng.range(0.1, 0.8),
                rng.range(0.1, 0.8),
                rng.range(0.1, 0.8),
            );
            Aabb::new(c - h, c + h)
        })
        .collect();
    let clear: Vec<bool> = boxes
        .iter()
        .map(|b| clear_polytope(gjk_closest_points(&hull, b, Vec3::X).distance, b.center()))
        .collect();
    let parry_boxes: Vec<(Pose, ps::Cuboid)> = boxes
        .iter()
        .map(|b| {
            (
                translation(b.center()),
                ps::Cuboid::new(to_parry(b.half_extents())),
            )
        })
        .collect();
    pair(
        suite,
        "hull_aabb",
        "ConvexHull–Aabb",
        &hull,
        &parry_hull,
        &boxes,
        &parry_boxes,
        &clear,
        |h, (m, b)| parry_test(h, &m, &b),
        "Cuboid",
    );

    let obbs: Vec<(Obb, Quat)> = (0..BATCH)
        .map(|_| {
            let c = rng.around(center, reach);
            let h = Vec3::new(
                rng.range(0.1, 0.8),
                rng.range(0.1, 0.8),
                rng.range(0.1, 0.8),
            );
            let q = rng.rotation();
            (Obb::from_quat(c, h, q), q)
        })
        .collect();
    let clear: Vec<bool> = obbs
        .iter()
        .map(|(o, _)| clear_polytope(gjk_closest_points(&hull, o, Vec3::X).distance, o.center))
        .collect();
    let parry_obbs: Vec<(Pose, ps::Cuboid)> = obbs
        .iter()
        .map(|(o, q)| {
            (
                pose(o.center, *q),
                ps::Cuboid::new(to_parry(o.half_extents)),
            )
        })
        .collect();
    let obbs: Vec<Obb> = obbs.into_iter().map(|(o, _)| o).collect();
    pair(
        suite,
        "hull_obb",
        "ConvexHull–Obb",
        &hull,
        &parry_hull,
        &obbs,
        &parry_obbs,
        &clear,
        |h, (m, b)| parry_test(h, &m, &b),
        "Cuboid",
    );

    let capsules: Vec<Capsule> = (0..BATCH)
        .map(|_| {
            let a = rng.around(center, reach);
            Capsule::new(
                a,
                a + rng.unit_vec3() * rng.range(0.2, 1.5),
                rng.range(0.05, 0.6),
            )
        })
        .collect();
    let clear: Vec<bool> = capsules
        .iter()
        .map(|c| {
            let d = gjk_closest_points(&hull, &Segment::new(c.a, c.b), Vec3::X).distance;
            (d - c.radius).abs() > margin
        })
        .collect();
    let parry_capsules: Vec<ps::Capsule> = capsules
        .iter()
        .map(|c| ps::Capsule::new(to_parry(c.a), to_parry(c.b), c.radius))
        .collect();
    pair(
        suite,
        "hull_capsule",
        "ConvexHull–Capsule",
        &hull,
        &parry_hull,
        &capsules,
        &parry_capsules,
        &clear,
        |h, c| parry_test(h, &Pose::IDENTITY, &c),
        "Capsule",
    );

    let triangles: Vec<Triangle> = (0..BATCH)
        .map(|_| {
            let a = rng.around(center, reach);
            Triangle::new(a, rng.around(a, 1.0), rng.around(a, 1.0))
        })
        .collect();
    let clear: Vec<bool> = triangles
        .iter()
        .map(|t| clear_polytope(gjk_closest_points(&hull, t, Vec3::X).distance, t.centroid()))
        .collect();
    let parry_triangles: Vec<ps::Triangle> = triangles
        .iter()
        .map(|t| ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c)))
        .collect();
    pair(
        suite,
        "hull_triangle",
        "ConvexHull–Triangle",
        &hull,
        &parry_hull,
        &triangles,
        &parry_triangles,
        &clear,
        |h, t| parry_test(h, &Pose::IDENTITY, &t),
        "Triangle",
    );

    let segments: Vec<Segment> = (0..BATCH)
        .map(|_| {
            let a = rng.around(center, reach);
            Segment::new(a, rng.around(a, 2.0))
        })
        .collect();
    let clear: Vec<bool> = segments
        .iter()
        .map(|s| clear_polytope(gjk_closest_points(&hull, s, Vec3::X).distance, s.midpoint()))
        .collect();
    let parry_segments: Vec<ps::Segment> = segments
        .iter()
        .map(|s| ps::Segment::new(to_parry(s.a), to_parry(s.b)))
        .collect();
    pair(
        suite,
        "hull_segment",
        "ConvexHull–Segment",
        &hull,
        &parry_hull,
        &segments,
        &parry_segments,
        &clear,
        |h, s| parry_test(h, &Pose::IDENTITY, &s),
        "Segment",
    );

    // Hull–hull: 64 other hulls, each queried 16 times.
    let others: Vec<(ConvexHull, ps::ConvexPolyhedron)> = (0..64)
        .map(|_| {
            let c = rng.around(center, reach);
            ellipsoid(rng, c)
        })
        .collect();
    let indices: Vec<usize> = (0..BATCH).map(|i| i % others.len()).collect();
    let ours: Vec<bool> = indices
        .iter()
        .map(|&i| others[i].0.intersects(&hull))
        .collect();
    let theirs: Vec<bool> = indices
        .iter()
        .map(|&i| parry_test(&parry_hull, &Pose::IDENTITY, &others[i].1))
        .collect();
    let clear: Vec<bool> = indices
        .iter()
        .map(|&i| {
            let o = &others[i].0;
            let inner = o.points().iter().copied().sum::<Vec3>() / o.points().len() as Real;
            clear_polytope(gjk_closest_points(&hull, o, Vec3::X).distance, inner)
        })
        .collect();
    let agreement = check::bools("ConvexHull–ConvexHull", &ours, &theirs, &clear);
    suite.note(format!("ConvexHull–ConvexHull: {agreement}."));
    let mut group = suite.group("hull_hull", "ConvexHull–ConvexHull", BATCH);
    group.isect(per_query(&hull, &indices, |h, i| others[i].0.intersects(h)));
    group.parry(
        "parry",
        "intersection_test(ConvexPolyhedron, ConvexPolyhedron)",
        per_query(&parry_hull, &indices, |h, i| {
            parry_test(h, &Pose::IDENTITY, &others[i].1)
        }),
    );
    group.finish();
}

fn hull_raycast(suite: &mut Suite, rng: &mut Rng) {
    let center = Vec3::new(0.3, -0.2, 0.1);
    let (hull, parry_hull) = ellipsoid(rng, center);
    // Rays from a shell around the hull towards points near it: about half hit.
    let rays: Vec<Ray> = (0..BATCH)
        .map(|_| {
            let origin = center + rng.unit_vec3() * 4.0;
            let target = rng.around(center, 1.5);
            Ray::new(origin, target - origin)
        })
        .collect();
    let max_t = 10.0;
    let ours: Vec<Real> = rays
        .iter()
        .map(|r| hull.raycast(r, max_t).map_or(-1.0, |h| h.t))
        .collect();
    let parry_rays: Vec<parry3d::query::Ray> = rays
        .iter()
        .map(|r| parry3d::query::Ray::new(to_parry(r.origin), to_parry(r.dir)))
        .collect();
    let theirs: Vec<Real> = parry_rays
        .iter()
        .map(|r| {
            parry_hull
                .cast_local_ray_and_get_normal(r, max_t, true)
                .map_or(-1.0, |h| h.time_of_impact)
        })
        .collect();
    let diff = check::reals("ConvexHull ray cast t", &ours, &theirs, 1e-3);
    suite.note(format!(
        "ConvexHull ray cast: {} of {BATCH} hit; t agrees within {diff:.1e}.",
        ours.iter().filter(|&&t| t >= 0.0).count()
    ));
    let mut group = suite.group("hull_raycast", "ConvexHull ray cast (solid)", BATCH);
    group.isect(per_query(&hull, &rays, move |h, r| h.raycast(&r, max_t)));
    group.parry(
        "parry",
        "cast_local_ray_and_get_normal(ConvexPolyhedron, solid)",
        per_query(&parry_hull, &parry_rays, move |h, r| {
            h.cast_local_ray_and_get_normal(&r, max_t, true)
        }),
    );
    group.finish();
}

fn frustum(suite: &mut Suite, rng: &mut Rng) {
    use isect::glam::camera::rh::{proj::directx, view::look_to_mat4};
    let view: Mat4 = look_to_mat4(Vec3::ZERO, Vec3::new(0.2, -0.1, -1.0).normalize(), Vec3::Y);
    let finite = Frustum::from_matrix(&(directx::perspective(1.0, 1.5, 0.1, 100.0) * view));
    let infinite =
        Frustum::from_matrix(&(directx::perspective_infinite_reverse(1.0, 1.5, 0.1) * view));
    // Shapes in a box around the view volume's first 30 units: a mix of inside, outside and
    // straddling.
    let around = |rng: &mut Rng| {
        Vec3::new(
            rng.range(-20.0, 20.0),
            rng.range(-15.0, 15.0),
            rng.range(-35.0, 5.0),
        )
    };
    let spheres: Vec<Sphere> = (0..BATCH)
        .map(|_| Sphere::new(around(rng), rng.range(0.2, 3.0)))
        .collect();
    let boxes: Vec<Aabb> = (0..BATCH)
        .map(|_| {
            let c = around(rng);
            let h = Vec3::new(
                rng.range(0.2, 3.0),
                rng.range(0.2, 3.0),
                rng.range(0.2, 3.0),
            );
            Aabb::new(c - h, c + h)
        })
        .collect();
    let obbs: Vec<Obb> = boxes
        .iter()
        .map(|b| Obb::from_quat(b.center(), b.half_extents(), rng.rotation()))
        .collect();
    let capsules: Vec<Capsule> = spheres
        .iter()
        .map(|s| Capsule::new(s.center, s.center + rng.unit_vec3() * 2.0, s.radius * 0.5))
        .collect();
    let mut lines = Vec::new();
    for (name, f) in [("finite", &finite), ("infinite", &infinite)] {
        let mut run = |suite: &mut Suite, id: String, label: String, routine: &mut dyn FnMut()| {
            let mut group = suite.group(&id, &label, BATCH);
            group.isect(&mut *routine);
            group.finish();
            if let Some(ns) = suite.isect_ns(&id, BATCH) {
                lines.push(format!("{label}: {ns:.1} ns"));
            }
        };
        let hits = spheres.iter().filter(|s| s.intersects(f)).count();
        run(
            suite,
            format!("frustum_{name}_sphere"),
            format!("Frustum ({name}) – Sphere, exact ({hits} of {BATCH} true)"),
            &mut per_query(f, &spheres, |f, s| s.intersects(f)),
        );
        run(
            suite,
            format!("frustum_{name}_sphere_may"),
            format!("Frustum ({name}) – Sphere, may_intersect_sphere"),
            &mut per_query(f, &spheres, |f, s| f.may_intersect_sphere(&s)),
        );
        let hits = boxes.iter().filter(|b| b.intersects(f)).count();
        run(
            suite,
            format!("frustum_{name}_aabb"),
            format!("Frustum ({name}) – Aabb, exact ({hits} true)"),
            &mut per_query(f, &boxes, |f, b| b.intersects(f)),
        );
        run(
            suite,
            format!("frustum_{name}_aabb_may"),
            format!("Frustum ({name}) – Aabb, may_intersect_aabb"),
            &mut per_query(f, &boxes, |f, b| f.may_intersect_aabb(&b)),
        );
        let hits = obbs.iter().filter(|o| o.intersects(f)).count();
        run(
            suite,
            format!("frustum_{name}_obb"),
            format!("Frustum ({name}) – Obb, exact ({hits} true)"),
            &mut per_query(f, &obbs, |f, o| o.intersects(f)),
        );
        run(
            suite,
            format!("frustum_{name}_obb_may"),
            format!("Frustum ({name}) – Obb, may_intersect_obb"),
            &mut per_query(f, &obbs, |f, o| f.may_intersect_obb(&o)),
        );
        run(
            suite,
            format!("frustum_{name}_capsule"),
            format!("Frustum ({name}) – Capsule, exact"),
            &mut per_query(f, &capsules, |f, c| c.intersects(f)),
        );
    }
    suite.note(format!(
        "Frustum tests (parry has none; ns per query, this run): {}.",
        lines.join("; ")
    ));
}
