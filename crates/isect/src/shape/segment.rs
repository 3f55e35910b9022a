//! The line segment.

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Aabb, Plane, Sphere, check_finite, extent_along};

/// The segment `a + t * (b - a)` for `t` in `[0, 1]`. `a == b` is a point, and valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Segment {
    /// The start (`t = 0`).
    pub a: Vec3,
    /// The end (`t = 1`).
    pub b: Vec3,
}

impl Segment {
    /// The segment from `a` to `b`. Does not validate; see [`Segment::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(a: Vec3, b: Vec3) -> Self {
        Self { a, b }
    }

    /// The segment from `a` to `b`, or why it is invalid (non-finite coordinates).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`].
    pub fn try_new(a: Vec3, b: Vec3) -> Result<Self, ShapeError> {
        let segment = Self::new(a, b);
        segment.is_valid().map(|()| segment)
    }

    /// `b - a`.
    #[inline]
    #[must_use]
    pub fn direction(&self) -> Vec3 {
        self.b - self.a
    }

    /// `|b - a|`.
    #[inline]
    #[must_use]
    pub fn length(&self) -> Real {
        crate::query::algo::scale::distance(self.a, self.b)
    }

    /// The midpoint.
    #[inline]
    #[must_use]
    pub fn midpoint(&self) -> Vec3 {
        (self.a + self.b) * 0.5
    }

    /// `a + t * (b - a)`; exactly `a` at `t = 0` and exactly `b` at `t = 1` (where the formula
    /// could round), so an end found by clamping is the end itself.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: Real) -> Vec3 {
        if t == 1.0 {
            self.b
        } else {
            self.a + t * (self.b - self.a)
        }
    }

    /// `Ok` when both ends are finite, otherwise which one is not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.a, "a")?;
        check_finite(self.b, "b")
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.a.is_finite() && self.b.is_finite()
    }
}

impl Bounded for Segment {
    /// The box spanned by the two ends; [`Aabb::EMPTY`] for an invalid segment.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(self.a.min(self.b), self.a.max(self.b))
    }

    /// The smallest enclosing sphere: centered at the midpoint, radius half the length.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        Sphere::new(self.midpoint(), 0.5 * self.length())
    }
}

impl Classify for Segment {
    /// By the signed distances of the ends; a segment with an end on the plane straddles it.
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !self.is_usable() {
            return Side::Straddle;
        }
        let (lo, hi) = extent_along(plane.normal, [self.a, self.b]);
        plane.side_of_interval(lo, hi)
    }
}
