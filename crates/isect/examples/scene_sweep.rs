//! A fixed workload for measuring `Scene::sweep` (instruction counts under callgrind):
//! a grid of 20 × 20 × 25 objects (spheres, boxes, capsules and hulls, spacing 2), and 2000
//! spheres swept across it along random long motions. Prints a checksum of the hits.
//!
//! `cargo build --release -p isect --example scene_sweep` then
//! `valgrind --tool=callgrind target/release/examples/scene_sweep`.

use std::sync::Arc;

use isect::math::{Quat, Real, Vec3};
use isect::scene::{Geometry, Pose, Scene};
use isect::{Aabb, Capsule, ConvexHull, Sphere};

/// A small deterministic generator (xorshift), so runs compare.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> Real {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as Real / (1u64 << 53) as Real
    }
}

fn main() {
    let hull = Arc::new(ConvexHull::new(vec![
        Vec3::new(-0.5, -0.5, -0.5),
        Vec3::new(0.5, -0.5, -0.5),
        Vec3::new(0.0, 0.5, -0.5),
        Vec3::new(0.0, 0.0, 0.5),
    ]));
    let mut scene = Scene::new();
    let mut k = 0;
    for x in 0..20 {
        for y in 0..20 {
            for z in 0..25 {
                let at = 2.0 * Vec3::new(x as Real, y as Real, z as Real);
                let geometry = match k % 4 {
                    0 => Geometry::Sphere(Sphere::new(Vec3::ZERO, 0.5)),
                    1 => {
                        Geometry::Aabb(Aabb::from_center_half_extents(Vec3::ZERO, Vec3::splat(0.4)))
                    }
                    2 => Geometry::Capsule(Capsule::new(-0.3 * Vec3::Y, 0.3 * Vec3::Y, 0.3)),
                    _ => Geometry::ConvexHull(hull.clone()),
                };
                let pose = Pose::new(Quat::from_rotation_y(0.3 * k as Real), at);
                scene.insert(geometry, pose, k);
                k += 1;
            }
        }
    }
    let mut rng = Rng(0x5EED_CAFE);
    let mut sum: Real = 0.0;
    let mut hits = 0;
    for _ in 0..2000 {
        let start = Vec3::new(rng.next() * 40.0, rng.next() * 40.0, rng.next() * 50.0);
        let motion = Vec3::new(rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5) * 30.0;
        if let Some(h) = scene.sweep(&Sphere::new(start, 0.2), motion) {
            sum += h.hit.t_first;
            hits += 1;
        }
    }
    println!("{hits} hits, sum of t_first {sum}");
}
