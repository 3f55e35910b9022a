//! Rigid poses (a rotation, then a translation) and the shapes they move.

use crate::math::{Mat3, Quat, Real, Vec3};
use crate::query::{ContactInfo, RayHit, SweepHit};
use crate::shape::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, Triangle,
};

/// A rigid motion: a point `p` of an object's own frame is at `rotation * p + translation` in
/// the scene.
///
/// `rotation` is a unit quaternion, as glam's rotations need; [`Scene`](super::Scene)
/// normalizes the ones it is given, so a zero or NaN quaternion, like a NaN or infinite
/// `translation`, is an invalid pose, and an object with an invalid pose is the empty set.
///
/// ```
/// use isect::scene::Pose;
/// use isect::math::{Quat, Vec3};
///
/// let pose = Pose::new(Quat::from_rotation_z(core::f32::consts::FRAC_PI_2), Vec3::X);
/// let p = pose.transform_point(Vec3::X);
/// assert!((p - Vec3::new(1.0, 1.0, 0.0)).length() < 1e-6);
/// assert!((pose.inverse().transform_point(p) - Vec3::X).length() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose {
    /// The rotation about the object's origin, applied first.
    pub rotation: Quat,
    /// Where the object's origin goes.
    pub translation: Vec3,
}

impl Default for Pose {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Pose {
    /// Leaves every point where it is.
    pub const IDENTITY: Self = Self {
        rotation: Quat::IDENTITY,
        translation: Vec3::ZERO,
    };

    /// The pose that rotates by `rotation` (unit) and then moves by `translation`.
    #[inline]
    #[must_use]
    pub const fn new(rotation: Quat, translation: Vec3) -> Self {
        Self {
            rotation,
            translation,
        }
    }

    /// A translation without rotation.
    #[inline]
    #[must_use]
    pub const fn from_translation(translation: Vec3) -> Self {
        Self::new(Quat::IDENTITY, translation)
    }

    /// Whether the pose is finite with a rotation of unit length (within `1e-4` in `f32`,
    /// `1e-10` in `f64`, relative).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.rotation.is_finite()
            && self.translation.is_finite()
            && (self.rotation.length_squared() - 1.0).abs() <= UNIT_TOLERANCE
    }

    /// The pose with its rotation normalized (NaN everywhere for a zero or non-finite
    /// quaternion, which then meets nothing).
    #[must_use]
    pub(crate) fn normalized(&self) -> Self {
        let n = self.rotation.length();
        Self::new(self.rotation / n, self.translation)
    }

    /// The pose that undoes this one.
    #[inline]
    #[must_use]
    pub fn inverse(&self) -> Self {
        let rotation = self.rotation.conjugate();
        Self::new(rotation, -(rotation * self.translation))
    }

    /// `rotation * p + translation`.
    #[inline]
    #[must_use]
    pub fn transform_point(&self, p: Vec3) -> Vec3 {
        self.rotation * p + self.translation
    }

    /// `rotation * v`: a direction or motion, which translation does not change.
    #[inline]
    #[must_use]
    pub fn transform_vector(&self, v: Vec3) -> Vec3 {
        self.rotation * v
    }

    /// The rotation as a matrix whose columns are the object's axes in the scene.
    #[inline]
    #[must_use]
    pub fn rotation_matrix(&self) -> Mat3 {
        Mat3::from_quat(self.rotation)
    }
}

#[cfg(not(isect_f64))]
const UNIT_TOLERANCE: Real = 1e-4;
#[cfg(isect_f64)]
const UNIT_TOLERANCE: Real = 1e-10;

/// A shape (or a query's answer) moved by a [`Pose`]: the same set, rigidly placed.
///
/// A box ([`Aabb`]) becomes an [`Obb`], as a rotated box is no longer axis-aligned. Degenerate
/// shapes stay what they are; invalid ones stay invalid (NaN in, NaN out).
///
/// ```
/// use isect::scene::{Pose, Transform};
/// use isect::{Sphere, math::Vec3};
///
/// let ball = Sphere::new(Vec3::ZERO, 1.0).transform(&Pose::from_translation(Vec3::Y));
/// assert_eq!(ball, Sphere::new(Vec3::Y, 1.0));
/// ```
pub trait Transform {
    /// The type of the moved shape.
    type Output;
    /// The shape as `pose` places it.
    #[must_use]
    fn transform(&self, pose: &Pose) -> Self::Output;
}

impl Transform for Sphere {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(pose.transform_point(self.center), self.radius)
    }
}

impl Transform for Aabb {
    type Output = Obb;
    #[inline]
    fn transform(&self, pose: &Pose) -> Obb {
        Obb::from_aabb(self).transform(pose)
    }
}

impl Transform for Obb {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(
            pose.transform_point(self.center),
            self.half_extents,
            pose.rotation_matrix() * self.rotation,
        )
    }
}

impl Transform for Capsule {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(
            pose.transform_point(self.a),
            pose.transform_point(self.b),
            self.radius,
        )
    }
}

impl Transform for Triangle {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(
            pose.transform_point(self.a),
            pose.transform_point(self.b),
            pose.transform_point(self.c),
        )
    }
}

impl Transform for Segment {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(pose.transform_point(self.a), pose.transform_point(self.b))
    }
}

impl Transform for Ray {
    type Output = Self;
    /// The same `t` names the same point: `dir` is rotated, not rescaled.
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(
            pose.transform_point(self.origin),
            pose.transform_vector(self.dir),
        )
    }
}

impl Transform for Line {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(
            pose.transform_point(self.origin),
            pose.transform_vector(self.dir),
        )
    }
}

impl Transform for Plane {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        let normal = pose.transform_vector(self.normal);
        Self {
            normal,
            d: self.d + normal.dot(pose.translation),
        }
    }
}

impl Transform for Frustum {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self {
            planes: self.planes.map(|p| p.transform(pose)),
        }
    }
}

impl Transform for ConvexHull {
    type Output = Self;
    /// The hull of the moved points: a new hull (this allocates and runs Quickhull again, so
    /// that the moved hull's planes are exactly those of its points, as any hull's are).
    fn transform(&self, pose: &Pose) -> Self {
        Self::new(
            self.points()
                .iter()
                .map(|&p| pose.transform_point(p))
                .collect::<alloc::vec::Vec<_>>(),
        )
    }
}

impl Transform for RayHit {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self {
            t: self.t,
            point: pose.transform_point(self.point),
            normal: pose.transform_vector(self.normal),
        }
    }
}

impl Transform for SweepHit {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self {
            t_first: self.t_first,
            t_last: self.t_last,
            point: pose.transform_point(self.point),
            normal: pose.transform_vector(self.normal),
        }
    }
}

impl Transform for ContactInfo {
    type Output = Self;
    #[inline]
    fn transform(&self, pose: &Pose) -> Self {
        Self {
            point: pose.transform_point(self.point),
            normal: pose.transform_vector(self.normal),
            depth: self.depth,
        }
    }
}
