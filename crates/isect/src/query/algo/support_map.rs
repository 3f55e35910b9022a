//! Support maps of the convex shapes, for GJK.

use crate::math::Vec3;
use crate::query::SupportMap;
use crate::shape::{Aabb, Capsule, Obb, Segment, Sphere, Triangle};

/// A point is its own support.
impl SupportMap for Vec3 {
    #[inline]
    fn support(&self, _dir: Vec3) -> Vec3 {
        *self
    }
}

impl SupportMap for Sphere {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        self.center + dir.normalize_or_zero() * self.radius
    }
}

impl SupportMap for Aabb {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        Vec3::select(dir.cmpge(Vec3::ZERO), self.max, self.min)
    }
}

impl SupportMap for Obb {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        let local = self.rotation.transpose() * dir;
        let corner = Vec3::select(
            local.cmpge(Vec3::ZERO),
            self.half_extents,
            -self.half_extents,
        );
        self.to_world(corner)
    }
}

impl SupportMap for Segment {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        if dir.dot(self.a) >= dir.dot(self.b) {
            self.a
        } else {
            self.b
        }
    }
}

impl SupportMap for Capsule {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        self.segment().support(dir) + dir.normalize_or_zero() * self.radius
    }
}

impl SupportMap for Triangle {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        let (da, db, dc) = (dir.dot(self.a), dir.dot(self.b), dir.dot(self.c));
        if da >= db && da >= dc {
            self.a
        } else if db >= dc {
            self.b
        } else {
            self.c
        }
    }
}

#[cfg(feature = "alloc")]
impl SupportMap for crate::shape::ConvexHull {
    /// The farthest of the points (a linear scan); `NO_POINT` for a hull without points, and a
    /// non-finite point when the hull has one, so that GJK reports invalid input.
    fn support(&self, dir: Vec3) -> Vec3 {
        let mut best = crate::math::NO_POINT;
        let mut best_dot = crate::math::Real::NEG_INFINITY;
        for &p in self.points() {
            let d = dir.dot(p);
            // `!(d <= best_dot)` also takes a NaN, so non-finite points surface.
            if !(d <= best_dot) {
                best_dot = d;
                best = p;
            }
        }
        best
    }
}
