//! Sweeps and contacts of the closed-form pairs: isect against parry3d's `query::cast_shapes`
//! and `query::contact` on identical inputs, in the same run.
//!
//! `cargo bench -p isect-bench --bench sweep_contact` (add `-- --quick`, or set
//! `ISECT_BENCH_QUICK=1`, for a short run; `-- --test` runs every group once, checks included).
//! The table of ratios is printed at the end and written to
//! `<target>/isect-bench/sweep_contact.md`.
//!
//! `main` is the table: a row per group, with the group's id, label, agreement tolerance and
//! how one input is drawn. The generic rows ([`sweep_pair`], [`contact_pair`]) hand isect the
//! shapes and parry the same shapes posed as a parry user holds them (`ToParry::parry_centered`:
//! balls, cuboids and capsules posed at their middle, triangles and hulls in world coordinates);
//! the rows that need their own parry data (planes as `HalfSpace`, rotating motions, manifolds)
//! say so.

use std::cell::RefCell;

use isect::math::{Mat3, Quat, Vec3};
use isect::{
    Aabb, Capsule, Contact, ContactManifold, ConvexHull, Distance, Intersects, Obb, Plane, Real,
    RigidMotion, Segment, Sphere, Sweep, Triangle, sweep_rotating,
};
use isect_bench::check;
use isect_bench::convert::{ToParry, from_parry, pose, to_parry, to_parry_all};
use isect_bench::{Rng, Suite, per_query};
use parry3d::math::Pose;
use parry3d::query::details::contact_manifold_cuboid_cuboid;
use parry3d::query::{self, ContactManifold as PManifold, NonlinearRigidMotion, ShapeCastOptions};
use parry3d::shape as ps;

/// Pairs per benchmark iteration.
const BATCH: usize = 1024;
/// Seed of every input set.
const SEED: u64 = 0x5EEB;
/// Points of a convex hull.
const HULL_POINTS: usize = 12;

fn main() {
    let mut suite = Suite::new("sweep_contact");
    let s = &mut suite;
    let mut rng = Rng::new(SEED);
    let r = &mut rng;

    // Sweeps: `aimed` moves the first shape towards the second (plus up to 2 in each
    // coordinate) and the second by up to 1.
    sweep_pair(
        s,
        r,
        "sweep_sphere_sphere",
        "Sphere–Sphere sweep",
        1e-4,
        |r| {
            let (a, b) = (sphere(r, 4.0, 0.2, 1.5), sphere(r, 4.0, 0.2, 1.5));
            aimed(r, a, b.center - a.center, b)
        },
    );
    // parry's cuboid cast is a conservative advancement that stops within its tolerance.
    sweep_pair(
        s,
        r,
        "sweep_aabb_aabb",
        "Aabb–Aabb sweep (parry: Cuboid–Cuboid)",
        1e-2,
        |r| {
            let (a, b) = (aabb(r, 4.0), aabb(r, 4.0));
            aimed(r, a, b.center() - a.center(), b)
        },
    );
    sweep_sphere_plane(s, r);
    // parry's ball–cuboid cast is a conservative advancement that stops within its tolerance.
    sweep_pair(
        s,
        r,
        "sweep_sphere_obb",
        "Sphere–Obb sweep (parry: Ball–Cuboid)",
        1e-2,
        |r| {
            let (a, b) = (sphere(r, 4.0, 0.2, 1.5), random_obb(r));
            aimed(r, a, b.center - a.center, b)
        },
    );
    sweep_pair(
        s,
        r,
        "sweep_obb_obb",
        "Obb–Obb sweep (parry: Cuboid–Cuboid)",
        1e-2,
        |r| {
            let (a, b) = (random_obb(r), random_obb(r));
            aimed(r, a, b.center - a.center, b)
        },
    );
    // parry's capsule cast stops up to a few 1e-3 early (see the differential tests).
    sweep_pair(
        s,
        r,
        "sweep_capsule_capsule",
        "Capsule–Capsule sweep",
        1e-2,
        |r| {
            let (a, b) = (random_capsule(r, 4.0), random_capsule(r, 4.0));
            aimed(r, a, (b.a + b.b - a.a - a.b) * 0.5, b)
        },
    );
    // parry's capsule–triangle cast is a conservative advancement that stops within its
    // tolerance; isect's is the closed form.
    sweep_pair(
        s,
        r,
        "sweep_capsule_triangle",
        "Capsule–Triangle sweep",
        1e-2,
        |r| {
            let (a, b) = (random_capsule(r, 4.0), random_triangle(r));
            aimed(r, a, b.a - (a.a + a.b) * 0.5, b)
        },
    );
    sweep_pair(
        s,
        r,
        "sweep_sphere_triangle",
        "Sphere–Triangle sweep",
        1e-2,
        |r| {
            let (a, b) = (sphere(r, 4.0, 0.2, 1.5), random_triangle(r));
            aimed(r, a, (b.a + b.b + b.c) / 3.0 - a.center, b)
        },
    );
    sweep_pair(
        s,
        r,
        "sweep_obb_triangle",
        "Obb–Triangle sweep (parry: Cuboid–Triangle)",
        1e-2,
        |r| {
            let (a, b) = (random_obb(r), random_triangle(r));
            aimed(r, a, (b.a + b.b + b.c) / 3.0 - a.center, b)
        },
    );
    sweep_pair(
        s,
        r,
        "sweep_capsule_obb",
        "Capsule–Obb sweep (parry: Capsule–Cuboid)",
        1e-2,
        |r| {
            let (a, b) = (random_capsule(r, 4.0), random_obb(r));
            aimed(r, a, b.center - (a.a + a.b) * 0.5, b)
        },
    );
    sweep_pair(
        s,
        r,
        "sweep_hull_hull",
        "ConvexHull–ConvexHull sweep, 12 points each (parry: ConvexPolyhedron)",
        1e-2,
        |r| {
            let (a, b) = (random_hull(r), random_hull(r));
            let (ma, mb) = (r.vec3(-3.0, 3.0), r.vec3(-1.0, 1.0));
            (a, ma, b, mb)
        },
    );
    rotating_obb_obb(s, r);
    rotating_hull_hull(s, r);

    // Contacts.
    contact_pair(
        s,
        r,
        "contact_sphere_sphere",
        "Sphere–Sphere contact",
        1e-4,
        |r| Some((sphere(r, 2.0, 0.5, 2.0), sphere(r, 2.0, 0.5, 2.0))),
    );
    // Shallow contacts, where parry's depth is accurate (its GJK/EPA stops short on deep ones,
    // see the differential tests).
    contact_pair(
        s,
        r,
        "contact_capsule_capsule",
        "Capsule–Capsule contact",
        5e-2,
        |r| Some((random_capsule(r, 2.0), random_capsule(r, 2.0))),
    );
    contact_pair(
        s,
        r,
        "contact_sphere_aabb",
        "Sphere–Aabb contact (parry: Ball–Cuboid)",
        1e-3,
        |r| {
            let a = sphere(r, 2.5, 0.2, 1.0);
            let b = Aabb::from_center_half_extents(r.vec3(-0.5, 0.5), r.vec3(0.5, 1.5));
            Some((a, b))
        },
    );
    // Centers in front of y = 0.
    ground_contact(
        s,
        r,
        "contact_sphere_plane",
        "Sphere–Plane contact (parry: HalfSpace–Ball)",
        1e-4,
        |r| {
            let radius = r.range(0.2, 1.5);
            let c = Vec3::new(
                r.range(-4.0, 4.0),
                r.range(0.0, 2.0 * radius),
                r.range(-4.0, 4.0),
            );
            Sphere::new(c, radius)
        },
    );
    contact_pair(
        s,
        r,
        "contact_sphere_obb",
        "Sphere–Obb contact (parry: Ball–Cuboid)",
        1e-3,
        |r| Some((sphere(r, 2.5, 0.2, 1.0), near_obb(r))),
    );
    contact_pair(
        s,
        r,
        "contact_sphere_capsule",
        "Sphere–Capsule contact (parry: Ball–Capsule)",
        1e-3,
        |r| Some((sphere(r, 2.5, 0.2, 1.0), random_capsule(r, 1.5))),
    );
    contact_pair(
        s,
        r,
        "contact_sphere_triangle",
        "Sphere–Triangle contact (parry: Ball–Triangle)",
        1e-3,
        |r| {
            let t = triangle_around(r, 1.0);
            Some((sphere(r, 2.0, 0.2, 1.5), t))
        },
    );
    contact_pair(
        s,
        r,
        "contact_capsule_triangle",
        "Capsule–Triangle contact, cores apart (parry: Capsule–Triangle)",
        // parry's capsule goes through GJK with the radius as a margin: depths off by up to a
        // few 1e-3 (input 744: parry 0.743983, isect 0.746310, brute force over the core
        // 0.746310).
        5e-3,
        |r| {
            let t = triangle_around(r, 1.0);
            let c = random_capsule(r, 1.5);
            // Cores that cross the triangle get a separating push along its normal (not always
            // the least, see the README), where parry's EPA finds the least: compared only
            // apart.
            (Segment::new(c.a, c.b).distance(&t) > 1e-2).then_some((c, t))
        },
    );
    // Centers in front of y = 0, the box reaching at most its extent below it (isect's plane
    // is a surface; a box wholly behind it does not touch it).
    ground_contact(
        s,
        r,
        "contact_obb_plane",
        "Obb–Plane contact (parry: HalfSpace–Cuboid)",
        1e-3,
        |r| {
            let mut b = near_obb(r);
            let extent = (0..3)
                .map(|i| b.rotation.col(i).y.abs() * b.half_extents[i])
                .sum::<Real>();
            b.center.y = r.range(0.0, 2.0 * extent);
            b
        },
    );
    contact_pair(
        s,
        r,
        "contact_aabb_aabb",
        "Aabb–Aabb contact (parry: Cuboid–Cuboid)",
        1e-3,
        |r| Some((aabb(r, 1.5), aabb(r, 1.5))),
    );
    contact_pair(
        s,
        r,
        "contact_obb_obb",
        "Obb–Obb contact (parry: Cuboid–Cuboid)",
        1e-3,
        |r| Some((near_obb(r), near_obb(r))),
    );
    contact_pair(
        s,
        r,
        "contact_obb_triangle",
        "Obb–Triangle contact (parry: Cuboid–Triangle)",
        1e-3,
        |r| {
            let a = near_obb(r);
            Some((a, triangle_around(r, 1.5)))
        },
    );
    contact_pair(
        s,
        r,
        "contact_capsule_obb",
        "Capsule–Obb contact (parry: Capsule–Cuboid)",
        // parry's GJK/EPA stops short by up to ~2e-3 here (input 772: isect 0.099909, parry
        // 0.098428; the least separating translation, minimised over directions in f64, is
        // 0.099909).
        2e-2,
        |r| Some((random_capsule(r, 2.0), near_obb(r))),
    );
    manifold_obb_obb(s, r);
    contact_pair(
        s,
        r,
        "contact_hull_hull",
        "ConvexHull–ConvexHull contact, 12 points each (parry: ConvexPolyhedron, GJK + EPA)",
        5e-2,
        |r| Some((random_hull(r), random_hull(r))),
    );
    contact_pair(
        s,
        r,
        "contact_sphere_hull",
        "Sphere–ConvexHull contact, 12 points (parry: Ball–ConvexPolyhedron)",
        5e-2,
        |r| {
            let a = sphere(r, 1.5, 0.2, 1.0);
            Some((a, random_hull(r)))
        },
    );
    contact_pair(
        s,
        r,
        "contact_capsule_hull",
        "Capsule–ConvexHull contact, 12 points (parry: Capsule–ConvexPolyhedron)",
        5e-2,
        |r| {
            let a = random_capsule(r, 1.5);
            Some((a, random_hull(r)))
        },
    );

    suite.note(format!(
        "Inputs: {BATCH} random pairs per query from a fixed-seed generator, about half of them \
         touching (sweeps: within the motion). parry is called as a parry user with world-space \
         data would: `query::cast_shapes` / `query::contact` with translation poses (its \
         dispatcher picks the closed-form ball routines where it has them). Before timing, the \
         benchmark asserts that both libraries agree on hit or miss and on the time or depth. \
         Rotating sweeps: `isect::sweep_rotating` (conservative advancement bounded by the \
         angular speed) against `query::cast_shapes_nonlinear` (bisection on separating axes); \
         hit or miss compared where parry's hit is clear (the shapes overlap 0.01 later)."
    ));
    suite.finish();
}

// The shapes of the rows.

/// A sphere with its center in `[-reach, reach]³` and a radius in `[lo, hi]`.
fn sphere(rng: &mut Rng, reach: Real, lo: Real, hi: Real) -> Sphere {
    Sphere::new(rng.vec3(-reach, reach), rng.range(lo, hi))
}

/// An axis-aligned box with its center in `[-reach, reach]³` and half extents 0.2 to 1.5.
fn aabb(rng: &mut Rng, reach: Real) -> Aabb {
    Aabb::from_center_half_extents(rng.vec3(-reach, reach), rng.vec3(0.2, 1.5))
}

/// A capsule with its middle in `[-reach, reach]³`, a core of length 1 to 4 and radius 0.3 to 1.
fn random_capsule(rng: &mut Rng, reach: Real) -> Capsule {
    let mid = rng.vec3(-reach, reach);
    let half = rng.unit_vec3() * rng.range(0.5, 2.0);
    Capsule::new(mid - half, mid + half, rng.range(0.3, 1.0))
}

/// An OBB with its center in `[-4, 4]³`, half extents 0.2 to 1.5 and a random rotation.
fn random_obb(rng: &mut Rng) -> Obb {
    Obb::from_quat(rng.vec3(-4.0, 4.0), rng.vec3(0.2, 1.5), rng.rotation())
}

/// An OBB near the origin (center in `[-1.5, 1.5]³`), so that about half the pairs touch.
fn near_obb(rng: &mut Rng) -> Obb {
    Obb::from_quat(rng.vec3(-1.5, 1.5), rng.vec3(0.2, 1.5), rng.rotation())
}

/// A triangle with corners in `[-4, 4]³`.
fn random_triangle(rng: &mut Rng) -> Triangle {
    Triangle::new(
        rng.vec3(-4.0, 4.0),
        rng.vec3(-4.0, 4.0),
        rng.vec3(-4.0, 4.0),
    )
}

/// A triangle with corners within 2 of a center in `[-reach, reach]³`.
fn triangle_around(rng: &mut Rng, reach: Real) -> Triangle {
    let center = rng.vec3(-reach, reach);
    Triangle::new(
        rng.around(center, 2.0),
        rng.around(center, 2.0),
        rng.around(center, 2.0),
    )
}

/// The hull of [`HULL_POINTS`] points within 1 of a center in `[-1.5, 1.5]³`.
fn random_hull(rng: &mut Rng) -> ConvexHull {
    let center = rng.vec3(-1.5, 1.5);
    ConvexHull::new(rng.points_around(HULL_POINTS, center, 1.0))
}

/// `a` moving by `offset` plus up to 2 in each coordinate, `b` by up to 1: a sweep input.
fn aimed<A, B>(rng: &mut Rng, a: A, offset: Vec3, b: B) -> (A, Vec3, B, Vec3) {
    let ma = offset + rng.vec3(-2.0, 2.0);
    let mb = rng.vec3(-1.0, 1.0);
    (a, ma, b, mb)
}

// How the shapes are held.

/// How the timed loop holds a shape: by value where it is `Copy`, by reference otherwise (a
/// hull owns its points), as a user with that data passes it.
trait Held {
    type In<'a>: Copy
    where
        Self: 'a;
    fn hold(&self) -> Self::In<'_>;
    fn get<'b>(held: &'b Self::In<'_>) -> &'b Self;
}

macro_rules! held_by_value {
    ($($shape:ty),+) => {$(
        impl Held for $shape {
            type In<'a> = $shape;
            fn hold(&self) -> $shape {
                *self
            }
            fn get(held: &$shape) -> &$shape {
                held
            }
        }
    )+};
}
held_by_value!(Sphere, Aabb, Obb, Capsule, Triangle);

impl Held for ConvexHull {
    type In<'a> = &'a ConvexHull;
    fn hold(&self) -> &ConvexHull {
        self
    }
    fn get<'b>(held: &'b &ConvexHull) -> &'b ConvexHull {
        held
    }
}

// Sweeps.

fn options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    }
}

/// A parry shape placed by a pose, with its velocity.
struct Moving<S> {
    pose: Pose,
    velocity: parry3d::math::Vector,
    shape: S,
}

/// A parry shape at `pose` moving by `m`.
fn moving<S>((pose, shape): (Pose, S), m: Vec3) -> Moving<S> {
    Moving {
        pose,
        velocity: to_parry(m),
        shape,
    }
}

fn parry_cast<A: ps::Shape, B: ps::Shape>(a: &Moving<A>, b: &Moving<B>) -> Option<Real> {
    query::cast_shapes(
        &a.pose,
        a.velocity,
        &a.shape,
        &b.pose,
        b.velocity,
        &b.shape,
        options(),
    )
    .expect("supported")
    .map(|hit| hit.time_of_impact)
}

/// A sweep row: `BATCH` inputs `(a, motion a, b, motion b)` drawn by `draw`, isect's
/// `a.sweep(ma, &b, mb)` against parry's `cast_shapes` on the same shapes.
fn sweep_pair<A, B>(
    suite: &mut Suite,
    rng: &mut Rng,
    id: &str,
    label: &str,
    tol: Real,
    mut draw: impl FnMut(&mut Rng) -> (A, Vec3, B, Vec3),
) where
    A: ToParry + Held + Sweep<B>,
    B: ToParry + Held,
{
    let inputs: Vec<_> = (0..BATCH).map(|_| draw(rng)).collect();
    let theirs: Vec<_> = inputs
        .iter()
        .map(|(a, ma, b, mb)| {
            (
                moving(a.parry_centered(), *ma),
                moving(b.parry_centered(), *mb),
            )
        })
        .collect();
    let ours: Vec<_> = inputs
        .iter()
        .map(|(a, ma, b, mb)| (a.hold(), *ma, b.hold(), *mb))
        .collect();
    sweep_group(
        suite,
        id,
        label,
        &ours,
        &theirs,
        |(a, ma, b, mb): (A::In<'_>, Vec3, B::In<'_>, Vec3)| A::get(&a).sweep(ma, B::get(&b), mb),
        tol,
    );
}

/// Agreement on hit or miss and on the first time of contact, then the timing.
fn sweep_group<I: Copy, A: ps::Shape, B: ps::Shape>(
    suite: &mut Suite,
    id: &str,
    label: &str,
    ours: &[I],
    theirs: &[(Moving<A>, Moving<B>)],
    run: impl Fn(I) -> Option<isect::SweepHit> + Copy,
    tol: Real,
) {
    let a: Vec<Real> = ours
        .iter()
        .map(|&x| run(x).map_or(-1.0, |h| h.t_first))
        .collect();
    let b: Vec<Real> = theirs
        .iter()
        .map(|(x, y)| parry_cast(x, y).unwrap_or(-1.0))
        .collect();
    let diff = check::reals(&format!("{label} t_first"), &a, &b, tol);
    let hits = a.iter().filter(|&&t| t >= 0.0).count();
    eprintln!(
        "{label}: {} pairs, {hits} hit; isect = parry (max diff {diff:.1e})",
        a.len()
    );
    let mut group = suite.group(id, label, ours.len());
    group.isect(per_query(&(), ours, move |(), x| run(x)));
    let theirs: Vec<&(Moving<A>, Moving<B>)> = theirs.iter().collect();
    group.parry(
        "parry",
        "query::cast_shapes",
        per_query(&(), &theirs, |(), pair: &(Moving<A>, Moving<B>)| {
            parry_cast(&pair.0, &pair.1)
        }),
    );
    group.finish();
}

/// Spheres in front of the plane y = 0 moving by up to 6 (parry's `HalfSpace` is solid behind
/// it; from the front both libraries answer the same first contact), the plane at rest.
fn sweep_sphere_plane(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let plane = Plane::new(Vec3::Y, 0.0);
    for _ in 0..BATCH {
        let r = rng.range(0.2, 1.5);
        let c = Vec3::new(
            rng.range(-4.0, 4.0),
            r + rng.range(0.01, 4.0),
            rng.range(-4.0, 4.0),
        );
        let m = rng.vec3(-6.0, 2.0);
        let sphere = Sphere::new(c, r);
        ours.push((sphere, m));
        theirs.push((moving(sphere.parry(), m), moving(ground(), Vec3::ZERO)));
    }
    sweep_group(
        suite,
        "sweep_sphere_plane",
        "Sphere–Plane sweep (parry: Ball–HalfSpace)",
        &ours,
        &theirs,
        move |(s, m): (Sphere, Vec3)| s.sweep(m, &plane, Vec3::ZERO),
        1e-4,
    );
}

/// The plane y = 0 as parry's `HalfSpace` (solid behind it), placed by the identity.
fn ground() -> (Pose, ps::HalfSpace) {
    (Pose::IDENTITY, ps::HalfSpace::new(parry3d::math::Vector::Y))
}

/// A motion aimed from `from` at `to`, turning up to about 2 radians about `from`.
fn random_rigid_motion(rng: &mut Rng, from: Vec3, to: Vec3) -> RigidMotion {
    RigidMotion::new(
        to - from + rng.vec3(-2.0, 2.0),
        rng.unit_vec3() * rng.range(0.0, 2.0),
        from,
    )
}

/// A motion of up to 1 turning up to about 2 radians about `center`.
fn slow_rigid_motion(rng: &mut Rng, center: Vec3) -> RigidMotion {
    RigidMotion::new(
        rng.vec3(-1.0, 1.0),
        rng.unit_vec3() * rng.range(0.0, 2.0),
        center,
    )
}

/// parry's motion of a shape placed at `translation`, `rotation`, moving by `m`.
fn parry_motion(translation: Vec3, rotation: Quat, m: &RigidMotion) -> NonlinearRigidMotion {
    NonlinearRigidMotion::new(
        pose(translation, rotation),
        to_parry(rotation.inverse() * (m.center - translation)),
        to_parry(m.linear),
        to_parry(m.angular),
    )
}

/// Rotating sweeps of parry shapes `A` and `B`.
type Rotating<A, B> = (NonlinearRigidMotion, A, NonlinearRigidMotion, B);

/// Agreement of rotating sweeps where parry's hit is clear, then the timing. `overlap(i, t)`
/// is isect's exact overlap test of input `i` at time `t`.
fn rotating_group<A: ps::Shape, B: ps::Shape>(
    suite: &mut Suite,
    id: &str,
    label: &str,
    run: impl Fn(usize) -> Option<isect::SweepHit> + Copy,
    theirs: &[Rotating<A, B>],
    overlap: impl Fn(usize, Real) -> bool,
) {
    let count = theirs.len();
    let cast = |(m1, g1, m2, g2): &Rotating<A, B>| {
        query::cast_shapes_nonlinear(m1, g1, m2, g2, 0.0, 1.0, true)
            .expect("supported")
            .map(|hit| hit.time_of_impact)
    };
    let (mut hits, mut clear, mut diff): (usize, usize, Real) = (0, 0, 0.0);
    for (i, pair) in theirs.iter().enumerate() {
        let ours = run(i);
        hits += usize::from(ours.is_some());
        let Some(tp) = cast(pair) else { continue };
        if tp > 0.0 && tp <= 0.98 && overlap(i, tp + 0.01) {
            clear += 1;
            let h = ours
                .unwrap_or_else(|| panic!("{label}: input {i}: parry hits at {tp}, isect none"));
            // isect is never later than the first contact; parry stops within its tolerance.
            assert!(
                (h.t_first - tp).abs() <= 2e-2,
                "{label}: input {i}: isect {} but parry {tp}",
                h.t_first
            );
            diff = diff.max((h.t_first - tp).abs());
        }
    }
    eprintln!(
        "{label}: {count} pairs, {hits} hit (isect), {clear} clear parry hits; isect = parry (max diff {diff:.1e})"
    );
    let indices: Vec<usize> = (0..count).collect();
    let mut group = suite.group(id, label, count);
    group.isect(per_query(&(), &indices, move |(), i| run(i)));
    let theirs: Vec<_> = theirs.iter().collect();
    group.parry(
        "parry",
        "query::cast_shapes_nonlinear",
        per_query(&(), &theirs, |(), pair| cast(pair)),
    );
    group.finish();
}

fn rotating_obb_obb(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let (a, b) = (random_obb(rng), random_obb(rng));
        let ma = random_rigid_motion(rng, a.center, b.center);
        let mb = slow_rigid_motion(rng, b.center);
        let q = |o: &Obb| Quat::from_mat3(&o.rotation);
        theirs.push((
            parry_motion(a.center, q(&a), &ma),
            ps::Cuboid::new(to_parry(a.half_extents)),
            parry_motion(b.center, q(&b), &mb),
            ps::Cuboid::new(to_parry(b.half_extents)),
        ));
        ours.push((a, ma, b, mb));
    }
    let carried = |o: &Obb, m: &RigidMotion, t: Real| {
        let r = Mat3::from_quat(m.rotation_at(t));
        Obb::new(m.point_at(o.center, t), o.half_extents, r * o.rotation)
    };
    let inputs = &ours;
    rotating_group(
        suite,
        "rotating_obb_obb",
        "Obb–Obb rotating sweep (parry: Cuboid–Cuboid)",
        move |i| {
            let (a, ma, b, mb) = &inputs[i];
            sweep_rotating(a, ma, b, mb)
        },
        &theirs,
        |i, t| {
            let (a, ma, b, mb) = &ours[i];
            carried(a, ma, t).intersects(&carried(b, mb, t))
        },
    );
}

fn rotating_hull_hull(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let hull = |rng: &mut Rng| {
        let center = rng.vec3(-4.0, 4.0);
        let points = rng.points_around(12, center, 1.5);
        (center, ConvexHull::new(points.clone()), points)
    };
    while ours.len() < BATCH {
        let ((ca, a, pa), (cb, b, pb)) = (hull(rng), hull(rng));
        let ma = random_rigid_motion(rng, ca, cb);
        let mb = slow_rigid_motion(rng, cb);
        let polyhedron =
            |points: &[Vec3]| ps::ConvexPolyhedron::from_convex_hull(&to_parry_all(points));
        let (Some(ga), Some(gb)) = (polyhedron(&pa), polyhedron(&pb)) else {
            continue;
        };
        theirs.push((
            parry_motion(Vec3::ZERO, Quat::IDENTITY, &ma),
            ga,
            parry_motion(Vec3::ZERO, Quat::IDENTITY, &mb),
            gb,
        ));
        ours.push((a, ma, b, mb));
    }
    let carried = |h: &ConvexHull, m: &RigidMotion, t: Real| {
        ConvexHull::new(
            h.points()
                .iter()
                .map(|&p| m.point_at(p, t))
                .collect::<Vec<_>>(),
        )
    };
    let inputs = &ours;
    rotating_group(
        suite,
        "rotating_hull_hull",
        "ConvexHull–ConvexHull rotating sweep (parry: ConvexPolyhedron)",
        move |i| {
            let (a, ma, b, mb) = &inputs[i];
            sweep_rotating(a, ma, b, mb)
        },
        &theirs,
        |i, t| {
            let (a, ma, b, mb) = &ours[i];
            carried(a, ma, t).intersects(&carried(b, mb, t))
        },
    );
}

// Contacts.

/// A contact row: `BATCH` pairs drawn by `draw` (`None`: drawn again), isect's `a.contact(&b)`
/// against parry's `query::contact` on the same shapes.
fn contact_pair<A, B>(
    suite: &mut Suite,
    rng: &mut Rng,
    id: &str,
    label: &str,
    tol: Real,
    mut draw: impl FnMut(&mut Rng) -> Option<(A, B)>,
) where
    A: ToParry + Held + Contact<B>,
    B: ToParry + Held,
{
    let mut inputs = Vec::with_capacity(BATCH);
    while inputs.len() < BATCH {
        inputs.extend(draw(rng));
    }
    let theirs: Vec<_> = inputs
        .iter()
        .map(|(a, b)| {
            let ((pa, sa), (pb, sb)) = (a.parry_centered(), b.parry_centered());
            (pa, sa, pb, sb)
        })
        .collect();
    let ours: Vec<_> = inputs.iter().map(|(a, b)| (a.hold(), b.hold())).collect();
    contact_group(
        suite,
        id,
        label,
        &ours,
        &theirs,
        |(a, b): (A::In<'_>, B::In<'_>)| A::get(&a).contact(B::get(&b)),
        tol,
    );
}

/// A contact row against the plane y = 0, shapes drawn by `draw`: parry's half-space first (its
/// half-space-second path uses a mirrored pose), so that the depth is the same.
fn ground_contact<A>(
    suite: &mut Suite,
    rng: &mut Rng,
    id: &str,
    label: &str,
    tol: Real,
    mut draw: impl FnMut(&mut Rng) -> A,
) where
    A: ToParry + Contact<Plane> + Copy,
{
    let plane = Plane::new(Vec3::Y, 0.0);
    let ours: Vec<A> = (0..BATCH).map(|_| draw(rng)).collect();
    let theirs: Vec<_> = ours
        .iter()
        .map(|a| {
            let ((pg, g), (pa, sa)) = (ground(), a.parry());
            (pg, g, pa, sa)
        })
        .collect();
    contact_group(
        suite,
        id,
        label,
        &ours,
        &theirs,
        move |a: A| a.contact(&plane),
        tol,
    );
}

/// Agreement on contact or not and on the depth, then the timing.
fn contact_group<I: Copy, A: ps::Shape, B: ps::Shape>(
    suite: &mut Suite,
    id: &str,
    label: &str,
    ours: &[I],
    theirs: &[(Pose, A, Pose, B)],
    run: impl Fn(I) -> Option<isect::ContactInfo> + Copy,
    tol: Real,
) {
    let parry_depth = |(p1, g1, p2, g2): &(Pose, A, Pose, B)| {
        query::contact(p1, g1, p2, g2, 0.0)
            .expect("supported")
            .map(|c| (-c.dist, from_parry(c.normal1)))
    };
    // Depth 0 for shapes apart: parry may return a contact a little apart (negative depth) where
    // isect returns `None`, and both are right within the tolerance.
    let a: Vec<Real> = ours
        .iter()
        .map(|&x| run(x).map_or(0.0, |c| c.depth))
        .collect();
    let b: Vec<Real> = theirs
        .iter()
        .map(|x| parry_depth(x).map_or(0.0, |c| c.0.max(0.0)))
        .collect();
    let diff = check::reals(&format!("{label} depth"), &a, &b, tol);
    let hits = ours.iter().filter(|&&x| run(x).is_some()).count();
    eprintln!(
        "{label}: {} pairs, {hits} in contact; isect = parry (max diff {diff:.1e})",
        a.len()
    );
    let mut group = suite.group(id, label, ours.len());
    group.isect(per_query(&(), ours, move |(), x| run(x)));
    let theirs: Vec<&(Pose, A, Pose, B)> = theirs.iter().collect();
    group.parry(
        "parry",
        "query::contact",
        per_query(&(), &theirs, |(), x: &(Pose, A, Pose, B)| {
            query::contact(&x.0, &x.1, &x.2, &x.3, 0.0)
        }),
    );
    group.finish();
}

/// Two posed parry cuboids.
type CuboidPair = ((Pose, ps::Cuboid), (Pose, ps::Cuboid));

/// Box–box contact manifolds against parry's `contact_manifold_cuboid_cuboid` (one reused
/// manifold, cleared before each pair so that parry's contact tracking does not skip the work);
/// agreement on contact or not and on the deepest point's depth, then the timing.
fn manifold_obb_obb(suite: &mut Suite, rng: &mut Rng) {
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..BATCH {
        let (a, b) = (near_obb(rng), near_obb(rng));
        ours.push((a, b));
        theirs.push((a.parry(), b.parry()));
    }
    let manifold = RefCell::new(PManifold::<(), ()>::new());
    let parry_run = |x: &CuboidPair| {
        let mut m = manifold.borrow_mut();
        m.clear();
        let pos12 = x.0.0.inv_mul(&x.1.0);
        contact_manifold_cuboid_cuboid(&pos12, &x.0.1, &x.1.1, 0.0, &mut m);
        m.points.iter().map(|p| -p.dist).fold(-1.0, Real::max)
    };
    // isect's manifold points are points of both boxes, so where one box has passed through
    // the other (the contact depth exceeds the reference box's thickness) its deepest point is
    // shallower than the depth, while parry's deepest point lies beyond the reference box:
    // those pairs are left out of the comparison (counted below).
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut through = 0;
    for ((x, y), t) in ours.iter().zip(&theirs) {
        let ours = x.contact_manifold(y).deepest().map_or(-1.0, |c| c.depth);
        let depth = x.contact(y).map_or(-1.0, |c| c.depth);
        if ours < depth - 1e-3 {
            through += 1;
            continue;
        }
        a.push(ours);
        b.push(parry_run(t));
    }
    let diff = check::reals("Obb–Obb manifold deepest depth", &a, &b, 1e-3);
    let hits = a.iter().filter(|&&d| d >= 0.0).count();
    eprintln!(
        "Obb–Obb manifold: {} pairs compared, {hits} in contact, {through} passing through left \
         out; isect = parry (max diff {diff:.1e})",
        a.len()
    );
    let mut group = suite.group(
        "manifold_obb_obb",
        "Obb–Obb contact manifold (parry: Cuboid–Cuboid)",
        ours.len(),
    );
    group.isect(per_query(&(), &ours, |(), (x, y): (Obb, Obb)| {
        x.contact_manifold(&y)
    }));
    let theirs: Vec<&CuboidPair> = theirs.iter().collect();
    group.parry(
        "parry",
        "contact_manifold_cuboid_cuboid",
        per_query(&(), &theirs, |(), x: &CuboidPair| parry_run(x)),
    );
    group.finish();
}
