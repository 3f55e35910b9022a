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

impl Sample for isect::Line {
    /// `t` in `[-20, 20]` units of `dir`.
    fn sample(&self, u: Vec3) -> Vec3 {
        self.point_at((u.x - 0.5) * 40.0)
    }
}

impl Sample for isect::Ray {
    /// `t` in `[0, 20]` units of `dir`.
    fn sample(&self, u: Vec3) -> Vec3 {
        self.point_at(u.x * 20.0)
    }
}

impl Sample for isect::Plane {
    /// The square of side 40 around the plane's point closest to the origin.
    fn sample(&self, u: Vec3) -> Vec3 {
        let (e1, e2) = self.normal.any_orthonormal_pair();
        self.point() + e1 * ((u.x - 0.5) * 40.0) + e2 * ((u.y - 0.5) * 40.0)
    }
}

/// Trilinear interpolation of the eight corners: a convex combination (the weights are products
/// of `u`'s coordinates and their complements), so inside the frustum, which is the hull of its
/// corners; `u` at a corner of the cube gives that corner. `NO_POINT` for a frustum without
/// corners (unbounded), which no distance test can fail on.
impl Sample for isect::Frustum {
    fn sample(&self, u: Vec3) -> Vec3 {
        let Some(c) = self.corners() else {
            return isect::math::NO_POINT;
        };
        let lerp = |a: Vec3, b: Vec3, t: Real| a * (1.0 - t) + b * t;
        let bottom_near = lerp(c[0], c[1], u.x);
        let top_near = lerp(c[2], c[3], u.x);
        let bottom_far = lerp(c[4], c[5], u.x);
        let top_far = lerp(c[6], c[7], u.x);
        lerp(
            lerp(bottom_near, top_near, u.y),
            lerp(bottom_far, top_far, u.y),
            u.z,
        )
    }
}

/// A convex combination of up to four of the points, picked and weighted by `u` (nested lerps,
/// so inside the hull); `u` at a corner of the cube gives one of the points.
impl Sample for isect::ConvexHull {
    fn sample(&self, u: Vec3) -> Vec3 {
        let points = self.points();
        let n = points.len();
        let pick = |t: Real| points[((t * n as Real) as usize).min(n - 1)];
        let frac = |t: Real| (t * 5.0).fract();
        let a = pick(u.x);
        let b = pick(u.y);
        let c = pick(u.z);
        let d = pick(frac(u.x + u.y + u.z));
        let ab = a.lerp(b, frac(u.z));
        let abc = ab.lerp(c, frac(u.x));
        abc.lerp(d, frac(u.y) * 0.5)
    }
}
