//! Instructions per call of a few cheap queries, for scripts/hot_path.sh: each query runs over
//! 1024 fixed inputs (about half of them hits, inside or touching) through a `#[inline(never)]`
//! wrapper that callgrind counts on its own (`--toggle-collect`). Not a library file: the script
//! builds it as a scratch crate against the isect checkout it is given.

use std::hint::black_box;

use isect::math::Vec3;
use isect::{Aabb, Intersects, Plane, PointQuery, Ray, RayCast, Real, Segment, Sphere, Triangle};

const N: usize = 1024;
const REPS: usize = 100;

/// A fixed xorshift generator: the same inputs on every run.
struct Rng(u64);
impl Rng {
    fn real(&mut self, lo: Real, hi: Real) -> Real {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + (hi - lo) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) as Real
    }
    fn vec(&mut self, r: Real) -> Vec3 {
        Vec3::new(self.real(-r, r), self.real(-r, r), self.real(-r, r))
    }
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

counted!(sphere_sphere, Sphere, Sphere, bool, |a, b| black_box(a).intersects(black_box(b)));
counted!(aabb_aabb, Aabb, Aabb, bool, |a, b| black_box(a).intersects(black_box(b)));
counted!(ray_sphere, Sphere, Ray, bool, |s, r| black_box(s)
    .raycast(black_box(r), 100.0)
    .is_some());
counted!(point_triangle, Triangle, Vec3, Real, |t, p| black_box(t)
    .closest_point(*black_box(p))
    .x);
counted!(point_sphere_distance, Sphere, Vec3, Real, |s, p| black_box(s)
    .distance_to_point(*black_box(p)));
counted!(point_aabb_distance, Aabb, Vec3, Real, |b, p| black_box(b)
    .distance_to_point(*black_box(p)));
counted!(sphere_plane, Sphere, Plane, bool, |s, p| black_box(s).intersects(black_box(p)));
counted!(aabb_plane, Aabb, Plane, bool, |b, p| black_box(b).intersects(black_box(p)));
counted!(point_on_segment, Segment, Vec3, bool, |s, p| black_box(s)
    .contains_point(*black_box(p)));
counted!(point_on_triangle, Triangle, Vec3, bool, |t, p| black_box(t)
    .contains_point(*black_box(p)));

fn main() {
    let mut rng = Rng(0x15EC7);
    let spheres: Vec<Sphere> = (0..N)
        .map(|_| Sphere::new(rng.vec(2.0), rng.real(0.1, 1.5)))
        .collect();
    let others: Vec<Sphere> = (0..N)
        .map(|_| Sphere::new(rng.vec(2.0), rng.real(0.1, 1.5)))
        .collect();
    let boxes: Vec<Aabb> = (0..N)
        .map(|_| {
            let c = rng.vec(2.0);
            let h = rng.vec(1.0).abs();
            Aabb::new(c - h, c + h)
        })
        .collect();
    let other_boxes: Vec<Aabb> = boxes.iter().rev().copied().collect();
    let rays: Vec<Ray> = (0..N)
        .map(|_| Ray::new(rng.vec(5.0), rng.vec(1.0)))
        .collect();
    let triangles: Vec<Triangle> = (0..N)
        .map(|_| Triangle::new(rng.vec(2.0), rng.vec(2.0), rng.vec(2.0)))
        .collect();
    let points: Vec<Vec3> = (0..N).map(|_| rng.vec(2.0)).collect();
    let planes: Vec<Plane> = (0..N)
        .map(|_| Plane::new(rng.vec(1.0), rng.real(-2.0, 2.0)))
        .collect();
    // Segments through their point half of the time, so that both answers are exercised.
    let segments: Vec<Segment> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let d = rng.vec(1.0);
            let a = if i % 2 == 0 { p - d } else { rng.vec(2.0) };
            Segment::new(a, a + d * 2.0)
        })
        .collect();
    // Points on the triangles (their centroids) half of the time.
    let on_triangles: Vec<Vec3> = triangles
        .iter()
        .zip(&points)
        .enumerate()
        .map(|(i, (t, &p))| if i % 2 == 0 { t.centroid() } else { p })
        .collect();
    let mut sum = 0;
    for _ in 0..REPS {
        sum += sphere_sphere(&spheres, &others);
        sum += aabb_aabb(&boxes, &other_boxes);
        sum += ray_sphere(&spheres, &rays);
        sum += point_triangle(&triangles, &points);
        sum += point_sphere_distance(&spheres, &points);
        sum += point_aabb_distance(&boxes, &points);
        sum += sphere_plane(&spheres, &planes);
        sum += aabb_plane(&boxes, &planes);
        sum += point_on_segment(&segments, &points);
        sum += point_on_triangle(&triangles, &on_triangles);
    }
    println!("{} calls per query, checksum {sum}", N * REPS);
}
