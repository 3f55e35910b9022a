//! The capsule (a stadium in the plane).

use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, Segment, check_finite, check_non_negative};
use crate::error::ShapeError;
use crate::math::{Real, Vec2};

/// The solid of points within `radius` of the segment from `a` to `b` (a stadium).
///
/// `a == b` is a circle; `radius == 0` is a segment; both are valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Capsule {
    /// One end of the core segment.
    pub a: Vec2,
    /// The other end of the core segment.
    pub b: Vec2,
    /// The radius, `>= 0`.
    pub radius: Real,
}

impl Capsule {
    /// The capsule of `radius` around the segment from `a` to `b`. Does not validate; see
    /// [`Capsule::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(a: Vec2, b: Vec2, radius: Real) -> Self {
        Self { a, b, radius }
    }

    /// The capsule, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn try_new(a: Vec2, b: Vec2, radius: Real) -> Result<Self, ShapeError> {
        let capsule = Self::new(a, b, radius);
        capsule.is_valid().map(|()| capsule)
    }

    /// The core segment from `a` to `b`.
    #[inline]
    #[must_use]
    pub const fn segment(&self) -> Segment {
        Segment::new(self.a, self.b)
    }

    /// `Ok` for finite ends and a finite radius `>= 0`, otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.a, "a")?;
        check_finite(self.b, "b")?;
        check_non_negative(self.radius, "radius")
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.a.is_finite()
            && self.b.is_finite()
            && self.radius >= 0.0
            && self.radius < Real::INFINITY
    }
}

impl Bounded for Capsule {
    /// The box of the core segment grown by the radius; [`Aabb::EMPTY`] when invalid.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(self.a.min(self.b), self.a.max(self.b)).expanded(self.radius)
    }

    /// The smallest enclosing circle: the core's, grown by the radius. [`Circle::EMPTY`] when
    /// invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        let core = self.segment().bounding_circle();
        Circle::new(core.center, core.radius + self.radius)
    }
}

impl Classify for Capsule {
    /// The core's exact side, then the smaller signed distance of its ends against the radius;
    /// touching straddles. `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Capsule, Classify, Line, Side};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// let c = Capsule::new(Vec2::new(0.0, 2.0), Vec2::new(5.0, 3.0), 1.5);
    /// assert_eq!(c.classify(&x_axis), Side::Front);
    /// assert_eq!(Capsule { radius: 2.0, ..c }.classify(&x_axis), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_rounded(&[self.a, self.b], self.radius)
    }
}
