//! The infinite line.

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::shape::{check_direction, check_finite};

/// The infinite line `origin + t * dir` for every real `t`.
///
/// `dir` need not be unit length; `t` is counted in units of `dir`. A zero `dir` is invalid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Line {
    /// A point on the line.
    pub origin: Vec3,
    /// The direction; any non-zero length.
    pub dir: Vec3,
}

impl Line {
    /// The line through `origin` along `dir`. Does not validate; see [`Line::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(origin: Vec3, dir: Vec3) -> Self {
        Self { origin, dir }
    }

    /// The line through `origin` along `dir`, or why that is not a line (non-finite input,
    /// zero `dir`).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn try_new(origin: Vec3, dir: Vec3) -> Result<Self, ShapeError> {
        let line = Self::new(origin, dir);
        line.is_valid().map(|()| line)
    }

    /// The line through `a` and `b`, with `dir = b - a` (so `t = 0` at `a` and `t = 1` at `b`);
    /// invalid when `a == b`.
    #[inline]
    #[must_use]
    pub fn through(a: Vec3, b: Vec3) -> Self {
        Self::new(a, b - a)
    }

    /// `origin + t * dir`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: Real) -> Vec3 {
        self.origin + t * self.dir
    }

    /// `Ok` for a line with finite coordinates and non-zero `dir`, otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.origin, "origin")?;
        check_direction(self.dir, "dir")
    }
}
