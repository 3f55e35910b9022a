//! Optional integrations, one file each, so that a feature never touches a shape's file.
//! (serde and bytemuck derives are the exception: they sit on the types as `cfg_attr` lines,
//! which is shorter and harder to get wrong than hand-written impls.)

#[cfg(feature = "approx")]
mod impl_approx;
