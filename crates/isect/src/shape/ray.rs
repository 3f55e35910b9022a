//! The half-line.

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::shape::{check_direction, check_finite};

/// The half-line `origin + t * dir` for `t >= 0`.
///
/// `dir` need not be unit length: `t` is counted in units of `dir`, so a unit `dir` gives
/// distances, and `dir = b - a` with `max_t = 1` casts the segment from `a` to `b`. A zero
/// `dir` is invalid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Ray {
    /// Where the ray starts (`t = 0`).
    pub origin: Vec3,
    /// The direction; any non-zero length.
    pub dir: Vec3,
}

impl Ray {
    /// The ray from `origin` along `dir`. Does not validate; see [`Ray::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(origin: Vec3, dir: Vec3) -> Self {
        Self { origin, dir }
    }

    /// The ray from `origin` along `dir`, or why that is not a ray.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn try_new(origin: Vec3, dir: Vec3) -> Result<Self, ShapeError> {
        let ray = Self::new(origin, dir);
        ray.is_valid().map(|()| ray)
    }

    /// `origin + t * dir`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: Real) -> Vec3 {
        self.origin + t * self.dir
    }

    /// `Ok` for a ray with finite coordinates and non-zero `dir`, otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.origin, "origin")?;
        check_direction(self.dir, "dir")
    }
}
