//! The triangle.

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::query::algo::scale;
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Aabb, Plane, Sphere, check_finite, extent_along};

/// The flat triangle with corners `a`, `b`, `c`, interior included.
///
/// Collinear corners make a segment and coincident ones a point: such triangles are valid and
/// answered as what they are. The front face is the one from which `a`, `b`, `c` run
/// counter-clockwise ([`Triangle::normal`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Triangle {
    /// First corner.
    pub a: Vec3,
    /// Second corner.
    pub b: Vec3,
    /// Third corner.
    pub c: Vec3,
}

impl Triangle {
    /// The triangle `a`, `b`, `c`. Does not validate; see [`Triangle::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(a: Vec3, b: Vec3, c: Vec3) -> Self {
        Self { a, b, c }
    }

    /// The triangle, or why there is none (non-finite corners; degenerate triangles are fine).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`].
    pub fn try_new(a: Vec3, b: Vec3, c: Vec3) -> Result<Self, ShapeError> {
        let triangle = Self::new(a, b, c);
        triangle.is_valid().map(|()| triangle)
    }

    /// The corners `[a, b, c]`.
    #[inline]
    #[must_use]
    pub const fn vertices(&self) -> [Vec3; 3] {
        [self.a, self.b, self.c]
    }

    /// The corners rotated (cyclic order, so the orientation is kept) so that the first two
    /// span the longest side: the best-conditioned start for computations on thin triangles.
    /// Ties go to `a–b`, then `b–c`.
    #[inline]
    pub(crate) fn corners_from_longest_side(&self) -> [Vec3; 3] {
        let [a, b, c] = self.vertices();
        let (ab, bc, ca) = (
            (b - a).length_squared(),
            (c - b).length_squared(),
            (a - c).length_squared(),
        );
        if ab >= bc && ab >= ca {
            [a, b, c]
        } else if bc >= ca {
            [b, c, a]
        } else {
            [c, a, b]
        }
    }

    /// `(b - a) × (c - a)`: the normal scaled by twice the area; zero for a degenerate triangle.
    #[inline]
    #[must_use]
    pub fn scaled_normal(&self) -> Vec3 {
        (self.b - self.a).cross(self.c - self.a)
    }

    /// The unit normal, on the side from which `a`, `b`, `c` run counter-clockwise; `None` for a
    /// degenerate (zero-area) or non-finite triangle.
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Option<Vec3> {
        let ([ab, ac], _) = scale::offsets(self.a, [self.b, self.c]);
        ab.cross(ac).try_normalize()
    }

    /// The area; 0 for a degenerate triangle.
    #[inline]
    #[must_use]
    pub fn area(&self) -> Real {
        let ([ab, ac], k) = scale::offsets(self.a, [self.b, self.c]);
        // `+∞` when the area is beyond `Real::MAX`.
        scale::ldexp(0.5 * ab.cross(ac).length(), -2 * k)
    }

    /// The centroid `(a + b + c) / 3`.
    #[inline]
    #[must_use]
    pub fn centroid(&self) -> Vec3 {
        (self.a + self.b + self.c) / 3.0
    }

    /// Barycentric coordinates `(u, v, w)` of `p` projected onto the triangle's plane, so that
    /// the projection is `u a + v b + w c` and `u + v + w = 1`. All three are in `[0, 1]` exactly
    /// when the projection lies in the triangle.
    ///
    /// Computed from signed areas (cross products against the normal), which stays accurate for
    /// thin triangles where the dot-product form (Ericson §3.4) cancels. `None` when the triangle
    /// is degenerate (its coordinates are not unique) or the input is not finite.
    #[must_use]
    pub fn barycentric(&self, p: Vec3) -> Option<Vec3> {
        // The weights are ratios of products of four offsets: offsets far from 1 are scaled by
        // a power of two first, which changes none of them.
        let ([ab, ac, ap], _) = scale::offsets(self.a, [self.b, self.c, p]);
        let n = ab.cross(ac);
        let denom = n.length_squared();
        if !(denom > 0.0 && denom.is_finite()) {
            return None;
        }
        let v = ap.cross(ac).dot(n) / denom;
        let w = ab.cross(ap).dot(n) / denom;
        let uvw = Vec3::new(1.0 - v - w, v, w);
        uvw.is_finite().then_some(uvw)
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
    /// The box of the three corners.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(
            self.a.min(self.b).min(self.c),
            self.a.max(self.b).max(self.c),
        )
    }

    /// The smallest enclosing sphere: the circumsphere for an acute triangle, otherwise the
    /// sphere on the longest edge (which also covers degenerate triangles). Every corner is
    /// inside despite rounding (the radius is the largest computed distance to a corner).
    ///
    /// Near a right angle (or for a needle) the circumcenter is ill-conditioned, so the
    /// spheres centred on the three edges' midpoints are candidates too and the smallest that
    /// holds all corners wins: each candidate holds them by construction, and one of them is
    /// within rounding of the optimum.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        let [a, b, c] = self.vertices();
        // The largest computed distance, so that every corner is inside despite rounding.
        let around = |center: Vec3| {
            let radius = scale::distance(center, a)
                .max(scale::distance(center, b))
                .max(scale::distance(center, c));
            Sphere::new(center, radius)
        };
        let [mut best, rest @ ..] = [(b + c) * 0.5, (a + c) * 0.5, (a + b) * 0.5].map(around);
        // An acute triangle: also the circumcenter (Ericson §4.3.4, the cross-product form).
        let (ab, ac) = (b - a, c - a);
        let circum = (ab.dot(ac) > 0.0 && (a - b).dot(c - b) > 0.0 && (a - c).dot(b - c) > 0.0)
            .then(|| {
                let n = ab.cross(ac);
                around(
                    a + (n.cross(ab) * ac.length_squared() + ac.cross(n) * ab.length_squared())
                        / (2.0 * n.length_squared()),
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
    /// By the signed distances of the corners; a triangle touching the plane straddles it.
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !self.is_usable() {
            return Side::Straddle;
        }
        let (lo, hi) = extent_along(plane.normal, self.vertices());
        plane.side_of_interval(lo, hi)
    }
}
