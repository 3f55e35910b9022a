//! Support maps of the convex shapes, for GJK.
//!
//! A shape with a NaN or infinite coordinate has a non-finite support point along every
//! direction, so that GJK reports the invalid input ([`ClosestPoints::NONE`]) rather than
//! answering for the finite part of it: where a comparison would pass over a non-finite corner
//! (a NaN loses every comparison), it is checked for first.
//!
//! [`ClosestPoints::NONE`]: crate::query::ClosestPoints::NONE

use crate::math::{NO_POINT, Vec3};
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
        if !(self.min.is_finite() && self.max.is_finite()) {
            return NO_POINT;
        }
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
        if !(self.a.is_finite() && self.b.is_finite()) {
            return NO_POINT;
        }
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
        if !(self.a.is_finite() && self.b.is_finite() && self.c.is_finite()) {
            return NO_POINT;
        }
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
    /// The first of the points with the largest `dir · p` (the first point when that is NaN
    /// for all, as for a zero direction), found by a scan of only the points that can be it,
    /// four at a time (`query/algo/hull_support.rs`): the same point as a scan of every point
    /// whenever the dot products are finite. `NO_POINT` for a hull without points or with a
    /// non-finite one (validity is cached at construction), so that GJK reports invalid input.
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        if !self.is_usable() {
            return NO_POINT;
        }
        self.support_points().support(dir).unwrap_or(NO_POINT)
    }
}
