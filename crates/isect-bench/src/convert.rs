//! isect's glam types to parry's and back. Through arrays, so this compiles whether or not the
//! two resolve to the same glam version, and costs nothing when they do.

use isect::math::{Quat, Vec3};
use parry3d::math::{Pose, Rot3, Vector};

/// An isect vector as a parry vector.
#[inline]
#[must_use]
pub fn to_parry(v: Vec3) -> Vector {
    Vector::from_array(v.to_array())
}

/// A parry vector as an isect vector.
#[inline]
#[must_use]
pub fn from_parry(v: Vector) -> Vec3 {
    Vec3::from_array(v.to_array())
}

/// Every point of `points` as a parry vector.
#[must_use]
pub fn to_parry_all(points: &[Vec3]) -> Vec<Vector> {
    points.iter().copied().map(to_parry).collect()
}

/// The pose that rotates by `rotation` and then translates by `translation`.
#[must_use]
pub fn pose(translation: Vec3, rotation: Quat) -> Pose {
    Pose::from_parts(to_parry(translation), Rot3::from_array(rotation.to_array()))
}

/// The pose that translates by `translation`.
#[must_use]
pub fn translation(translation: Vec3) -> Pose {
    Pose::from_translation(to_parry(translation))
}

/// `points` in the frame of `pose` (`pose⁻¹ · p`): what a parry user passes to the `*_local_*`
/// queries.
#[must_use]
pub fn to_local(pose: &Pose, points: &[Vector]) -> Vec<Vector> {
    points
        .iter()
        .map(|&p| pose.inverse_transform_point(p))
        .collect()
}
