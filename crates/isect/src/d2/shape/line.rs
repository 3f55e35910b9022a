//! The infinite line, which is also what 2D shapes are classified against.

use crate::d2::query::algo::exact;
use crate::d2::query::{Classify, Side};
use crate::d2::shape::{check_direction, check_finite};
use crate::error::ShapeError;
use crate::math::{Real, Vec2};

/// The infinite line `origin + t * dir` for every real `t`.
///
/// `dir` need not be unit length; `t` is counted in units of `dir`. A zero `dir` is invalid.
/// As the "plane" of [`Classify`], its *front* is the side to the left of `dir` (the side
/// `dir.perp()` points to).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Line {
    /// A point on the line.
    pub origin: Vec2,
    /// The direction; any non-zero length.
    pub dir: Vec2,
}

impl Line {
    /// The line through `origin` along `dir`. Does not validate; see [`Line::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(origin: Vec2, dir: Vec2) -> Self {
        Self { origin, dir }
    }

    /// The line through `origin` along `dir`, or why that is not a line (non-finite input,
    /// zero `dir`).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn try_new(origin: Vec2, dir: Vec2) -> Result<Self, ShapeError> {
        let line = Self::new(origin, dir);
        line.is_valid().map(|()| line)
    }

    /// The line through `a` and `b`, with `dir = b - a` (so `t = 0` at `a` and `t = 1` at `b`,
    /// and the front is to the left when looking from `a` to `b`); invalid when `a == b`.
    #[inline]
    #[must_use]
    pub fn through(a: Vec2, b: Vec2) -> Self {
        Self::new(a, b - a)
    }

    /// `origin + t * dir`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: Real) -> Vec2 {
        self.origin + t * self.dir
    }

    /// The signed distance of `p` from the line: positive in front (left of `dir`), negative
    /// behind, `dir × (p − origin) / |dir|` rounded. NaN for an invalid line.
    ///
    /// ```
    /// use isect::d2::Line;
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::new(2.0, 0.0));
    /// assert_eq!(x_axis.signed_distance(Vec2::new(5.0, 3.0)), 3.0);
    /// assert_eq!(x_axis.signed_distance(Vec2::new(5.0, -3.0)), -3.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn signed_distance(&self, p: Vec2) -> Real {
        let length = self.dir.length();
        if !(length > 0.0 && length.is_finite()) {
            return Real::NAN;
        }
        (self.dir / length).perp_dot(p - self.origin)
    }

    /// `Ok` for a line with finite coordinates and non-zero `dir`, otherwise why not.
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

    /// The exact side of `p`: 1 in front (left of `dir`), −1 behind, 0 on the line.
    #[inline]
    pub(crate) fn side_of_point(&self, p: Vec2) -> i8 {
        exact::side(self.origin, self.dir, p)
    }

    /// The side of the convex hull of `points` (finite), by the exact side of each point: a
    /// point on the line, or points on both sides, straddle. [`Side::Straddle`] for an invalid
    /// line.
    pub(crate) fn side_of_points(&self, points: &[Vec2]) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        let mut sides = points.iter().map(|&p| self.side_of_point(p));
        match sides.next() {
            Some(1) if sides.all(|s| s == 1) => Side::Front,
            Some(-1) if sides.all(|s| s == -1) => Side::Back,
            _ => Side::Straddle,
        }
    }

    /// The side of the points within `radius` of the convex hull of `points` (finite, `radius`
    /// finite and `>= 0`): the hull's exact side, then, when the hull is wholly on one side,
    /// the smallest signed distance of its points against the radius (touching straddles).
    pub(crate) fn side_of_rounded(&self, points: &[Vec2], radius: Real) -> Side {
        let side = self.side_of_points(points);
        if side == Side::Straddle || radius == 0.0 {
            return side;
        }
        let nearest = points
            .iter()
            .map(|&p| self.signed_distance(p).abs())
            .fold(Real::INFINITY, Real::min);
        if nearest > radius {
            side
        } else {
            Side::Straddle
        }
    }
}

impl Classify for Line {
    /// [`Side::Front`] or [`Side::Back`] for a line parallel to `line` (exactly: `dir × other
    /// dir` is 0) wholly on one side; otherwise [`Side::Straddle`] (lines that cross, or the
    /// same line). Exact; `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Classify, Line, Side};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// assert_eq!(Line::new(Vec2::new(0.0, 1.0), Vec2::NEG_X).classify(&x_axis), Side::Front);
    /// assert_eq!(Line::new(Vec2::ZERO, Vec2::ONE).classify(&x_axis), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !(self.is_usable() && line.is_usable()) {
            return Side::Straddle;
        }
        if exact::cross_sign(line.dir, Vec2::ZERO, self.dir, Vec2::ZERO) != 0 {
            return Side::Straddle;
        }
        line.side_of_points(&[self.origin])
    }
}
