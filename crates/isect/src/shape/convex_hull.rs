//! The convex hull of a point set.

use alloc::vec::Vec;

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::query::algo::hull_support::SupportPoints;
use crate::query::algo::quickhull::{HullPlanes, hull_planes};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Aabb, Plane, Sphere};

/// The convex hull of a set of points: the smallest convex solid containing them.
///
/// isect knows the hull through its support map (the point farthest along a direction), so the
/// points need not be the hull's vertices: interior points cost time at construction (those
/// proved interior are left out of the support scan), not correctness. The support along a
/// direction is the first of the points (in their order) farthest along it, whenever the dot
/// products are finite. One point is a point, two a segment, coplanar points a flat polygon:
/// all valid. No points is invalid.
///
/// The points are private so that a later version may cache hull data beside them; read them with
/// [`ConvexHull::points`]. Needs the `alloc` feature.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "Vec<Vec3>", into = "Vec<Vec3>")
)]
pub struct ConvexHull {
    points: Vec<Vec3>,
    /// Every point is finite (and there is at least one): computed once at construction so
    /// that queries need not rescan the points to honour the invalid-input rule.
    usable: bool,
    /// The hull's face planes and dimension, computed once at construction (Quickhull; see
    /// [`ConvexHull::planes`]); empty when not usable.
    faces: HullPlanes,
    /// The points a support query must scan, in rows of four lanes: all but those proved
    /// inside the hull by more than the rounding (see `query/algo/hull_support.rs`); built at
    /// construction, empty when not usable. Three reals per kept point, plus up to three pads.
    support: SupportPoints,
}

impl From<Vec<Vec3>> for ConvexHull {
    fn from(points: Vec<Vec3>) -> Self {
        Self::new(points)
    }
}

impl From<ConvexHull> for Vec<Vec3> {
    fn from(hull: ConvexHull) -> Self {
        hull.points
    }
}

impl ConvexHull {
    /// The hull of `points`. Does not validate; see [`ConvexHull::try_new`].
    #[must_use]
    pub fn new(points: impl Into<Vec<Vec3>>) -> Self {
        let points = points.into();
        let usable = !points.is_empty() && points.iter().all(|p| p.is_finite());
        let (faces, support) = if usable {
            let (faces, keep) = hull_planes(&points);
            (faces, SupportPoints::new(&points, &keep))
        } else {
            let faces = HullPlanes {
                dimension: 0,
                planes: Vec::new(),
                bounds: Aabb::EMPTY,
            };
            (faces, SupportPoints::default())
        };
        Self {
            points,
            usable,
            faces,
            support,
        }
    }

    /// The hull of `points`, or why there is none (no points, or a non-finite one).
    ///
    /// # Errors
    /// [`ShapeError::Empty`] or [`ShapeError::NonFinitePoint`].
    pub fn try_new(points: impl Into<Vec<Vec3>>) -> Result<Self, ShapeError> {
        let hull = Self::new(points);
        hull.is_valid().map(|()| hull)
    }

    /// The points the hull was made from.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[Vec3] {
        &self.points
    }

    /// The outward planes of the hull's faces: the hull is the set of points behind or on every
    /// one of them (up to a construction tolerance of `16 ε` times the largest coordinate, by
    /// which the planes may lie outside the exact hull, never inside: every point of the hull
    /// is behind or on each plane). Computed once by Quickhull when the hull is built.
    ///
    /// Degenerate hulls get the planes of what they are, with zero thickness where they are
    /// flat: coplanar points both sides of their plane and one plane through each edge of their
    /// polygon, perpendicular to it; collinear points four planes through their line and two end
    /// caps; a single point six planes through it. Empty for an invalid hull.
    ///
    /// ```
    /// use isect::{ConvexHull, Real, math::Vec3};
    /// let corners: Vec<Vec3> = (0..8)
    ///     .map(|i| Vec3::new((i & 1) as Real, ((i >> 1) & 1) as Real, ((i >> 2) & 1) as Real))
    ///     .collect();
    /// let cube = ConvexHull::new(corners);
    /// assert_eq!(cube.planes().len(), 6);
    /// assert!(cube.planes().iter().all(|p| p.normal.abs().max_element() == 1.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn planes(&self) -> &[Plane] {
        &self.faces.planes
    }

    /// How many dimensions the points span: 0 (one point, or all within rounding of one), 1
    /// (collinear), 2 (coplanar) or 3 (a solid); 0 for an invalid hull.
    #[inline]
    #[must_use]
    pub fn dimension(&self) -> u8 {
        self.faces.dimension
    }

    /// The box of the points (cached; [`Aabb::EMPTY`] when invalid), for quick rejections.
    #[inline]
    pub(crate) fn bounds(&self) -> &Aabb {
        &self.faces.bounds
    }

    /// The cached rows of the points a support query scans (see [`SupportPoints`]).
    #[inline]
    pub(crate) fn support_points(&self) -> &SupportPoints {
        &self.support
    }

    /// At least one point, all finite (what `is_valid` checks, cached).
    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.usable
    }

    /// The hull with every point (and face plane) multiplied by `2ᵏ`: exactly the scaled hull
    /// where no coordinate leaves the normal range, without running Quickhull again. For the
    /// rare queries whose input lies far outside the magnitudes computed as given (see
    /// [`crate::query::algo::scale`]); the one place such a query allocates.
    pub(crate) fn rescaled(&self, k: i32) -> Self {
        use crate::query::algo::scale::{ldexp, ldexp_vec};
        let points: Vec<Vec3> = self.points.iter().map(|&p| ldexp_vec(p, k)).collect();
        // A plane's offset that overflowed at construction (points near `Real::MAX`: `n · p`
        // beyond it) is taken again from the scaled points: scaled, `+∞` stayed `+∞`, every
        // point passed that face's test, and a segment 3.4e36 from such a hull met it (issue
        // 24, `regressions::overflowed_hull_planes`). The offset is the points' largest
        // `n · p` (the face's, or the slab's side's, support).
        let offset = |plane: &Plane| {
            let d = ldexp(plane.d, k);
            if d.is_finite() || !self.usable {
                d
            } else {
                points
                    .iter()
                    .fold(Real::NEG_INFINITY, |m, p| m.max(plane.normal.dot(*p)))
            }
        };
        Self {
            faces: HullPlanes {
                dimension: self.faces.dimension,
                planes: self
                    .faces
                    .planes
                    .iter()
                    .map(|plane| Plane {
                        normal: plane.normal,
                        d: offset(plane),
                    })
                    .collect(),
                bounds: Aabb::new(
                    ldexp_vec(self.faces.bounds.min, k),
                    ldexp_vec(self.faces.bounds.max, k),
                ),
            },
            support: self.support.map(|v| v.map(|c| ldexp(c, k))),
            points,
            usable: self.usable,
        }
    }

    /// `Ok` for at least one point, all finite; otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::Empty`] or [`ShapeError::NonFinitePoint`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        if self.points.is_empty() {
            return Err(ShapeError::Empty);
        }
        match self.points.iter().position(|p| !p.is_finite()) {
            Some(index) => Err(ShapeError::NonFinitePoint { index }),
            None => Ok(()),
        }
    }

    /// The smallest and largest `normal · p` over the points; NaN when a point is not finite
    /// or there are none.
    pub(crate) fn extent_along(&self, normal: Vec3) -> (Real, Real) {
        let mut lo = Real::INFINITY;
        let mut hi = Real::NEG_INFINITY;
        for p in &self.points {
            let s = normal.dot(*p);
            if !s.is_finite() {
                return (Real::NAN, Real::NAN);
            }
            lo = lo.min(s);
            hi = hi.max(s);
        }
        if self.points.is_empty() {
            return (Real::NAN, Real::NAN);
        }
        (lo, hi)
    }
}

impl Bounded for ConvexHull {
    /// The box of the points; [`Aabb::EMPTY`] when invalid.
    fn aabb(&self) -> Aabb {
        Aabb::from_points(self.points.iter().copied()).unwrap_or(Aabb::EMPTY)
    }

    /// Ritter's sphere ("An Efficient Bounding Sphere", Graphics Gems, 1990): within about 5–20 %
    /// of the smallest, in three passes. [`Sphere::EMPTY`] when invalid.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.usable {
            return Sphere::EMPTY;
        }
        let farthest = |from: Vec3| {
            self.points
                .iter()
                .copied()
                .fold((from, 0.0), |(best, best_d2), p| {
                    let d2 = p.distance_squared(from);
                    if d2 > best_d2 {
                        (p, d2)
                    } else {
                        (best, best_d2)
                    }
                })
                .0
        };
        let y = farthest(self.points[0]);
        let z = farthest(y);
        let mut center = (y + z) * 0.5;
        let distance = crate::query::algo::scale::distance;
        let mut radius = 0.5 * distance(y, z);
        for &p in &self.points {
            let d = distance(p, center);
            if d > radius {
                // Grow just enough to take in p, keeping the far side of the old sphere.
                let new_radius = 0.5 * (radius + d);
                center += (p - center) * ((new_radius - radius) / d);
                radius = new_radius;
            }
        }
        // Rounding in the updates can leave a point a few ulps outside; take the true maximum.
        let radius = self
            .points
            .iter()
            .map(|p| distance(*p, center))
            .fold(radius, Real::max);
        Sphere::new(center, radius)
    }
}

impl Classify for ConvexHull {
    /// By the extent of the points along the normal; touching straddles.
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        let (lo, hi) = self.extent_along(plane.normal);
        if lo.is_nan() {
            return Side::Straddle;
        }
        plane.side_of_interval(lo, hi)
    }
}
