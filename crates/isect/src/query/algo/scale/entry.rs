//! The queries' way in: the input's largest magnitude checked against the window, and where it
//! lies outside, the query answered on the rescaled input and its answer scaled back (`rescale!`).

use super::{
    Rescale, Unscale, fmax, in_window, lanes_max, lanes_max_element, ldexp, ldexp_vec, max_abs,
    normalizing_exponent, rescaled_ray,
};
use crate::math::{Real, Vec3};
use crate::query::{RayHit, SweepHit, TriangleHit};
use crate::shape::Ray;

/// The largest magnitude of the inputs, or `None` when it is in the window (compute as given).
#[inline(always)]
fn outside<const N: usize>(magnitudes: [Real; N]) -> Option<Real> {
    let m = magnitudes.into_iter().fold(0.0, fmax);
    (!in_window(m)).then_some(m)
}

/// The exponent that brings `m` into `[1, 2)`, or `None` for 0 and non-finite `m` (no shape to
/// scale, or invalid input, which the query answers as given).
#[cold]
fn scale_for(m: Real) -> Option<i32> {
    (m > 0.0 && m < Real::INFINITY).then(|| normalizing_exponent(m))
}

/// The largest magnitude of `a` and `b`: one reduction over both inputs' lanes (in SIMD lanes
/// in `f32`) rather than a scalar chain per vector, where both have lanes of their own (decided
/// at compile time).
#[inline(always)]
fn magnitude_of<A: Rescale, B: Rescale>(a: &A, b: &B) -> Real {
    if A::LANES && B::LANES {
        lanes_max_element(lanes_max(a.magnitude_lanes(), b.magnitude_lanes()))
    } else {
        [a.magnitude(), b.magnitude()].into_iter().fold(0.0, fmax)
    }
}

/// `f(a, b)` for `a` and `b` brought into the window, scaled back; `None` when they are in it
/// (or invalid): the query then computes as given.
#[inline(always)]
pub(crate) fn pair<A, B, R>(a: &A, b: &B, f: impl FnOnce(&A, &B) -> R) -> Option<R>
where
    A: Rescale,
    B: Rescale,
    R: Unscale,
{
    let m = magnitude_of(a, b);
    if in_window(m) && a.steady() && b.steady() {
        return None;
    }
    pair_cold(m, a, b, f)
}

/// The power of two [`pair`] scales `a` and `b` by (0 where only a direction is normalized), for
/// a query that applies part of its answer at the input's scale itself; `None` when they are
/// computed as given (in the window and steady, or invalid).
#[inline(always)]
pub(crate) fn pair_scale<A: Rescale, B: Rescale>(a: &A, b: &B) -> Option<i32> {
    let m = magnitude_of(a, b);
    if in_window(m) && a.steady() && b.steady() {
        return None;
    }
    pair_scale_cold(m)
}

#[cold]
fn pair_scale_cold(m: Real) -> Option<i32> {
    if in_window(m) { Some(0) } else { scale_for(m) }
}

#[cold]
#[inline(never)]
fn pair_cold<A, B, R>(m: Real, a: &A, b: &B, f: impl FnOnce(&A, &B) -> R) -> Option<R>
where
    A: Rescale,
    B: Rescale,
    R: Unscale,
{
    // In the window, only a direction is normalized (`steady`): the positions stay.
    let k = if in_window(m) { 0 } else { scale_for(m)? };
    Some(f(&a.rescaled(k), &b.rescaled(k)).unscaled(k))
}

/// [`pair`] for one shape and a point (point queries), the same test and the same answers.
#[inline(always)]
pub(crate) fn point<A, R>(a: &A, p: Vec3, f: impl FnOnce(&A, Vec3) -> R) -> Option<R>
where
    A: Rescale,
    R: Unscale,
{
    let m = magnitude_of(a, &p);
    if in_window(m) && a.steady() {
        return None;
    }
    point_cold(m, a, p.x, p.y, p.z, f)
}

/// [`pair_cold`] for a point, which comes as its coordinates rather than as `&Vec3` (or a
/// `Vec3`, which an out-of-line call also takes in memory): the caller would otherwise store
/// the point (8 + 4 bytes) on every query, and the hot path's packed read of it would wait
/// for both stores (no store forwarding): most of a segment's `contains_point`, and a sphere's
/// distance at 16 ns per query instead of 2.2 (docs/performance.md).
#[cold]
#[inline(never)]
fn point_cold<A, R>(
    m: Real,
    a: &A,
    x: Real,
    y: Real,
    z: Real,
    f: impl FnOnce(&A, Vec3) -> R,
) -> Option<R>
where
    A: Rescale,
    R: Unscale,
{
    let p = Vec3::new(x, y, z);
    let k = if in_window(m) { 0 } else { scale_for(m)? };
    Some(f(&a.rescaled(k), p.rescaled(k)).unscaled(k))
}

/// [`pair`] for a shape alone (bounding volumes, and queries against a plane given with it).
#[inline(always)]
pub(crate) fn single<A, R>(a: &A, f: impl FnOnce(&A) -> R) -> Option<R>
where
    A: Rescale,
    R: Unscale,
{
    pair(a, &Vec3::ZERO, |a, _| f(a))
}

/// [`pair`] for a sweep: the motions are coordinates too.
#[inline(always)]
pub(crate) fn sweep<A, B>(
    a: &A,
    motion: Vec3,
    b: &B,
    other_motion: Vec3,
    f: impl FnOnce(&A, Vec3, &B, Vec3) -> Option<SweepHit>,
) -> Option<Option<SweepHit>>
where
    A: Rescale,
    B: Rescale,
{
    let m = outside([
        a.magnitude(),
        b.magnitude(),
        max_abs(motion),
        max_abs(other_motion),
    ])?;
    sweep_cold(m, a, motion, b, other_motion, f)
}

#[cold]
#[inline(never)]
fn sweep_cold<A, B>(
    m: Real,
    a: &A,
    motion: Vec3,
    b: &B,
    other_motion: Vec3,
    f: impl FnOnce(&A, Vec3, &B, Vec3) -> Option<SweepHit>,
) -> Option<Option<SweepHit>>
where
    A: Rescale,
    B: Rescale,
{
    let k = scale_for(m)?;
    Some(
        f(
            &a.rescaled(k),
            ldexp_vec(motion, k),
            &b.rescaled(k),
            ldexp_vec(other_motion, k),
        )
        .unscaled(k),
    )
}

/// A result with ray parameters: scaled back by both the input's scale `k` and the parameter
/// scale `shift` of [`rescaled_ray`].
pub(crate) trait UnscaleCast {
    /// The result before the input was scaled by `2ᵏ` with parameters multiplied by `2^shift`.
    fn unscaled_cast(self, k: i32, shift: i32) -> Self;
}

impl UnscaleCast for RayHit {
    #[inline]
    fn unscaled_cast(self, k: i32, shift: i32) -> Self {
        Self {
            t: ldexp(self.t, -shift),
            point: self.point.unscaled(k),
            normal: self.normal,
        }
    }
}

impl UnscaleCast for TriangleHit {
    #[inline]
    fn unscaled_cast(self, _k: i32, shift: i32) -> Self {
        Self {
            t: ldexp(self.t, -shift),
            ..self
        }
    }
}

impl<T: UnscaleCast> UnscaleCast for Option<T> {
    #[inline]
    fn unscaled_cast(self, k: i32, shift: i32) -> Self {
        self.map(|x| x.unscaled_cast(k, shift))
    }
}

/// A hit's ray parameter, read and replaced.
pub(crate) trait Parameter {
    fn t(&self) -> Real;
    fn with_t(self, t: Real) -> Self;
}

/// [`Parameter`] for hit types with a field `t`.
macro_rules! parameter {
    ($($hit:ty),*) => {$(
        impl Parameter for $hit {
            fn t(&self) -> Real {
                self.t
            }
            fn with_t(self, t: Real) -> Self {
                Self { t, ..self }
            }
        }
    )*};
}

parameter!(
    RayHit,
    TriangleHit,
    crate::MeshHit,
    crate::d2::RayHit,
    crate::d2::PolylineHit
);

/// [`pair`] for a ray cast: the shape and the ray's origin brought into the window, the ray's
/// direction normalized on its own, `max_t` and the hit's `t` converted (a hit whose `t`
/// converted back lies beyond `max_t` is dropped: the converted limit may have rounded or
/// overflowed); `None` when in the window (or invalid).
#[inline(always)]
pub(crate) fn cast<A, H>(
    a: &A,
    ray: &Ray,
    max_t: Real,
    f: impl FnOnce(&A, &Ray, Real) -> Option<H>,
) -> Option<Option<H>>
where
    A: Rescale,
    H: UnscaleCast + Parameter,
{
    let m = outside([a.magnitude(), max_abs(ray.origin)])?;
    let (o, d) = (ray.origin, ray.dir);
    cast_cold(m, a, o.x, o.y, o.z, d.x, d.y, d.z, max_t, f)
}

/// The power of two [`cast`] scales the shape and the ray's origin by, for a cast that forms its
/// answer partly at the input's scale itself (a plane's `t`, which can overflow in the scaled
/// frame); `None` when they are computed as given (in the window, or invalid).
#[inline(always)]
pub(crate) fn cast_scale<A: Rescale>(a: &A, ray: &Ray) -> Option<i32> {
    let m = outside([a.magnitude(), max_abs(ray.origin)])?;
    scale_for(m)
}

/// [`cast`]'s rare half. The ray comes as its coordinates, not as `&Ray`: the reference made
/// every caller whose ray was not already in memory (a loop over rays passing `&ray`) store it
/// and read it back across the stores (a store-forwarding stall), the plane cast at 28 ns
/// (docs/performance.md, "The plane cast's regression"; the same as [`point_cold`]).
#[cold]
#[inline(never)]
#[expect(
    clippy::too_many_arguments,
    reason = "the ray's six coordinates, so that no caller stores the ray for this call"
)]
fn cast_cold<A, H>(
    m: Real,
    a: &A,
    ox: Real,
    oy: Real,
    oz: Real,
    dx: Real,
    dy: Real,
    dz: Real,
    max_t: Real,
    f: impl FnOnce(&A, &Ray, Real) -> Option<H>,
) -> Option<Option<H>>
where
    A: Rescale,
    H: UnscaleCast + Parameter,
{
    let ray = Ray::new(Vec3::new(ox, oy, oz), Vec3::new(dx, dy, dz));
    let k = scale_for(m)?;
    let (scaled, shift) = rescaled_ray(&ray, k);
    let hit = f(&a.rescaled(k), &scaled, ldexp(max_t, shift)).unscaled_cast(k, shift);
    Some(hit.filter(|hit| hit.t() <= max_t))
}

/// The first line of a query: when its input lies outside the window computed as given, returns
/// the answer of the input brought into it ([`pair`], [`point`], [`single`], [`sweep`],
/// [`cast`]), scaled back.
///
/// `rescale!(pair self, other, method)`, `rescale!(point self, p, method)`,
/// `rescale!(single self, method)`, `rescale!(sweep self, motion, other, other_motion)`,
/// `rescale!(cast self, ray, max_t, method)` (a cast returning `Option<RayHit>`), and
/// `rescale!(cast_any self, ray, max_t)` (a boolean cast, answered by `raycast` there).
macro_rules! rescale {
    (pair $a:expr, $b:expr, $method:ident) => {
        if let Some(answer) = $crate::query::algo::scale::pair($a, $b, |a, b| a.$method(b)) {
            return answer;
        }
    };
    (point $a:expr, $p:expr, $method:ident) => {
        if let Some(answer) = $crate::query::algo::scale::point($a, $p, |a, p| a.$method(p)) {
            return answer;
        }
    };
    (single $a:expr, $method:ident) => {
        if let Some(answer) = $crate::query::algo::scale::single($a, |a| a.$method()) {
            return answer;
        }
    };
    (sweep $a:expr, $motion:expr, $b:expr, $other_motion:expr) => {
        if let Some(answer) =
            $crate::query::algo::scale::sweep($a, $motion, $b, $other_motion, |a, m, b, n| {
                a.sweep(m, b, n)
            })
        {
            return answer;
        }
    };
    (cast $a:expr, $ray:expr, $max_t:expr, $method:ident) => {
        if let Some(answer) =
            $crate::query::algo::scale::cast($a, $ray, $max_t, |a, r, m| a.$method(r, m))
        {
            return answer;
        }
    };
    (cast_any $a:expr, $ray:expr, $max_t:expr) => {
        if let Some(answer) =
            $crate::query::algo::scale::cast($a, $ray, $max_t, |a, r, m| a.raycast(r, m))
        {
            return answer.is_some();
        }
    };
}
pub(crate) use rescale;
