//! The line segment.

use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, check_finite};
use crate::error::ShapeError;
use crate::math::{Real, Vec2};

/// The segment `a + t * (b - a)` for `t` in `[0, 1]`. `a == b` is a point, and valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Segment {
    /// The start (`t = 0`).
    pub a: Vec2,
    /// The end (`t = 1`).
    pub b: Vec2,
}

impl Segment {
    /// The segment from `a` to `b`. Does not validate; see [`Segment::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(a: Vec2, b: Vec2) -> Self {
        Self { a, b }
    }

    /// The segment from `a` to `b`, or why it is invalid (non-finite coordinates).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`].
    pub fn try_new(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        let segment = Self::new(a, b);
        segment.is_valid().map(|()| segment)
    }

    /// `b - a`.
    #[inline]
    #[must_use]
    pub fn direction(&self) -> Vec2 {
        self.b - self.a
    }

    /// `|b - a|`.
    #[inline]
    #[must_use]
    pub fn length(&self) -> Real {
        self.a.distance(self.b)
    }

    /// The midpoint.
    #[inline]
    #[must_use]
    pub fn midpoint(&self) -> Vec2 {
        (self.a + self.b) * 0.5
    }

    /// `a + t * (b - a)`; exactly `a` at `t = 0` and exactly `b` at `t = 1`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: Real) -> Vec2 {
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

    /// The smallest enclosing circle: centered at the midpoint, through both ends (the radius
    /// is the larger computed distance to an end). [`Circle::EMPTY`] when invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        let center = self.midpoint();
        Circle::new(center, center.distance(self.a).max(center.distance(self.b)))
    }
}

impl Classify for Segment {
    /// By the exact sides of the ends; a segment with an end on the line straddles it.
    /// `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Classify, Line, Segment, Side};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// assert_eq!(Segment::new(Vec2::new(0.0, -1.0), Vec2::new(3.0, -2.0)).classify(&x_axis), Side::Back);
    /// assert_eq!(Segment::new(Vec2::new(0.0, 0.0), Vec2::new(3.0, 2.0)).classify(&x_axis), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_points(&[self.a, self.b])
    }
}
