//! Contact patches: the candidate contact points of two overlapping shapes with one normal,
//! each a point of both shapes with the depth that clears it, from which a pair's single
//! contact ([`Patch::contact`]) and its manifold ([`Patch::manifold`], reduced to four points by
//! [`Manifold::reduced`]) are read.

use crate::math::{Real, Vec3};
use crate::query::algo::least_overlap::EDGE_PREFERENCE;
use crate::query::algo::polygon_clip::POLY_CAPACITY;
use crate::query::{ContactInfo, Manifold, ManifoldPoint};

/// Contact points of two overlapping shapes with one normal (from `other` towards `self`) and
/// the pair's depth; each point is a point of both shapes with the depth that clears it: how
/// far `self` must move along the normal so that the point leaves `self` plus how far `other`
/// extends beyond it the other way, at most the pair's depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Patch {
    pub normal: Vec3,
    pub depth: Real,
    pub points: [ManifoldPoint; POLY_CAPACITY],
    pub len: usize,
    /// Distances below which points are the same (rounding of the coordinates).
    pub merge: Real,
}

impl Patch {
    /// An empty patch with the pair's normal and depth, and the distance `merge` below which
    /// points are the same.
    pub(crate) fn new(normal: Vec3, depth: Real, merge: Real) -> Self {
        Self {
            normal,
            depth,
            points: [ManifoldPoint {
                point: Vec3::ZERO,
                depth: 0.0,
            }; POLY_CAPACITY],
            len: 0,
            merge,
        }
    }

    /// Adds a point of both shapes with the depth that clears it, clamped to `[0, self.depth]`
    /// (dropped beyond [`POLY_CAPACITY`] points).
    pub(crate) fn push(&mut self, point: Vec3, depth: Real) {
        if self.len < POLY_CAPACITY {
            self.points[self.len] = ManifoldPoint {
                point,
                depth: depth.max(0.0).min(self.depth),
            };
            self.len += 1;
        }
    }

    /// The single contact: the pair's depth and normal at the average of the deepest points
    /// (those within rounding of the deepest), a point of both shapes since both are convex.
    pub(crate) fn contact(&self) -> ContactInfo {
        let pts = &self.points[..self.len];
        let deepest = pts.iter().map(|p| p.depth).fold(0.0, Real::max);
        let cut = deepest - (self.merge + EDGE_PREFERENCE * deepest);
        let (mut sum, mut count) = (Vec3::ZERO, 0.0);
        for p in pts.iter().filter(|p| p.depth >= cut) {
            sum += p.point;
            count += 1.0;
        }
        ContactInfo {
            point: if count > 0.0 { sum / count } else { Vec3::ZERO },
            normal: self.normal,
            depth: self.depth,
        }
    }

    /// The points reduced to a manifold of at most four ([`Manifold::reduced`]).
    pub(crate) fn manifold(&self) -> Manifold {
        Manifold::reduced(self.normal, &self.points[..self.len], self.merge)
    }

    /// The same patch seen from the other shape: the normal flipped.
    pub(crate) fn flipped(self) -> Self {
        Self {
            normal: -self.normal,
            ..self
        }
    }

    /// The patch seen from a frame: points and normal through `point` and `dir`.
    pub(crate) fn mapped(
        mut self,
        point: impl Fn(Vec3) -> Vec3,
        dir: impl Fn(Vec3) -> Vec3,
    ) -> Self {
        self.normal = dir(self.normal);
        for p in &mut self.points[..self.len] {
            p.point = point(p.point);
        }
        self
    }
}
