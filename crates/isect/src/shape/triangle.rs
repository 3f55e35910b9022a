//! The triangle.

use crate::error::ShapeError;
use crate::math::{Real, Vec3, from_f64};
use crate::query::algo::orient;
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
    /// degenerate triangle (exactly collinear corners) or a non-finite one.
    ///
    /// Whether the triangle is degenerate is decided exactly, so the answer is the same in every
    /// corner order: a sliver whose cross product rounds to zero at one corner and not at
    /// another is a face in all six (the normal flips with the orientation). The normal is the
    /// cross product at the corner opposite the longest side, rounded, where a floating-point
    /// filter shows it has the right signs; otherwise each coordinate comes from the exact
    /// orientation of the corners' projection onto a coordinate plane.
    ///
    /// ```
    /// use isect::{Triangle, glam::Vec3};
    /// assert_eq!(Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y).normal(), Some(Vec3::Z));
    /// // Collinear corners: a segment.
    /// assert_eq!(Triangle::new(Vec3::ZERO, Vec3::X, Vec3::X * 2.0).normal(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Option<Vec3> {
        match self.filtered_cross() {
            // `scale::normalize`, not `n / |n|`: a clear cross product of a sliver can still have
            // a square below the normal range (offsets of 1 and 1e-27: coordinates near 1e-27,
            // squares that flush to 0 and a NaN normal).
            (n, _, true) => scale::normalize(n),
            _ => self
                .exact_cross()
                .map(|(n, _)| narrowed(n).0)
                .and_then(scale::normalize),
        }
    }

    /// The area; 0 exactly when the triangle is degenerate (collinear corners, decided exactly as
    /// for [`Triangle::normal`]); the smallest positive number for a proper triangle whose area
    /// is below it, `+∞` for one whose area exceeds `Real::MAX`.
    ///
    /// ```
    /// use isect::{Triangle, glam::Vec3};
    /// assert_eq!(Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y).area(), 0.5);
    /// assert_eq!(Triangle::new(Vec3::ZERO, Vec3::X, Vec3::X * 2.0).area(), 0.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn area(&self) -> Real {
        let area = match self.filtered_cross() {
            (n, k, true) => scale::ldexp(0.5 * scale::length(n), -2 * k),
            _ => match self.exact_cross() {
                None => return 0.0,
                Some((n, k)) => {
                    let (n, e) = narrowed(n);
                    scale::ldexp(0.5 * scale::length(n), e - 2 * k)
                }
            },
        };
        // A proper triangle keeps a positive area, so that 0 means degenerate.
        if area == 0.0 {
            Real::from_bits(1)
        } else {
            area
        }
    }

    /// Whether the corners are exactly collinear (or coincide): the triangle is a segment or a
    /// point. Non-finite triangles count as degenerate.
    #[inline]
    #[cfg_attr(
        not(feature = "alloc"),
        expect(dead_code, reason = "its callers are the meshes, which need `alloc`")
    )]
    pub(crate) fn is_degenerate(&self) -> bool {
        !self.filtered_cross().2 && self.exact_cross().is_none()
    }

    /// The cross product at the corner opposite the longest side, `(a − c) × (b − c)` for the
    /// corners of [`Triangle::corners_from_longest_side`], of the offsets brought into the
    /// window by `2ᵏ` ([`scale::offsets`]), `k`, and whether it is certainly right in sign: some
    /// coordinate is a normal number larger than the error bound of its two products and three
    /// rounded differences (Shewchuk's first `orient2d` filter, `(3 + 16ε)ε` of the products'
    /// magnitudes, taken as `4 EPSILON`, twice that). Where it is, the triangle is proper; where
    /// not, [`Triangle::exact_cross`] decides.
    #[inline]
    fn filtered_cross(&self) -> (Vec3, i32, bool) {
        let [a, b, c] = self.corners_from_longest_side();
        let ([u, v], k) = scale::offsets(c, [a, b]);
        let left = Vec3::new(u.y * v.z, u.z * v.x, u.x * v.y);
        let right = Vec3::new(u.z * v.y, u.x * v.z, u.y * v.x);
        let n = left - right;
        let bound = (left.abs() + right.abs()) * (4.0 * Real::EPSILON);
        let clear = n.abs().cmpgt(bound.max(Vec3::splat(Real::MIN_POSITIVE)));
        // NaN compares false: non-finite triangles go to the exact path, which rejects them.
        (n, k, clear.any() && n.is_finite())
    }

    /// The exact signs of `(a − c) × (b − c)` ([`Triangle::filtered_cross`]'s corners), each
    /// coordinate the orientation of a projection (values to about an ulp), for the corners
    /// scaled by `2ᵏ`, and `k`; `None` for exactly collinear corners and non-finite triangles.
    #[cold]
    #[inline(never)]
    fn exact_cross(&self) -> Option<([f64; 3], i32)> {
        if !self.is_usable() {
            return None;
        }
        // `f32` corners' products stay normal in `f64`; `f64` corners are brought into the
        // window, where they do.
        let m = scale::Rescale::magnitude(self);
        let k = if Real::MAX_EXP > 128 && !scale::in_window(m) && m > 0.0 {
            scale::normalizing_exponent(m)
        } else {
            0
        };
        let t = scale::Rescale::rescaled(self, k);
        let [a, b, c] = t.corners_from_longest_side().map(orient::wide);
        let n = orient::cross(a, b, c);
        (n != [0.0; 3]).then_some((n, k))
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

/// A non-zero `f64` vector as `v · 2⁻ᵉ` rounded to `Real` (its largest coordinate brought into
/// `[1, 2)` exactly first, so only coordinates below `2⁻¹⁴⁹` of it flush), and `e`.
fn narrowed(v: [f64; 3]) -> (Vec3, i32) {
    let m = v.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let s = f64::from_bits(((1023 - e) as u64) << 52);
    (
        Vec3::new(from_f64(v[0] * s), from_f64(v[1] * s), from_f64(v[2] * s)),
        e,
    )
}
