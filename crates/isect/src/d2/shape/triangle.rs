//! The solid triangle.

use crate::d2::query::algo::exact;
use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, check_finite};
use crate::error::ShapeError;
use crate::math::{Real, Vec2};

/// The solid triangle with corners `a`, `b`, `c`, interior included, in either winding.
///
/// Collinear corners make a segment and coincident ones a point: such triangles are valid and
/// answered as what they are (decided exactly, by the sign of [`orientation`](Self::orientation)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Triangle {
    /// First corner.
    pub a: Vec2,
    /// Second corner.
    pub b: Vec2,
    /// Third corner.
    pub c: Vec2,
}

impl Triangle {
    /// The triangle `a`, `b`, `c`. Does not validate; see [`Triangle::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(a: Vec2, b: Vec2, c: Vec2) -> Self {
        Self { a, b, c }
    }

    /// The triangle, or why there is none (non-finite corners; degenerate triangles are fine).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`].
    pub fn try_new(a: Vec2, b: Vec2, c: Vec2) -> Result<Self, ShapeError> {
        let triangle = Self::new(a, b, c);
        triangle.is_valid().map(|()| triangle)
    }

    /// The corners `[a, b, c]`.
    #[inline]
    #[must_use]
    pub const fn vertices(&self) -> [Vec2; 3] {
        [self.a, self.b, self.c]
    }

    /// The exact winding: 1 when `a`, `b`, `c` run counter-clockwise, −1 clockwise, 0 when they
    /// are collinear (a degenerate triangle). 0 for non-finite corners.
    ///
    /// ```
    /// use isect::d2::Triangle;
    /// use isect::math::Vec2;
    /// assert_eq!(Triangle::new(Vec2::ZERO, Vec2::X, Vec2::Y).orientation(), 1);
    /// assert_eq!(Triangle::new(Vec2::ZERO, Vec2::ONE, Vec2::splat(3.0)).orientation(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub fn orientation(&self) -> i8 {
        if !self.is_usable() {
            return 0;
        }
        exact::orient(self.a, self.b, self.c)
    }

    /// The signed area: positive when `a`, `b`, `c` run counter-clockwise (rounded).
    #[inline]
    #[must_use]
    pub fn signed_area(&self) -> Real {
        0.5 * (self.b - self.a).perp_dot(self.c - self.a)
    }

    /// The area; 0 for a degenerate triangle.
    #[inline]
    #[must_use]
    pub fn area(&self) -> Real {
        self.signed_area().abs()
    }

    /// The centroid `(a + b + c) / 3`.
    #[inline]
    #[must_use]
    pub fn centroid(&self) -> Vec2 {
        (self.a + self.b + self.c) / 3.0
    }

    /// `Ok` when every corner is finite, otherwise which one is not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.a, "a")?;
        check_finite(self.b, "b")?;
        check_finite(self.c, "c")
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.a.is_finite() && self.b.is_finite() && self.c.is_finite()
    }
}

impl Bounded for Triangle {
    /// The box of the three corners; [`Aabb::EMPTY`] when invalid.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(
            self.a.min(self.b).min(self.c),
            self.a.max(self.b).max(self.c),
        )
    }

    /// The smallest enclosing circle: the circumcircle for an acute triangle, otherwise the
    /// circle on the longest side (which also covers degenerate triangles). Every corner is
    /// inside despite rounding (the radius is the largest computed distance to a corner); near
    /// a right angle, where the circumcenter is ill-conditioned, the circles on the sides'
    /// midpoints compete and the smallest wins. [`Circle::EMPTY`] when invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        let [a, b, c] = self.vertices();
        let around = |center: Vec2| {
            let radius = center
                .distance(a)
                .max(center.distance(b))
                .max(center.distance(c));
            Circle::new(center, radius)
        };
        let [mut best, rest @ ..] = [(b + c) * 0.5, (a + c) * 0.5, (a + b) * 0.5].map(around);
        let (ab, ac) = (b - a, c - a);
        let circum = (ab.dot(ac) > 0.0 && (a - b).dot(c - b) > 0.0 && (a - c).dot(b - c) > 0.0)
            .then(|| {
                // The circumcenter relative to a: (|ac|² ab⊥ − |ab|² ac⊥) / (2 ab × ac), with
                // v⊥ = (−v.y, v.x) (Ericson §4.3.4 in the plane).
                let cross = ab.perp_dot(ac);
                around(
                    a + (ab.perp() * ac.length_squared() - ac.perp() * ab.length_squared())
                        / (2.0 * cross),
                )
            });
        for candidate in rest.into_iter().chain(circum) {
            if candidate.radius < best.radius {
                best = candidate;
            }
        }
        best
    }
}

impl Classify for Triangle {
    /// By the exact sides of the corners; a triangle touching the line straddles it.
    /// `Straddle` for invalid input.
    ///
    /// ```
    /// use isect::d2::{Classify, Line, Side, Triangle};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// let t = Triangle::new(Vec2::new(0.0, 1.0), Vec2::new(2.0, 1.0), Vec2::new(1.0, 3.0));
    /// assert_eq!(t.classify(&x_axis), Side::Front);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_points(&self.vertices())
    }
}
