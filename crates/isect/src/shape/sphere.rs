//! The solid ball.

use crate::error::ShapeError;
use crate::math::{NO_POINT, Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Aabb, Plane, check_finite, check_non_negative};

/// The solid ball of points within `radius` of `center`. A radius of 0 is a point, and valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Sphere {
    /// The center.
    pub center: Vec3,
    /// The radius, `>= 0`.
    pub radius: Real,
}

impl Sphere {
    /// The bounding sphere of invalid shapes: contains nothing (center at `+∞`, radius `-∞`).
    pub const EMPTY: Self = Self {
        center: NO_POINT,
        radius: Real::NEG_INFINITY,
    };

    /// The ball of `radius` around `center`. Does not validate; see [`Sphere::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(center: Vec3, radius: Real) -> Self {
        Self { center, radius }
    }

    /// The ball of `radius` around `center`, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn try_new(center: Vec3, radius: Real) -> Result<Self, ShapeError> {
        let sphere = Self::new(center, radius);
        sphere.is_valid().map(|()| sphere)
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

impl Bounded for Sphere {
    /// `[center - radius, center + radius]`; [`Aabb::EMPTY`] for an invalid sphere.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(self.center - self.radius, self.center + self.radius)
    }

    /// The sphere itself; [`Sphere::EMPTY`] when invalid.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        *self
    }
}

impl Classify for Sphere {
    /// By the signed distance of the center against the radius; a sphere touching the plane
    /// straddles it, within the rounding `intersects` allows (the same decision).
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !self.is_usable() {
            return Side::Straddle;
        }
        crate::query::algo::plane_extent::slab_side(plane, self.center, self.radius)
    }
}
