//! The simple polygon, possibly concave.

use alloc::vec::Vec;

use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::polygon::crossing_edges;
use crate::d2::query::algo::polygon_contact::is_convex;
use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, check_points, ritter_circle};
use crate::error::ShapeError;
use crate::math::{Vec2, value_cmp};

/// A simple polygon (its boundary does not cross or touch itself), possibly concave, with its
/// interior: the solid bounded by the closed chain of its points.
///
/// [`Polygon::new`] checks the input and builds nothing else: the queries go through the
/// edges, and containment is the crossings test, exact on the boundary (ARCHITECTURE.md, "2D").
/// The points may come in either winding; the polygon keeps them counter-clockwise (reversed
/// if given clockwise). A point equal to the one before it (and a last point equal to the first,
/// as closed rings are often written) is dropped; collinear points are kept, as corners of
/// 180°. Needs the `alloc` feature.
///
/// ```
/// use isect::d2::{Polygon, PointQuery};
/// use isect::math::Vec2;
/// // An L, clockwise; kept counter-clockwise.
/// let l = Polygon::new(vec![
///     Vec2::ZERO, Vec2::new(0.0, 2.0), Vec2::new(1.0, 2.0), Vec2::new(1.0, 1.0),
///     Vec2::new(2.0, 1.0), Vec2::new(2.0, 0.0),
/// ]).unwrap();
/// assert_eq!(l.area(), 3.0);
/// assert!(l.contains_point(Vec2::new(1.5, 1.0))); // on an edge
/// assert!(!l.contains_point(Vec2::new(1.5, 1.5))); // in the notch
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "Vec<Vec2>", into = "Vec<Vec2>")
)]
pub struct Polygon {
    /// At least three points, counter-clockwise, simple, none equal to the next.
    points: Vec<Vec2>,
    /// The box of the points, for quick rejections.
    bounds: Aabb,
    /// Whether the polygon turns left or goes straight at every corner (exact), decided once
    /// here: the contacts answer a convex polygon as the convex set of its corners.
    convex: bool,
}

impl TryFrom<Vec<Vec2>> for Polygon {
    type Error = ShapeError;
    fn try_from(points: Vec<Vec2>) -> Result<Self, ShapeError> {
        Self::new(points)
    }
}

impl From<Polygon> for Vec<Vec2> {
    fn from(polygon: Polygon) -> Self {
        polygon.points
    }
}

impl Polygon {
    /// The polygon through `points` in order, or why they do not make one: a non-finite point,
    /// fewer than three distinct points, or a boundary that crosses or touches itself (the
    /// error names the two edges by their first points' indices in `points`). Every check is
    /// exact. Time `O(n log n)` for typical polygons, `O(n²)` at worst (edges whose `x` ranges
    /// all overlap).
    ///
    /// # Errors
    /// [`ShapeError::Empty`], [`ShapeError::NonFinitePoint`], [`ShapeError::TooFewPoints`] or
    /// [`ShapeError::SelfIntersecting`].
    ///
    /// ```
    /// use isect::ShapeError;
    /// use isect::d2::Polygon;
    /// use isect::math::Vec2;
    /// // A bow tie: edges 0 (from point 0) and 2 (from point 2) cross.
    /// let bow = Polygon::new(vec![Vec2::ZERO, Vec2::new(2.0, 2.0), Vec2::new(2.0, 0.0), Vec2::new(0.0, 2.0)]);
    /// assert_eq!(bow, Err(ShapeError::SelfIntersecting { edges: [0, 2] }));
    /// ```
    pub fn new(points: impl Into<Vec<Vec2>>) -> Result<Self, ShapeError> {
        let input = points.into();
        check_points(&input)?;
        // Drop points equal to the one before, remembering where each kept one came from.
        let mut points = Vec::with_capacity(input.len());
        let mut origin = Vec::with_capacity(input.len());
        for (i, &p) in input.iter().enumerate() {
            if points.last() != Some(&p) {
                points.push(p);
                origin.push(i);
            }
        }
        while points.len() > 1 && points.last() == points.first() {
            points.pop();
            origin.pop();
        }
        if points.len() < 3 {
            return Err(ShapeError::TooFewPoints {
                count: points.len(),
            });
        }
        if let Some([i, j]) = crossing_edges(&points) {
            return Err(ShapeError::SelfIntersecting {
                edges: [origin[i], origin[j]],
            });
        }
        // The lowest (then leftmost) point is a corner of the hull, so the turn there is the
        // polygon's winding; it is not 0, as a simple chain does not fold back there.
        let n = points.len();
        let low = (0..n)
            .min_by(|&i, &j| {
                let (p, q) = (points[i], points[j]);
                value_cmp(p.y, q.y).then(value_cmp(p.x, q.x))
            })
            .unwrap_or(0);
        if orient(
            points[(low + n - 1) % n],
            points[low],
            points[(low + 1) % n],
        ) < 0
        {
            points.reverse();
        }
        points.shrink_to_fit();
        let bounds = Aabb::from_points(points.iter().copied()).unwrap_or(Aabb::EMPTY);
        let convex = is_convex(&points);
        Ok(Self {
            points,
            bounds,
            convex,
        })
    }

    /// [`Polygon::new`], under the name the other shapes' checked constructors have.
    ///
    /// # Errors
    /// As [`Polygon::new`].
    pub fn try_new(points: impl Into<Vec<Vec2>>) -> Result<Self, ShapeError> {
        Self::new(points)
    }

    /// Whether the polygon is convex (no corner turns right; straight corners allowed), as
    /// decided exactly at construction.
    #[inline]
    pub(crate) fn is_convex(&self) -> bool {
        self.convex
    }

    /// The points, counter-clockwise, each edge from a point to the next and the last back to
    /// the first.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The area, by the shoelace formula (rounded); positive, as the points run
    /// counter-clockwise.
    #[must_use]
    pub fn area(&self) -> crate::math::Real {
        let n = self.points.len();
        let origin = self.points[0];
        let twice: crate::math::Real = (1..n - 1)
            .map(|i| (self.points[i] - origin).perp_dot(self.points[i + 1] - origin))
            .sum();
        0.5 * twice
    }

    /// Always `Ok`: a `Polygon` is checked when it is made ([`Polygon::new`], and
    /// deserialization goes through it).
    ///
    /// # Errors
    /// None.
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        Ok(())
    }

    /// The box of the points, as `(min, max)`.
    #[inline]
    pub(crate) fn bounds(&self) -> (Vec2, Vec2) {
        (self.bounds.min, self.bounds.max)
    }

    /// Whether the box `(lo, hi)` meets the polygon's box (exact).
    #[inline]
    pub(crate) fn bounds_meet(&self, lo: Vec2, hi: Vec2) -> bool {
        self.bounds.max.cmpge(lo).all() && self.bounds.min.cmple(hi).all()
    }
}

impl Bounded for Polygon {
    /// The box of the points.
    fn aabb(&self) -> Aabb {
        self.bounds
    }

    /// Ritter's circle around the points (within about 5–20 % of the smallest); every point is
    /// inside.
    fn bounding_circle(&self) -> Circle {
        ritter_circle(&self.points)
    }
}

impl Classify for Polygon {
    /// By the exact sides of the points; a polygon touching the line straddles it.
    fn classify(&self, line: &Line) -> Side {
        line.side_of_points(&self.points)
    }
}
