//! Triangle overlap (`Intersects`) against parry3d's `query::intersection_test` on identical
//! inputs, in the same run: sphere, AABB, OBB, capsule and triangle against a triangle.
//!
//! `cargo bench -p isect-bench --bench overlap_triangle` (`ISECT_BENCH_QUICK=1` for a short
//! run). The table of ratios is printed at the end and written to
//! `<target>/isect-bench/overlap_triangle.md`.

use isect::math::{Quat, Vec3};
use isect::query::SupportMap;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Aabb, Capsule, Intersects, Obb, Real, Sphere, Triangle};
use isect_bench::check;
use isect_bench::convert::{pose, to_parry, translation};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query;
use parry3d::shape as ps;

/// Pairs per benchmark iteration.
const BATCH: usize = 1024;
/// Seed of every input set.
const SEED: u64 = 0x7A1A;

fn main() {
    let mut suite = Suite::new("overlap_triangle");
    let mut rng = Rng::new(SEED);
    sphere_triangle(&mut suite, &mut rng);
    aabb_triangle(&mut suite, &mut rng);
    obb_triangle(&mut suite, &mut rng);
    capsule_triangle(&mut suite, &mut rng);
    triangle_triangle(&mut suite, &mut rng);
    suite.note(format!(
        "Inputs: {BATCH} random pairs per query from a fixed-seed generator, triangles of size \
         about 1 to 4 near the other shape: a quarter (triangle pairs) to 40% (boxes) of the pairs \
         intersect, the rest are near misses. parry is \
         called as a parry user with world-space data would: `query::intersection_test` with the \
         triangle at the identity pose and the other shape placed by its pose (its dispatcher \
         picks the ball point-projection test, the cuboid–triangle separating-axis test, and \
         GJK for capsules and triangle pairs). Before timing, the benchmark asserts that both \
         libraries agree wherever GJK finds the pair clear of the boundary."
    ));
    suite.finish();
}

/// A triangle of random shape near `center`.
fn triangle_near(rng: &mut Rng, center: Vec3, reach: Real) -> Triangle {
    let c = center + rng.vec3(-reach, reach);
    let size = rng.range(1.0, 4.0);
    Triangle::new(
        c + rng.unit_vec3() * size,
        c + rng.unit_vec3() * size,
        c + rng.unit_vec3() * size,
    )
}

fn parry_triangle(t: &Triangle) -> ps::Triangle {
    ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c))
}

/// Whether GJK finds the pair clear of the boundary: more than `M` apart, or still meeting with
/// the triangle moved by `M` along each of ±x, ±y, ±z.
fn clear<S: SupportMap>(shape: &S, t: &Triangle) -> bool {
    const M: Real = 1e-2;
    let d = gjk_closest_points(shape, t, Vec3::X).distance;
    if d > M {
        return true;
    }
    d == 0.0
        && [Vec3::X, Vec3::Y, Vec3::Z, -Vec3::X, -Vec3::Y, -Vec3::Z]
            .iter()
            .all(|&e| {
                let moved = Triangle::new(t.a + e * M, t.b + e * M, t.c + e * M);
                gjk_closest_points(shape, &moved, Vec3::X).distance == 0.0
            })
}

/// Agreement where clear, then the timing of isect and of parry's `intersection_test`.
fn group<S, P>(
    suite: &mut Suite,
    id: &str,
    label: &str,
    ours: &[(S, Triangle)],
    theirs: &[(Pose, P, ps::Triangle)],
) where
    S: Copy + SupportMap + Intersects<Triangle>,
    P: ps::Shape,
{
    let identity = translation(Vec3::ZERO);
    let parry_test = |(p, shape, t): &(Pose, P, ps::Triangle)| {
        query::intersection_test(p, shape, &identity, t)
            .expect("supported")
            .intersecting
    };
    let a: Vec<bool> = ours.iter().map(|(s, t)| s.intersects(t)).collect();
    let b: Vec<bool> = theirs.iter().map(parry_test).collect();
    let c: Vec<bool> = ours.iter().map(|(s, t)| clear(s, t)).collect();
    let agreement = check::bools(label, &a, &b, &c);
    eprintln!("{label}: {} pairs, {agreement}", a.len());
    let mut group = suite.group(id, label, ours.len());
    group.isect(per_query(&(), ours, |(), (s, t): (S, Triangle)| {
        s.intersects(&t)
    }));
    let theirs: Vec<&(Pose, P, ps::Triangle)> = theirs.iter().collect();
    group.parry(
        "parry",
        "query::intersection_test",
        per_query(&(), &theirs, |(), pair| parry_test(pair)),
    );
    group.finish();
}

fn sphere_triangle(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let s = Sphere::new(rng.vec3(-4.0, 4.0), rng.range(0.2, 1.5));
        let t = triangle_near(rng, s.center, 1.0);
        ours.push((s, t));
        theirs.push((
            translation(s.center),
            ps::Ball::new(s.radius),
            parry_triangle(&t),
        ));
    }
    group(
        suite,
        "sphere_triangle",
        "Sphere–Triangle (parry: Ball)",
        &ours,
        &theirs,
    );
}

fn aabb_triangle(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let b = Aabb::from_center_half_extents(rng.vec3(-4.0, 4.0), rng.vec3(0.2, 1.5));
        let t = triangle_near(rng, b.center(), 1.5);
        ours.push((b, t));
        let cuboid = ps::Cuboid::new(to_parry(b.half_extents()));
        theirs.push((translation(b.center()), cuboid, parry_triangle(&t)));
    }
    group(
        suite,
        "aabb_triangle",
        "Aabb–Triangle (parry: Cuboid)",
        &ours,
        &theirs,
    );
}

fn obb_triangle(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let q: Quat = rng.rotation();
        let b = Obb::from_quat(rng.vec3(-4.0, 4.0), rng.vec3(0.2, 1.5), q);
        let t = triangle_near(rng, b.center, 1.5);
        ours.push((b, t));
        let cuboid = ps::Cuboid::new(to_parry(b.half_extents));
        theirs.push((pose(b.center, q), cuboid, parry_triangle(&t)));
    }
    group(
        suite,
        "obb_triangle",
        "Obb–Triangle (parry: rotated Cuboid)",
        &ours,
        &theirs,
    );
}

fn capsule_triangle(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let mid = rng.vec3(-4.0, 4.0);
        let half = rng.unit_vec3() * rng.range(0.2, 2.0);
        let c = Capsule::new(mid - half, mid + half, rng.range(0.2, 1.0));
        let t = triangle_near(rng, mid, 1.5);
        ours.push((c, t));
        let shape = ps::Capsule::new(to_parry(-half), to_parry(half), c.radius);
        theirs.push((translation(mid), shape, parry_triangle(&t)));
    }
    group(
        suite,
        "capsule_triangle",
        "Capsule–Triangle",
        &ours,
        &theirs,
    );
}

fn triangle_triangle(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let center = rng.vec3(-4.0, 4.0);
        let t1 = triangle_near(rng, center, 0.0);
        let t2 = triangle_near(rng, t1.centroid(), 1.5);
        ours.push((t1, t2));
        theirs.push((
            translation(Vec3::ZERO),
            parry_triangle(&t1),
            parry_triangle(&t2),
        ));
    }
    group(
        suite,
        "triangle_triangle",
        "Triangle–Triangle",
        &ours,
        &theirs,
    );
}
