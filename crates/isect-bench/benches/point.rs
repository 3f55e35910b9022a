//! Point queries (closest point, distance, containment) on every convex shape, and the
//! segment–segment distance: isect against parry3d on identical inputs, in the same run.
//!
//! `cargo bench -p isect-bench --bench point` (add `-- --quick`, or set `ISECT_BENCH_QUICK=1`,
//! for a short run; a criterion filter such as `-- sphere` runs a subset). The table of
//! ratios is printed at the end and written to `<target>/isect-bench/point.md`.
//!
//! What parry is asked is what a parry user would call for the same world-space data: shapes
//! that parry defines around the origin (`Ball`, `Cuboid`) are queried through their pose
//! (`project_point(&pose, ..)`), with the `*_local_*` call on points already moved into the
//! shape's frame as a second line; shapes parry stores in world coordinates (`Aabb`, `Capsule`,
//! `Segment`, `Triangle`, `ConvexPolyhedron`) are queried with the `*_local_*` calls directly.
//! Projections are solid on both sides (a point inside a solid is its own closest point).
//!
//! The query points: a batch of [`BATCH`] (2¹⁶) points per shape, inside, outside and near the
//! boundary in a random order, read in order as a user's loop reads its points; the same array
//! for both libraries. The batch was 1024 points until 2026-11-27: timed over and over, such a
//! batch is a sequence the branch predictor learns (its global history identifies each point's
//! position, and 1024 points' outcomes fit its tables), so branchy code was timed as if its
//! branches were predictable, which a user's random points are not, and branch-free forms
//! looked slower than they are (docs/performance.md, "Point queries: the unpredictable branches
//! removed, measured slower"). 2¹⁶ points are far more outcomes than a predictor holds, and
//! still cache-resident: 768 KiB of `Vec3`s per array (one array per timed loop) in a 1 MiB L2.
//! `ISECT_POINT_BATCH=1024` (any size) times the learnable batch again, for comparison.

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, ConvexHull, Distance, Obb, PointQuery, Real, Segment, Sphere, Triangle,
};
use isect_bench::check;
use isect_bench::convert::{from_parry, pose, to_local, to_parry, to_parry_all, translation};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::PointQuery as ParryPointQuery;
use parry3d::query::details::{
    closest_points_segment_segment_with_locations_nD, distance_segment_segment,
};
use parry3d::shape as ps;

/// Query points per shape and benchmark iteration, unless `ISECT_POINT_BATCH` says otherwise.
const BATCH: usize = 1 << 16;
/// Segment pairs per benchmark iteration.
const PAIRS: usize = 1024;
/// Seed of every input set: the same data on every run and machine.
const SEED: u64 = 0x15EC7;

/// The batch size: `ISECT_POINT_BATCH` or [`BATCH`].
fn batch() -> usize {
    std::env::var("ISECT_POINT_BATCH")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(BATCH)
}

fn main() {
    let mut suite = Suite::new("point");
    // A generator per shape: each shape's inputs do not depend on the others' batch sizes, and
    // a smaller `ISECT_POINT_BATCH` gives a prefix of the same points.
    let shapes: [fn(&mut Suite, &mut Rng); 8] = [
        sphere,
        aabb,
        obb,
        capsule,
        segment,
        triangle,
        convex_hull,
        segment_segment,
    ];
    for (k, shape) in (0u64..).zip(shapes) {
        shape(&mut suite, &mut Rng::new(SEED + k));
    }
    suite.note(format!(
        "Inputs: batches of {} query points from a fixed-seed generator, about half inside \
         each solid (about half exactly on the segment and triangle), in a random order, read \
         in order: far more branch outcomes than a branch predictor learns, as for a user's \
         random points (a batch of 1024 points timed again and again is learnt, which flatters \
         branchy code); {PAIRS} random segment pairs. \
         Every call sees its shape through `black_box` and reads its input from the batch, so \
         nothing is hoisted out of the loop. Before timing, the benchmark asserts that isect and parry give the same \
         answers on these inputs.",
        batch()
    ));
    suite.note(
        "parry calls: `(pose)` queries a shape parry defines around the origin through its pose, \
         as a parry user with world-space data would; `(local)` is the `*_local_*` call on \
         points already in the shape's frame (the transform done before timing). Shapes that \
         parry stores in world coordinates take `*_local_*` calls directly. Projections are \
         solid on both sides. Segment–segment: `query::closest_points` / `query::distance` with \
         identity poses (the dispatcher picks parry's segment–segment routine), and the routine \
         itself, `details::closest_points_segment_segment_with_locations_nD` (plus `point_at`) \
         and `details::distance_segment_segment`.",
    );
    suite.finish();
}

/// How parry holds a shape that isect holds in world coordinates.
enum Frame {
    /// parry's shape is in world coordinates already: the `*_local_*` calls are the world
    /// queries.
    World,
    /// parry's shape is around the origin and placed by this pose.
    Posed(Pose),
}

/// One shape as both libraries hold it, with its query points.
struct Case<'a, I, P> {
    /// Criterion group prefix, e.g. `sphere`.
    id: &'a str,
    /// Table label, e.g. `Sphere`.
    label: &'a str,
    /// parry's type, for the table.
    parry_type: &'a str,
    isect: &'a I,
    parry: &'a P,
    frame: Frame,
    points: &'a [Vec3],
    /// Agreement tolerance (relative, see `check`).
    tol: Real,
    /// Both libraries answer by GJK (see `point_queries`).
    gjk: bool,
}

/// Checks that isect and parry agree on the points, then times the three queries.
fn point_queries<I: PointQuery, P: ParryPointQuery>(suite: &mut Suite, case: &Case<'_, I, P>) {
    let world = to_parry_all(case.points);
    let (pose, local) = match &case.frame {
        Frame::World => (Pose::IDENTITY, None),
        Frame::Posed(pose) => (*pose, Some(to_local(pose, &world))),
    };
    let shape = case.isect;
    let parry = case.parry;

    // The same answers, before anything is timed.
    let what = |query: &str| format!("{} {query}", case.label);
    let closest: Vec<Vec3> = case
        .points
        .iter()
        .map(|&p| shape.closest_point(p))
        .collect();
    let parry_closest: Vec<Vec3> = world
        .iter()
        .map(|&p| from_parry(parry.project_point(&pose, p, true).point))
        .collect();
    // parry's GJK stops earlier than isect's: on a hull's face its closest point can lie up to
    // a few 1e-3 aside while its distance agrees to 1e-4. There, isect's point is accepted
    // when it is no farther from the query point than parry's (counted and printed).
    let mut parry_looser = 0;
    let parry_closest: Vec<Vec3> = if case.gjk {
        parry_closest
            .iter()
            .zip(&closest)
            .zip(case.points)
            .map(|((&b, &a), &p)| {
                let apart = (a - b).abs().max_element() > case.tol;
                if apart && p.distance(a) <= p.distance(b) {
                    parry_looser += 1;
                    a
                } else {
                    b
                }
            })
            .collect()
    } else {
        parry_closest
    };
    if parry_looser > 0 {
        eprintln!(
            "{}: parry's closest point farther than isect's and off by more than {:e} on {parry_looser} points",
            case.label, case.tol
        );
    }
    let closest_diff = check::points(&what("closest point"), &closest, &parry_closest, case.tol);
    let distance: Vec<Real> = case
        .points
        .iter()
        .map(|&p| shape.distance_to_point(p))
        .collect();
    let parry_distance: Vec<Real> = world
        .iter()
        .map(|&p| parry.distance_to_point(&pose, p, true))
        .collect();
    let distance_diff = check::reals(&what("distance"), &distance, &parry_distance, case.tol);
    let contains: Vec<bool> = case
        .points
        .iter()
        .map(|&p| shape.contains_point(p))
        .collect();
    let parry_contains: Vec<bool> = world
        .iter()
        .map(|&p| parry.contains_point(&pose, p))
        .collect();
    // Clear of the boundary: parry's signed distance (negative inside) away from 0.
    let clear: Vec<bool> = world
        .iter()
        .zip(case.points)
        .map(|(&p, q)| {
            let signed = parry.distance_to_point(&pose, p, false);
            signed.abs() > 10.0 * case.tol * (1.0 + q.abs().max_element())
        })
        .collect();
    let containment = check::bools(&what("contains"), &contains, &parry_contains, &clear);
    if let Some(local) = &local {
        // The local calls answer the same question in the shape's frame.
        let back: Vec<Vec3> = local
            .iter()
            .map(|&p| from_parry(pose * parry.project_local_point(p, true).point))
            .collect();
        let _ = check::points(&what("closest point (local)"), &closest, &back, case.tol);
        let local_contains: Vec<bool> = local
            .iter()
            .map(|&p| parry.contains_local_point(p))
            .collect();
        let _ = check::bools(
            &what("contains (local)"),
            &contains,
            &local_contains,
            &clear,
        );
    }
    let inside = contains.iter().filter(|&&c| c).count();
    eprintln!(
        "{}: {} points, {inside} contained; isect = parry on closest points (max diff {closest_diff:.1e}), \
         distances ({distance_diff:.1e}), containment ({containment})",
        case.label,
        case.points.len(),
    );

    let points = case.points;
    let (parry_id, parry_suffix) = match case.frame {
        Frame::World => ("parry", ""),
        Frame::Posed(_) => ("parry", " (pose)"),
    };
    let t = case.parry_type;

    let mut group = suite.group(
        &format!("{}_closest_point", case.id),
        &format!("{} closest point", case.label),
        points.len(),
    );
    group.isect(per_query(shape, points, |s, p| s.closest_point(p)));
    match &local {
        None => group.parry(
            parry_id,
            &format!("{t}::project_local_point"),
            per_query(parry, &world, |s, p| s.project_local_point(p, true)),
        ),
        Some(local) => group
            .parry(
                parry_id,
                &format!("{t}::project_point{parry_suffix}"),
                per_query(&(parry, pose), &world, |(s, m), p| {
                    s.project_point(m, p, true)
                }),
            )
            .parry(
                "parry_local",
                &format!("{t}::project_local_point (local)"),
                per_query(parry, local, |s, p| s.project_local_point(p, true)),
            ),
    };
    group.finish();

    let mut group = suite.group(
        &format!("{}_distance", case.id),
        &format!("{} distance", case.label),
        points.len(),
    );
    group.isect(per_query(shape, points, |s, p| s.distance_to_point(p)));
    match &local {
        None => group.parry(
            parry_id,
            &format!("{t}::distance_to_local_point"),
            per_query(parry, &world, |s, p| s.distance_to_local_point(p, true)),
        ),
        Some(local) => group
            .parry(
                parry_id,
                &format!("{t}::distance_to_point{parry_suffix}"),
                per_query(&(parry, pose), &world, |(s, m), p| {
                    s.distance_to_point(m, p, true)
                }),
            )
            .parry(
                "parry_local",
                &format!("{t}::distance_to_local_point (local)"),
                per_query(parry, local, |s, p| s.distance_to_local_point(p, true)),
            ),
    };
    group.finish();

    let mut group = suite.group(
        &format!("{}_contains", case.id),
        &format!("{} contains", case.label),
        points.len(),
    );
    group.isect(per_query(shape, points, |s, p| s.contains_point(p)));
    match &local {
        None => group.parry(
            parry_id,
            &format!("{t}::contains_local_point"),
            per_query(parry, &world, |s, p| s.contains_local_point(p)),
        ),
        Some(local) => group
            .parry(
                parry_id,
                &format!("{t}::contains_point{parry_suffix}"),
                per_query(&(parry, pose), &world, |(s, m), p| s.contains_point(m, p)),
            )
            .parry(
                "parry_local",
                &format!("{t}::contains_local_point (local)"),
                per_query(parry, local, |s, p| s.contains_local_point(p)),
            ),
    };
    group.finish();
}

/// Agreement tolerance of the closed-form queries (f32 rounding of a few operations).
const TOL: Real = 1e-5;

fn sphere(suite: &mut Suite, rng: &mut Rng) {
    let center = Vec3::new(1.0, -2.0, 0.5);
    let radius = 1.5;
    let points = rng.points_around(batch(), center, radius);
    point_queries(
        suite,
        &Case {
            id: "sphere",
            label: "Sphere",
            parry_type: "Ball",
            isect: &Sphere::new(center, radius),
            parry: &ps::Ball::new(radius),
            frame: Frame::Posed(translation(center)),
            points: &points,
            tol: TOL,
            gjk: false,
        },
    );
}

fn aabb(suite: &mut Suite, rng: &mut Rng) {
    let (min, max) = (Vec3::new(-1.0, -2.0, -0.5), Vec3::new(2.0, 1.0, 1.5));
    let aabb = Aabb::new(min, max);
    let points = rng.points_around(batch(), aabb.center(), 1.5);
    point_queries(
        suite,
        &Case {
            id: "aabb",
            label: "Aabb",
            parry_type: "Aabb",
            isect: &aabb,
            parry: &parry3d::bounding_volume::Aabb::new(to_parry(min), to_parry(max)),
            frame: Frame::World,
            points: &points,
            tol: TOL,
            gjk: false,
        },
    );
}

fn obb(suite: &mut Suite, rng: &mut Rng) {
    let center = Vec3::new(0.5, 1.0, -1.0);
    let half_extents = Vec3::new(1.5, 0.75, 0.5);
    let rotation = rng.rotation();
    let points = rng.points_around(batch(), center, 1.0);
    point_queries(
        suite,
        &Case {
            id: "obb",
            label: "Obb",
            parry_type: "Cuboid",
            isect: &Obb::from_quat(center, half_extents, rotation),
            parry: &ps::Cuboid::new(to_parry(half_extents)),
            frame: Frame::Posed(pose(center, rotation)),
            points: &points,
            tol: TOL,
            gjk: false,
        },
    );
}

fn capsule(suite: &mut Suite, rng: &mut Rng) {
    let (a, b, radius) = (Vec3::new(-1.0, 0.0, 0.5), Vec3::new(1.5, 1.0, -0.5), 0.6);
    let points: Vec<Vec3> = (0..batch())
        .map(|_| {
            let core = rng.on_segment(a, b);
            rng.around(core, radius)
        })
        .collect();
    point_queries(
        suite,
        &Case {
            id: "capsule",
            label: "Capsule",
            parry_type: "Capsule",
            isect: &Capsule::new(a, b, radius),
            parry: &ps::Capsule::new(to_parry(a), to_parry(b), radius),
            frame: Frame::World,
            points: &points,
            tol: TOL,
            gjk: false,
        },
    );
}

fn segment(suite: &mut Suite, rng: &mut Rng) {
    let (a, b) = (Vec3::new(-1.0, 0.5, 0.0), Vec3::new(2.0, -1.0, 1.0));
    let points = rng.mixed(
        batch(),
        |rng| rng.on_segment(a, b),
        |rng| {
            let near = rng.on_segment(a, b);
            rng.around(near, 0.5)
        },
    );
    point_queries(
        suite,
        &Case {
            id: "segment",
            label: "Segment",
            parry_type: "Segment",
            isect: &Segment::new(a, b),
            parry: &ps::Segment::new(to_parry(a), to_parry(b)),
            frame: Frame::World,
            points: &points,
            tol: TOL,
            gjk: false,
        },
    );
}

fn triangle(suite: &mut Suite, rng: &mut Rng) {
    let (a, b, c) = (
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(2.0, 0.5, -0.5),
        Vec3::new(0.5, 1.8, 0.7),
    );
    let points = rng.mixed(
        batch(),
        |rng| rng.on_triangle(a, b, c),
        |rng| {
            let near = rng.on_triangle(a, b, c);
            rng.around(near, 0.7)
        },
    );
    point_queries(
        suite,
        &Case {
            id: "triangle",
            label: "Triangle",
            parry_type: "Triangle",
            isect: &Triangle::new(a, b, c),
            parry: &ps::Triangle::new(to_parry(a), to_parry(b), to_parry(c)),
            frame: Frame::World,
            points: &points,
            tol: TOL,
            gjk: false,
        },
    );
}

/// Points of the hull.
const HULL_POINTS: usize = 32;

fn convex_hull(suite: &mut Suite, rng: &mut Rng) {
    // Points on a rotated ellipsoid: every one is a vertex of the hull, so isect's support map
    // (over the points given) and parry's (over the hull's vertices) scan the same 32 points.
    let center = Vec3::new(0.3, -0.2, 0.1);
    let axes = Vec3::new(1.5, 1.0, 0.7);
    let rotation = rng.rotation();
    let vertices: Vec<Vec3> = (0..HULL_POINTS)
        .map(|_| center + rotation * (rng.unit_vec3() * axes))
        .collect();
    let hull = ConvexHull::new(vertices.clone());
    let parry_hull = ps::ConvexPolyhedron::from_convex_hull(&to_parry_all(&vertices))
        .expect("the points span a solid");
    assert_eq!(
        parry_hull.points().len(),
        HULL_POINTS,
        "every point is a vertex of parry's hull"
    );
    let points = rng.points_around(batch(), center, 1.0);
    point_queries(
        suite,
        &Case {
            id: "convex_hull",
            label: "ConvexHull (32 points)",
            parry_type: "ConvexPolyhedron",
            isect: &hull,
            parry: &parry_hull,
            frame: Frame::World,
            points: &points,
            // Both run GJK to a relative tolerance of about 1e-5 (isect) and 1e-4 (parry).
            tol: 1e-3,
            gjk: true,
        },
    );
}

fn segment_segment(suite: &mut Suite, rng: &mut Rng) {
    let pairs: Vec<(Segment, Segment)> = (0..PAIRS)
        .map(|_| {
            let s = Segment::new(rng.vec3(-2.0, 2.0), rng.vec3(-2.0, 2.0));
            let t = Segment::new(rng.vec3(-2.0, 2.0), rng.vec3(-2.0, 2.0));
            (s, t)
        })
        .collect();
    let to_parry_segment = |s: &Segment| ps::Segment::new(to_parry(s.a), to_parry(s.b));
    let parry_pairs: Vec<(ps::Segment, ps::Segment)> = pairs
        .iter()
        .map(|(s, t)| (to_parry_segment(s), to_parry_segment(t)))
        .collect();
    let identity = (Pose::IDENTITY, Pose::IDENTITY);

    // The same answers, before anything is timed.
    let (mut near_a, mut near_b, mut parry_a, mut parry_b, mut direct_a, mut direct_b) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    let (mut distance, mut parry_distance, mut direct_distance) = (vec![], vec![], vec![]);
    for ((s, t), (ps1, ps2)) in pairs.iter().zip(&parry_pairs) {
        let ours = s.closest_points(t);
        near_a.push(ours.a);
        near_b.push(ours.b);
        distance.push(s.distance(t));
        match parry3d::query::closest_points(&identity.0, ps1, &identity.1, ps2, Real::MAX) {
            Ok(parry3d::query::ClosestPoints::WithinMargin(a, b)) => {
                parry_a.push(from_parry(a));
                parry_b.push(from_parry(b));
            }
            other => panic!("parry segment-segment closest points: {other:?}"),
        }
        let (la, lb) =
            closest_points_segment_segment_with_locations_nD((&ps1.a, &ps1.b), (&ps2.a, &ps2.b));
        direct_a.push(from_parry(ps1.point_at(&la)));
        direct_b.push(from_parry(ps2.point_at(&lb)));
        parry_distance.push(
            parry3d::query::distance(&identity.0, ps1, &identity.1, ps2)
                .expect("parry supports segment-segment")
                .distance,
        );
        direct_distance.push(distance_segment_segment(&identity.0, ps1, ps2));
    }
    // The distance is unique and well-conditioned; the closest points are less so (flat
    // minimum, near-parallel pairs), and isect as of c4161f5 put one clamped end up to 6.5e-4
    // off on these inputs (input 275). This check is about the work done, so it allows 1e-3;
    // the points' accuracy is the tests' business.
    const POINT_TOL: Real = 1e-3;
    let mut max_point_diff: Real = 0.0;
    for (name, a, b) in [
        ("closest points (query::closest_points)", &parry_a, &parry_b),
        ("closest points (direct)", &direct_a, &direct_b),
    ] {
        max_point_diff = max_point_diff
            .max(check::points(
                &format!("Segment-Segment {name}, a"),
                &near_a,
                a,
                POINT_TOL,
            ))
            .max(check::points(
                &format!("Segment-Segment {name}, b"),
                &near_b,
                b,
                POINT_TOL,
            ));
    }
    let max_distance_diff = check::reals(
        "Segment-Segment distance (query::distance)",
        &distance,
        &parry_distance,
        TOL,
    )
    .max(check::reals(
        "Segment-Segment distance (direct)",
        &distance,
        &direct_distance,
        TOL,
    ));
    eprintln!(
        "Segment-Segment: {} pairs; isect = parry on closest points (max diff {max_point_diff:.1e}) \
         and distances ({max_distance_diff:.1e})",
        pairs.len()
    );

    let mut group = suite.group(
        "segment_segment_closest_points",
        "Segment–Segment closest points",
        pairs.len(),
    );
    group
        .isect(per_query(&(), &pairs, |(), (s, t)| s.closest_points(&t)))
        .parry(
            "parry",
            "query::closest_points (identity poses)",
            per_query(&identity, &parry_pairs, |(m1, m2), (s, t)| {
                parry3d::query::closest_points(m1, &s, m2, &t, Real::MAX)
            }),
        )
        .parry(
            "parry_direct",
            "details::closest_points_segment_segment_with_locations_nD + point_at",
            per_query(&(), &parry_pairs, |(), (s, t)| {
                let (la, lb) =
                    closest_points_segment_segment_with_locations_nD((&s.a, &s.b), (&t.a, &t.b));
                (s.point_at(&la), t.point_at(&lb))
            }),
        );
    group.finish();

    let mut group = suite.group(
        "segment_segment_distance",
        "Segment–Segment distance",
        pairs.len(),
    );
    group
        .isect(per_query(&(), &pairs, |(), (s, t)| s.distance(&t)))
        .parry(
            "parry",
            "query::distance (identity poses)",
            per_query(&identity, &parry_pairs, |(m1, m2), (s, t)| {
                parry3d::query::distance(m1, &s, m2, &t)
            }),
        )
        .parry(
            "parry_direct",
            "details::distance_segment_segment (identity pose)",
            per_query(&identity.0, &parry_pairs, |m, (s, t)| {
                distance_segment_segment(m, &s, &t)
            }),
        );
    group.finish();
}
