//! The plane: point queries, overlap, distance, contact, ray casts and sweeps of `isect::d2`
//! against parry2d on identical inputs, in the same run.
//!
//! `cargo bench -p isect-bench --bench d2` (add `-- --quick`, or set `ISECT_BENCH_QUICK=1`, for
//! a short run; a criterion filter such as `-- circle` runs a subset). The table of ratios is
//! printed at the end and written to `<target>/isect-bench/d2.md`.
//!
//! parry is asked what a parry user with the same world-space data would ask, through its most
//! direct public call: shapes parry defines around the origin (`Ball`, `Cuboid`) through their
//! pose (`contains_point(&pose, ..)`, `cast_ray_and_get_normal(&pose, ..)`), shapes it stores in
//! world coordinates (`Aabb`, `Capsule`, `Triangle`, `Segment`, `ConvexPolygon`) through the
//! `*_local_*` calls; pairs through `query::intersection_test`, `query::distance`,
//! `query::contact` and `query::cast_shapes` on posed shapes (balls and cuboids at their
//! centers, capsules at their middle, polygons in world coordinates).

use std::hint::black_box;

use isect::d2::{
    Aabb, Capsule, Circle, Contact, ConvexPolygon, Distance, Intersects, Obb, PointQuery, Polyline,
    Ray, RayCast, Segment, Sweep, Triangle,
};
use isect::math::Vec2;
use isect::{Real, ops};
use isect_bench::check;
use isect_bench::{Rng, Suite};
use parry2d::math::Pose;
use parry2d::query::{
    self as pq, PointQuery as ParryPointQuery, RayCast as ParryRayCast, ShapeCastOptions,
};
use parry2d::shape::{self as ps, Shape};

/// Pairs and sweeps per benchmark iteration.
const BATCH: usize = 1024;
/// Points per point-query benchmark and rays per ray-cast benchmark, unless `ISECT_D2_QUERIES`
/// says otherwise: 2¹⁶, as `benches/point.rs`. Until 2026-11-28 these were 1024, timed over and
/// over: a sequence the branch predictor learns, so branchy code was timed as if its branches
/// were predictable, which a user's random points and rays are not.
const QUERIES: usize = 1 << 16;
/// Seed of every input set: the same data on every run and machine.
const SEED: u64 = 0x015E_C7D2;
/// Corners of a random convex polygon.
const POLYGON_CORNERS: usize = 8;

type PVec = parry2d::math::Vector;

fn pv(v: Vec2) -> PVec {
    PVec::from_array(v.to_array())
}

/// The number of points or rays per single-shape benchmark: `ISECT_D2_QUERIES` or [`QUERIES`].
fn queries() -> usize {
    std::env::var("ISECT_D2_QUERIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(QUERIES)
}

fn main() {
    let mut suite = Suite::new("d2");
    let s = &mut suite;
    let mut rng = Rng::new(SEED);
    let r = &mut rng;
    // Points and rays past the first `BATCH` from their own generator: the first `BATCH` are
    // the old batch, and the shapes, pairs and sweeps stay the same whatever the number of
    // queries (`ISECT_D2_QUERIES=1024` times the old, learnable batch again).
    let mut query_rng = Rng::new(SEED ^ 0x9E37_79B9);
    let q = &mut query_rng;

    // Point queries: one shape, a batch of points around it (about half inside).
    let c = circle(r);
    point_queries(s, r, q, "circle", "Circle", &c, c.radius, &posed(&c));
    let b = aabb(r);
    let pb = parry2d::bounding_volume::Aabb::new(pv(b.min), pv(b.max));
    point_queries(s, r, q, "aabb", "Aabb", &b, 1.0, &world_aabb(pb));
    let o = obb(r);
    point_queries(s, r, q, "obb", "Obb", &o, 1.0, &posed(&o));
    let k = capsule(r);
    point_queries(s, r, q, "capsule", "Capsule", &k, 1.0, &posed(&k));
    let t = triangle(r);
    point_queries(s, r, q, "triangle", "Triangle", &t, 1.0, &posed(&t));
    let p = polygon(r);
    point_queries(
        s,
        r,
        q,
        "convex_polygon",
        "ConvexPolygon",
        &p,
        1.0,
        &posed(&p),
    );

    // Pairs: overlap, distance, contact.
    let cc: Vec<(Circle, Circle)> = pairs_of(r, circle, circle);
    pair(s, "circle_circle", "Circle–Circle", &cc);
    let bb: Vec<(Aabb, Aabb)> = pairs_of(r, aabb, aabb);
    pair(s, "aabb_aabb", "Aabb–Aabb", &bb);
    let cb: Vec<(Circle, Aabb)> = pairs_of(r, circle, aabb);
    pair(s, "circle_aabb", "Circle–Aabb", &cb);
    let kk: Vec<(Capsule, Capsule)> = pairs_of(r, capsule, capsule);
    pair(s, "capsule_capsule", "Capsule–Capsule", &kk);
    let pp: Vec<(ConvexPolygon, ConvexPolygon)> = pairs_of(r, polygon, polygon);
    pair(s, "polygon_polygon", "ConvexPolygon–ConvexPolygon", &pp);
    let kp: Vec<(Capsule, ConvexPolygon)> = pairs_of(r, capsule, polygon);
    pair(s, "capsule_polygon", "Capsule–ConvexPolygon", &kp);

    // Ray casts (solid), a batch of rays aimed near each shape.
    let shape = circle(r);
    raycasts(s, r, q, "circle", "Circle", &shape, posed);
    let shape = aabb(r);
    raycasts(s, r, q, "aabb", "Aabb", &shape, |b| {
        let pb = parry2d::bounding_volume::Aabb::new(pv(b.min), pv(b.max));
        world_aabb(pb)
    });
    let shape = obb(r);
    raycasts(s, r, q, "obb", "Obb", &shape, posed);
    let shape = capsule(r);
    raycasts(s, r, q, "capsule", "Capsule", &shape, posed);
    let shape = triangle(r);
    raycasts(s, r, q, "triangle", "Triangle", &shape, posed);
    let shape = segment(r);
    raycasts(s, r, q, "segment", "Segment", &shape, posed);
    let shape = polygon(r);
    raycasts(s, r, q, "convex_polygon", "ConvexPolygon", &shape, |p| {
        posed(p)
    });

    // Sweeps: the first shape aimed at the second, both moving.
    let cp = sweeps_of(r, circle, polygon);
    sweep(s, "circle_polygon", "Circle–ConvexPolygon sweep", &cp);
    let bb = sweeps_of(r, aabb, aabb);
    sweep(s, "aabb_aabb", "Aabb–Aabb sweep", &bb);
    let kp = sweeps_of(r, capsule, polygon);
    sweep(s, "capsule_polygon", "Capsule–ConvexPolygon sweep", &kp);

    // A long polyline (level geometry): ray casts and one distance.
    polylines(s, r);

    suite.note(format!(
        "Inputs: from a fixed-seed generator, centers in [-2, 2]², sizes in [0.25, 1.5], random \
         rotations, convex polygons of {POLYGON_CORNERS} corners on a circle; point queries: \
         {} points around one shape (about half inside), in a random order; rays: {} aimed \
         near one shape; pairs and sweeps: batches of {BATCH}, a mix of hits and misses (counts printed). Every call sees its \
         shape through `black_box` and reads its input from the batch. Before timing, the benchmark asserts that isect and parry2d \
         agree on the inputs clear of the boundary.",
        queries(),
        queries()
    ));
    suite.note(
        "parry2d calls: `(pose)` queries a shape parry defines around the origin (`Ball`, \
         `Cuboid`) through its pose; `(local)` a shape parry stores in world coordinates \
         (`Aabb`, `Capsule`, `Triangle`, `Segment`, `ConvexPolygon`). Pairs go through the \
         public dispatcher (`query::*`) on posed shapes, as a parry user calls it. Ray casts are \
         solid (`cast_ray_and_get_normal`, `solid = true`); sweeps are `query::cast_shapes` with \
         `max_time_of_impact = 1`, `stop_at_penetration = true`.",
    );
    suite.finish();
}

// ---- Inputs ----

/// `BATCH` pairs `(f(r), g(r))`.
fn pairs_of<A, B>(r: &mut Rng, f: fn(&mut Rng) -> A, g: fn(&mut Rng) -> B) -> Vec<(A, B)> {
    (0..BATCH).map(|_| (f(r), g(r))).collect()
}

fn vec2(r: &mut Rng, lo: Real, hi: Real) -> Vec2 {
    Vec2::new(r.range(lo, hi), r.range(lo, hi))
}

fn unit(r: &mut Rng) -> Vec2 {
    let a = r.range(0.0, core::f32::consts::TAU);
    Vec2::new(ops::cos(a), ops::sin(a))
}

fn circle(r: &mut Rng) -> Circle {
    Circle::new(vec2(r, -2.0, 2.0), r.range(0.25, 1.5))
}

fn aabb(r: &mut Rng) -> Aabb {
    let c = vec2(r, -2.0, 2.0);
    let e = vec2(r, 0.25, 1.5);
    Aabb::new(c - e, c + e)
}

fn obb(r: &mut Rng) -> Obb {
    let angle = r.range(0.0, core::f32::consts::TAU);
    Obb::from_angle(vec2(r, -2.0, 2.0), vec2(r, 0.25, 1.5), angle)
}

fn capsule(r: &mut Rng) -> Capsule {
    let c = vec2(r, -2.0, 2.0);
    let h = unit(r) * r.range(0.25, 1.5);
    Capsule::new(c - h, c + h, r.range(0.25, 1.0))
}

fn segment(r: &mut Rng) -> Segment {
    let c = vec2(r, -2.0, 2.0);
    let h = unit(r) * r.range(0.25, 1.5);
    Segment::new(c - h, c + h)
}

/// A counter-clockwise triangle with a fair area.
fn triangle(r: &mut Rng) -> Triangle {
    let c = vec2(r, -2.0, 2.0);
    loop {
        let (a, b, d) = (
            c + vec2(r, -1.5, 1.5),
            c + vec2(r, -1.5, 1.5),
            c + vec2(r, -1.5, 1.5),
        );
        let twice_area = (b - a).perp_dot(d - a);
        if twice_area.abs() > 0.5 {
            return if twice_area > 0.0 {
                Triangle::new(a, b, d)
            } else {
                Triangle::new(a, d, b)
            };
        }
    }
}

/// `POLYGON_CORNERS` corners on a circle at sorted random angles, counter-clockwise.
fn polygon(r: &mut Rng) -> ConvexPolygon {
    let c = vec2(r, -2.0, 2.0);
    let radius = r.range(0.5, 1.5);
    let step = core::f32::consts::TAU / POLYGON_CORNERS as Real;
    let start = r.range(0.0, step);
    let corners: Vec<Vec2> = (0..POLYGON_CORNERS)
        .map(|i| {
            // Jittered within its sector, so the corners stay in order and apart.
            let a = start + step * (i as Real + r.range(0.1, 0.9));
            c + Vec2::new(ops::cos(a), ops::sin(a)) * radius
        })
        .collect();
    let p = ConvexPolygon::new(corners);
    assert_eq!(
        p.vertices().len(),
        POLYGON_CORNERS,
        "corners in convex position"
    );
    p
}

// ---- parry2d's view of the shapes ----

/// A shape as parry2d holds it: its pose, its shape, and the type's name for the table.
trait ToParry {
    type Shape: Shape + ParryPointQuery + ParryRayCast;
    /// Whether parry's shape is around the origin, queried through its pose (a `Ball` or
    /// `Cuboid`), rather than in world coordinates with the identity pose.
    const POSED: bool;
    fn parry(&self) -> (Pose, Self::Shape, &'static str);
}

/// A shape as parry holds it, with whether it is queried through its pose.
fn posed<S: ToParry>(s: &S) -> Parry<S::Shape> {
    let (pose, shape, name) = s.parry();
    Parry {
        pose,
        shape,
        name,
        posed: S::POSED,
    }
}

/// parry's shape with its pose and how it is queried.
struct Parry<P> {
    pose: Pose,
    shape: P,
    name: &'static str,
    posed: bool,
}

impl ToParry for Circle {
    type Shape = ps::Ball;
    const POSED: bool = true;
    fn parry(&self) -> (Pose, ps::Ball, &'static str) {
        (
            Pose::from_translation(pv(self.center)),
            ps::Ball::new(self.radius),
            "Ball",
        )
    }
}

impl ToParry for Aabb {
    type Shape = ps::Cuboid;
    const POSED: bool = true;
    fn parry(&self) -> (Pose, ps::Cuboid, &'static str) {
        (
            Pose::from_translation(pv(self.center())),
            ps::Cuboid::new(pv(self.half_extents())),
            "Cuboid",
        )
    }
}

impl ToParry for Obb {
    type Shape = ps::Cuboid;
    const POSED: bool = true;
    fn parry(&self) -> (Pose, ps::Cuboid, &'static str) {
        let x = self.rotation.x_axis;
        (
            Pose::new(pv(self.center), ops::atan2(x.y, x.x)),
            ps::Cuboid::new(pv(self.half_extents)),
            "Cuboid",
        )
    }
}

impl ToParry for Capsule {
    type Shape = ps::Capsule;
    const POSED: bool = true;
    fn parry(&self) -> (Pose, ps::Capsule, &'static str) {
        let mid = (self.a + self.b) * 0.5;
        (
            Pose::from_translation(pv(mid)),
            ps::Capsule::new(pv(self.a - mid), pv(self.b - mid), self.radius),
            "Capsule",
        )
    }
}

impl ToParry for Triangle {
    type Shape = ps::Triangle;
    const POSED: bool = false;
    fn parry(&self) -> (Pose, ps::Triangle, &'static str) {
        (
            Pose::IDENTITY,
            ps::Triangle::new(pv(self.a), pv(self.b), pv(self.c)),
            "Triangle",
        )
    }
}

impl ToParry for Segment {
    type Shape = ps::Segment;
    const POSED: bool = false;
    fn parry(&self) -> (Pose, ps::Segment, &'static str) {
        (
            Pose::IDENTITY,
            ps::Segment::new(pv(self.a), pv(self.b)),
            "Segment",
        )
    }
}

impl ToParry for ConvexPolygon {
    type Shape = ps::ConvexPolygon;
    const POSED: bool = false;
    fn parry(&self) -> (Pose, ps::ConvexPolygon, &'static str) {
        let points = self.vertices().iter().map(|&p| pv(p)).collect();
        let polygon =
            ps::ConvexPolygon::from_convex_polyline_unmodified(points).expect("a convex polygon");
        (Pose::IDENTITY, polygon, "ConvexPolygon")
    }
}

/// parry's `Aabb`, in world coordinates.
fn world_aabb(b: parry2d::bounding_volume::Aabb) -> Parry<parry2d::bounding_volume::Aabb> {
    Parry {
        pose: Pose::IDENTITY,
        shape: b,
        name: "Aabb",
        posed: false,
    }
}

/// A routine that runs `query` on every item, each item through [`black_box`] and each answer
/// kept by it (as `isect_bench::per_query`, for inputs that are not `Copy`).
fn each<'a, T, O>(items: &'a [T], query: impl Fn(&T) -> O + 'a) -> impl FnMut() + 'a {
    move || {
        for item in items {
            black_box(query(black_box(item)));
        }
    }
}

// ---- Point queries ----

/// Times `contains_point` and `distance_to_point` on [`queries`] points around `shape`, after
/// checking both libraries agree.
#[expect(
    clippy::too_many_arguments,
    reason = "two generators: the first 1024 points from the bench's own stream, the rest from a second, so other benches keep their inputs"
)]
fn point_queries<I, P>(
    suite: &mut Suite,
    r: &mut Rng,
    q: &mut Rng,
    id: &str,
    label: &str,
    shape: &I,
    reach: Real,
    parry: &Parry<P>,
) where
    I: PointQuery + Bounded2,
    P: ParryPointQuery,
{
    let n = queries();
    let (pose, ps_, name) = (&parry.pose, &parry.shape, parry.name);
    let bounds = shape.bounds();
    let center = (bounds.min + bounds.max) * 0.5;
    let half = (bounds.max - bounds.min) * 0.5 + Vec2::splat(0.5 * reach);
    let mut points: Vec<Vec2> = Vec::with_capacity(n);
    for i in 0..n {
        let r = if i < BATCH { &mut *r } else { &mut *q };
        points.push(center + Vec2::new(r.range(-half.x, half.x), r.range(-half.y, half.y)));
    }
    let world: Vec<PVec> = points.iter().map(|&p| pv(p)).collect();
    let posed = parry.posed;
    let parry_contains = |p: PVec| {
        if posed {
            ps_.contains_point(pose, p)
        } else {
            ps_.contains_local_point(p)
        }
    };
    let parry_distance = |p: PVec| {
        if posed {
            ps_.distance_to_point(pose, p, true)
        } else {
            ps_.distance_to_local_point(p, true)
        }
    };
    let ours: Vec<Real> = points.iter().map(|&p| shape.distance_to_point(p)).collect();
    let theirs: Vec<Real> = world.iter().map(|&p| parry_distance(p)).collect();
    let diff = check::reals(&format!("{label} distance"), &ours, &theirs, 1e-4);
    let inside: Vec<bool> = points.iter().map(|&p| shape.contains_point(p)).collect();
    let parry_inside: Vec<bool> = world.iter().map(|&p| parry_contains(p)).collect();
    let clear: Vec<bool> = world
        .iter()
        .map(|&p| {
            let signed = if posed {
                ps_.distance_to_point(pose, p, false)
            } else {
                ps_.distance_to_local_point(p, false)
            };
            signed.abs() > 1e-4
        })
        .collect();
    let agreement = check::bools(&format!("{label} contains"), &inside, &parry_inside, &clear);
    let count = inside.iter().filter(|&&b| b).count();
    eprintln!(
        "{label}: {n} points, {count} inside; distances agree (max diff {diff:.1e}); \
         containment: {agreement}"
    );
    let frame = if posed { "(pose)" } else { "(local)" };

    let mut group = suite.group(
        &format!("{id}_contains"),
        &format!("{label} contains point"),
        n,
    );
    group.isect(each(&points, |&p| shape.contains_point(p)));
    if posed {
        group.parry(
            "parry",
            &format!("{name}::contains_point {frame}"),
            each(&world, |&p| ps_.contains_point(pose, p)),
        );
    } else {
        group.parry(
            "parry",
            &format!("{name}::contains_local_point {frame}"),
            each(&world, |&p| ps_.contains_local_point(p)),
        );
    }
    group.finish();

    let mut group = suite.group(
        &format!("{id}_distance"),
        &format!("{label} distance to point"),
        n,
    );
    group.isect(each(&points, |&p| shape.distance_to_point(p)));
    if posed {
        group.parry(
            "parry",
            &format!("{name}::distance_to_point {frame}"),
            each(&world, |&p| ps_.distance_to_point(pose, p, true)),
        );
    } else {
        group.parry(
            "parry",
            &format!("{name}::distance_to_local_point {frame}"),
            each(&world, |&p| ps_.distance_to_local_point(p, true)),
        );
    }
    group.finish();
}

/// The shape's bounding box, for placing query points and rays.
trait Bounded2 {
    fn bounds(&self) -> Aabb;
}

impl<T: isect::d2::Bounded> Bounded2 for T {
    fn bounds(&self) -> Aabb {
        self.aabb()
    }
}

// ---- Pairs ----

/// Times `intersects`, `distance` and `contact` on the pairs, after checking both libraries
/// agree clear of the boundary.
fn pair<A, B>(suite: &mut Suite, id: &str, label: &str, pairs: &[(A, B)])
where
    A: ToParry + Intersects<B> + Distance<B> + Contact<B>,
    B: ToParry,
{
    let parry: Vec<_> = pairs
        .iter()
        .map(|(a, b)| {
            let (p, sa, _) = a.parry();
            let (q, sb, _) = b.parry();
            (p, sa, q, sb)
        })
        .collect();
    let test = |(p, a, q, b): &(Pose, A::Shape, Pose, B::Shape)| {
        pq::intersection_test(p, a, q, b)
            .expect("parry supports the pair")
            .intersecting
    };
    let dist = |(p, a, q, b): &(Pose, A::Shape, Pose, B::Shape)| {
        pq::distance(p, a, q, b)
            .expect("parry supports the pair")
            .distance
    };
    let contact = |(p, a, q, b): &(Pose, A::Shape, Pose, B::Shape)| {
        pq::contact(p, a, q, b, 0.0).expect("parry supports the pair")
    };

    let ours: Vec<Real> = pairs.iter().map(|(a, b)| a.distance(b)).collect();
    let theirs: Vec<Real> = parry.iter().map(dist).collect();
    let diff = check::reals(&format!("{label} distance"), &ours, &theirs, 1e-3);
    let meet: Vec<bool> = pairs.iter().map(|(a, b)| a.intersects(b)).collect();
    let parry_meet: Vec<bool> = parry.iter().map(test).collect();
    // Clear: apart by more than 1e-3, or penetrating by more than 1e-3 (parry's depth).
    let clear: Vec<bool> = ours
        .iter()
        .zip(&parry)
        .map(|(&d, x)| d > 1e-3 || contact(x).is_some_and(|c| c.dist < -1e-3))
        .collect();
    let agreement = check::bools(&format!("{label} intersects"), &meet, &parry_meet, &clear);
    // Depths where both clearly penetrate, within 1%.
    let (depths, parry_depths): (Vec<Real>, Vec<Real>) = pairs
        .iter()
        .zip(&parry)
        .filter_map(|((a, b), x)| {
            let ours = a.contact(b)?.depth;
            let theirs = -contact(x)?.dist;
            (ours > 1e-2 && theirs > 1e-2).then_some((ours, theirs))
        })
        .unzip();
    let depth_diff = check::reals(&format!("{label} depth"), &depths, &parry_depths, 1e-2);
    eprintln!(
        "{label}: {} pairs: {agreement}; distances agree (max diff {diff:.1e}); {} depths agree \
         (max diff {depth_diff:.1e})",
        pairs.len(),
        depths.len(),
    );

    let mut group = suite.group(
        &format!("{id}_intersects"),
        &format!("{label} intersects"),
        pairs.len(),
    );
    group.isect(each(pairs, |(a, b)| a.intersects(b)));
    group.parry("parry", "query::intersection_test", each(&parry, test));
    group.finish();

    let mut group = suite.group(
        &format!("{id}_distance"),
        &format!("{label} distance"),
        pairs.len(),
    );
    group.isect(each(pairs, |(a, b)| a.distance(b)));
    group.parry("parry", "query::distance", each(&parry, dist));
    group.finish();

    let mut group = suite.group(
        &format!("{id}_contact"),
        &format!("{label} contact"),
        pairs.len(),
    );
    group.isect(each(pairs, |(a, b)| a.contact(b)));
    group.parry(
        "parry",
        "query::contact (prediction 0)",
        each(&parry, contact),
    );
    group.finish();
}

// ---- Ray casts ----

/// Times solid ray casts of [`queries`] rays aimed near `shape` from up to 4 away, after checking
/// both libraries agree away from grazing rays.
fn raycasts<I, P>(
    suite: &mut Suite,
    r: &mut Rng,
    q: &mut Rng,
    id: &str,
    label: &str,
    shape: &I,
    parry: impl Fn(&I) -> Parry<P>,
) where
    I: RayCast + Distance<Segment> + Bounded2,
    P: ParryRayCast,
{
    let Parry {
        pose,
        shape: ps_,
        name,
        posed,
    } = parry(shape);
    let n = queries();
    let max_t: Real = 8.0;
    let bounds = shape.bounds();
    let center = (bounds.min + bounds.max) * 0.5;
    let half = (bounds.max - bounds.min) * 0.5 + Vec2::splat(0.5);
    let mut rays: Vec<Ray> = Vec::with_capacity(n);
    for i in 0..n {
        let r = if i < BATCH { &mut *r } else { &mut *q };
        let origin = center + unit(r) * r.range(1.0, 4.0) + (bounds.max - bounds.min) * 0.5;
        let target = center + Vec2::new(r.range(-half.x, half.x), r.range(-half.y, half.y));
        rays.push(Ray::new(origin, (target - origin).normalize()));
    }
    let parry_rays: Vec<pq::Ray> = rays
        .iter()
        .map(|ray| pq::Ray::new(pv(ray.origin), pv(ray.dir)))
        .collect();
    let cast = |ray: &pq::Ray| {
        if posed {
            ps_.cast_ray_and_get_normal(&pose, ray, max_t, true)
        } else {
            ps_.cast_local_ray_and_get_normal(ray, max_t, true)
        }
    };
    let ours: Vec<_> = rays.iter().map(|ray| shape.raycast(ray, max_t)).collect();
    let theirs: Vec<_> = parry_rays.iter().map(cast).collect();
    let hit: Vec<bool> = ours.iter().map(Option::is_some).collect();
    let parry_hit: Vec<bool> = theirs.iter().map(Option::is_some).collect();
    // Clear: the ray's reach is more than 1e-3 from the shape, or it enters it head-on.
    let clear: Vec<bool> = rays
        .iter()
        .zip(&ours)
        .map(|(ray, h)| match h {
            None => shape.distance(&Segment::new(ray.origin, ray.point_at(max_t))) > 1e-3,
            Some(h) => h.normal.dot(ray.dir) < -0.05 && h.t < max_t - 1e-3,
        })
        .collect();
    let agreement = check::bools(&format!("{label} ray hit"), &hit, &parry_hit, &clear);
    let (ts, parry_ts): (Vec<Real>, Vec<Real>) = ours
        .iter()
        .zip(&theirs)
        .zip(&clear)
        .filter_map(|((a, b), &c)| Some((a.as_ref()?.t, b.as_ref()?.time_of_impact)).filter(|_| c))
        .unzip();
    let diff = check::reals(&format!("{label} ray t"), &ts, &parry_ts, 1e-3);
    eprintln!(
        "{label}: {n} rays: {agreement}; {} hit times agree (max diff {diff:.1e})",
        ts.len()
    );

    let mut group = suite.group(&format!("{id}_raycast"), &format!("{label} ray cast"), n);
    group.isect(each(&rays, |ray| shape.raycast(ray, max_t)));
    let call = if posed {
        format!("{name}::cast_ray_and_get_normal (pose)")
    } else {
        format!("{name}::cast_local_ray_and_get_normal (local)")
    };
    group.parry("parry", &call, each(&parry_rays, cast));
    group.finish();
}

// ---- Sweeps ----

/// `BATCH` sweeps: `a` moves towards `b` (plus up to 2 in each coordinate), `b` by up to 1.
fn sweeps_of<A: Center, B: Center>(
    r: &mut Rng,
    f: fn(&mut Rng) -> A,
    g: fn(&mut Rng) -> B,
) -> Vec<(A, Vec2, B, Vec2)> {
    (0..BATCH)
        .map(|_| {
            let (a, b) = (f(r), g(r));
            let m = (b.center() - a.center()) + vec2(r, -2.0, 2.0);
            let n = vec2(r, -1.0, 1.0);
            (a, m, b, n)
        })
        .collect()
}

trait Center {
    fn center(&self) -> Vec2;
}

impl<T: isect::d2::Bounded> Center for T {
    fn center(&self) -> Vec2 {
        let b = self.aabb();
        (b.min + b.max) * 0.5
    }
}

/// Times the sweeps after checking the first times of contact agree where both libraries find
/// one and the shapes start clearly apart.
fn sweep<A, B>(suite: &mut Suite, id: &str, label: &str, sweeps: &[(A, Vec2, B, Vec2)])
where
    A: ToParry + Sweep<B> + Distance<B>,
    B: ToParry,
{
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let parry: Vec<_> = sweeps
        .iter()
        .map(|(a, m, b, n)| {
            let (p, sa, _) = a.parry();
            let (q, sb, _) = b.parry();
            (p, pv(*m), sa, q, pv(*n), sb)
        })
        .collect();
    let cast = |(p, m, a, q, n, b): &(Pose, PVec, A::Shape, Pose, PVec, B::Shape)| {
        pq::cast_shapes(p, *m, a, q, *n, b, options).expect("parry supports the pair")
    };
    let ours: Vec<_> = sweeps
        .iter()
        .map(|(a, m, b, n)| a.sweep(*m, b, *n))
        .collect();
    let theirs: Vec<_> = parry.iter().map(cast).collect();
    let hits = ours.iter().filter(|h| h.is_some()).count();
    let parry_hits = theirs.iter().filter(|h| h.is_some()).count();
    // Compared where both hit, the shapes start apart by more than 1e-2 and stay in contact a
    // while (not a graze): parry's conservative advancement stops within its tolerance.
    let (ts, parry_ts): (Vec<Real>, Vec<Real>) = sweeps
        .iter()
        .zip(ours.iter().zip(&theirs))
        .filter_map(|((a, _, b, _), (x, y))| {
            let (x, y) = (x.as_ref()?, y.as_ref()?);
            (a.distance(b) > 1e-2 && x.t_last - x.t_first > 1e-2)
                .then_some((x.t_first, y.time_of_impact))
        })
        .unzip();
    let diff = check::reals(&format!("{label} t_first"), &ts, &parry_ts, 5e-3);
    eprintln!(
        "{label}: {} sweeps, isect {hits} hits, parry {parry_hits}; {} first times agree \
         (max diff {diff:.1e})",
        sweeps.len(),
        ts.len()
    );

    let mut group = suite.group(&format!("sweep_{id}"), label, sweeps.len());
    group.isect(each(sweeps, |(a, m, b, n)| a.sweep(*m, b, *n)));
    group.parry("parry", "query::cast_shapes", each(&parry, cast));
    group.finish();
}

// ---- Polylines ----

/// Segments of the benchmark polyline.
const POLYLINE_SEGMENTS: usize = 10_000;

/// Times ray casts and circle distances against a terrain chain of [`POLYLINE_SEGMENTS`]
/// segments (`x` in steps of 0.1, heights a random walk), after checking both libraries agree:
/// `BATCH` rays from above aimed down at random points of it, and `BATCH` circles above it.
fn polylines(suite: &mut Suite, r: &mut Rng) {
    let mut y: Real = 0.0;
    let points: Vec<Vec2> = (0..=POLYLINE_SEGMENTS)
        .map(|i| {
            y += r.range(-0.05, 0.05);
            Vec2::new(i as Real * 0.1, y)
        })
        .collect();
    let width = POLYLINE_SEGMENTS as Real * 0.1;
    let ours = Polyline::chain(points.clone()).expect("a valid chain");
    let theirs = ps::Polyline::new(points.iter().map(|&p| pv(p)).collect(), None);
    let max_t: Real = 100.0;
    let rays: Vec<Ray> = (0..BATCH)
        .map(|_| {
            let origin = Vec2::new(r.range(0.0, width), r.range(5.0, 10.0));
            let target = Vec2::new(origin.x + r.range(-20.0, 20.0), -5.0);
            Ray::new(origin, (target - origin).normalize())
        })
        .collect();
    let parry_rays: Vec<pq::Ray> = rays
        .iter()
        .map(|ray| pq::Ray::new(pv(ray.origin), pv(ray.dir)))
        .collect();
    let cast = |ray: &pq::Ray| theirs.cast_local_ray_and_get_normal(ray, max_t, true);
    let ts: Vec<Real> = rays
        .iter()
        .map(|ray| ours.raycast(ray, max_t).map_or(-1.0, |h| h.t))
        .collect();
    let parry_ts: Vec<Real> = parry_rays
        .iter()
        .map(|ray| cast(ray).map_or(-1.0, |h| h.time_of_impact))
        .collect();
    let diff = check::reals("Polyline ray t", &ts, &parry_ts, 1e-3);
    eprintln!("Polyline ({POLYLINE_SEGMENTS} segments): {BATCH} rays agree (max diff {diff:.1e})");
    let mut group = suite.group(
        "polyline_raycast",
        &format!("Polyline ({POLYLINE_SEGMENTS} segments) ray cast"),
        BATCH,
    );
    group.isect(each(&rays, |ray| ours.raycast(ray, max_t)));
    group.parry(
        "parry",
        "Polyline::cast_local_ray_and_get_normal (local)",
        each(&parry_rays, cast),
    );
    group.finish();

    let circles: Vec<Circle> = (0..BATCH)
        .map(|_| {
            Circle::new(
                Vec2::new(r.range(0.0, width), r.range(3.0, 6.0)),
                r.range(0.25, 1.5),
            )
        })
        .collect();
    let parry_circles: Vec<(Pose, ps::Ball)> = circles
        .iter()
        .map(|c| {
            (
                Pose::from_translation(pv(c.center)),
                ps::Ball::new(c.radius),
            )
        })
        .collect();
    let identity = Pose::IDENTITY;
    let dist = |(p, b): &(Pose, ps::Ball)| {
        pq::distance(p, b, &identity, &theirs)
            .expect("parry supports the pair")
            .distance
    };
    let ds: Vec<Real> = circles.iter().map(|c| c.distance(&ours)).collect();
    let parry_ds: Vec<Real> = parry_circles.iter().map(dist).collect();
    let diff = check::reals("Circle–Polyline distance", &ds, &parry_ds, 1e-3);
    eprintln!("Circle–Polyline: {BATCH} distances agree (max diff {diff:.1e})");
    let mut group = suite.group(
        "circle_polyline_distance",
        &format!("Circle–Polyline ({POLYLINE_SEGMENTS} segments) distance"),
        BATCH,
    );
    group.isect(each(&circles, |c| c.distance(&ours)));
    group.parry("parry", "query::distance", each(&parry_circles, dist));
    group.finish();

    // Short zigzags of 8 segments above the terrain: polyline–polyline distance.
    let zigzags: Vec<Vec<Vec2>> = (0..BATCH)
        .map(|_| {
            let (x, y) = (r.range(0.0, width), r.range(3.0, 6.0));
            (0..9)
                .map(|k| Vec2::new(x + k as Real * 0.3, y + r.range(-0.5, 0.5)))
                .collect()
        })
        .collect();
    let short: Vec<Polyline> = zigzags
        .iter()
        .map(|z| Polyline::chain(z.clone()).expect("a valid chain"))
        .collect();
    let parry_short: Vec<ps::Polyline> = zigzags
        .iter()
        .map(|z| ps::Polyline::new(z.iter().map(|&p| pv(p)).collect(), None))
        .collect();
    let dist = |z: &ps::Polyline| {
        pq::distance(&identity, z, &identity, &theirs)
            .expect("parry supports the pair")
            .distance
    };
    let ds: Vec<Real> = short.iter().map(|z| z.distance(&ours)).collect();
    let parry_ds: Vec<Real> = parry_short.iter().map(dist).collect();
    let diff = check::reals("Polyline–Polyline distance", &ds, &parry_ds, 1e-3);
    eprintln!("Polyline–Polyline: {BATCH} distances agree (max diff {diff:.1e})");
    let mut group = suite.group(
        "polyline_polyline_distance",
        &format!("Polyline (8 segments)–Polyline ({POLYLINE_SEGMENTS} segments) distance"),
        BATCH,
    );
    group.isect(each(&short, |z| z.distance(&ours)));
    group.parry("parry", "query::distance", each(&parry_short, dist));
    group.finish();
}
