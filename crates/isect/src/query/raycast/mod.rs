//! `RayCast` per shape, one file per shape named after it; segments, rays and lines are cast
//! through these (a segment is a ray with `dir = b - a` and `max_t = 1`).
//!
//! Conventions every file keeps (see [`RayCast`](crate::RayCast)): `t` is counted in units of
//! the ray's `dir` (a non-unit `dir` scales it); a ray with a zero, NaN or infinite `dir` or
//! origin, an invalid shape, and a negative or NaN `max_t` give `None`; every reported normal is
//! unit length, also for grazing hits, where a tangent or edge normal is as valid as any.
//!
//! The boolean overlap tests of segments, rays and lines against the solids
//! (`query/intersects/*_segment.rs`, ...) share the parameter-interval machinery here: a linear
//! component is `origin + t dir` with `t` in `[lo, hi]`, `[0, 1]` for a segment, `[0, ∞)` for a
//! ray and `(−∞, ∞)` for a line.

mod aabb;
mod capsule;
mod convex_hull;
mod frustum;
mod obb;
mod plane;
mod segment;
mod sphere;
pub(crate) mod triangle;
mod triangle_exact;
#[cfg(feature = "alloc")]
mod trimesh;

pub(crate) use aabb::slab_interval;
pub(crate) use capsule::linear_meets_capsule;
pub(crate) use sphere::interval_meets_ball;
pub(crate) use triangle::linear_meets_triangle;

use crate::math::{Real, Vec3};
use crate::query::RayHit;
use crate::shape::{Plane, Ray};

/// A finite origin and a finite, non-zero direction, a `max_t` that is not NaN nor negative,
/// and finite `points` and `scalars` (the shape's): the validity every cast starts with.
///
/// Branch-free: `x · 0` is 0 for finite `x` and NaN for NaN or ±∞, and a sum of zeros stays 0
/// while a NaN propagates (no overflow, unlike a sum of the values). A chain of `is_finite`
/// tests costs more than the cast of a sphere.
#[inline(always)]
pub(crate) fn cast_valid<const N: usize, const M: usize>(
    ray: &Ray,
    max_t: Real,
    points: [Vec3; N],
    scalars: [Real; M],
) -> bool {
    let mut z = ray.origin * 0.0 + ray.dir * 0.0;
    for p in points {
        z += p * 0.0;
    }
    let mut sum = z.x + z.y + z.z;
    for x in scalars {
        sum += x * 0.0;
    }
    sum == 0.0 && max_t >= 0.0 && ray.dir != Vec3::ZERO
}

/// `hit` when there is one and `valid()`: the casts compute first and validate only what they
/// would report. A miss needs no check, as `None` is also the answer for invalid input, and the
/// computation cannot loop or panic on NaN or infinities (IEEE arithmetic carries them to the
/// result, and the one recursion, [`cast_rescaled`], stops on a non-finite scale). Half the
/// rays of a typical batch miss and skip the check.
#[inline(always)]
pub(crate) fn checked<T>(hit: Option<T>, valid: impl FnOnce() -> bool) -> Option<T> {
    match hit {
        Some(h) if valid() => Some(h),
        _ => None,
    }
}

/// [`cast_valid`] for a ray alone.
#[inline]
pub(crate) fn cast_usable(ray: &Ray, max_t: Real) -> bool {
    cast_valid(ray, max_t, [], [])
}

/// `v` normalized (rescaled first when its squared length under- or overflows); `fallback()`
/// for the zero vector, evaluated only then.
#[inline]
pub(crate) fn unit_or(v: Vec3, fallback: impl FnOnce() -> Vec3) -> Vec3 {
    let ll = v.length_squared();
    if (Real::MIN_POSITIVE..Real::INFINITY).contains(&ll) {
        v * (1.0 / crate::ops::sqrt(ll))
    } else {
        unit_rescaled(v).unwrap_or_else(fallback)
    }
}

/// `unit_or(v, || against_dir(dir))` with its rare half out of line and given coordinates: a
/// closure capturing the ray, called out of line, takes the ray's address, which made the
/// caller store the ray it had in registers and read it back across two stores (a
/// store-forwarding stall on every cast, in the sphere's; docs/performance.md).
#[inline(always)]
pub(crate) fn unit_or_against(v: Vec3, dir: Vec3) -> Vec3 {
    let ll = v.length_squared();
    if (Real::MIN_POSITIVE..Real::INFINITY).contains(&ll) {
        v * (1.0 / crate::ops::sqrt(ll))
    } else {
        unit_or_against_cold(v.x, v.y, v.z, dir.x, dir.y, dir.z)
    }
}

/// The rare half of [`unit_or_against`]: `v` rescaled, else the unit vector against `dir`.
#[cold]
#[inline(never)]
fn unit_or_against_cold(vx: Real, vy: Real, vz: Real, dx: Real, dy: Real, dz: Real) -> Vec3 {
    unit_rescaled(Vec3::new(vx, vy, vz))
        .unwrap_or_else(|| unit_or(-Vec3::new(dx, dy, dz), || Vec3::X))
}

/// `v` brought to a largest coordinate in `[1, 2)` by a power of two (so the same unit vector as
/// the direct formula gives where that neither under- nor overflows), then normalized; `None` for
/// zero or non-finite `v`.
#[cold]
fn unit_rescaled(v: Vec3) -> Option<Vec3> {
    if !v.is_finite() {
        return None;
    }
    let (v, _) = crate::query::algo::scale::normalized_direction(v);
    let ll = v.length_squared();
    (ll > 0.0).then(|| v * (1.0 / crate::ops::sqrt(ll)))
}

/// The unit vector opposite to the ray: the normal of a hit at the start of a ray that starts
/// inside a solid, and the fallback wherever a surface has no normal (a zero-radius sphere).
#[inline]
pub(crate) fn against(ray: &Ray) -> Vec3 {
    unit_or(-ray.dir, || Vec3::X)
}

/// The hit of a solid that contains the ray's origin: `t = 0`, `normal = −dir` normalized.
#[inline]
pub(crate) fn start_inside(ray: &Ray) -> RayHit {
    RayHit {
        t: 0.0,
        point: ray.origin,
        normal: against(ray),
    }
}

/// Squared direction lengths outside [`SQUARES`](crate::query::algo::scale::SQUARES) make the
/// quadratics of the sphere and the capsule under- or overflow (they multiply up to four lengths).
#[inline]
pub(crate) fn dir_needs_scaling(dd: Real) -> bool {
    !crate::query::algo::scale::in_squares(dd)
}

/// Casts with `dir` brought to a largest coordinate in `[1, 2)` by a power of two `2ᵏ` (`t` along
/// the scaled ray is `2⁻ᵏ` times `t` along the ray) and converts the hit back: for directions
/// whose squared length under- or overflows.
#[cold]
pub(crate) fn cast_rescaled(
    ray: &Ray,
    max_t: Real,
    cast: impl Fn(&Ray, Real) -> Option<RayHit>,
) -> Option<RayHit> {
    // Also the exit of the recursion for a NaN or zero `dir`.
    if !(ray.dir.is_finite() && ray.dir != Vec3::ZERO) {
        return None;
    }
    // By a power of two: the hit is the one of the unscaled computation where that has neither
    // overflowed nor underflowed.
    let (dir, k) = crate::query::algo::scale::normalized_direction(ray.dir);
    let scaled = Ray::new(ray.origin, dir);
    let max_scaled = crate::query::algo::scale::ldexp(max_t, -k);
    cast(&scaled, max_scaled)
        .map(|hit| RayHit {
            t: crate::query::algo::scale::ldexp(hit.t, k),
            ..hit
        })
        .filter(|hit| hit.t <= max_t)
}

/// The parameter interval of `origin + t dir` inside the intersection of half-spaces
/// `normal · x <= d` (Cyrus–Beck clipping; Ericson, *Real-Time Collision Detection*, §5.3.8),
/// with the planes that bound it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clip {
    /// The interval, shrunk plane by plane; empty once `lo > hi`.
    pub lo: Real,
    pub hi: Real,
    /// The plane the interval's low end was set by (`usize::MAX`: none, `lo` is the start).
    pub enter: usize,
    /// The plane the high end was set by (`usize::MAX`: none).
    pub exit: usize,
}

impl Clip {
    #[inline]
    pub fn new(lo: Real, hi: Real) -> Self {
        Self {
            lo,
            hi,
            enter: usize::MAX,
            exit: usize::MAX,
        }
    }

    /// Clips by the half-space behind `plane` (`index` names it in `enter`/`exit`); `false`
    /// when the interval became empty. A line parallel to the plane is kept whole or emptied
    /// by the side its origin is on (on the plane is behind: closed sets).
    #[inline]
    pub fn clip(&mut self, index: usize, plane: &Plane, origin: Vec3, dir: Vec3) -> bool {
        let s = plane.signed_distance(origin);
        let den = plane.normal.dot(dir);
        self.clip_by(index, s, den, || -s / den)
    }

    /// [`Clip::clip`] from the origin's signed distance `s` and `den`, of the sign of
    /// `normal · dir`, with `t()` the crossing's parameter `−s / (normal · dir)` (asked for only
    /// where `den` is not zero).
    #[inline(always)]
    pub fn clip_by(&mut self, index: usize, s: Real, den: Real, t: impl FnOnce() -> Real) -> bool {
        if den < 0.0 {
            let t = t();
            if t > self.lo {
                self.lo = t;
                self.enter = index;
            }
        } else if den > 0.0 {
            let t = t();
            if t < self.hi {
                self.hi = t;
                self.exit = index;
            }
        } else if s > 0.0 {
            self.lo = Real::INFINITY;
            self.hi = Real::NEG_INFINITY;
        }
        self.lo <= self.hi
    }
}
