//! Conversions between isect's glam types and parry's (parry3d or parry3d-f64, whose glam version
//! may differ from isect's: through arrays, which works for any pair).

use isect::math::{Quat, Vec3};

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
