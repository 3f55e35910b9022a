//! Static overlap among the solids (Sphere, Aabb, Obb, Capsule), against planes, and of segments
//! against every shape parry has: isect against parry3d on identical inputs, in the same run.
//!
//! `cargo bench -p isect-bench --bench overlap_solids` (add `-- --quick`, or set
//! `ISECT_BENCH_QUICK=1`, for a short run; a criterion filter such as `-- obb` runs a subset).
//! The table of ratios is printed at the end and written to
//! `<target>/isect-bench/overlap_solids.md`.
//!
//! parry is asked what a parry user with the same world-space data would ask:
//! `query::intersection_test(&pose1, &shape1, &pose2, &shape2)` on `Ball`, `Cuboid` (posed at
//! the box's center and rotation), `Capsule` (world coordinates, identity pose) and `HalfSpace`,
//! through its dispatcher; and, as a second line, the specialised routine the dispatcher picks
//! (`details::intersection_test_*`), with the relative pose `pose1⁻¹ · pose2` computed in the
//! timed loop as the dispatcher does.

use isect::math::Vec3;
use isect::query::algo::gjk::{SupportMap, gjk_closest_points};
use isect::{Aabb, Capsule, Intersects, Obb, Plane, Real, Segment, Sphere, Triangle};
use isect_bench::broad::to_parry_aabb;
use isect_bench::check;
use isect_bench::convert::{ToParry, to_parry, translation};
use isect_bench::{Group, Rng, Suite, per_query};
use parry3d::bounding_volume::BoundingVolume;
use parry3d::math::Pose;
use parry3d::query::details;
use parry3d::shape::{self as ps, Shape};

/// Pairs per benchmark iteration.
const BATCH: usize = 1024;
/// Seed of every input set: the same data on every run and machine.
const SEED: u64 = 0x15EC_70E5;

fn main() {
    let mut suite = Suite::new("overlap_solids");
    let mut rng = Rng::new(SEED);
    let r = &mut rng;
    let spheres = |r: &mut Rng| (0..BATCH).map(|_| sphere(r)).collect::<Vec<_>>();
    let aabbs = |r: &mut Rng| (0..BATCH).map(|_| aabb(r)).collect::<Vec<_>>();
    let obbs = |r: &mut Rng| (0..BATCH).map(|_| obb(r)).collect::<Vec<_>>();
    let capsules = |r: &mut Rng| (0..BATCH).map(|_| capsule(r)).collect::<Vec<_>>();
    let planes = |r: &mut Rng| (0..BATCH).map(|_| plane(r)).collect::<Vec<_>>();

    let ball_ball = |p: &Pose, a: &ps::Ball, q: &Pose, b: &ps::Ball| {
        details::intersection_test_ball_ball(q.translation - p.translation, a, b)
    };
    let cuboids = |p: &Pose, a: &ps::Cuboid, q: &Pose, b: &ps::Cuboid| {
        details::intersection_test_cuboid_cuboid(&p.inv_mul(q), a, b)
    };
    let (a, b) = (spheres(r), spheres(r));
    pair(
        &mut suite,
        "sphere_sphere",
        "Sphere–Sphere",
        &a,
        &b,
        Some(("intersection_test_ball_ball", &ball_ball)),
    );
    let (a, b) = (spheres(r), aabbs(r));
    pair(
        &mut suite,
        "sphere_aabb",
        "Sphere–Aabb",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let (a, b) = (spheres(r), obbs(r));
    pair(
        &mut suite,
        "sphere_obb",
        "Sphere–Obb",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let (a, b) = (spheres(r), capsules(r));
    pair(
        &mut suite,
        "sphere_capsule",
        "Sphere–Capsule",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let (a, b) = (aabbs(r), aabbs(r));
    let mut group = pair_group(
        &mut suite,
        "aabb_aabb",
        "Aabb–Aabb",
        &a,
        &b,
        Some(("intersection_test_cuboid_cuboid", &cuboids)),
    );
    // parry's own box type, the direct call a broad phase makes (no pose, no dispatch).
    let boxes: Vec<_> = a
        .iter()
        .zip(&b)
        .map(|(a, b)| (to_parry_aabb(a), to_parry_aabb(b)))
        .collect();
    for ((a, b), (pa, pb)) in a.iter().zip(&b).zip(&boxes) {
        assert_eq!(
            a.intersects(b),
            pa.intersects(pb),
            "Aabb–Aabb: bounding_volume::Aabb"
        );
    }
    group.parry(
        "parry_aabb",
        "bounding_volume::Aabb::intersects",
        per_query(&(), &boxes, |(), (a, b)| a.intersects(&b)),
    );
    group.finish();
    let (a, b) = (aabbs(r), obbs(r));
    pair(
        &mut suite,
        "aabb_obb",
        "Aabb–Obb",
        &a,
        &b,
        Some(("intersection_test_cuboid_cuboid", &cuboids)),
    );
    let (a, b) = (obbs(r), obbs(r));
    pair(
        &mut suite,
        "obb_obb",
        "Obb–Obb",
        &a,
        &b,
        Some(("intersection_test_cuboid_cuboid", &cuboids)),
    );
    let sm = |p: &Pose, a: &ps::Cuboid, q: &Pose, b: &ps::Capsule| {
        details::intersection_test_support_map_support_map(&p.inv_mul(q), a, b)
    };
    let (a, b) = (aabbs(r), capsules(r));
    pair(
        &mut suite,
        "aabb_capsule",
        "Aabb–Capsule",
        &a,
        &b,
        Some(("intersection_test_support_map_support_map", &sm)),
    );
    let (a, b) = (obbs(r), capsules(r));
    pair(
        &mut suite,
        "obb_capsule",
        "Obb–Capsule",
        &a,
        &b,
        Some(("intersection_test_support_map_support_map", &sm)),
    );
    let smc = |p: &Pose, a: &ps::Capsule, q: &Pose, b: &ps::Capsule| {
        details::intersection_test_support_map_support_map(&p.inv_mul(q), a, b)
    };
    let (a, b) = (capsules(r), capsules(r));
    pair(
        &mut suite,
        "capsule_capsule",
        "Capsule–Capsule",
        &a,
        &b,
        Some(("intersection_test_support_map_support_map", &smc)),
    );
    let (a, p) = (spheres(r), planes(r));
    plane_pair(&mut suite, "sphere_plane", "Sphere–Plane", &a, &p);
    let (a, p) = (aabbs(r), planes(r));
    plane_pair(&mut suite, "aabb_plane", "Aabb–Plane", &a, &p);
    let (a, p) = (obbs(r), planes(r));
    plane_pair(&mut suite, "obb_plane", "Obb–Plane", &a, &p);
    let (a, p) = (capsules(r), planes(r));
    plane_pair(&mut suite, "capsule_plane", "Capsule–Plane", &a, &p);

    // Segments against the shapes (parry's `Segment` shape, world coordinates).
    let segments = |r: &mut Rng| (0..BATCH).map(|_| segment(r)).collect::<Vec<_>>();
    let none = None::<(&str, &Special<_, _>)>;
    let (a, b) = (segments(r), spheres(r));
    pair(&mut suite, "segment_sphere", "Segment–Sphere", &a, &b, none);
    let (a, b) = (segments(r), aabbs(r));
    pair(
        &mut suite,
        "segment_aabb",
        "Segment–Aabb",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let (a, b) = (segments(r), obbs(r));
    pair(
        &mut suite,
        "segment_obb",
        "Segment–Obb",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let (a, b) = (segments(r), capsules(r));
    pair(
        &mut suite,
        "segment_capsule",
        "Segment–Capsule",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let (a, b) = (segments(r), segments(r));
    pair(
        &mut suite,
        "segment_segment",
        "Segment–Segment",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );
    let triangles = |r: &mut Rng| (0..BATCH).map(|_| triangle(r)).collect::<Vec<_>>();
    let (a, b) = (segments(r), triangles(r));
    pair(
        &mut suite,
        "segment_triangle",
        "Segment–Triangle",
        &a,
        &b,
        None::<(&str, &Special<_, _>)>,
    );

    suite.note(format!(
        "Inputs: {BATCH} pairs per query from a fixed-seed generator, centers in [-2, 2]³, sizes \
         in [0.25, 1.5], uniformly random rotations: a mix of overlapping and separate pairs \
         (counts printed). Before timing, the benchmark asserts that isect and parry agree on \
         every pair clear of the boundary (GJK distance or parry's penetration depth above \
         1e-3)."
    ));
    suite.note(
        "parry calls: `intersection_test` is the public dispatcher on posed shapes, as a parry \
         user calls it; the `details::` line is the routine it dispatches to, with the relative \
         pose computed in the loop. Planes: isect's plane is two-sided (a shape meets it when it \
         has points on both sides), parry has only `HalfSpace`; the timed parry call is one \
         half-space test (half of what the plane needs), the check uses both half-spaces.",
    );
    suite.finish();
}

/// A parry routine taking both poses and shapes, as the dispatcher's specialised callee.
type Special<PA, PB> = dyn Fn(&Pose, &PA, &Pose, &PB) -> bool;

fn segment(r: &mut Rng) -> Segment {
    let mid = r.vec3(-2.0, 2.0);
    let half = r.unit_vec3() * r.range(0.25, 2.0);
    Segment::new(mid - half, mid + half)
}

fn triangle(r: &mut Rng) -> Triangle {
    let c = r.vec3(-2.0, 2.0);
    Triangle::new(
        c + r.vec3(-1.5, 1.5),
        c + r.vec3(-1.5, 1.5),
        c + r.vec3(-1.5, 1.5),
    )
}

fn sphere(r: &mut Rng) -> Sphere {
    Sphere::new(r.vec3(-2.0, 2.0), r.range(0.25, 1.5))
}

fn aabb(r: &mut Rng) -> Aabb {
    let e = Vec3::new(r.range(0.25, 1.5), r.range(0.25, 1.5), r.range(0.25, 1.5));
    Aabb::from_center_half_extents(r.vec3(-2.0, 2.0), e)
}

fn obb(r: &mut Rng) -> Obb {
    let e = Vec3::new(r.range(0.25, 1.5), r.range(0.25, 1.5), r.range(0.25, 1.5));
    Obb::from_quat(r.vec3(-2.0, 2.0), e, r.rotation())
}

fn capsule(r: &mut Rng) -> Capsule {
    let c = r.vec3(-2.0, 2.0);
    let h = r.unit_vec3() * r.range(0.25, 1.5);
    Capsule::new(c - h, c + h, r.range(0.25, 1.5))
}

fn plane(r: &mut Rng) -> Plane {
    Plane::new(r.unit_vec3(), r.range(-2.0, 2.0))
}

fn parry_test(p: &Pose, a: &dyn Shape, q: &Pose, b: &dyn Shape) -> bool {
    parry3d::query::intersection_test(p, a, q, b)
        .expect("parry supports the pair")
        .intersecting
}

/// Clear of the boundary: GJK distance, or parry's penetration depth, above 1e-3.
fn clear(p: &Pose, a: &dyn Shape, q: &Pose, b: &dyn Shape, gjk_distance: Real) -> bool {
    if gjk_distance > 1e-3 {
        return true;
    }
    parry3d::query::contact(p, a, q, b, 0.0)
        .ok()
        .flatten()
        .is_some_and(|c| c.dist < -1e-3)
}

#[expect(
    clippy::type_complexity,
    reason = "a row's calls into both libraries, spelled where they are used"
)]
fn pair<A, B>(
    suite: &mut Suite,
    id: &str,
    label: &str,
    a: &[A],
    b: &[B],
    special: Option<(&str, &Special<A::Shape, B::Shape>)>,
) where
    A: ToParry + SupportMap + Intersects<B> + Copy,
    B: ToParry + SupportMap + Copy,
    A::Shape: Copy,
    B::Shape: Copy,
{
    pair_group(suite, id, label, a, b, special).finish();
}

/// [`pair`]'s group, left open for more parry calls.
#[expect(
    clippy::type_complexity,
    reason = "a row's calls into both libraries, spelled where they are used"
)]
fn pair_group<'s, A, B>(
    suite: &'s mut Suite,
    id: &str,
    label: &str,
    a: &[A],
    b: &[B],
    special: Option<(&str, &Special<A::Shape, B::Shape>)>,
) -> Group<'s>
where
    A: ToParry + SupportMap + Intersects<B> + Copy,
    B: ToParry + SupportMap + Copy,
    A::Shape: Copy,
    B::Shape: Copy,
{
    let pairs: Vec<(A, B)> = a.iter().copied().zip(b.iter().copied()).collect();
    let parry: Vec<_> = pairs
        .iter()
        .map(|(a, b)| {
            let (p, sa) = a.parry();
            let (q, sb) = b.parry();
            (p, sa, q, sb)
        })
        .collect();
    let got: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
    let expected: Vec<bool> = parry
        .iter()
        .map(|(p, a, q, b)| parry_test(p, a, q, b))
        .collect();
    let is_clear: Vec<bool> = pairs
        .iter()
        .zip(&parry)
        .map(|((a, b), (p, sa, q, sb))| {
            clear(p, sa, q, sb, gjk_closest_points(a, b, Vec3::X).distance)
        })
        .collect();
    let agreement = check::bools(label, &got, &expected, &is_clear);
    eprintln!("{label}: {} pairs: {agreement}", pairs.len());

    let mut group = suite.group(id, label, pairs.len());
    group.isect(per_query(&(), &pairs, |(), (a, b)| a.intersects(&b)));
    group.parry(
        "parry",
        "query::intersection_test",
        per_query(&(), &parry, |(), (p, a, q, b)| parry_test(&p, &a, &q, &b)),
    );
    if let Some((name, routine)) = special {
        if let Some((p, a, q, b)) = parry.first() {
            assert_eq!(routine(p, a, q, b), expected[0], "{label}: {name}");
        }
        group.parry(
            "parry_details",
            &format!("details::{name}"),
            per_query(&(), &parry, |(), (p, a, q, b)| routine(&p, &a, &q, &b)),
        );
    }
    group
}

fn plane_pair<A>(suite: &mut Suite, id: &str, label: &str, a: &[A], planes: &[Plane])
where
    A: ToParry + SupportMap + Intersects<Plane> + Copy,
    A::Shape: Copy,
{
    let pairs: Vec<(A, Plane)> = a.iter().copied().zip(planes.iter().copied()).collect();
    let parry: Vec<_> = pairs
        .iter()
        .map(|(a, plane)| {
            let (p, sa) = a.parry();
            let at = translation(plane.point());
            let below = ps::HalfSpace::new(to_parry(plane.normal));
            let above = ps::HalfSpace::new(to_parry(-plane.normal));
            (p, sa, at, below, above)
        })
        .collect();
    let got: Vec<bool> = pairs.iter().map(|(a, p)| a.intersects(p)).collect();
    let expected: Vec<bool> = parry
        .iter()
        .map(|(p, a, at, below, above)| parry_test(p, a, at, below) && parry_test(p, a, at, above))
        .collect();
    let is_clear: Vec<bool> = pairs
        .iter()
        .map(|(a, plane)| {
            let lo = plane.normal.dot(a.support(-plane.normal));
            let hi = plane.normal.dot(a.support(plane.normal));
            (plane.d - lo).abs() > 1e-3 && (plane.d - hi).abs() > 1e-3
        })
        .collect();
    let agreement = check::bools(label, &got, &expected, &is_clear);
    eprintln!("{label}: {} pairs: {agreement}", pairs.len());

    let mut group = suite.group(id, label, pairs.len());
    group.isect(per_query(&(), &pairs, |(), (a, p)| a.intersects(&p)));
    group.parry(
        "parry",
        "query::intersection_test (one HalfSpace)",
        per_query(&(), &parry, |(), (p, a, at, below, _)| {
            parry_test(&p, &a, &at, &below)
        }),
    );
    group.finish();
}
