//! The oriented box (a rotated rectangle).

use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, check_finite};
use crate::error::ShapeError;
use crate::math::{Mat2, Real, Vec2};

/// The solid rectangle centered at `center`, reaching `half_extents[i]` along its local axis
/// `i`, the `i`-th column of `rotation`.
///
/// The columns of `rotation` must be orthonormal (a rotation, or a rotation with a reflection:
/// the handedness does not change the point set). Zero half extents give a flat box (a segment
/// or a point), and are valid. Every query sees the quad of [`Obb::corners`]; a box whose
/// corners overflow (finite fields reaching past `Real::MAX`) has no such quad and is answered
/// as the empty set, as invalid input is.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Obb {
    /// The center.
    pub center: Vec2,
    /// Half the size along each local axis, `>= 0`.
    pub half_extents: Vec2,
    /// The local axes, as columns; orthonormal.
    pub rotation: Mat2,
}

/// How far `rotationᵀ · rotation` may be from the identity, entry by entry, for `is_valid`:
/// loose enough for a matrix made from an `f32` angle.
const ORTHONORMAL_TOLERANCE: Real = 1e-4;

impl Obb {
    /// The box at `center` with `half_extents` along the columns of `rotation`. Does not
    /// validate; see [`Obb::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(center: Vec2, half_extents: Vec2, rotation: Mat2) -> Self {
        Self {
            center,
            half_extents,
            rotation,
        }
    }

    /// The box at `center` with `half_extents` along the axes turned by `angle` radians
    /// (counter-clockwise) from the coordinate axes.
    ///
    /// ```
    /// use isect::d2::Obb;
    /// use isect::math::Vec2;
    /// let diamond = Obb::from_angle(Vec2::ZERO, Vec2::ONE, std::f32::consts::FRAC_PI_4);
    /// assert!((diamond.rotation.x_axis - Vec2::new(1.0, 1.0).normalize()).length() < 1e-6);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_angle(center: Vec2, half_extents: Vec2, angle: Real) -> Self {
        let (sin, cos) = (crate::ops::sin(angle), crate::ops::cos(angle));
        Self::new(
            center,
            half_extents,
            Mat2::from_cols(Vec2::new(cos, sin), Vec2::new(-sin, cos)),
        )
    }

    /// The same box as `aabb`, with the identity rotation.
    #[inline]
    #[must_use]
    pub fn from_aabb(aabb: &Aabb) -> Self {
        Self::new(aabb.center(), aabb.half_extents(), Mat2::IDENTITY)
    }

    /// The box, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::Negative`] or [`ShapeError::NotOrthonormal`].
    pub fn try_new(center: Vec2, half_extents: Vec2, rotation: Mat2) -> Result<Self, ShapeError> {
        let obb = Self::new(center, half_extents, rotation);
        obb.is_valid().map(|()| obb)
    }

    /// `p` in the box's frame: its coordinates along the local axes, relative to the center.
    #[inline]
    #[must_use]
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        self.rotation.transpose() * (p - self.center)
    }

    /// The world point with local coordinates `local`.
    #[inline]
    #[must_use]
    pub fn to_world(&self, local: Vec2) -> Vec2 {
        self.center + self.rotation * local
    }

    /// The four corners `center ± h₀ axis₀ ± h₁ axis₁`, in the order `(−, −)`, `(+, −)`,
    /// `(+, +)`, `(−, +)`: counter-clockwise for a rotation, clockwise for a reflection.
    #[inline]
    #[must_use]
    pub fn corners(&self) -> [Vec2; 4] {
        let u = self.rotation.x_axis * self.half_extents.x;
        let v = self.rotation.y_axis * self.half_extents.y;
        let c = self.center;
        [c - u - v, c + u - v, c + u + v, c - u + v]
    }

    /// The box's extent along the unit direction `n`: `Σ half_extents[i] · |n · axis_i|`.
    #[inline]
    #[must_use]
    pub fn projected_radius(&self, n: Vec2) -> Real {
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
        if self.half_extents.cmplt(Vec2::ZERO).any() {
            return Err(ShapeError::Negative {
                field: "half_extents",
            });
        }
        let gram = self.rotation.transpose() * self.rotation;
        if !gram.abs_diff_eq(Mat2::IDENTITY, ORTHONORMAL_TOLERANCE) {
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
            && self.half_extents.cmpge(Vec2::ZERO).all()
    }
}

impl Bounded for Obb {
    /// The box of the four corners (as the queries compute them). [`Aabb::EMPTY`] when invalid.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::from_points(self.corners()).unwrap_or(Aabb::EMPTY)
    }

    /// The smallest enclosing circle: centered, through the corners. [`Circle::EMPTY`] when
    /// invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        let radius = self
            .corners()
            .iter()
            .map(|c| c.distance(self.center))
            .fold(0.0, Real::max);
        Circle::new(self.center, radius)
    }
}

impl Classify for Obb {
    /// By the exact sides of the four corners (as computed); a box touching the line straddles
    /// it. `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Classify, Line, Obb, Side};
    /// use isect::math::{Mat2, Vec2};
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// let b = Obb::new(Vec2::new(0.0, 2.0), Vec2::new(3.0, 1.0), Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// assert_eq!(b.classify(&x_axis), Side::Straddle); // its long axis is vertical
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_points(&self.corners())
    }
}
