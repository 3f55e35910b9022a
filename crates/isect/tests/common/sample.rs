//! Points of shapes, for "no sampled point is closer" properties: every shape's points as the
//! image of the unit cube `[0, 1]³` (a few degenerate maps included), so one strategy of three
//! numbers samples any shape.

use isect::Real;
use isect::math::Vec3;
use isect::{Aabb, Capsule, Obb, Segment, Sphere, Triangle};

/// Maps parameters in `[0, 1]³` to a point of the shape (not uniformly; every point reachable).
pub trait Sample {
    fn sample(&self, u: Vec3) -> Vec3;
}

impl Sample for Sphere {
    fn sample(&self, u: Vec3) -> Vec3 {
        let theta = u.x * 2.0 * core::f64::consts::PI as Real;
        let z = 2.0 * u.y - 1.0;
        let r_xy = (1.0 - z * z).max(0.0).sqrt();
        let dir = Vec3::new(r_xy * theta.cos(), r_xy * theta.sin(), z);
        self.center + dir * (self.radius * u.z)
    }
}

impl Sample for Aabb {
    fn sample(&self, u: Vec3) -> Vec3 {
        self.min + (self.max - self.min) * u
    }
}

impl Sample for Obb {
    fn sample(&self, u: Vec3) -> Vec3 {
        self.to_world((u * 2.0 - 1.0) * self.half_extents)
    }
}

impl Sample for Segment {
    fn sample(&self, u: Vec3) -> Vec3 {
        self.a.lerp(self.b, u.x)
    }
}

impl Sample for Capsule {
    fn sample(&self, u: Vec3) -> Vec3 {
        let core = self.a.lerp(self.b, u.x);
        let ball = isect::Sphere::new(core, self.radius);
        ball.sample(Vec3::new(u.y, u.z, (u.x * 7.0).fract()))
    }
}

impl Sample for Triangle {
    fn sample(&self, u: Vec3) -> Vec3 {
        let (mut s, mut t) = (u.x, u.y);
        if s + t > 1.0 {
            s = 1.0 - s;
            t = 1.0 - t;
        }
        self.a + (self.b - self.a) * s + (self.c - self.a) * t
    }
}

/// Parameters in `[0, 1]³`, corners and edges included.
pub fn unit_cube() -> impl proptest::strategy::Strategy<Value = Vec3> {
    use proptest::prelude::*;
    let c = prop_oneof![3 => 0.0 as Real..=1.0, 1 => Just(0.0 as Real), 1 => Just(1.0 as Real)];
    (c.clone(), c.clone(), c).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}
