//! An object's geometry placed by its pose: what the queries test, and the box the broad
//! phase keeps for it.

use alloc::sync::Arc;

use super::{Geometry, Pose, Transform};
use crate::math::{Real, Vec3};
use crate::query::Bounded;
use crate::shape::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, TriMesh, Triangle,
};

/// An object's geometry where its pose puts it: the primitive shapes placed in the scene,
/// meshes and hulls left in their frames with the pose and its inverse.
#[derive(Clone, Debug)]
pub(super) enum Placed {
    Sphere(Sphere),
    Obb(Obb),
    Capsule(Capsule),
    Triangle(Triangle),
    Hull(Arc<ConvexHull>, Frame),
    Mesh(Arc<TriMesh>, Frame),
    Segment(Segment),
    Frustum(Frustum),
    Plane(Plane),
    Line(Line),
    Ray(Ray),
}

/// A pose and its inverse (scene to object frame), computed once per move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) pose: Pose,
    pub(super) inverse: Pose,
}

impl Placed {
    pub(super) fn new(geometry: &Geometry, pose: &Pose) -> Self {
        let frame = Frame {
            pose: *pose,
            inverse: pose.inverse(),
        };
        match geometry {
            Geometry::Sphere(s) => Self::Sphere(s.transform(pose)),
            Geometry::Aabb(b) => Self::Obb(b.transform(pose)),
            Geometry::Obb(b) => Self::Obb(b.transform(pose)),
            Geometry::Capsule(c) => Self::Capsule(c.transform(pose)),
            Geometry::Triangle(t) => Self::Triangle(t.transform(pose)),
            Geometry::ConvexHull(h) => Self::Hull(h.clone(), frame),
            Geometry::TriMesh(m) => Self::Mesh(m.clone(), frame),
            Geometry::Segment(x) => Self::Segment(x.transform(pose)),
            Geometry::Frustum(x) => Self::Frustum(x.transform(pose)),
            Geometry::Plane(x) => Self::Plane(x.transform(pose)),
            Geometry::Line(x) => Self::Line(x.transform(pose)),
            Geometry::Ray(x) => Self::Ray(x.transform(pose)),
        }
    }

    /// Whether the placed object fits in no box: a plane, a line, a ray, and a valid frustum
    /// whose region recedes (its box infinite). Such an object lives in the scene's side list.
    pub(super) fn is_unbounded(&self) -> bool {
        match self {
            Self::Plane(_) | Self::Line(_) | Self::Ray(_) => true,
            Self::Frustum(f) => f.is_usable() && !f.aabb().max.is_finite(),
            _ => false,
        }
    }

    /// Whether an object of the side list is valid (a NaN or infinite pose or geometry makes
    /// it the empty set, skipped by every query).
    pub(super) fn is_usable(&self) -> bool {
        match self {
            Self::Plane(p) => p.is_usable(),
            Self::Line(l) => l.is_valid().is_ok(),
            Self::Ray(r) => r.is_valid().is_ok(),
            Self::Frustum(f) => f.is_usable(),
            _ => true,
        }
    }

    /// The box the broad phase keeps: the placed shape's, or the placed box of the local one,
    /// grown by a few ulps of its coordinates so that rounding in the placement never leaves a
    /// point of the object outside. Invalid (so never reported) for invalid input.
    pub(super) fn aabb(&self) -> Aabb {
        let (bounds, usable) = match self {
            Self::Sphere(s) => (s.aabb(), s.is_usable()),
            Self::Obb(b) => (b.aabb(), b.is_usable()),
            Self::Capsule(c) => (c.aabb(), c.is_usable()),
            Self::Triangle(t) => (t.aabb(), t.is_usable()),
            Self::Hull(h, f) => (placed_box(&h.aabb(), f), h.is_usable()),
            Self::Mesh(m, f) => (placed_box(&m.aabb(), f), true),
            Self::Segment(s) => (s.aabb(), s.is_usable()),
            Self::Frustum(f) => (f.aabb(), !self.is_unbounded()),
            Self::Plane(_) | Self::Line(_) | Self::Ray(_) => (Aabb::EMPTY, false),
        };
        if !(usable && bounds.is_usable()) {
            return Aabb::new(Vec3::NAN, Vec3::NAN);
        }
        let size = bounds.min.abs().max(bounds.max.abs()).max_element();
        let mut pad = size * (8.0 * Real::EPSILON);
        if let Self::Segment(_) | Self::Frustum(_) = self {
            // Their primitive queries meet within the on-set tolerance of their points, and a
            // frustum's corners lie within it of the region's.
            let extent = (bounds.max - bounds.min).max_element();
            pad = 2.0 * (pad + extent * crate::math::ON_SET_TOLERANCE);
        }
        Aabb::new(bounds.min - pad, bounds.max + pad)
    }
}

/// The scene box of a local box under a frame (the box of the placed oriented box; NaN for an
/// invalid pose or an empty local box).
fn placed_box(local: &Aabb, frame: &Frame) -> Aabb {
    if !(frame.pose.rotation.is_finite() && frame.pose.translation.is_finite()) {
        return Aabb::new(Vec3::NAN, Vec3::NAN);
    }
    local.transform(&frame.pose).aabb()
}
