//! The axis-aligned box (a rectangle).

use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Circle, Line, check_finite};
use crate::error::ShapeError;
use crate::math::{Mat2, Real, Vec2};

/// The solid axis-aligned rectangle `min <= x <= max` (per axis).
///
/// `min == max` on an axis is a flat box (a segment or a point), and valid. `min > max` on any
/// axis is invalid; [`Aabb::EMPTY`] is the one invalid box that is useful: the identity of
/// [`Aabb::union`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    pub min: Vec2,
    /// The corner with the largest coordinates.
    pub max: Vec2,
}

impl Aabb {
    /// The box that contains nothing: `min = +∞`, `max = -∞`. The identity of [`Aabb::union`],
    /// and what [`Bounded::aabb`] returns for invalid shapes. Invalid as a shape.
    pub const EMPTY: Self = Self {
        min: Vec2::splat(Real::INFINITY),
        max: Vec2::splat(Real::NEG_INFINITY),
    };

    /// The box from `min` to `max`. Does not validate nor reorder; see [`Aabb::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(min: Vec2, max: Vec2) -> Self {
        Self { min, max }
    }

    /// The box from `min` to `max`, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::MinGreaterThanMax`].
    pub fn try_new(min: Vec2, max: Vec2) -> Result<Self, ShapeError> {
        let aabb = Self::new(min, max);
        aabb.is_valid().map(|()| aabb)
    }

    /// The box centered at `center` reaching `half_extents` along each axis.
    #[inline]
    #[must_use]
    pub fn from_center_half_extents(center: Vec2, half_extents: Vec2) -> Self {
        Self::new(center - half_extents, center + half_extents)
    }

    /// The smallest box containing `points`; `None` when there are none or one is not finite.
    #[must_use]
    pub fn from_points<I: IntoIterator<Item = Vec2>>(points: I) -> Option<Self> {
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
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half the size along each axis.
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// The size along each axis, `max - min`.
    #[inline]
    #[must_use]
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The area.
    #[inline]
    #[must_use]
    pub fn area(&self) -> Real {
        let s = self.size();
        s.x * s.y
    }

    /// The perimeter (the cost measure of SAH-built trees in the plane).
    #[inline]
    #[must_use]
    pub fn perimeter(&self) -> Real {
        let s = self.size();
        2.0 * (s.x + s.y)
    }

    /// The four corners, counter-clockwise from `min`: `min`, `(max.x, min.y)`, `max`,
    /// `(min.x, max.y)`.
    #[inline]
    #[must_use]
    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
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

    /// The box around this one after the linear map `matrix` and then `translation`: the
    /// tightest axis-aligned box of the transformed box, by Arvo's extent method (half extents
    /// `|matrix| · half_extents`, no corner transformed).
    #[inline]
    #[must_use]
    pub fn transformed(&self, matrix: &Mat2, translation: Vec2) -> Self {
        let center = *matrix * self.center() + translation;
        let half = matrix.abs() * self.half_extents();
        Self::from_center_half_extents(center, half)
    }

    /// `Ok` for finite corners with `min <= max` on both axes, otherwise why not.
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

    /// The smallest enclosing circle: centered, through the corners. [`Circle::EMPTY`] when
    /// invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        let center = self.center();
        let radius = self
            .corners()
            .iter()
            .map(|c| c.distance(center))
            .fold(0.0, Real::max);
        Circle::new(center, radius)
    }
}

impl Classify for Aabb {
    /// By the exact sides of the four corners; a box touching the line straddles it.
    /// `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Aabb, Classify, Line, Side};
    /// use isect::math::Vec2;
    /// let diagonal = Line::new(Vec2::ZERO, Vec2::ONE);
    /// assert_eq!(Aabb::new(Vec2::new(2.0, 0.0), Vec2::new(3.0, 1.0)).classify(&diagonal), Side::Back);
    /// assert_eq!(Aabb::new(Vec2::new(1.0, 0.0), Vec2::new(3.0, 1.0)).classify(&diagonal), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_points(&self.corners())
    }
}
