//! The oriented box.

use crate::error::ShapeError;
use crate::math::{Mat3, Quat, Real, SimdVec3, Vec3, simd, simd_transpose};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Aabb, Plane, Sphere, check_finite};

/// The solid box centered at `center`, reaching `half_extents[i]` along its local axis `i`, the
/// `i`-th column of `rotation`.
///
/// The columns of `rotation` must be orthonormal (a rotation, or a rotation with a reflection:
/// the handedness does not change the point set). Zero half extents give a flat box, and are
/// valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Obb {
    /// The center.
    pub center: Vec3,
    /// Half the size along each local axis, `>= 0`.
    pub half_extents: Vec3,
    /// The local axes, as columns; orthonormal.
    pub rotation: Mat3,
}

/// How far `rotationᵀ · rotation` may be from the identity, entry by entry, for `is_valid`:
/// loose enough for a matrix made from an `f32` quaternion.
const ORTHONORMAL_TOLERANCE: Real = 1e-4;

impl Obb {
    /// The box at `center` with `half_extents` along the columns of `rotation`. Does not
    /// validate; see [`Obb::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(center: Vec3, half_extents: Vec3, rotation: Mat3) -> Self {
        Self {
            center,
            half_extents,
            rotation,
        }
    }

    /// The box at `center` with `half_extents` along the axes of the (normalized) `rotation`.
    #[inline]
    #[must_use]
    pub fn from_quat(center: Vec3, half_extents: Vec3, rotation: Quat) -> Self {
        Self::new(center, half_extents, Mat3::from_quat(rotation.normalize()))
    }

    /// The same box as `aabb`, with the identity rotation.
    #[inline]
    #[must_use]
    pub fn from_aabb(aabb: &Aabb) -> Self {
        Self::new(aabb.center(), aabb.half_extents(), Mat3::IDENTITY)
    }

    /// The box, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] or [`ShapeError::NotOrthonormal`].
    pub fn try_new(center: Vec3, half_extents: Vec3, rotation: Mat3) -> Result<Self, ShapeError> {
        let obb = Self::new(center, half_extents, rotation);
        obb.is_valid().map(|()| obb)
    }

    /// `p` in the box's frame: its coordinates along the local axes, relative to the center.
    #[inline]
    #[must_use]
    pub fn to_local(&self, p: Vec3) -> Vec3 {
        self.rotation.transpose() * (p - self.center)
    }

    /// [`Obb::to_local`] in [`SimdVec3`] lanes (`Vec3A` in `f32`): the same bits, the product
    /// with the rotation's columns formed in SIMD lanes, for the queries that go on in them.
    #[inline]
    pub(crate) fn local_in_lanes(&self, p: Vec3) -> SimdVec3 {
        simd_transpose(self.rotation) * (simd(p) - simd(self.center))
    }

    /// The world point with local coordinates `local`.
    #[inline]
    #[must_use]
    pub fn to_world(&self, local: Vec3) -> Vec3 {
        self.center + self.rotation * local
    }

    /// The box's extent along the unit direction `n`: `Σ half_extents[i] · |n · axis_i|`.
    #[inline]
    #[must_use]
    pub fn projected_radius(&self, n: Vec3) -> Real {
        (self.rotation.transpose() * n).abs().dot(self.half_extents)
    }

    /// `Ok` for finite fields, non-negative half extents and orthonormal columns (within
    /// `1e-4` per entry of `rotationᵀ · rotation − I`), otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] or [`ShapeError::NotOrthonormal`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.center, "center")?;
        check_finite(self.half_extents, "half_extents")?;
        if !self.rotation.is_finite() {
            return Err(ShapeError::NonFinite { field: "rotation" });
        }
        if self.half_extents.cmplt(Vec3::ZERO).any() {
            return Err(ShapeError::Negative {
                field: "half_extents",
            });
        }
        let gram = self.rotation.transpose() * self.rotation;
        if !gram.abs_diff_eq(Mat3::IDENTITY, ORTHONORMAL_TOLERANCE) {
            return Err(ShapeError::NotOrthonormal);
        }
        Ok(())
    }

    /// Finite with non-negative extents: what queries check on every call (orthonormality is
    /// left to `is_valid`).
    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.center.is_finite()
            && self.half_extents.is_finite()
            && self.rotation.is_finite()
            && self.half_extents.cmpge(Vec3::ZERO).all()
    }
}

impl Bounded for Obb {
    /// The tightest axis-aligned box, by the extent method (Arvo): half extents
    /// `|rotation| · half_extents`, no corner transformed.
    fn aabb(&self) -> Aabb {
        // Rotation entries times half extents: subnormal, and so inexact, for boxes near 2^-126.
        rescale!(single self, aabb);
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::from_center_half_extents(self.center, self.rotation.abs() * self.half_extents)
    }

    /// The smallest enclosing sphere: centered, through the corners.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        Sphere::new(
            self.center,
            crate::query::algo::scale::length(self.half_extents),
        )
    }
}

impl Classify for Obb {
    /// The extent method (Real-Time Rendering, 4th ed., §22.10.1): the projected radius
    /// `Σ hᵢ |normal · axisᵢ|` against the center's signed distance. Touching straddles, within
    /// the rounding `intersects` allows (the same decision).
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !self.is_usable() {
            return Side::Straddle;
        }
        crate::query::algo::plane_extent::slab_side(
            plane,
            self.center,
            self.projected_radius(plane.normal),
        )
    }
}
