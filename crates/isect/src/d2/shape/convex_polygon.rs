//! The convex polygon: the convex hull of a point set.

use alloc::vec;
use alloc::vec::Vec;

use crate::d2::query::algo::hull::{hull_of_sorted, sort_points};
use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, check_points, ritter_circle};
use crate::error::ShapeError;
use crate::math::Vec2;

/// The convex hull of a set of points in the plane: the smallest convex solid containing them.
///
/// [`ConvexPolygon::new`] computes the hull once (Andrew's monotone chain with exact
/// orientations) and keeps only its corners, counter-clockwise from the lowest of the leftmost:
/// points inside the hull, on its edges between corners, or repeated are dropped, so the input
/// may come in any order and winding. One distinct point is a point, collinear points a segment
/// (its two ends): both valid. No points, or a non-finite one, is invalid.
///
/// Needs the `alloc` feature.
///
/// ```
/// use isect::d2::{ConvexPolygon, PointQuery};
/// use isect::math::Vec2;
/// let square = ConvexPolygon::new(vec![
///     Vec2::new(1.0, 1.0), Vec2::ZERO, Vec2::new(0.5, 0.5), Vec2::X, Vec2::Y, Vec2::new(0.5, 0.0),
/// ]);
/// assert_eq!(square.vertices(), &[Vec2::ZERO, Vec2::X, Vec2::new(1.0, 1.0), Vec2::Y]);
/// assert!(square.contains_point(Vec2::new(1.0, 0.5)));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "Vec<Vec2>", into = "Vec<Vec2>")
)]
pub struct ConvexPolygon {
    /// The hull's corners, counter-clockwise; empty when invalid.
    vertices: Vec<Vec2>,
    /// Why the points given were invalid, kept for `is_valid`.
    error: Option<ShapeError>,
}

impl From<Vec<Vec2>> for ConvexPolygon {
    fn from(points: Vec<Vec2>) -> Self {
        Self::new(points)
    }
}

impl From<ConvexPolygon> for Vec<Vec2> {
    fn from(polygon: ConvexPolygon) -> Self {
        polygon.vertices
    }
}

impl ConvexPolygon {
    /// The convex hull of `points`. Does not validate (an invalid polygon has no vertices and
    /// is the empty set for every query); see [`ConvexPolygon::try_new`].
    #[must_use]
    pub fn new(points: impl Into<Vec<Vec2>>) -> Self {
        let mut points = points.into();
        if let Err(error) = check_points(&points) {
            return Self {
                vertices: Vec::new(),
                error: Some(error),
            };
        }
        let n = sort_points(&mut points);
        let mut hull = vec![Vec2::ZERO; 2 * n];
        let k = hull_of_sorted(&points[..n], &mut hull);
        hull.truncate(k);
        hull.shrink_to_fit();
        Self {
            vertices: hull,
            error: None,
        }
    }

    /// The hull of `points`, or why there is none (no points, or a non-finite one).
    ///
    /// # Errors
    /// [`ShapeError::Empty`] or [`ShapeError::NonFinitePoint`].
    pub fn try_new(points: impl Into<Vec<Vec2>>) -> Result<Self, ShapeError> {
        let polygon = Self::new(points);
        polygon.is_valid().map(|()| polygon)
    }

    /// The hull's corners, counter-clockwise from the lowest of the leftmost, without
    /// collinear or repeated points: one for a point, two for a segment. Empty when invalid.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices
    }

    /// `Ok` when the points given were at least one and all finite; otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::Empty`] or [`ShapeError::NonFinitePoint`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        self.error.map_or(Ok(()), Err)
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        !self.vertices.is_empty()
    }
}

impl Bounded for ConvexPolygon {
    /// The box of the corners; [`Aabb::EMPTY`] when invalid.
    fn aabb(&self) -> Aabb {
        Aabb::from_points(self.vertices.iter().copied()).unwrap_or(Aabb::EMPTY)
    }

    /// Ritter's circle around the corners (within about 5–20 % of the smallest); every corner
    /// is inside. [`Circle::EMPTY`] when invalid.
    fn bounding_circle(&self) -> Circle {
        if !self.is_usable() {
            return Circle::EMPTY;
        }
        ritter_circle(&self.vertices)
    }
}

impl Classify for ConvexPolygon {
    /// By the exact sides of the corners; a polygon touching the line straddles it.
    /// `Straddle` when invalid.
    fn classify(&self, line: &Line) -> Side {
        if !self.is_usable() {
            return Side::Straddle;
        }
        line.side_of_points(&self.vertices)
    }
}
