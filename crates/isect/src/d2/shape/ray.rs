//! The half-line.

use crate::d2::query::algo::exact;
use crate::d2::query::{Classify, Side};
use crate::d2::shape::{Line, check_direction, check_finite};
use crate::error::ShapeError;
use crate::math::{Real, Vec2};

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
    pub origin: Vec2,
    /// The direction; any non-zero length.
    pub dir: Vec2,
}

impl Ray {
    /// The ray from `origin` along `dir`. Does not validate; see [`Ray::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(origin: Vec2, dir: Vec2) -> Self {
        Self { origin, dir }
    }

    /// The ray from `origin` along `dir`, or why that is not a ray.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn try_new(origin: Vec2, dir: Vec2) -> Result<Self, ShapeError> {
        let ray = Self::new(origin, dir);
        ray.is_valid().map(|()| ray)
    }

    /// `origin + t * dir`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: Real) -> Vec2 {
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

    /// Finite with a non-zero `dir`: what queries check on every call.
    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.origin.is_finite() && self.dir.is_finite() && self.dir != Vec2::ZERO
    }
}

impl Classify for Ray {
    /// [`Side::Front`] or [`Side::Back`] when the origin is strictly on that side and `dir`
    /// does not point towards the line (it is parallel to it or points away), exactly;
    /// otherwise [`Side::Straddle`] (a ray that starts on the line or reaches it). `Straddle`
    /// for invalid input.
    ///
    /// ```
    /// use isect::d2::{Classify, Line, Ray, Side};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// assert_eq!(Ray::new(Vec2::new(0.0, 1.0), Vec2::ONE).classify(&x_axis), Side::Front);
    /// assert_eq!(Ray::new(Vec2::new(0.0, 1.0), -Vec2::ONE).classify(&x_axis), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !(self.is_usable() && line.is_usable()) {
            return Side::Straddle;
        }
        let start = line.side_of_point(self.origin);
        // The side of origin + t dir changes at the rate sign(line.dir × dir).
        let rate = exact::cross_sign(line.dir, Vec2::ZERO, self.dir, Vec2::ZERO);
        match start {
            1 if rate >= 0 => Side::Front,
            -1 if rate <= 0 => Side::Back,
            _ => Side::Straddle,
        }
    }
}
