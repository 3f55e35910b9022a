//! Conversions between isect's glam types and parry's (parry3d or parry3d-f64, whose glam version
//! may differ from isect's: through arrays, which works for any pair).

use isect::math::{Quat, Vec3};
use isect::{Capsule, Obb, Real};
use parry::shape as ps;

pub type PVec = parry::math::Vector;

pub fn to_parry(v: Vec3) -> PVec {
    PVec::from_array(v.to_array())
}

pub fn from_parry(v: PVec) -> Vec3 {
    Vec3::from_array(v.to_array())
}

pub fn pose(translation: Vec3, rotation: Quat) -> parry::math::Pose {
    let r = parry::math::Rot3::from_array(rotation.to_array());
    parry::math::Pose::from_parts(to_parry(translation), r)
}

pub fn translation(t: Vec3) -> parry::math::Pose {
    parry::math::Pose::from_translation(to_parry(t))
}

/// A capsule as parry's: its center, and the capsule about the origin (place it there by a
/// translation).
pub fn capsule(c: &Capsule) -> (Vec3, ps::Capsule) {
    let mid = (c.a + c.b) * 0.5;
    (
        mid,
        ps::Capsule::new(to_parry(c.a - mid), to_parry(c.b - mid), c.radius),
    )
}

/// [`capsule`] with its pose.
pub fn capsule_posed(c: &Capsule) -> (parry::math::Pose, ps::Capsule) {
    let (mid, shape) = capsule(c);
    (translation(mid), shape)
}

/// An OBB as a posed parry cuboid.
pub fn cuboid(o: &Obb) -> (parry::math::Pose, ps::Cuboid) {
    (
        pose(o.center, Quat::from_mat3(&o.rotation)),
        ps::Cuboid::new(to_parry(o.half_extents)),
    )
}

/// parry's `query::contact` (prediction 0) as isect's `(depth, normal)`: depth `-dist`, normal
/// from the second shape towards the first (`-normal1`).
pub fn contact(
    p1: &parry::math::Pose,
    g1: &dyn ps::Shape,
    p2: &parry::math::Pose,
    g2: &dyn ps::Shape,
) -> Option<(Real, Vec3)> {
    parry::query::contact(p1, g1, p2, g2, 0.0)
        .expect("supported pair")
        .map(|c| (-c.dist, -from_parry(c.normal1)))
}

/// [`contact`] of shapes placed by translations only.
pub fn contact_at(
    p1: Vec3,
    g1: &dyn ps::Shape,
    p2: Vec3,
    g2: &dyn ps::Shape,
) -> Option<(Real, Vec3)> {
    contact(&translation(p1), g1, &translation(p2), g2)
}
