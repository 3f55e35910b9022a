//! Power-of-two rescaling: how every query answers valid input of any finite magnitude.
//!
//! The queries multiply coordinates together (squared distances, cross products, the normal of a
//! triangle dotted with a point: products of up to about six coordinates or their differences).
//! In floating point those products overflow for coordinates far from 1 and lose their precision
//! to gradual underflow close to 0, long before the coordinates themselves do: an `f32` squared
//! distance overflows for coordinates near `1.8e19` and a triangle's squared normal underflows for
//! sides near `1e-10`. Multiplying every coordinate and length of the input by the same power of
//! two changes none of the rounding of a computation that neither overflows nor underflows (each
//! operation's exact result is scaled by a power of two, and so is its rounding), so the answer
//! of input scaled by `2ᵏ` is the answer of the input, scaled back, bit for bit.
//!
//! So each query first takes the largest magnitude of its input ([`Rescale::magnitude`]: a few
//! comparisons), and computes as written when that lies in a window ([`LOW`], [`HIGH`]) where no
//! product it forms can overflow, nor underflow by more than rounding already loses; otherwise it
//! answers the input scaled by the power of two that brings its largest magnitude into `[1, 2)`,
//! and scales the answer back (lengths and points; parameters, normals and booleans are unchanged).
//! An answer that is not representable at the input's scale (a distance beyond `Real::MAX`) then
//! comes back as `+∞`; one below the smallest subnormal stays positive (the smallest subnormal),
//! so that "distance 0" keeps meaning "they meet". Directions of lines and rays are a
//! parametrization, not a place: they are brought to a magnitude in `[1, 2)` on their own, and
//! parameters along them (a ray hit's `t`) converted back.
//!
//! Scaling down flushes coordinates far smaller than the largest to 0 (one of `1e-30` beside
//! `Real::MAX`), which is exact only where they could not matter. A query whose arithmetic
//! cannot overflow computes as given instead (the box casts: differences and one division,
//! `query/raycast/aabb.rs`); a negative length or an inverted box is kept invalid when scaled,
//! since flushing it to `−0` would make it valid.

use crate::math::{Bits, Real, Vec3};
use crate::query::{ClosestPoints, ContactInfo, RayHit, Side, SweepHit, TriangleHit};
use crate::shape::{Aabb, Capsule, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, Triangle};

/// The smallest largest magnitude computed as given: about `1e-6` in `f32` (`2⁻²⁰`), `7e-46` in
/// `f64` (`2⁻¹⁵⁰`). Sixth powers of it stay normal (`2⁻¹²⁰`, `2⁻⁹⁰⁰`).
#[cfg(not(isect_f64))]
pub(crate) const LOW: Real = 1.0 / (1u64 << 20) as Real;
/// The largest magnitude computed as given: about `1.7e7` in `f32` (`2²⁴`), `1.4e45` in `f64`
/// (`2¹⁵⁰`). Fifth powers of it, with room for sums and constant factors, stay finite (`2¹²⁰`,
/// `2⁷⁵⁰`); an `f32` world of 16 km at millimetre precision is computed as given.
#[cfg(not(isect_f64))]
pub(crate) const HIGH: Real = (1u64 << 24) as Real;
#[cfg(isect_f64)]
pub(crate) const LOW: Real = 1.0 / (2.0 * (1u128 << 127) as Real * (1u64 << 22) as Real);
#[cfg(isect_f64)]
pub(crate) const HIGH: Real = 2.0 * (1u128 << 127) as Real * (1u64 << 22) as Real;

/// Squared lengths, and products of two, whose products up to the fourth power of a length stay
/// normal and finite: `[2⁻⁶⁰, 2⁶⁰]` in `f32`, `[2⁻⁵⁰⁰, 2⁵⁰⁰]` in `f64`. Internal fallbacks for
/// directions far from unit length start outside it; inside the window ([`LOW`], [`HIGH`]) shapes
/// of ordinary proportions never leave it.
#[cfg(not(isect_f64))]
pub(crate) const SQUARES: core::ops::RangeInclusive<Real> =
    1.0 / (1u64 << 60) as Real..=(1u64 << 60) as Real;
#[cfg(isect_f64)]
pub(crate) const SQUARES: core::ops::RangeInclusive<Real> = {
    // 2⁵⁰⁰ as the product of exact powers of two.
    let p100 = (1u128 << 100) as Real;
    let p500 = p100 * p100 * p100 * p100 * p100;
    1.0 / p500..=p500
};

/// Whether `x` lies in [`SQUARES`], by one unsigned comparison of its bits (NaN and negative
/// values fall outside).
#[inline(always)]
pub(crate) fn in_squares(x: Real) -> bool {
    let (lo, hi) = (SQUARES.start().to_bits(), SQUARES.end().to_bits());
    x.to_bits().wrapping_sub(lo) <= hi - lo
}

/// Bits of the significand stored (23 in `f32`, 52 in `f64`).
const FRACTION_BITS: u32 = Real::MANTISSA_DIGITS - 1;
/// The exponent bias (127, 1023).
const BIAS: i32 = Real::MAX_EXP - 1;

/// Whether `m` (a largest magnitude) lies in the window computed as given: `false` for 0, NaN
/// and `+∞` too, which the cold path sorts out.
#[inline(always)]
pub(crate) fn in_window(m: Real) -> bool {
    (LOW..=HIGH).contains(&m)
}

/// `⌊log₂ x⌋` for finite `x > 0`, subnormals included.
#[inline]
pub(crate) fn exponent(x: Real) -> i32 {
    if x >= Real::MIN_POSITIVE {
        (x.to_bits() >> FRACTION_BITS) as i32 - BIAS
    } else {
        // A subnormal: brought into the normal range first (exactly).
        let shift = Real::MANTISSA_DIGITS as i32;
        exponent(x * pow2(shift)) - shift
    }
}

/// `2ᵏ` for `k` in the normal exponent range (`-126..=127` in `f32`).
#[inline]
fn pow2(k: i32) -> Real {
    Real::from_bits(((k + BIAS) as Bits) << FRACTION_BITS)
}

/// `x · 2ᵏ`, exact unless the result leaves the normal range; `k` up to twice the exponent
/// range, applied in two steps where `2ᵏ` itself is not a normal number.
#[inline]
pub(crate) fn ldexp(x: Real, k: i32) -> Real {
    let (lo, hi) = (Real::MIN_EXP - 1, Real::MAX_EXP - 1);
    if (lo..=hi).contains(&k) {
        x * pow2(k)
    } else {
        let first = k.clamp(lo, hi);
        x * pow2(first) * pow2((k - first).clamp(lo, hi))
    }
}

/// [`ldexp`] for each coordinate.
#[inline]
pub(crate) fn ldexp_vec(v: Vec3, k: i32) -> Vec3 {
    let (lo, hi) = (Real::MIN_EXP - 1, Real::MAX_EXP - 1);
    if (lo..=hi).contains(&k) {
        v * pow2(k)
    } else {
        let first = k.clamp(lo, hi);
        v * pow2(first) * pow2((k - first).clamp(lo, hi))
    }
}

/// The power of two `k` that brings the finite, positive magnitude `m` into `[1, 2)`.
#[inline]
pub(crate) fn normalizing_exponent(m: Real) -> i32 {
    -exponent(m)
}

/// A direction brought to a largest coordinate in `[1, 2)` by a power of two, and that power
/// (`dir · 2ᵏ`); a zero or non-finite `dir` unchanged, with `k = 0`.
#[inline]
pub(crate) fn normalized_direction(dir: Vec3) -> (Vec3, i32) {
    let m = dir.abs().max_element();
    if m > 0.0 && m < Real::INFINITY {
        let k = normalizing_exponent(m);
        (ldexp_vec(dir, k), k)
    } else {
        (dir, 0)
    }
}

/// `normal · dir` for a plane's unit `normal` and a line's direction, as `(d, k)` with
/// `normal · dir = d · 2⁻ᵏ`: `k = 0` where the dot is clear of the subnormal range, else the dot
/// of `dir` normalized by the power of two `2ᵏ` (its products would underflow, and whether a
/// line is parallel to the plane would depend on the line's scale: `(1.2e-7, 0, 0)` against a
/// normal with an x of `1.7e-37` is parallel in `f32` at one power of two and not at another).
#[inline]
pub(crate) fn normal_dot_dir(normal: Vec3, dir: Vec3) -> (Real, i32) {
    let d = normal.dot(dir);
    if d.abs() >= Real::MIN_POSITIVE / Real::EPSILON {
        (d, 0)
    } else {
        normal_dot_dir_cold(normal, dir)
    }
}

#[cold]
fn normal_dot_dir_cold(normal: Vec3, dir: Vec3) -> (Real, i32) {
    let (dir, k) = normalized_direction(dir);
    (normal.dot(dir), k)
}

/// Where the line through `origin` along `dir` crosses `plane` (`s`: the origin's signed
/// distance), and whether the crossing lies strictly ahead of the origin; `None` where they are
/// parallel. `dir` is normalized by a power of two first, so that a short direction does not
/// underflow the dot, and the parameter `t = −s / (n · dir)` is kept as a quotient in `[½, 2)`
/// and a power of two applied to each coordinate's step (`dir · t`), so that a nearly parallel
/// line whose `t` would overflow still gets each step rounded once: a coordinate the crossing
/// moves beyond the float range is `±∞`, the others are right, never NaN.
pub(crate) fn crossing(plane: &Plane, origin: Vec3, dir: Vec3, s: Real) -> Option<(Vec3, bool)> {
    let (dir, _) = normalized_direction(dir);
    let den = plane.normal.dot(dir);
    if den == 0.0 {
        return None;
    }
    if s == 0.0 {
        return Some((origin, false));
    }
    let (a, b) = (exponent(s.abs()), exponent(den.abs()));
    let quotient = -ldexp(s, -a) / ldexp(den, -b);
    Some((origin + ldexp_vec(dir * quotient, a - b), quotient > 0.0))
}

/// Whether a direction needs no normalizing: in the window, or zero or not finite (invalid
/// input, which normalizing leaves as it is and the query answers as given).
#[inline(always)]
fn steady_direction(dir: Vec3) -> bool {
    let m = max_abs(dir);
    in_window(m) || !(m > 0.0 && m < Real::INFINITY)
}

/// A shape or value whose coordinates and lengths can be multiplied by a power of two.
pub(crate) trait Rescale: Sized {
    /// The largest absolute coordinate or length (NaN coordinates are skipped; 0 for none).
    fn magnitude(&self) -> Real;
    /// The same set with every coordinate and length multiplied by `2ᵏ`.
    fn rescaled(&self, k: i32) -> Self;
    /// Whether what `rescaled` normalizes on its own (a line's or ray's direction) is in the
    /// window already: a direction of `1e-23` beside an origin of 1 squares to 0 in `f32`, and a
    /// line's answers do not depend on its direction's length.
    #[inline(always)]
    fn steady(&self) -> bool {
        true
    }
}

/// An answer that can be brought back from input rescaled by `2ᵏ`.
pub(crate) trait Unscale {
    /// The answer for the input before it was multiplied by `2ᵏ`.
    fn unscaled(self, k: i32) -> Self;
}

/// The larger of `a` and `b`, either one when one is NaN: one `maxss` rather than the NaN rules
/// of `Real::max`. A NaN magnitude is invalid input, which the query answers whichever way the
/// magnitude went.
#[inline(always)]
fn fmax(a: Real, b: Real) -> Real {
    if a > b { a } else { b }
}

/// The largest absolute coordinate of `v` (see [`fmax`] for NaN).
#[inline(always)]
fn max_abs(v: Vec3) -> Real {
    let a = v.abs();
    fmax(fmax(a.x, a.y), a.z)
}

/// A length (a radius) scaled by `2ᵏ`, negative (invalid) whenever it was: a tiny negative length
/// would otherwise flush to `−0`, which is valid, and the query would answer invalid input.
#[inline]
fn ldexp_length(x: Real, k: i32) -> Real {
    if x < 0.0 { -1.0 } else { ldexp(x, k) }
}

/// [`ldexp_length`] for each coordinate (half extents).
#[inline]
fn ldexp_lengths(v: Vec3, k: i32) -> Vec3 {
    if v.cmplt(Vec3::ZERO).any() {
        Vec3::splat(-1.0)
    } else {
        ldexp_vec(v, k)
    }
}

impl Rescale for Vec3 {
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(*self)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        ldexp_vec(*self, k)
    }
}

impl Rescale for Sphere {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.center), self.radius.abs())
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(ldexp_vec(self.center, k), ldexp_length(self.radius, k))
    }
}

impl Rescale for Aabb {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.min), max_abs(self.max))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        // An inverted box stays inverted (its corners could flush to one point, a valid box).
        if self.min.cmpgt(self.max).any() {
            return Self::new(Vec3::ONE, Vec3::ZERO);
        }
        Self::new(ldexp_vec(self.min, k), ldexp_vec(self.max, k))
    }
}

impl Rescale for Obb {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.center), max_abs(self.half_extents))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self {
            center: ldexp_vec(self.center, k),
            half_extents: ldexp_lengths(self.half_extents, k),
            rotation: self.rotation,
        }
    }
}

impl Rescale for Capsule {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(fmax(max_abs(self.a), max_abs(self.b)), self.radius.abs())
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(
            ldexp_vec(self.a, k),
            ldexp_vec(self.b, k),
            ldexp_length(self.radius, k),
        )
    }
}

impl Rescale for Triangle {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(fmax(max_abs(self.a), max_abs(self.b)), max_abs(self.c))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(
            ldexp_vec(self.a, k),
            ldexp_vec(self.b, k),
            ldexp_vec(self.c, k),
        )
    }
}

impl Rescale for Segment {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.a), max_abs(self.b))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(ldexp_vec(self.a, k), ldexp_vec(self.b, k))
    }
}

/// A ray's origin scaled by `2ᵏ` and its direction normalized on its own (a power `2ʲ`), and the
/// exponent `k − j` by which parameters along it are multiplied: `t` along the ray is
/// `2^(j−k) t'` along the result.
#[inline]
pub(crate) fn rescaled_ray(ray: &Ray, k: i32) -> (Ray, i32) {
    let (dir, j) = normalized_direction(ray.dir);
    (Ray::new(ldexp_vec(ray.origin, k), dir), k - j)
}

impl Rescale for Ray {
    /// The origin's: the direction is normalized on its own (see [`rescaled_ray`]).
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(self.origin)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        rescaled_ray(self, k).0
    }
    #[inline(always)]
    fn steady(&self) -> bool {
        steady_direction(self.dir)
    }
}

impl Rescale for Line {
    /// The origin's: the direction is normalized on its own.
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(self.origin)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(ldexp_vec(self.origin, k), normalized_direction(self.dir).0)
    }
    #[inline(always)]
    fn steady(&self) -> bool {
        steady_direction(self.dir)
    }
}

impl Rescale for Plane {
    #[inline]
    fn magnitude(&self) -> Real {
        self.d.abs()
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self {
            normal: self.normal,
            d: ldexp(self.d, k),
        }
    }
}

impl Rescale for Frustum {
    #[inline]
    fn magnitude(&self) -> Real {
        self.planes
            .iter()
            .fold(0.0, |m: Real, plane| fmax(m, plane.d.abs()))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self {
            planes: self.planes.map(|plane| plane.rescaled(k)),
        }
    }
}

#[cfg(feature = "alloc")]
impl Rescale for crate::shape::ConvexHull {
    /// From the cached box of the points (0 for an invalid hull, whose box is empty: the query
    /// answers it as given).
    #[inline]
    fn magnitude(&self) -> Real {
        let bounds = self.bounds();
        if bounds.min.cmple(bounds.max).all() {
            fmax(max_abs(bounds.min), max_abs(bounds.max))
        } else {
            0.0
        }
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        crate::shape::ConvexHull::rescaled(self, k)
    }
}

impl Unscale for bool {
    #[inline]
    fn unscaled(self, _k: i32) -> Self {
        self
    }
}

impl Unscale for Side {
    #[inline]
    fn unscaled(self, _k: i32) -> Self {
        self
    }
}

/// A length: `+∞` when it is not representable, and a positive length stays positive (the
/// smallest subnormal at worst), so that 0 keeps meaning "touching".
impl Unscale for Real {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        let x = ldexp(self, -k);
        if x == 0.0 && self > 0.0 {
            Real::from_bits(1)
        } else {
            x
        }
    }
}

/// A point.
impl Unscale for Vec3 {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        ldexp_vec(self, -k)
    }
}

impl<T: Unscale> Unscale for Option<T> {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        self.map(|x| x.unscaled(k))
    }
}

impl Unscale for ClosestPoints {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            a: self.a.unscaled(k),
            b: self.b.unscaled(k),
            distance: self.distance.unscaled(k),
        }
    }
}

impl Unscale for ContactInfo {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            point: self.point.unscaled(k),
            normal: self.normal,
            depth: self.depth.unscaled(k),
        }
    }
}

impl Unscale for SweepHit {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            point: self.point.unscaled(k),
            ..self
        }
    }
}

impl Unscale for Aabb {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.min.unscaled(k), self.max.unscaled(k))
    }
}

impl Unscale for Sphere {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.center.unscaled(k), self.radius.unscaled(k))
    }
}

impl Unscale for Segment {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.a.unscaled(k), self.b.unscaled(k))
    }
}

/// A line with a unit (or at least scale-free) direction: its origin scaled back.
impl Unscale for Line {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.origin.unscaled(k), self.dir)
    }
}

impl Unscale for Plane {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            normal: self.normal,
            d: ldexp(self.d, -k),
        }
    }
}

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

/// `f(a, b)` for `a` and `b` brought into the window, scaled back; `None` when they are in it
/// (or invalid): the query then computes as given.
#[inline(always)]
pub(crate) fn pair<A, B, R>(a: &A, b: &B, f: impl FnOnce(&A, &B) -> R) -> Option<R>
where
    A: Rescale,
    B: Rescale,
    R: Unscale,
{
    let m = [a.magnitude(), b.magnitude()].into_iter().fold(0.0, fmax);
    if in_window(m) && a.steady() && b.steady() {
        return None;
    }
    pair_cold(m, a, b, f)
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

/// [`pair`] for one shape and a point (point queries).
#[inline(always)]
pub(crate) fn point<A, R>(a: &A, p: Vec3, f: impl FnOnce(&A, Vec3) -> R) -> Option<R>
where
    A: Rescale,
    R: Unscale,
{
    pair(a, &p, |a, p| f(a, *p))
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

/// A ray parameter.
pub(crate) trait Parameter {
    fn t(&self) -> Real;
}

impl Parameter for RayHit {
    fn t(&self) -> Real {
        self.t
    }
}

impl Parameter for TriangleHit {
    fn t(&self) -> Real {
        self.t
    }
}

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
    cast_cold(m, a, ray, max_t, f)
}

#[cold]
#[inline(never)]
fn cast_cold<A, H>(
    m: Real,
    a: &A,
    ray: &Ray,
    max_t: Real,
    f: impl FnOnce(&A, &Ray, Real) -> Option<H>,
) -> Option<Option<H>>
where
    A: Rescale,
    H: UnscaleCast + Parameter,
{
    let k = scale_for(m)?;
    let (scaled, shift) = rescaled_ray(ray, k);
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

/// The smallest square (or sum of squares) that is decided to full precision: its terms that
/// underflowed weigh less than `ε²` of it (`2⁻⁸⁰` in `f32`, `2⁻⁹¹⁸` in `f64`). Comparisons and
/// square roots of sums of squares at least this large are exact to rounding; smaller ones are
/// recomputed from their vector brought to a unit magnitude by a power of two.
pub(crate) const TINY_SQUARE: Real = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);

/// Whether the square `x` lies in `[TINY_SQUARE, +∞)`, with one unsigned comparison of its bits
/// (the bits of non-negative floats are ordered as the floats; NaN and negative values fall
/// outside).
#[inline(always)]
pub(crate) fn square_in_range(x: Real) -> bool {
    x.to_bits().wrapping_sub(TINY_SQUARE.to_bits())
        < Real::INFINITY.to_bits() - TINY_SQUARE.to_bits()
}

/// Whether every coordinate of `v` is zero (of either sign): the bits of the three, their sign
/// bits dropped, combined by a bitwise or.
#[inline(always)]
fn is_zero(v: Vec3) -> bool {
    (v.x.to_bits() | v.y.to_bits() | v.z.to_bits()) << 1 == 0
}

/// `|v|`, to rounding for any finite `v`: `√(v · v)` when that sum of squares neither underflows
/// nor overflows (one range check), else computed from `v` scaled by a power of two; `+∞` when
/// the length exceeds `Real::MAX`, NaN for NaN input.
#[inline]
pub(crate) fn length(v: Vec3) -> Real {
    let ll = v.length_squared();
    if square_in_range(ll) {
        crate::ops::sqrt(ll)
    } else if is_zero(v) {
        0.0
    } else {
        length_cold(v)
    }
}

/// [`length`] for a vector without negative coordinates (a box's excess over a point): the zero
/// vector, common there (points inside), is told by the sum of its coordinates.
#[inline]
pub(crate) fn length_non_negative(v: Vec3) -> Real {
    let ll = v.length_squared();
    if square_in_range(ll) {
        crate::ops::sqrt(ll)
    } else if v.x + v.y + v.z == 0.0 {
        0.0
    } else {
        length_cold(v)
    }
}

#[cold]
#[inline(never)]
fn length_cold(v: Vec3) -> Real {
    let m = max_abs(v);
    if !(m > 0.0 && m < Real::INFINITY) {
        // Zero, or not finite: the plain formula gives 0, +∞ or NaN.
        return crate::ops::sqrt(v.length_squared());
    }
    let k = normalizing_exponent(m);
    ldexp(crate::ops::sqrt(ldexp_vec(v, k).length_squared()), -k)
}

/// `|a − b|` as [`length`] computes it, also where `a − b` itself overflows (coordinates of
/// opposite signs near `Real::MAX`): `+∞` only when the distance is not representable.
#[inline]
pub(crate) fn distance(a: Vec3, b: Vec3) -> Real {
    let d = a - b;
    if d.is_finite() {
        length(d)
    } else {
        distance_cold(a, b)
    }
}

#[cold]
#[inline(never)]
fn distance_cold(a: Vec3, b: Vec3) -> Real {
    if !(a.is_finite() && b.is_finite()) {
        return length(a - b);
    }
    // Halves of finite numbers subtract without overflow (exactly, but for subnormal halves).
    ldexp(length(ldexp_vec(a, -1) - ldexp_vec(b, -1)), 1)
}

/// Whether `|d| <= r`, compared squared (exactly where the squares neither underflow nor
/// overflow), for `r >= 0`; decided from `d` and `r` scaled by a power of two where `|d|²`
/// leaves that range (a zero `d` included). `false` for NaN.
#[inline]
pub(crate) fn within_radius(d: Vec3, r: Real) -> bool {
    let dd = d.length_squared();
    if square_in_range(dd) {
        // `|d|²` is exact to rounding, and `r²` is too or is decided anyway: one that overflows
        // exceeds it, one that underflows is below it.
        dd <= r * r
    } else {
        within_radius_cold(d, r)
    }
}

#[cold]
#[inline(never)]
fn within_radius_cold(d: Vec3, r: Real) -> bool {
    if !d.is_finite() {
        // Infinitely far, or NaN: outside any finite radius.
        return false;
    }
    let m = fmax(max_abs(d), r);
    if !(m > 0.0 && m < Real::INFINITY) {
        // Both zero (a point on a point), or an infinite radius.
        return d.length_squared() <= r * r;
    }
    let k = normalizing_exponent(m);
    let r = ldexp(r, k);
    ldexp_vec(d, k).length_squared() <= r * r
}

/// `v / |v|` for any finite non-zero `v` (scaled by a power of two first where `|v|²` under- or
/// overflows, which gives the same unit vector as the direct formula does where that works);
/// `None` for zero and non-finite `v`.
#[inline]
pub(crate) fn normalize(v: Vec3) -> Option<Vec3> {
    let ll = v.length_squared();
    if square_in_range(ll) {
        Some(v * (1.0 / crate::ops::sqrt(ll)))
    } else {
        normalize_cold(v)
    }
}

#[cold]
#[inline(never)]
fn normalize_cold(v: Vec3) -> Option<Vec3> {
    if !v.is_finite() || v == Vec3::ZERO {
        return None;
    }
    let (v, _) = normalized_direction(v);
    Some(v * (1.0 / crate::ops::sqrt(v.length_squared())))
}

/// The offsets `points[i] − origin`, brought by one power of two `2ᵏ` into the window of
/// magnitudes computed as given when their largest coordinate lies outside it (offsets that
/// overflow are taken from halves of the points), and `k`: for the specific queries whose
/// answers are ratios of products of offsets (barycentric weights, normals) or lengths to scale
/// back by `2⁻ᵏ`. Non-finite input comes back as computed, with `k = 0`.
#[inline]
pub(crate) fn offsets<const N: usize>(origin: Vec3, points: [Vec3; N]) -> ([Vec3; N], i32) {
    let d = points.map(|p| p - origin);
    let m = d.iter().fold(0.0, |m: Real, v| fmax(m, max_abs(*v)));
    if in_window(m) {
        (d, 0)
    } else {
        offsets_cold(origin, points, d, m)
    }
}

#[cold]
#[inline(never)]
fn offsets_cold<const N: usize>(
    origin: Vec3,
    points: [Vec3; N],
    d: [Vec3; N],
    m: Real,
) -> ([Vec3; N], i32) {
    if m == 0.0 || !(origin.is_finite() && points.iter().all(|p| p.is_finite())) {
        return (d, 0);
    }
    if m < Real::INFINITY {
        let k = normalizing_exponent(m);
        return (d.map(|v| ldexp_vec(v, k)), k);
    }
    // An offset overflowed: from halves, exact for finite points.
    let half = points.map(|p| ldexp_vec(p, -1) - ldexp_vec(origin, -1));
    let m = half.iter().fold(0.0, |m: Real, v| fmax(m, max_abs(*v)));
    let k = normalizing_exponent(m);
    (half.map(|v| ldexp_vec(v, k)), k - 1)
}
