//! The solid disc.

use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Line, check_finite, check_non_negative};
use crate::error::ShapeError;
use crate::math::{Real, Vec2};

/// The solid disc of points within `radius` of `center`. A radius of 0 is a point, and valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Circle {
    /// The center.
    pub center: Vec2,
    /// The radius, `>= 0`.
    pub radius: Real,
}

impl Circle {
    /// The bounding circle of invalid shapes: contains nothing (center at `+∞`, radius `-∞`).
    pub const EMPTY: Self = Self {
        center: Vec2::splat(Real::INFINITY),
        radius: Real::NEG_INFINITY,
    };

    /// The disc of `radius` around `center`. Does not validate; see [`Circle::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(center: Vec2, radius: Real) -> Self {
        Self { center, radius }
    }

    /// The disc of `radius` around `center`, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn try_new(center: Vec2, radius: Real) -> Result<Self, ShapeError> {
        let circle = Self::new(center, radius);
        circle.is_valid().map(|()| circle)
    }

    /// `Ok` for a finite center and a finite radius `>= 0`, otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.center, "center")?;
        check_non_negative(self.radius, "radius")
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        // `radius < INFINITY` is also false for NaN.
        self.center.is_finite() && self.radius >= 0.0 && self.radius < Real::INFINITY
    }
}

impl Bounded for Circle {
    /// `[center - radius, center + radius]`; [`Aabb::EMPTY`] for an invalid circle.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(self.center - self.radius, self.center + self.radius)
    }

    /// The circle itself; [`Circle::EMPTY`] when invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        *self
    }
}

impl Classify for Circle {
    /// By the signed distance of the center against the radius (the center's side exactly for
    /// a zero radius); a circle touching the line straddles it. `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Circle, Classify, Line, Side};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// assert_eq!(Circle::new(Vec2::new(4.0, 2.0), 1.0).classify(&x_axis), Side::Front);
    /// assert_eq!(Circle::new(Vec2::new(4.0, 2.0), 2.0).classify(&x_axis), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_rounded(&[self.center], self.radius)
    }
}
