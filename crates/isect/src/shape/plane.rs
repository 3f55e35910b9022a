//! The plane.

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::query::Side;
use crate::query::algo::scale;
use crate::shape::{check_direction, check_finite};

/// The plane of points `x` with `normal · x = d`.
///
/// `normal` is unit length (the constructors normalize it), so `d` is the signed distance of the
/// plane from the origin along `normal`. The *front* is the side `normal` points to. A plane is a
/// surface, not a half-space: a point is in it only when it lies on it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Plane {
    /// Unit normal; points to the front.
    pub normal: Vec3,
    /// `normal · x` for every point `x` of the plane.
    pub d: Real,
}

impl Plane {
    /// The plane `normal · x = d`. Both are divided by `|normal|`, which keeps the point set and
    /// makes the stored normal unit length. A zero or non-finite `normal` is stored as given
    /// (and reported by [`Plane::is_valid`]).
    #[inline]
    #[must_use]
    pub fn new(normal: Vec3, d: Real) -> Self {
        let ll = normal.length_squared();
        if scale::square_in_range(ll) {
            let length = crate::ops::sqrt(ll);
            return Self {
                normal: normal / length,
                d: d / length,
            };
        }
        // |normal|² underflowed (to 0, or to a subnormal that kept a few bits) or overflowed for
        // a finite, non-zero normal: bring the largest coordinate into [1, 2) by a power of two
        // first (the point set is unchanged, and so is the unit normal). `d` beyond `Real::MAX`
        // after that is not representable, and stays infinite (an invalid plane).
        if normal.is_finite() && normal != Vec3::ZERO {
            let (normal, k) = scale::normalized_direction(normal);
            let (d, length) = (scale::ldexp(d, k), normal.length());
            Self {
                normal: normal / length,
                d: d / length,
            }
        } else {
            Self { normal, d }
        }
    }

    /// The plane `normal · x = d` (normalized as [`Plane::new`] does), or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::ZeroVector`].
    pub fn try_new(normal: Vec3, d: Real) -> Result<Self, ShapeError> {
        check_direction(normal, "normal")?;
        if !d.is_finite() {
            return Err(ShapeError::NonFinite { field: "d" });
        }
        let plane = Self::new(normal, d);
        plane.is_valid().map(|()| plane)
    }

    /// The plane through `point` with the direction of `normal` (normalized).
    #[inline]
    #[must_use]
    pub fn from_point_normal(point: Vec3, normal: Vec3) -> Self {
        let normal = Self::new(normal, 0.0).normal;
        Self {
            normal,
            d: normal.dot(point),
        }
    }

    /// The plane through `a`, `b` and `c`, with its front the side from which they run
    /// counter-clockwise (`normal` along `(b - a) × (c - a)`). `None` when the points are
    /// collinear, coincident or not finite: the angle between the two shorter sides is within a
    /// few units in the last place of 0 or π, and no plane is determined.
    ///
    /// The normal is the cross product of the two shorter sides (the best conditioned of the
    /// three, Shewchuk's advice) and `d` is taken at the centroid. In `isect` (`f32`) both are
    /// computed in `f64`, where the sides and the products of `f32` coordinates are exact, and
    /// rounded once: each point lies on the plane within about `ε (|p| + |d|)`, which
    /// `contains_point` accepts, whatever the triangle's size and shape (a sliver's plane is
    /// still the exact one, rounded). In `isect-f64` the points lie on the plane up to rounding
    /// that grows as the triangle thins: about `ε · |longest side| / sin θ` for the triangle's
    /// smallest angle `θ`, within [`crate::math::ON_SET_TOLERANCE`] of the coordinates for
    /// angles above a few degrees.
    #[must_use]
    pub fn from_points(a: Vec3, b: Vec3, c: Vec3) -> Option<Self> {
        // `p` is the corner opposite the longest side, `p, q, r` in the cyclic order of `a, b, c`.
        let [q, r, p] = crate::shape::Triangle::new(a, b, c).corners_from_longest_side();
        #[cfg(not(isect_f64))]
        {
            through_in_f64([a, b, c], [p, q, r])
        }
        #[cfg(isect_f64)]
        {
            through([a, b, c], [p, q, r])
        }
    }
    /// `normal · p - d`: positive in front, negative behind, 0 on the plane (for a unit normal,
    /// the signed distance).
    #[inline]
    #[must_use]
    pub fn signed_distance(&self, p: Vec3) -> Real {
        self.normal.dot(p) - self.d
    }

    /// The same plane facing the other way.
    #[inline]
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self {
            normal: -self.normal,
            d: -self.d,
        }
    }

    /// A point of the plane: the one closest to the origin.
    #[inline]
    #[must_use]
    pub fn point(&self) -> Vec3 {
        self.normal * self.d
    }

    /// `Ok` for a finite plane with a unit normal (within glam's `is_normalized` tolerance),
    /// otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::ZeroVector`] or [`ShapeError::NotUnit`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.normal, "normal")?;
        if !self.d.is_finite() {
            return Err(ShapeError::NonFinite { field: "d" });
        }
        if self.normal == Vec3::ZERO {
            return Err(ShapeError::ZeroVector { field: "normal" });
        }
        if !self.normal.is_normalized() {
            return Err(ShapeError::NotUnit { field: "normal" });
        }
        Ok(())
    }

    /// Finite with a non-zero normal: what queries check on every call.
    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.normal.is_finite() && self.d.is_finite() && self.normal != Vec3::ZERO
    }

    /// The side of a shape whose points have `normal · x` in `[lo, hi]`: touching is
    /// [`Side::Straddle`], and so is anything non-finite (every comparison with NaN is false).
    #[inline]
    pub(crate) fn side_of_interval(&self, lo: Real, hi: Real) -> Side {
        if !self.is_usable() {
            Side::Straddle
        } else if lo > self.d {
            Side::Front
        } else if hi < self.d {
            Side::Back
        } else {
            Side::Straddle
        }
    }
}

/// [`Plane::from_points`] in the working precision, from the corners `[p, q, r]` with `p`
/// opposite the longest side.
#[cfg(isect_f64)]
fn through([a, b, c]: [Vec3; 3], [p, q, r]: [Vec3; 3]) -> Option<Plane> {
    // Offsets scaled into the magnitudes where the cross product and its length neither
    // overflow nor underflow (by a power of two: the same unit normal).
    let ([pq, pr], _) = scale::offsets(p, [q, r]);
    let n = pq.cross(pr);
    let n_length = n.length();
    // |pq × pr| = |pq| |pr| sin θ; below a few ulps of |pq| |pr| the sign of sin θ is noise.
    let threshold = 8.0 * Real::EPSILON * pq.length() * pr.length();
    if n_length > threshold && n_length.is_finite() {
        let normal = n / n_length;
        // The centroid makes d symmetric in the three points (from thirds where the sum
        // overflows).
        let centroid = (a + b + c) / 3.0;
        let centroid = if centroid.is_finite() {
            centroid
        } else {
            a / 3.0 + b / 3.0 + c / 3.0
        };
        Some(Plane::from_point_normal(centroid, normal))
    } else {
        None
    }
}

/// [`Plane::from_points`] for `f32` corners, computed in `f64` (exact sides and products, the
/// normal's direction rounded once, `d` from the final normal in `f64`), from the corners
/// `[p, q, r]` with `p` opposite the longest side. The same degeneracy rule as in `f32`: `None`
/// where `|pq × pr|` is below 8 ε of `|pq| |pr|`. No square root in `f64`, so no `libm` call:
/// squares of `f32` offsets stay in `f64`'s normal range.
#[cfg(not(isect_f64))]
fn through_in_f64([a, b, c]: [Vec3; 3], [p, q, r]: [Vec3; 3]) -> Option<Plane> {
    let wide = |v: Vec3| [f64::from(v.x), f64::from(v.y), f64::from(v.z)];
    let sub = |u: [f64; 3], v: [f64; 3]| [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
    let dot = |u: [f64; 3], v: [f64; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    let p = wide(p);
    let (pq, pr) = (sub(wide(q), p), sub(wide(r), p));
    let n = [
        pq[1] * pr[2] - pq[2] * pr[1],
        pq[2] * pr[0] - pq[0] * pr[2],
        pq[0] * pr[1] - pq[1] * pr[0],
    ];
    let eps = f64::from(Real::EPSILON);
    let threshold = 64.0 * eps * eps * dot(pq, pq) * dot(pr, pr);
    let nn = dot(n, n);
    if !(nn > threshold && nn.is_finite()) {
        return None;
    }
    // The direction in `f32`'s range (largest component ±1), then normalized in `f32`.
    let m = n[0].abs().max(n[1].abs()).max(n[2].abs());
    let direction = Vec3::new((n[0] / m) as Real, (n[1] / m) as Real, (n[2] / m) as Real);
    let normal = Plane::new(direction, 0.0).normal;
    let w = wide(normal);
    let d = (dot(w, wide(a)) + dot(w, wide(b)) + dot(w, wide(c))) / 3.0;
    Some(Plane {
        normal,
        d: d as Real,
    })
}
