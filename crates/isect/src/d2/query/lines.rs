//! Where two lines of the plane meet.

use crate::d2::query::algo::exact::{cross_sign, narrow, side, wide};
use crate::d2::shape::Line;
use crate::math::Vec2;

/// How two lines of the plane meet: see [`Line::intersection`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LineIntersection2 {
    /// The lines cross at this one point.
    Point(Vec2),
    /// The lines are parallel and distinct: no common point.
    Parallel,
    /// The lines are the same line: every point is common.
    Coincident,
}

impl Line {
    /// Where `self` and `other` meet (the 3D Math Primer's intersection of two lines in 2D, by
    /// Cramer's rule).
    ///
    /// Which of the three cases holds is decided exactly from the inputs: parallel when
    /// `dir × other.dir` is exactly 0, coincident when also `other.origin` lies exactly on
    /// `self`; there is no angle tolerance, so lines that are parallel only up to rounding cross
    /// far away. The crossing point is computed as `origin + (s · dir)`, `s · dir` from products
    /// of the inputs (in `f64` for `f32` input): exact when those products are and the point is
    /// representable, as for small integer coordinates. Invalid lines (non-finite, zero `dir`)
    /// give [`LineIntersection2::Parallel`]: no common point.
    ///
    /// ```
    /// use isect::d2::{Line, LineIntersection2};
    /// use isect::math::Vec2;
    /// let a = Line::through(Vec2::new(0.0, 0.0), Vec2::new(4.0, 2.0));
    /// let b = Line::through(Vec2::new(0.0, 3.0), Vec2::new(3.0, 0.0));
    /// assert_eq!(a.intersection(&b), LineIntersection2::Point(Vec2::new(2.0, 1.0)));
    /// let c = Line::new(Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0));
    /// assert_eq!(a.intersection(&c), LineIntersection2::Parallel);
    /// assert_eq!(a.intersection(&Line::new(Vec2::new(8.0, 4.0), Vec2::new(-1.0, -0.5))), LineIntersection2::Coincident);
    /// ```
    #[must_use]
    pub fn intersection(&self, other: &Line) -> LineIntersection2 {
        if !(self.is_usable() && other.is_usable()) {
            return LineIntersection2::Parallel;
        }
        if cross_sign(self.dir, Vec2::ZERO, other.dir, Vec2::ZERO) == 0 {
            return if side(self.origin, self.dir, other.origin) == 0 {
                LineIntersection2::Coincident
            } else {
                LineIntersection2::Parallel
            };
        }
        LineIntersection2::Point(crossing(self, other))
    }
}

/// The crossing of two lines that are not parallel: `p.origin + s p.dir` with
/// `s = (q.origin − p.origin) × q.dir / (p.dir × q.dir)`, as `p.origin + (num · p.dir) / den` so
/// that exact products are divided once. In `f64` for `f32` input.
fn crossing(p: &Line, q: &Line) -> Vec2 {
    let ([ox, oy], [dx, dy]) = (wide(p.origin), wide(p.dir));
    let ([qx, qy], [ex, ey]) = (wide(q.origin), wide(q.dir));
    let num = (qx - ox) * ey - (qy - oy) * ex;
    let den = dx * ey - dy * ex;
    let point = [ox + (num * dx) / den, oy + (num * dy) / den];
    Vec2::new(narrow(point[0]), narrow(point[1]))
}
