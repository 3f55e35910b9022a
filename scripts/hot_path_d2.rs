//! Instructions per call of the 2D queries that lag parry2d most (issue 29), for
//! scripts/hot_path_d2.sh: as scripts/hot_path.rs for 3D, each query runs over 1024 fixed inputs
//! through an `#[inline(never)]` wrapper that callgrind counts on its own, beside parry2d's call
//! from `benches/d2.rs` for the same work on the same inputs (its posed call for the shapes it
//! defines about the origin, its local call for those it stores in world coordinates). The ray
//! casts keep the time and the normal, so that neither library's normal is optimised away. Not
//! a library file: the script builds it as a scratch crate against the isect checkout it is
//! given.

use std::hint::black_box;

use isect::Real;
use isect::d2::{Aabb, Capsule, Circle, Obb, PointQuery, Ray, RayCast, Triangle};
use isect::math::Vec2;
use parry::bounding_volume::Aabb as PAabb;
use parry::math::{Pose, Vector as PVec};
use parry::query::{PointQuery as _, Ray as PRay, RayCast as _};
use parry::shape::{Ball, Capsule as PCapsule, Cuboid, Triangle as PTriangle};

const N: usize = 1024;
const REPS: usize = 100;
const MAX_T: Real = 8.0;

/// A fixed xorshift generator: the same inputs on every run.
struct Rng(u64);
impl Rng {
    fn real(&mut self, lo: Real, hi: Real) -> Real {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + (hi - lo) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) as Real
    }
    fn vec(&mut self, r: Real) -> Vec2 {
        Vec2::new(self.real(-r, r), self.real(-r, r))
    }
}

fn pv(v: Vec2) -> PVec {
    PVec::new(v.x, v.y)
}

macro_rules! counted {
    ($name:ident, $a:ty, $b:ty, $out:ty, |$x:ident, $y:ident| $body:expr) => {
        #[inline(never)]
        fn $name(xs: &[$a], ys: &[$b]) -> usize {
            let mut hits = 0;
            for ($x, $y) in xs.iter().zip(ys) {
                let out: $out = $body;
                hits += usize::from(black_box(out) != <$out>::default());
            }
            hits
        }
    };
}

/// A shape parry defines about the origin, with its pose.
struct Posed<S>(S, Pose);

counted!(point_in_obb, Obb, Vec2, bool, |b, p| black_box(b).contains_point(*black_box(p)));
counted!(point_obb_distance, Obb, Vec2, Real, |b, p| black_box(b)
    .distance_to_point(*black_box(p)));
counted!(point_aabb_distance, Aabb, Vec2, Real, |b, p| black_box(b)
    .distance_to_point(*black_box(p)));
counted!(point_triangle_distance, Triangle, Vec2, Real, |t, p| black_box(t)
    .distance_to_point(*black_box(p)));
counted!(ray_circle, Circle, Ray, Real, |s, r| black_box(s)
    .raycast(black_box(r), MAX_T)
    .map_or(-1.0, |h| h.t + h.normal.x));
counted!(ray_obb, Obb, Ray, Real, |s, r| black_box(s)
    .raycast(black_box(r), MAX_T)
    .map_or(-1.0, |h| h.t + h.normal.x));
counted!(ray_capsule, Capsule, Ray, Real, |s, r| black_box(s)
    .raycast(black_box(r), MAX_T)
    .map_or(-1.0, |h| h.t + h.normal.x));

counted!(parry_point_in_obb, Posed<Cuboid>, PVec, bool, |b, p| black_box(&b.0)
    .contains_point(&b.1, *black_box(p)));
counted!(parry_point_obb_distance, Posed<Cuboid>, PVec, Real, |b, p| black_box(&b.0)
    .distance_to_point(&b.1, *black_box(p), true));
counted!(parry_point_aabb_distance, PAabb, PVec, Real, |b, p| black_box(b)
    .distance_to_local_point(*black_box(p), true));
counted!(parry_point_triangle_distance, PTriangle, PVec, Real, |t, p| black_box(t)
    .distance_to_local_point(*black_box(p), true));
counted!(parry_ray_circle, Posed<Ball>, PRay, Real, |s, r| black_box(&s.0)
    .cast_ray_and_get_normal(&s.1, black_box(r), MAX_T, true)
    .map_or(-1.0, |h| h.time_of_impact + h.normal.x));
counted!(parry_ray_obb, Posed<Cuboid>, PRay, Real, |s, r| black_box(&s.0)
    .cast_ray_and_get_normal(&s.1, black_box(r), MAX_T, true)
    .map_or(-1.0, |h| h.time_of_impact + h.normal.x));
counted!(parry_ray_capsule, Posed<PCapsule>, PRay, Real, |s, r| black_box(&s.0)
    .cast_ray_and_get_normal(&s.1, black_box(r), MAX_T, true)
    .map_or(-1.0, |h| h.time_of_impact + h.normal.x));

fn main() {
    let mut rng = Rng(0x15EC7D2);
    let centers: Vec<Vec2> = (0..N).map(|_| rng.vec(2.0)).collect();
    // Points about half inside, as the bench's.
    let points: Vec<Vec2> = centers.iter().map(|&c| c + rng.vec(2.0)).collect();
    // Rays from 1 to 4 away aimed within about 1.5 of the center (about half hit).
    let rays: Vec<Ray> = centers
        .iter()
        .map(|&c| {
            let a = rng.real(0.0, 6.283);
            let origin = c + Vec2::new(a.cos(), a.sin()) * rng.real(2.0, 5.0);
            let target = c + rng.vec(1.5);
            Ray::new(origin, (target - origin).normalize())
        })
        .collect();
    let circles: Vec<Circle> = centers.iter().map(|&c| Circle::new(c, rng.real(0.25, 1.5))).collect();
    let angles: Vec<Real> = centers.iter().map(|_| rng.real(0.0, 6.283)).collect();
    let obbs: Vec<Obb> = centers
        .iter()
        .zip(&angles)
        .map(|(&c, &a)| {
            let h = Vec2::new(rng.real(0.25, 1.5), rng.real(0.25, 1.5));
            Obb::from_angle(c, h, a)
        })
        .collect();
    let aabbs: Vec<Aabb> = obbs.iter().map(|b| Aabb::new(b.center - b.half_extents, b.center + b.half_extents)).collect();
    let capsules: Vec<Capsule> = centers
        .iter()
        .map(|&c| {
            let h = rng.vec(1.0);
            Capsule::new(c - h, c + h, rng.real(0.25, 1.0))
        })
        .collect();
    let triangles: Vec<Triangle> = centers
        .iter()
        .map(|&c| Triangle::new(c + rng.vec(1.5), c + rng.vec(1.5), c + rng.vec(1.5)))
        .collect();

    let p_points: Vec<PVec> = points.iter().map(|&p| pv(p)).collect();
    let p_rays: Vec<PRay> = rays.iter().map(|r| PRay::new(pv(r.origin), pv(r.dir))).collect();
    let p_circles: Vec<Posed<Ball>> = circles
        .iter()
        .map(|c| Posed(Ball::new(c.radius), Pose::from_translation(pv(c.center))))
        .collect();
    let p_obbs: Vec<Posed<Cuboid>> = obbs
        .iter()
        .zip(&angles)
        .map(|(b, &a)| Posed(Cuboid::new(pv(b.half_extents)), Pose::new(pv(b.center), a)))
        .collect();
    let p_aabbs: Vec<PAabb> = aabbs.iter().map(|b| PAabb::new(pv(b.min), pv(b.max))).collect();
    let p_capsules: Vec<Posed<PCapsule>> = capsules
        .iter()
        .map(|k| {
            let mid = (k.a + k.b) * 0.5;
            let shape = PCapsule::new(pv(k.a - mid), pv(k.b - mid), k.radius);
            Posed(shape, Pose::from_translation(pv(mid)))
        })
        .collect();
    let p_triangles: Vec<PTriangle> = triangles
        .iter()
        .map(|t| PTriangle::new(pv(t.a), pv(t.b), pv(t.c)))
        .collect();

    let mut sum = 0;
    for _ in 0..REPS {
        sum += point_in_obb(&obbs, &points);
        sum += point_obb_distance(&obbs, &points);
        sum += point_aabb_distance(&aabbs, &points);
        sum += point_triangle_distance(&triangles, &points);
        sum += ray_circle(&circles, &rays);
        sum += ray_obb(&obbs, &rays);
        sum += ray_capsule(&capsules, &rays);
        sum += parry_point_in_obb(&p_obbs, &p_points);
        sum += parry_point_obb_distance(&p_obbs, &p_points);
        sum += parry_point_aabb_distance(&p_aabbs, &p_points);
        sum += parry_point_triangle_distance(&p_triangles, &p_points);
        sum += parry_ray_circle(&p_circles, &p_rays);
        sum += parry_ray_obb(&p_obbs, &p_rays);
        sum += parry_ray_capsule(&p_capsules, &p_rays);
    }
    println!("{} calls per query, checksum {sum}", N * REPS);
}
