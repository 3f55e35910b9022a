//! The axis-aligned box.

use crate::error::ShapeError;
use crate::math::{Mat3, Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Plane, Sphere, check_finite};

/// The solid axis-aligned box `min <= x <= max` (per axis).
///
/// `min == max` on an axis is a flat box (a rectangle, a segment or a point), and valid.
/// `min > max` on any axis is invalid; [`Aabb::EMPTY`] is the one invalid box that is useful:
/// the identity of [`Aabb::union`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    pub min: Vec3,
    /// The corner with the largest coordinates.
    pub max: Vec3,
}

impl Aabb {
    /// The box that contains nothing: `min = +∞`, `max = -∞`. The identity of [`Aabb::union`],
    /// and what [`Bounded::aabb`] returns for invalid shapes. Invalid as a shape.
    pub const EMPTY: Self = Self {
        min: Vec3::splat(Real::INFINITY),
        max: Vec3::splat(Real::NEG_INFINITY),
    };

    /// The box from `min` to `max`. Does not validate nor reorder; see [`Aabb::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(min: Vec3, max: Vec3) -> Self {
        Self { min, max }
    }

    /// The box from `min` to `max`, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::MinGreaterThanMax`].
    pub fn try_new(min: Vec3, max: Vec3) -> Result<Self, ShapeError> {
        let aabb = Self::new(min, max);
        aabb.is_valid().map(|()| aabb)
    }

    /// The box centered at `center` reaching `half_extents` along each axis.
    #[inline]
    #[must_use]
    pub fn from_center_half_extents(center: Vec3, half_extents: Vec3) -> Self {
        Self::new(center - half_extents, center + half_extents)
    }

    /// The smallest box containing `points`; `None` when there are none or one is not finite.
    #[must_use]
    pub fn from_points<I: IntoIterator<Item = Vec3>>(points: I) -> Option<Self> {
        let mut aabb = Self::EMPTY;
        for p in points {
            if !p.is_finite() {
                return None;
            }
            aabb.min = aabb.min.min(p);
            aabb.max = aabb.max.max(p);
        }
        (aabb.min.x <= aabb.max.x).then_some(aabb)
    }

    /// The center, `(min + max) / 2`.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec3 {
        (self.min + self.max) * 0.5
    }

    /// Half the size along each axis.
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vec3 {
        (self.max - self.min) * 0.5
    }

    /// The size along each axis, `max - min`.
    #[inline]
    #[must_use]
    pub fn size(&self) -> Vec3 {
        self.max - self.min
    }

    /// The volume.
    #[inline]
    #[must_use]
    pub fn volume(&self) -> Real {
        let s = self.size();
        s.x * s.y * s.z
    }

    /// The surface area (the cost measure of SAH-built trees).
    #[inline]
    #[must_use]
    pub fn surface_area(&self) -> Real {
        let s = self.size();
        2.0 * (s.x * s.y + s.y * s.z + s.z * s.x)
    }

    /// The smallest box containing both; [`Aabb::EMPTY`] is its identity.
    #[inline]
    #[must_use]
    pub fn union(&self, other: &Self) -> Self {
        Self::new(self.min.min(other.min), self.max.max(other.max))
    }

    /// The box grown by `margin` on every side (shrunk for a negative margin; a margin below
    /// minus the half extent makes it invalid).
    #[inline]
    #[must_use]
    pub fn expanded(&self, margin: Real) -> Self {
        Self::new(self.min - margin, self.max + margin)
    }

    /// The box around this one after the linear map `matrix` (a rotation, or any matrix) and
    /// then `translation`: the tightest axis-aligned box of the transformed box.
    ///
    /// Computed by Arvo's extent method ("Transforming Axis-Aligned Bounding Boxes", Graphics
    /// Gems, 1990; 3D Math Primer §9.4.4): the new half extents are `|matrix| · half_extents`,
    /// with no corner transformed.
    #[inline]
    #[must_use]
    pub fn transformed(&self, matrix: &Mat3, translation: Vec3) -> Self {
        let center = *matrix * self.center() + translation;
        let half = matrix.abs() * self.half_extents();
        Self::from_center_half_extents(center, half)
    }

    /// `Ok` for finite corners with `min <= max` on every axis, otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::MinGreaterThanMax`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.min, "min")?;
        check_finite(self.max, "max")?;
        match self.min.cmpgt(self.max).bitmask() {
            0 => Ok(()),
            mask => Err(ShapeError::MinGreaterThanMax {
                axis: mask.trailing_zeros() as usize,
            }),
        }
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.min.is_finite() && self.max.is_finite() && self.min.cmple(self.max).all()
    }
}

impl Bounded for Aabb {
    /// The box itself; [`Aabb::EMPTY`] when invalid.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        *self
    }

    /// The smallest enclosing sphere: centered, through the corners.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        Sphere::new(
            self.center(),
            crate::query::algo::scale::length(self.half_extents()),
        )
    }
}

impl Classify for Aabb {
    /// The extent method (Real-Time Rendering, 4th ed., §22.10.1): the box's projected radius
    /// `|normal| · half_extents` against the center's signed distance. Touching straddles, within
    /// the rounding `intersects` allows (the same decision).
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !self.is_usable() {
            return Side::Straddle;
        }
        let reach = plane.normal.abs().dot(self.half_extents());
        crate::query::algo::plane_extent::slab_side(plane, self.center(), reach)
    }
}
